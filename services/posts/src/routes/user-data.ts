import { API } from '@nashr/contracts';
import { identityOf, route, type ServiceApp } from '@nashr/platform';
import type { DraftStore } from '../drafts/draft-store.js';
import type { MediaService } from '../media/media-service.js';
import type { PostStore } from '../post-store.js';
import { toPost } from '../present.js';
import type { QueueStore } from '../queue/queue-store.js';
import type { ReviewStore } from '../review/review-store.js';
import { toDraft } from './drafts.js';
import { toComment } from './review.js';

/**
 * The posts part of 'Download my data': every post, whatever its state, with what the user typed,
 * every draft, the comments written in drafts' reviews, the posting queue's weekly times, and the files uploaded (described here; the web
 * fetches each through its media address and puts it beside the JSON in the archive).
 */
export function userDataRoutes(
  app: ServiceApp,
  store: PostStore,
  drafts: DraftStore,
  queues: QueueStore,
  media: MediaService,
  review: ReviewStore,
): void {
  route(app, API.posts.export, { checkResponses: true }, async (request, reply) => {
    const userId = identityOf(request).userId;
    const rows = await store.byUser(userId);
    const draftRows = await drafts.byUser(userId);
    const queue = await queues.get(userId);
    const files = await media.byUser(userId);
    const comments = await review.commentsByAuthor(userId);
    reply.header('cache-control', 'no-store');
    return {
      success: true as const,
      data: {
        posts: rows.map((row) => ({
          ...toPost(row),
          enteredDate: row.enteredDate,
          enteredTime: row.enteredTime,
          failureReason: row.failureReason,
          createdAt: row.createdAt.toISOString(),
        })),
        drafts: draftRows.map(toDraft),
        /** What the user wrote in drafts' review threads, in any workspace. */
        reviewComments: comments.map((row) => ({ ...toComment(row), workspaceId: row.workspaceId })),
        postingQueue: queue ? { timeZone: queue.timeZone, slots: queue.slots } : null,
        uploads: files.map((file) => ({
          id: file.id,
          kind: file.kind,
          contentType: file.contentType,
          bytes: file.bytes,
          width: file.width,
          height: file.height,
          title: file.title,
          pageCount: file.pageCount,
          createdAt: file.createdAt.toISOString(),
        })),
      },
    };
  });
}
