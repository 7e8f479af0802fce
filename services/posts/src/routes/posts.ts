import { API, MAX_CALENDAR_RANGE_DAYS, MAX_CALENDAR_ROWS, POST_MESSAGES, POST_STATUSES } from '@nashr/contracts';
import { route, type ServiceApp, type WorkspaceAccess } from '@nashr/platform';
import type { MediaService } from '../media/media-service.js';
import { type EditRequest, optionalFirstComment, type PostService, requireContent } from '../post-service.js';
import type { PostStore } from '../post-store.js';
import { toPost } from '../present.js';
import { badRequest } from '../refusal.js';
import type { ReviewService } from '../review/review-service.js';
import { resolveSchedule } from '../schedule/resolve-schedule.js';

const DAY_MS = 24 * 3_600_000;

/** The period of a calendar query: both ends given, one end plus the longest period, or around now. */
export function calendarRange(query: { from?: string; to?: string }, now = new Date()): { from: Date; to: Date } {
  const span = MAX_CALENDAR_RANGE_DAYS * DAY_MS;
  const from = query.from ? new Date(query.from) : query.to ? new Date(new Date(query.to).getTime() - span) : null;
  const to = query.to ? new Date(query.to) : from ? new Date(from.getTime() + span) : null;
  if (!from || !to) return { from: new Date(now.getTime() - span / 2), to: new Date(now.getTime() + span / 2) };
  if (to.getTime() <= from.getTime()) throw badRequest('rangeReversed');
  if (to.getTime() - from.getTime() > span) {
    throw badRequest('rangeTooLong', POST_MESSAGES.rangeTooLong(MAX_CALENDAR_RANGE_DAYS), {
      days: MAX_CALENDAR_RANGE_DAYS,
    });
  }
  return { from, to };
}

/**
 * Beyond the spec: the calendar feed, one post, edit, cancel and retry, within the caller's
 * workspace. A post of another workspace answers 404, exactly like a post that does not exist.
 */
export function postRoutes(
  app: ServiceApp,
  {
    service,
    store,
    media,
    workspaces,
    review,
  }: {
    service: PostService;
    store: PostStore;
    media: MediaService;
    workspaces: WorkspaceAccess;
    review: ReviewService;
  },
): void {
  route(app, API.posts.list, { checkResponses: true }, async (request) => {
    const here = await workspaces.of(request, API.posts.list);
    const { from, to } = calendarRange(request.query);
    const statuses = request.query.status ?? POST_STATUSES.filter((s) => s !== 'cancelled');
    const rows = await store.listRange(here.workspaceId, from, to, statuses, MAX_CALENDAR_ROWS + 1);
    return {
      success: true as const,
      data: rows.slice(0, MAX_CALENDAR_ROWS).map(toPost),
      from: from.toISOString(),
      to: to.toISOString(),
      truncated: rows.length > MAX_CALENDAR_ROWS,
    };
  });

  route(app, API.posts.get, { checkResponses: true }, async (request) => {
    const here = await workspaces.of(request, API.posts.get);
    const post = await service.owned(here.workspaceId, request.params.id);
    return { success: true as const, data: toPost(post) };
  });

  route(app, API.posts.update, { checkResponses: true }, async (request) => {
    const here = await workspaces.of(request, API.posts.update);
    const { content, firstComment, mediaIds, date, time, timeZone, version } = request.body;
    const hasDate = date !== undefined && date.trim() !== '';
    const hasTime = time !== undefined && time.trim() !== '';
    if (hasDate !== hasTime) throw badRequest('dateAndTimeTogether');
    if (content === undefined && firstComment === undefined && mediaIds === undefined && !hasDate) {
      throw badRequest('nothingToChange');
    }
    // What was approved goes out as it is; a new time is no change to it.
    if (content !== undefined || firstComment !== undefined || mediaIds !== undefined) {
      await review.assertTextMayChange(here.workspaceId);
    }
    const edit: EditRequest = { expectedVersion: version, actingUserId: here.userId };
    if (content !== undefined) edit.content = requireContent(content);
    if (firstComment !== undefined) edit.firstComment = optionalFirstComment(firstComment);
    // The files it already carries stay allowed on it, whoever of the workspace attached them.
    const current = mediaIds === undefined ? undefined : await service.owned(here.workspaceId, request.params.id);
    edit.media = await media.attachments(here, mediaIds, current?.media);
    if (hasDate && hasTime) {
      edit.reschedule = (current) => resolveSchedule({ date, time, timeZone: timeZone?.trim() || current.timeZone });
    }
    const post = await service.edit(here.workspaceId, request.params.id, edit, request.id);
    request.log.info({ postId: post.id, version: post.version, rescheduled: hasDate }, 'post edited');
    return {
      success: true as const,
      message: hasDate ? POST_MESSAGES.rescheduled : POST_MESSAGES.updated,
      data: toPost(post),
    };
  });

  route(app, API.posts.cancel, { checkResponses: true }, async (request) => {
    const here = await workspaces.of(request, API.posts.cancel);
    const post = await service.cancel(here.workspaceId, request.params.id);
    request.log.info({ postId: post.id }, 'post cancelled');
    return { success: true as const, message: POST_MESSAGES.deleted, data: toPost(post) };
  });

  route(app, API.posts.retry, { checkResponses: true }, async (request) => {
    const here = await workspaces.of(request, API.posts.retry);
    const post = await service.retry(here.workspaceId, request.params.id, request.id, here.userId);
    request.log.info({ postId: post.id, version: post.version }, 'post retry requested');
    return { success: true as const, message: POST_MESSAGES.retrying, data: toPost(post) };
  });

  route(app, API.posts.moveToConnectedAccount, { checkResponses: true }, async (request) => {
    const here = await workspaces.of(request, API.posts.moveToConnectedAccount);
    const post = await service.moveToConnectedAccount(here.workspaceId, request.params.id, request.id);
    request.log.info({ postId: post.id, version: post.version }, 'post moved to the connected account');
    return { success: true as const, message: POST_MESSAGES.movedToConnectedAccount, data: toPost(post) };
  });
}
