import { randomBytes } from 'node:crypto';
import { API, emailSchema } from '@nashr/contracts';
import { type Redis, route, type ServiceApp } from '@nashr/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OidcClient, OidcTransaction } from '../providers/oidc.js';
import type { SignIn } from '../sign-in.js';

export interface GoogleDeps {
  /** Null when no OpenID provider is configured. */
  oidc: OidcClient | null;
  redis: Redis;
  redisPrefix: string;
  signIn: SignIn;
  secureCookies: boolean;
}

const START_PATH = API.auth.google.path;
const TRANSACTION_COOKIE = 'oidc_tx';
/** Time someone has to finish signing in at the provider. */
const TRANSACTION_TTL_SECONDS = 10 * 60;
const FAILED = '/signup?error=google';

/** Never a JSON error page in the middle of a browser sign-in: back to /signup, which explains. */
function fail(request: FastifyRequest, reply: FastifyReply, reason: string, error?: unknown) {
  const detail = error instanceof Error ? { name: error.name, message: error.message } : undefined;
  request.log.warn({ reason, ...(detail ? { error: detail } : {}) }, 'Google sign-in failed');
  reply.clearCookie(TRANSACTION_COOKIE, { path: START_PATH });
  return reply.redirect(FAILED, 302);
}

/**
 * 'Continue with Google'. The PKCE verifier, state and nonce stay in Redis under a random id;
 * the browser holds only that id, in a short-lived signed cookie scoped to these two paths.
 */
export function googleRoutes(app: ServiceApp, deps: GoogleDeps): void {
  const key = (id: string) => `${deps.redisPrefix}:auth:oidc:${id}`;

  route(app, API.auth.google, {}, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!deps.oidc) return fail(request, reply, 'no OpenID provider is configured (OIDC_ISSUER)');
    try {
      const { url, transaction } = await deps.oidc.start();
      const id = randomBytes(24).toString('base64url');
      await deps.redis.set(key(id), JSON.stringify(transaction), 'EX', TRANSACTION_TTL_SECONDS);
      reply.setCookie(TRANSACTION_COOKIE, id, {
        signed: true,
        httpOnly: true,
        // Lax still sends it on the provider's top-level redirect back to the callback.
        sameSite: 'lax',
        secure: deps.secureCookies,
        path: START_PATH,
        maxAge: TRANSACTION_TTL_SECONDS,
      });
      return reply.redirect(url.href, 302);
    } catch (error) {
      return fail(request, reply, 'the OpenID provider could not be reached', error);
    }
  });

  route(app, API.auth.googleCallback, {}, async (request, reply) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    if (!deps.oidc) return fail(request, reply, 'no OpenID provider is configured (OIDC_ISSUER)');
    const raw = request.cookies[TRANSACTION_COOKIE];
    const unsigned = raw ? request.unsignCookie(raw) : null;
    if (!unsigned?.valid || !unsigned.value) return fail(request, reply, 'no sign-in was started in this browser');
    // GETDEL: a transaction is good for one callback only.
    const stored = await deps.redis.getdel(key(unsigned.value));
    if (!stored) return fail(request, reply, 'the sign-in attempt expired or was already used');
    reply.clearCookie(TRANSACTION_COOKIE, { path: START_PATH });

    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    let email: string;
    try {
      const identity = await deps.oidc.finish(query, JSON.parse(stored) as OidcTransaction);
      const address = emailSchema.safeParse(identity.email ?? '');
      if (!address.success) return fail(request, reply, 'the provider did not share a usable e-mail address');
      if (!identity.emailVerified) return fail(request, reply, 'the e-mail address is not verified by the provider');
      email = address.data;
    } catch (error) {
      return fail(request, reply, 'the provider answer did not pass the checks', error);
    }
    await deps.signIn.complete(request, reply, email);
    return reply.redirect('/verify?status=verified', 302);
  });
}
