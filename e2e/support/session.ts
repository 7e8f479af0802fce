/**
 * Signed-in sessions for browser tests, made the way the auth service makes them (a SessionStore
 * entry under the stack's Redis prefix, and the `sid` cookie signed with the stack's
 * COOKIE_SECRET), so screens and API calls behind sign-in can be tested without going through
 * the sign-in screens.
 *
 *   const admin = await createSession(stack, { roles: ['admin'] });
 *   await fetch(`${stack.url}/content/hero/save_content/?lang=en`, {
 *     method: 'POST', headers: { cookie: admin.cookieHeader, 'content-type': 'application/json' }, body,
 *   });
 *   const page = await openPage(browser, stack.url, { cookies: [admin.browserCookie] });
 */
import { randomUUID } from 'node:crypto';
import { sign } from '@fastify/cookie';
import { type Identity, type Role, SESSION_COOKIE } from '@nashr/contracts';
import { createRedis, SessionStore } from '@nashr/platform';
import type { Stack } from '@nashr/tools/process-stack';

export interface TestSession {
  identity: Identity;
  /** The raw session id (what the gateway forwards as x-session-id). */
  sessionId: string;
  /** `sid=<signed id>`, ready for a `cookie` request header. */
  cookieHeader: string;
  /** The same cookie for a playwright browser context (`openPage(..., { cookies: [it] })`). */
  browserCookie: { name: string; value: string; url: string; httpOnly: true; sameSite: 'Lax' };
  /** Ends the session, as signing out would. */
  end: () => Promise<void>;
}

export interface SessionOptions {
  roles?: Role[];
  email?: string;
  userId?: string;
}

/** Runs `work` with a short-lived Redis connection and session store of the stack. */
async function withSessions<T>(stack: Stack, work: (sessions: SessionStore) => Promise<T>): Promise<T> {
  const redis = createRedis(stack.redisUrl, 'worker');
  try {
    return await work(new SessionStore(redis, stack.redisPrefix));
  } finally {
    redis.disconnect();
  }
}

export async function createSession(stack: Stack, options: SessionOptions = {}): Promise<TestSession> {
  const cookieSecret = stack.secrets.COOKIE_SECRET;
  if (!cookieSecret) throw new Error('The stack has no COOKIE_SECRET: tools/stack/processes.mjs must generate one');
  const userId = options.userId ?? randomUUID();
  const identity: Identity = {
    userId,
    email: options.email ?? `user-${userId.slice(0, 8)}@example.test`,
    roles: options.roles ?? ['user'],
  };
  const sessionId = await withSessions(stack, (sessions) => sessions.create(identity));
  // @fastify/cookie signs the value, then URL-encodes it when it writes the header.
  const value = encodeURIComponent(sign(sessionId, cookieSecret));
  return {
    identity,
    sessionId,
    cookieHeader: `${SESSION_COOKIE}=${value}`,
    browserCookie: { name: SESSION_COOKIE, value, url: stack.url, httpOnly: true, sameSite: 'Lax' },
    end: () => withSessions(stack, (sessions) => sessions.destroy(sessionId)),
  };
}
