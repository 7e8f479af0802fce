import { API, MAX_SCHEDULED_LIST_ROWS, POST_ERROR_CODES, POST_MESSAGES, SCHEDULE_MESSAGES } from '@nashr/contracts';
import { assertSafeText, type IdempotentReplies, route, type ServiceApp, type WorkspaceAccess } from '@nashr/platform';
import type { DraftService } from '../drafts/draft-service.js';
import type { MediaService } from '../media/media-service.js';
import { optionalFirstComment, type PostService, requireContent } from '../post-service.js';
import type { PostStore } from '../post-store.js';
import { toPost, toScheduledPost } from '../present.js';
import type { PublishWaiter } from '../publish-waiter.js';
import { badRequest, refusal } from '../refusal.js';
import type { ReviewService } from '../review/review-service.js';
import { requireTimeZone, resolveSchedule } from '../schedule/resolve-schedule.js';

const filled = (value: string | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/** The spec's `text` is "the content as a JSON-encoded string": `"\"Hello\""` means `Hello`. */
export function decodePostText(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    try {
      const decoded: unknown = JSON.parse(trimmed);
      if (typeof decoded === 'string') return decoded;
    } catch {
      // Not JSON after all: it is the text itself.
    }
  }
  return text;
}

export interface LinkedlnRouteOptions {
  service: PostService;
  store: PostStore;
  drafts: DraftService;
  media: MediaService;
  waiter: PublishWaiter;
  publishWaitMs: number;
  /** Answers a repeated request (same Idempotency-Key) with the first answer. */
  once: IdempotentReplies;
  workspaces: WorkspaceAccess;
  /** Where the workspace requires approval, only an approved draft's exact text goes out. */
  review: ReviewService;
}

/** The spec's call table paths (section 7), spelled as the spec spells them. */
export function linkedlnRoutes(
  app: ServiceApp,
  { service, store, drafts, media, waiter, publishWaitMs, once, workspaces, review }: LinkedlnRouteOptions,
): void {
  route(
    app,
    API.posts.schedule,
    {
      once,
      // A request without a body still deserves the spec's message rather than a type error.
      missingBodyAsEmpty: true,
      checkResponses: true,
    },
    async (request, reply) => {
      const me = await workspaces.of(request, API.posts.schedule);
      const { content, date, time, timeZone } = request.body;
      const claimed = [request.body.userId, request.body.userID].filter(filled);
      if (!claimed.length || !filled(content) || !filled(date) || !filled(time)) {
        throw badRequest('fillAllFields');
      }
      if (claimed.some((id) => id.trim() !== me.userId)) throw refusal('FORBIDDEN', 'notYourAccount');
      const text = requireContent(content);
      const firstComment = optionalFirstComment(request.body.firstComment);
      const schedule = resolveSchedule({ date, time, timeZone: filled(timeZone) ? timeZone : 'UTC' });
      const attached = await media.attachments(me, request.body.mediaIds);
      const { draftId } = request.body;
      const approval = await review.approvalFor(me, draftId, { content: text, firstComment, media: attached });
      // In the caller's workspace, published through the caller's own network account.
      const who = { ...me, ...(request.body.identity ? { identity: request.body.identity } : {}) };
      const post = await service.schedule(who, text, schedule, request.id, firstComment, attached, false, approval);
      await review.postMade(me, draftId, post);
      await drafts.consume(me.workspaceId, draftId);
      request.log.info({ postId: post.id, scheduledAt: post.scheduledAt }, 'post scheduled');
      return reply
        .status(201)
        .send({ success: true, message: SCHEDULE_MESSAGES.scheduled, data: toScheduledPost(post) });
    },
  );

  route(app, API.posts.scheduled, { checkResponses: true }, async (request) => {
    const me = await workspaces.of(request, API.posts.scheduled);
    if (request.params.id !== me.userId) throw refusal('FORBIDDEN', 'notYourAccount');
    const rows = await store.listScheduled(me.workspaceId, MAX_SCHEDULED_LIST_ROWS);
    return { success: true as const, data: rows.map(toScheduledPost) };
  });

  route(app, API.posts.publishNow, { once, checkResponses: true }, async (request, reply) => {
    const me = await workspaces.of(request, API.posts.publishNow);
    const text = requireContent(decodePostText(request.body.text));
    // The schema checked the field as sent; a JSON-encoded one may spell what it refuses as `\u202e`.
    assertSafeText(text);
    const timeZone = request.body.timeZone ? requireTimeZone(request.body.timeZone) : 'UTC';
    const firstComment = optionalFirstComment(request.body.firstComment);
    const attached = await media.attachments(me, request.body.mediaIds);
    const { draftId } = request.body;
    const approval = await review.approvalFor(me, draftId, { content: text, firstComment, media: attached });
    const who = { ...me, ...(request.body.identity ? { identity: request.body.identity } : {}) };
    const created = await service.publishNow(who, text, timeZone, request.id, firstComment, attached, approval);
    await review.postMade(me, draftId, created);
    await drafts.consume(me.workspaceId, draftId);
    const post = (await waiter.waitForOutcome(created.id, publishWaitMs)) ?? created;
    if (post.status === 'published') {
      return reply.status(200).send({ success: true, message: POST_MESSAGES.published, data: toPost(post) });
    }
    if (post.status === 'failed') {
      return reply.status(422).send({
        success: false,
        code: POST_ERROR_CODES.publishFailed,
        message: post.failureReason ?? POST_MESSAGES.publishFailed,
        params: {
          ...(post.failureReason ? { reason: post.failureReason } : {}),
          ...(post.failureCode ? { reasonCode: post.failureCode } : {}),
        },
        data: toPost(post),
      });
    }
    request.log.info({ postId: post.id, status: post.status }, 'still publishing when the wait ran out');
    return reply.status(202).send({ success: true, message: POST_MESSAGES.stillPublishing, data: toPost(post) });
  });
}
