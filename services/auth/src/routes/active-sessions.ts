import { createHash } from 'node:crypto';
import { API, SESSION_COOKIE } from '@nashr/contracts';
import { AppError, identityOf, route, type ServiceApp, type SessionStore } from '@nashr/platform';
import { deviceOf } from '../sessions/device.js';
import { currentSessionId } from '../sign-in.js';

export interface ActiveSessionDeps {
  sessions: SessionStore;
}

/** What the browser sees of a session: a digest of its id, which cannot be used as a cookie. */
const handleOf = (sessionId: string) => createHash('sha256').update(sessionId).digest('base64url').slice(0, 32);

/** The signed-in user's sessions (device, place, last use), and ending any one of them. */
export function activeSessionRoutes(app: ServiceApp, deps: ActiveSessionDeps): void {
  route(app, API.account.sessions, { checkResponses: true }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const current = currentSessionId(request);
    const sessions = await deps.sessions.list(identityOf(request).userId);
    return {
      success: true as const,
      data: {
        sessions: sessions.map((session) => ({
          id: handleOf(session.id),
          current: session.id === current,
          device: deviceOf(session.userAgent),
          place: session.place ?? null,
          signedInAt: session.signedInAt.toISOString(),
          lastUsedAt: session.lastUsedAt.toISOString(),
        })),
      },
    };
  });

  route(app, API.account.endSession, {}, async (request) => {
    const { id } = request.params;
    const { userId } = identityOf(request);
    // Only the caller's own sessions are searched: another user's handle is simply not found.
    const session = (await deps.sessions.list(userId)).find((s) => handleOf(s.id) === id);
    if (!session) {
      throw new AppError('NOT_FOUND', 'This session has already ended', { code: 'session.not_found' });
    }
    await deps.sessions.destroy(session.id);
    request.log.info({ userId, current: session.id === currentSessionId(request) }, 'session ended by its user');
    return { success: true as const, message: 'The session is ended' };
  });

  // Through the store's own list and destroy (never its keys), so how sessions are kept in Redis
  // may change under it; each destroy also tells the gateways that remember the session.
  route(app, API.account.signOutEverywhere, { checkResponses: true }, async (request, reply) => {
    const { userId } = identityOf(request);
    const keepCurrent = request.body?.keepCurrent ?? true;
    const current = currentSessionId(request);
    let ended = 0;
    let kept = false;
    for (const session of await deps.sessions.list(userId)) {
      if (keepCurrent && session.id === current) {
        kept = true;
        continue;
      }
      await deps.sessions.destroy(session.id);
      ended++;
    }
    request.log.info({ userId, ended, keepCurrent }, 'signed out everywhere by its user');
    reply.header('cache-control', 'no-store');
    if (!keepCurrent) reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { success: true as const, data: { ended, keptCurrent: kept } };
  });
}
