import fastifyCookie from '@fastify/cookie';
import {
  CHANGED_HEADER,
  formatStamps,
  mergeStamps,
  parseStamps,
  SEEN_COOKIE,
  SEEN_COOKIE_MAX_AGE_S,
  type Stamps,
} from '@nashr/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The gateway's part of read-your-writes (see packages/contracts/src/consistency.ts): it keeps
 * the stamps of the changes a user has seen succeed in a signed cookie, bound to that user, and
 * forwards them with each of their requests. A cookie is used rather than memory so that every
 * gateway behind a load balancer knows them without asking anyone.
 */

/** The stamps the signed-in caller has seen; none for anyone else or for a cookie of another user. */
export function seenStamps(request: FastifyRequest): Stamps {
  const raw = request.cookies[SEEN_COOKIE];
  if (!raw || !request.identity) return {};
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return {};
  const separator = unsigned.value.indexOf('|');
  if (unsigned.value.slice(0, separator) !== request.identity.userId) return {};
  return parseStamps(unsigned.value.slice(separator + 1));
}

/**
 * onSend: a service announced a change (its CHANGED header). The header stays between the
 * gateway and the services; the caller's cookie keeps the highest stamps. A refusal may announce
 * one too: the change its request caused (the network dropped the connection while answering).
 */
export function keepAnnouncedChange(request: FastifyRequest, reply: FastifyReply, secure: boolean): void {
  const announced = reply.getHeader(CHANGED_HEADER);
  if (announced === undefined) return;
  reply.removeHeader(CHANGED_HEADER);
  if (!request.identity) return;
  const stamps = mergeStamps(seenStamps(request), parseStamps(String(announced)));
  // Written as a header: this runs in onSend, after the cookie plugin has written its cookies.
  const value = reply.signCookie(`${request.identity.userId}|${formatStamps(stamps)}`);
  reply.header(
    'set-cookie',
    fastifyCookie.serialize(SEEN_COOKIE, value, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/',
      maxAge: SEEN_COOKIE_MAX_AGE_S,
    }),
  );
}
