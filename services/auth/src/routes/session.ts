import { meResponseSchema, SESSION_COOKIE } from '@nashr/contracts';
import { identityOf, requireIdentity, type ServiceApp, type SessionStore, unauthenticated } from '@nashr/platform';
import { currentSessionId } from '../sign-in.js';
import { toCurrentUser, type UserStore } from '../users/user-store.js';

export interface SessionRouteDeps {
  users: UserStore;
  sessions: SessionStore;
}

export function sessionRoutes(app: ServiceApp, deps: SessionRouteDeps): void {
  app.get(
    '/api/v1/auth/me',
    { preHandler: requireIdentity, schema: { response: { 200: meResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await deps.users.find(identityOf(request).userId);
      // A session can outlive its account (deleted by an operator): treat it as signed out.
      if (!user) throw unauthenticated();
      await deps.users.touch(user);
      return { success: true as const, data: { user: toCurrentUser(user) } };
    },
  );

  // The spec calls logout with GET; POST is accepted too for clients that prefer it.
  app.route({
    method: ['GET', 'POST'],
    url: '/api/v1/auth/logout',
    handler: async (request, reply) => {
      const sessionId = currentSessionId(request);
      if (sessionId) await deps.sessions.destroy(sessionId);
      reply.header('cache-control', 'no-store').clearCookie(SESSION_COOKIE, { path: '/' });
      if (sessionId) request.log.info({ userId: request.identity?.userId }, 'signed out');
      return { success: true as const, message: 'You are signed out' };
    },
  });
}
