import type { CookieSerializeOptions } from '@fastify/cookie';
import { IDENTITY_HEADERS, SESSION_COOKIE, userCreatedEvent } from '@nashr/contracts';
import { type AdminAudit, type Queues, SESSION_MAX_AGE_SECONDS, type SessionStore } from '@nashr/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from './db/schema.js';
import { coarsePlace } from './sessions/place.js';
import { rolesFor, type UserStore } from './users/user-store.js';

export interface SessionCookieOptions {
  /** Secure cookies in production and behind an https public address; plain http only on a developer's machine and in tests. */
  secure: boolean;
}

export function sessionCookieOptions({ secure }: SessionCookieOptions): CookieSerializeOptions {
  return { signed: true, httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge: SESSION_MAX_AGE_SECONDS };
}

/** The session the gateway resolved for this request, if any. */
export function currentSessionId(request: FastifyRequest): string | undefined {
  const value = request.headers[IDENTITY_HEADERS.sessionId];
  return (Array.isArray(value) ? value[0] : value) || undefined;
}

/**
 * Signs `email` in, however it was proven (magic link or OpenID): creates the account when new,
 * recomputes its roles, starts a server-side session and sets the signed cookie.
 */
export class SignIn {
  constructor(
    private readonly users: UserStore,
    private readonly sessions: SessionStore,
    private readonly adminEmails: ReadonlySet<string>,
    private readonly cookie: SessionCookieOptions,
    private readonly audit: AdminAudit | null = null,
    /** Tells the other services of a new account (billing starts its trial). */
    private readonly queues: Queues | null = null,
  ) {}

  async complete(request: FastifyRequest, reply: FastifyReply, email: string): Promise<UserRow> {
    const roles = rolesFor(email, this.adminEmails);
    const { created, ...user } = await this.users.signIn(email, roles);
    if (created) {
      // The id makes a retried publish of one account's creation one delivery.
      await this.queues?.publish(
        userCreatedEvent,
        // The address lets billing grant the trial once per person (it keeps only a keyed hash).
        { userId: user.id, createdAt: user.createdAt.toISOString(), email: user.email, requestId: request.id },
        { id: user.id },
      );
    }
    // Whoever was signed in on this browser before is signed out: one browser, one session.
    const previous = currentSessionId(request);
    if (previous) await this.sessions.destroy(previous);
    const sessionId = await this.sessions.create(
      { userId: user.id, email: user.email, roles },
      { userAgent: request.headers['user-agent'], place: coarsePlace(request.ip) },
    );
    reply.setCookie(SESSION_COOKIE, sessionId, sessionCookieOptions(this.cookie));
    if (roles.includes('admin')) {
      await this.audit?.record(request, 'admin.sign_in', user.email, { userId: user.id, email: user.email });
    }
    request.log.info({ userId: user.id }, 'signed in');
    return user;
  }
}
