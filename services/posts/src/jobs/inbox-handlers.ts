import { accountDisconnectedEvent, postPublishedEvent, postPublishFailedEvent } from '@nashr/contracts';
import { handleJob } from '@nashr/platform';
import type { PostStore } from '../post-store.js';

/** The network's answers. Each may arrive twice (events are at-least-once); both are idempotent. */
export function inboxHandlers(store: PostStore) {
  return [
    handleJob(postPublishedEvent, async ({ postId, userId, networkPostId, url, publishedAt }, _job, log) => {
      const post = await store.markPublished(postId, userId, {
        networkPostId,
        url,
        publishedAt: new Date(publishedAt),
      });
      if (post) {
        log.info({ postId, lateMs: post.publishedAt!.getTime() - post.scheduledAt.getTime() }, 'post published');
      } else {
        log.debug({ postId }, 'published event for a post already published (or unknown)');
      }
      return { updated: Boolean(post) };
    }),
    handleJob(postPublishFailedEvent, async ({ postId, userId, reason, permanent }, _job, log) => {
      const post = await store.markFailed(postId, reason, { userId });
      log.info({ postId, permanent, updated: Boolean(post) }, 'post publish failed');
      return { updated: Boolean(post) };
    }),
    // Scheduled posts stay scheduled: the user may reconnect before they are due. If not, the
    // network worker refuses them with a reason the user can act on, and they can be retried.
    handleJob(accountDisconnectedEvent, async ({ userId }, _job, log) => {
      const waiting = await store.countScheduled(userId);
      log.info({ userId, scheduledPosts: waiting }, 'network account disconnected');
      return { scheduledPosts: waiting };
    }),
  ];
}
