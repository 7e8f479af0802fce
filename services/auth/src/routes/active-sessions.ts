import { API, SESSION_COOKIE } from '@nashr/contracts';
import { AppError, identityOf, route, type ServiceApp, type SessionStore, sessionDigest } from '@nashr/platform';
import { deviceOf } from '../sessions/device.js';
import { currentSessionId } from '../sign-in.js';

export interface ActiveSessionDeps {
  sessions: SessionStore;
}

/**
 * What the browser sees of a session: the start of the digest its store keys it by (the same
 * handle as when it was computed from the id), which cannot be used as a cookie.
 */
const handleOf = (digest: string) => digest.slice(0, 32);

/** The signed-in user's sessions (device, place, last use), and ending any one of them. */
export function activeSessionRoutes(app: ServiceApp, deps: ActiveSessionDeps): void {
  route(app, API.account.sessions, { checkResponses: true }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const current = currentSessionId(request);
    const currentDigest = current ? sessionDigest(current) : undefined;
    const sessions = await deps.sessions.list(identityOf(request).userId);
    return {
      success: true as const,
      data: {
        sessions: sessions.map((session) => ({
          id: handleOf(session.digest),
          current: session.digest === currentDigest,
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
    const session = (await deps.sessions.list(userId)).find((s) => handleOf(s.digest) === id);
    if (!session) {
      throw new AppError('NOT_FOUND', 'This session has already ended', { code: 'session.not_found' });
    }
    await deps.sessions.destroyByDigest(session.digest);
    const current = currentSessionId(request);
    request.log.info(
      { userId, current: current !== undefined && sessionDigest(current) === session.digest },
      'session ended by its user',
    );
    return { success: true as const, message: 'The session is ended' };
  });

  // Through the store's own list and destroy (never its keys), so how sessions are kept in Redis
  // may change under it; each destroy also tells the gateways that remember the session.
  route(app, API.account.signOutEverywhere, { checkResponses: true }, async (request, reply) => {
    const { userId } = identityOf(request);
    const keepCurrent = request.body?.keepCurrent ?? true;
    const current = currentSessionId(request);
    const currentDigest = current ? sessionDigest(current) : undefined;
    let ended = 0;
    let kept = false;
    for (const session of await deps.sessions.list(userId)) {
      if (keepCurrent && session.digest === currentDigest) {
        kept = true;
        continue;
      }
      await deps.sessions.destroyByDigest(session.digest);
      ended++;
    }
    request.log.info({ userId, ended, keepCurrent }, 'signed out everywhere by its user');
    reply.header('cache-control', 'no-store');
    if (!keepCurrent) reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { success: true as const, data: { ended, keptCurrent: kept } };
  });
}
