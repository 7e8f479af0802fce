import { API, QUEUE_MESSAGES } from '@nashr/contracts';
import { type IdempotentReplies, identityOf, route, type ServiceApp, type WorkspaceAccess } from '@nashr/platform';
import type { DraftService } from '../drafts/draft-service.js';
import type { MediaService } from '../media/media-service.js';
import { optionalFirstComment, requireContent } from '../post-service.js';
import { toScheduledPost } from '../present.js';
import type { QueueService } from '../queue/queue-service.js';
import type { ReviewService } from '../review/review-service.js';
import { requireTimeZone } from '../schedule/resolve-schedule.js';

/**
 * The posting queue: the weekly slots, and 'Add to queue'. The slots are the caller's own (they
 * belong to the account that publishes); a post added to the queue is in the caller's workspace.
 */
export function queueRoutes(
  app: ServiceApp,
  {
    queue,
    drafts,
    media,
    once,
    workspaces,
    review,
  }: {
    queue: QueueService;
    drafts: DraftService;
    media: MediaService;
    once: IdempotentReplies;
    workspaces: WorkspaceAccess;
    review: ReviewService;
  },
): void {
  route(app, API.queue.get, { checkResponses: true }, async (request) => {
    const zone = request.query.timeZone ? requireTimeZone(request.query.timeZone) : null;
    return { success: true as const, data: await queue.get(identityOf(request).userId, zone) };
  });

  route(app, API.queue.save, { checkResponses: true }, async (request) => {
    const me = identityOf(request);
    const zone = requireTimeZone(request.body.timeZone);
    const data = await queue.save(me.userId, request.body.slots, zone, request.id);
    request.log.info({ slots: data.slots.length, zone, rescheduled: data.rescheduled }, 'posting queue saved');
    return { success: true as const, message: QUEUE_MESSAGES.saved, data };
  });

  route(app, API.queue.add, { once, checkResponses: true }, async (request, reply) => {
    const me = await workspaces.of(request, API.queue.add);
    const content = requireContent(request.body.content);
    const firstComment = optionalFirstComment(request.body.firstComment);
    const attached = await media.attachments(me, request.body.mediaIds);
    const { draftId } = request.body;
    const approval = await review.approvalFor(me, draftId, { content, firstComment, media: attached });
    // Written as the page it names, as a scheduled post is (refused when it is not one of the member's).
    const who = { ...me, ...(request.body.identity ? { identity: request.body.identity } : {}) };
    const post = await queue.add(who, { content, firstComment, media: attached ?? [], approval }, request.id);
    await review.postMade(me, draftId, post);
    await drafts.consume(me.workspaceId, draftId);
    request.log.info({ postId: post.id, scheduledAt: post.scheduledAt }, 'post added to the queue');
    return reply.status(201).send({ success: true, message: QUEUE_MESSAGES.queued, data: toScheduledPost(post) });
  });
}
