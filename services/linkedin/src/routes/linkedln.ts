import {
  DEFAULT_LINKEDIN_POSTS_PAGE,
  linkedinPostsPageSchema,
  linkedinPostsResponseSchema,
  linkedlnRequestSchema,
  userInfoResponseSchema,
  userProfileDataResponseSchema,
  userProfileResponseSchema,
} from '@nashr/contracts';
import { identityOf, parseOrThrow, requireIdentity, type ServiceApp } from '@nashr/platform';
import { accountInfo } from '../accounts/account-store.js';
import type { ProfileService } from '../profile/profile-service.js';

/** Paging may sit in `data` beside the account id; anything else in `data` is ignored. */
function pageOf(data: unknown) {
  const source = data && typeof data === 'object' && !Array.isArray(data) ? data : {};
  const { limit, cursor } = parseOrThrow(linkedinPostsPageSchema, {
    limit: (source as Record<string, unknown>).limit,
    cursor: (source as Record<string, unknown>).cursor,
  });
  return { limit: limit ?? DEFAULT_LINKEDIN_POSTS_PAGE, cursor: cursor ?? null };
}

/**
 * The dashboard's and profile page's calls, with the spec's spelling. Each serves the signed-in
 * user's own account only.
 */
export function linkedlnRoutes(app: ServiceApp, profiles: ProfileService): void {
  const options = <R>(response: R) => ({
    preHandler: requireIdentity,
    schema: { body: linkedlnRequestSchema.optional(), response: { 200: response } },
  });

  app.post('/linkedln/getUserInfo', options(userInfoResponseSchema), async (request) => {
    const row = await profiles.accountOf(identityOf(request).userId, request.body?.data, { connected: false });
    return { success: true as const, data: accountInfo(row) };
  });

  app.post('/linkedln/getUserProfile', options(userProfileResponseSchema), async (request) => {
    const row = await profiles.accountOf(identityOf(request).userId, request.body?.data, { connected: true });
    return { success: true as const, data: await profiles.ownProfile(row, request.id) };
  });

  app.post('/linkedln/getPosts', options(linkedinPostsResponseSchema), async (request) => {
    const data = request.body?.data;
    const page = pageOf(data);
    const row = await profiles.accountOf(identityOf(request).userId, data, { connected: true });
    return { success: true as const, data: await profiles.posts(row, page, request.id) };
  });

  app.post('/linkedln/getUserProfileData', options(userProfileDataResponseSchema), async (request) => {
    const row = await profiles.accountOf(identityOf(request).userId, request.body?.data, { connected: true });
    return { success: true as const, data: await profiles.fullProfile(row, request.id) };
  });
}
