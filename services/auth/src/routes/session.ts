import { API, SESSION_COOKIE } from '@nashr/contracts';
import {
  AppError,
  awaitCopy,
  identityOf,
  route,
  type ServiceApp,
  type SessionStore,
  unauthenticated,
} from '@nashr/platform';
import type { FastifyRequest } from 'fastify';
import { currentSessionId, type SessionCookieOptions, sessionCookieOptions } from '../sign-in.js';
import { toCurrentUser, type UserStore } from '../users/user-store.js';
import type { WorkspaceStore } from '../workspaces/workspace-store.js';

export interface SessionRouteDeps {
  users: UserStore;
  sessions: SessionStore;
  workspaces: WorkspaceStore;
  /** How long `/me` waits for the caller's own connection change to arrive (read-your-writes). */
  copyWaitMs: number;
  /** The address people use: a logout must come from a page of this origin (or from no page). */
  publicOrigin: string;
  cookie: SessionCookieOptions;
}

/**
 * Whether another site made the browser send this request: a link, image or form elsewhere could
 * otherwise sign visitors out. Browsers say so in Sec-Fetch-Site (a sibling subdomain is 'same-site',
 * still not ours); older ones send at least the Origin on cross-site requests other than GET.
 */
function fromAnotherSite(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = request.headers.origin;
  return origin !== undefined && origin !== publicOrigin;
}

export function sessionRoutes(app: ServiceApp, deps: SessionRouteDeps): void {
  route(app, API.auth.me, { checkResponses: true }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { userId } = identityOf(request);
    let user = await deps.users.find(userId);
    // A session can outlive its account (deleted by an operator): treat it as signed out.
    if (!user) throw unauthenticated();
    // `linkedinConnected` is a copy of the linkedin service's state: a caller who just saw a
    // connection succeed must not read the state from before it.
    let read = user;
    await awaitCopy(
      request,
      'connection',
      async () => {
        read = (await deps.users.find(userId)) ?? read;
        return read.linkedinChangedAt?.getTime() ?? 0;
      },
      deps.copyWaitMs,
    );
    user = read;
    await deps.users.touch(user);
    const teamMember = await deps.workspaces.memberElsewhere(userId);
    return { success: true as const, data: { user: toCurrentUser(user, teamMember) } };
  });

  route(app, API.auth.logout, {}, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (fromAnotherSite(request, deps.publicOrigin)) {
      throw new AppError('FORBIDDEN', 'Signing out is only possible from Nashr itself', {
        code: 'session.cross_site_logout',
      });
    }
    const sessionId = currentSessionId(request);
    if (sessionId) await deps.sessions.destroy(sessionId);
    const { signed: _signed, maxAge: _maxAge, ...cookie } = sessionCookieOptions(deps.cookie);
    reply.clearCookie(SESSION_COOKIE, cookie);
    if (sessionId) request.log.info({ userId: request.identity?.userId }, 'signed out');
    return { success: true as const, message: 'You are signed out' };
  });
  // A GET (an old bookmark, or another site's link or image) only leads to the app: see logoutPage.
  route(app, API.auth.logoutPage, {}, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return reply.redirect('/', 303);
  });
}
