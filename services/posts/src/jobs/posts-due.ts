import { postDueJob, postPublishFailedEvent } from '@nashr/contracts';
import { handleJob } from '@nashr/platform';
import { HELD_POST_CODES, type PostStore } from '../post-store.js';
import { observeScheduledPostLateness } from './lateness-metric.js';
import type { PostQueues } from './post-queues.js';

/**
 * A post is due: claim it (scheduled → publishing, for this version only) and hand it to the
 * network worker. A run that finds the post already claimed for this version is a re-run after a
 * crash between the two steps, so it hands over again under the same job id, which BullMQ drops
 * if the first hand-over got through.
 */
export function postsDue(store: PostStore, queues: PostQueues) {
  return [
    handleJob(postDueJob, async ({ postId, version, requestId }, _job, log) => {
      const claimed = await store.claim(postId, version);
      if (claimed) {
        observeScheduledPostLateness(claimed.scheduledAt);
        await queues.handOver(claimed, await store.storageKeys(claimed), requestId);
        log.info(
          { postId, attempt: claimed.attempts, lateMs: Date.now() - claimed.scheduledAt.getTime() },
          'post handed over',
        );
        return { handedOver: claimed.attempts };
      }
      // Not claimed: perhaps its workspace holds it (no approval it requires, or the member who
      // scheduled it may no longer publish there). It fails at its time, told as any failure is
      // (the author hears of it, and for a publisher who left, the workspace's owners and admins
      // too); it never reaches the network.
      const post = (await store.refuseHeld(postId, version)) ?? (await store.get(postId));
      const held = HELD_POST_CODES.find((code) => code === post?.failureCode);
      if (post?.status === 'failed' && post.version === version && held) {
        // Told again by a re-run after a crash before the telling; the event's id keeps it once.
        await queues.queues.publish(
          postPublishFailedEvent,
          {
            postId,
            userId: post.userId,
            reason: post.failureReason ?? held,
            code: held,
            permanent: true,
            workspaceId: post.workspaceId,
            ...(requestId ? { requestId } : {}),
          },
          { id: `${postId}-${held}-${version}` },
        );
        log.info({ postId, version, code: held }, 'due post held by its workspace: failed');
        return { refused: held };
      }
      if (post?.status === 'publishing' && post.version === version) {
        await queues.handOver(post, await store.storageKeys(post), requestId);
        log.warn({ postId, attempt: post.attempts }, 'post was claimed by an earlier run: hand-over repeated');
        return { handedOver: post.attempts, repeated: true };
      }
      // Edited, rescheduled, cancelled or already out: this job is outdated.
      log.debug({ postId, version, current: post?.version, status: post?.status }, 'outdated due job');
      return { skipped: post?.status ?? 'missing' };
    }),
  ];
}
