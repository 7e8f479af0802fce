import { API, DEFAULT_LINKEDIN_POSTS_PAGE, linkedinPostsPageSchema } from '@nashr/contracts';
import { identityOf, parseOrThrow, route, type ServiceApp } from '@nashr/platform';
import { accountInfo } from '../accounts/account-store.js';
import type { ProfileService } from '../profile/profile-service.js';

/** Paging may sit in `data` beside the account id; anything else in `data` is ignored. */
function pageOf(data: unknown) {
  const source = data && typeof data === 'object' && !Array.isArray(data) ? data : {};
  const { limit, cursor, identity } = parseOrThrow(linkedinPostsPageSchema, {
    limit: (source as Record<string, unknown>).limit,
    cursor: (source as Record<string, unknown>).cursor,
    identity: (source as Record<string, unknown>).identity,
  });
  return { limit: limit ?? DEFAULT_LINKEDIN_POSTS_PAGE, cursor: cursor ?? null, identity: identity ?? null };
}

/**
 * The dashboard's and profile page's calls, with the spec's spelling. Each serves the signed-in
 * user's own account only.
 */
export function linkedlnRoutes(app: ServiceApp, profiles: ProfileService): void {
  const options = { checkResponses: true };

  route(app, API.linkedin.getUserInfo, options, async (request) => {
    const row = await profiles.accountOf(identityOf(request).userId, request.body?.data, { connected: false });
    return { success: true as const, data: accountInfo(row) };
  });

  route(app, API.linkedin.getUserProfile, options, async (request) => {
    const row = await profiles.accountOf(identityOf(request).userId, request.body?.data, { connected: true });
    return { success: true as const, data: await profiles.ownProfile(row, request.id) };
  });

  route(app, API.linkedin.getPosts, options, async (request) => {
    const data = request.body?.data;
    const { identity, ...page } = pageOf(data);
    const row = await profiles.accountOf(identityOf(request).userId, data, { connected: true });
    const author = identity ? await profiles.pageOf(row, identity) : undefined;
    return { success: true as const, data: await profiles.posts(row, page, request.id, author) };
  });

  route(app, API.linkedin.getUserProfileData, options, async (request) => {
    const row = await profiles.accountOf(identityOf(request).userId, request.body?.data, { connected: true });
    return { success: true as const, data: await profiles.fullProfile(row, request.id) };
  });

  // The writer's voice is measured by the ai service from the text of the newest posts.
  route(app, API.linkedin.measureVoice, options, async (request, reply) => {
    const { userId } = identityOf(request);
    const row = await profiles.accountOf(userId, undefined, { connected: true });
    const posts = await profiles.sendPostsForVoice(row, request.id);
    reply.code(202);
    return { success: true as const, data: { posts }, message: 'Your voice is being measured' };
  });
}
