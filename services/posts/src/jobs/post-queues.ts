import { mediaStorageKey, postDueJob, postScheduledEvent, publishPostJob, QUEUES } from '@nashr/contracts';
import type { Logger, Queues } from '@nashr/platform';
import type { PostRow } from '../db/schema.js';
import { dueJobId, publishJobId } from './job-ids.js';

/**
 * Finished publish jobs are kept a day (not a count), so re-sending the same attempt within that
 * time is dropped by BullMQ even after a burst of thousands of posts.
 */
const PUBLISH_JOB_RETENTION = {
  removeOnComplete: { age: 24 * 3600 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/**
 * How far ahead a scheduled post holds a delayed job in Redis (each costs about 1 kB there:
 * bench/scheduler/memory.ts). Posts due later live only in PostgreSQL until the reconciler,
 * which runs every RECONCILE_INTERVAL_MS, brings them into this window.
 */
export const DEFAULT_SCHEDULE_HORIZON_MS = 24 * 3_600_000;

/** The Redis side of a post: its delayed due job and its publish hand-over. */
export class PostQueues {
  constructor(
    readonly queues: Queues,
    private readonly logger: Logger,
    readonly horizonMs: number = DEFAULT_SCHEDULE_HORIZON_MS,
  ) {}

  /** Whether `post` is due soon enough to hold its delayed job now. */
  withinHorizon(post: Pick<PostRow, 'scheduledAt'>, now = Date.now()): boolean {
    return post.scheduledAt.getTime() - now <= this.horizonMs;
  }

  get due() {
    return this.queues.get(QUEUES.postsDue);
  }

  get publish() {
    return this.queues.get(QUEUES.linkedinPublish);
  }

  /** The due job's options for `post` as of now: overdue posts are due at once. */
  dueJobOptions(post: PostRow) {
    return { jobId: dueJobId(post.id, post.version), delay: Math.max(0, post.scheduledAt.getTime() - Date.now()) };
  }

  /**
   * Adds the delayed job that fires when `post` is due, if it is due within the horizon (later,
   * the reconciler adds it). The row is already written: if Redis refuses, the reconciler
   * re-creates the job, so the caller's answer does not depend on it.
   */
  async scheduleDue(post: PostRow, requestId?: string): Promise<boolean> {
    if (!this.withinHorizon(post)) return true;
    try {
      await this.queues.enqueue(
        postDueJob,
        { postId: post.id, version: post.version, ...(requestId ? { requestId } : {}) },
        this.dueJobOptions(post),
      );
      return true;
    } catch (err) {
      this.logger.warn({ err, postId: post.id }, 'could not add the due job: the reconciler will add it');
      return false;
    }
  }

  /**
   * Tells that a new post is scheduled (the user's webhooks hear of it), once per post and version.
   * Best effort: the post is scheduled whether or not Redis takes the event.
   */
  async announceScheduled(post: PostRow, requestId?: string): Promise<void> {
    try {
      await this.queues.publish(
        postScheduledEvent,
        {
          postId: post.id,
          userId: post.userId,
          scheduledAt: post.scheduledAt.toISOString(),
          ...(requestId ? { requestId } : {}),
        },
        { id: `${post.id}-${post.version}` },
      );
    } catch (err) {
      this.logger.warn({ err, postId: post.id }, 'could not tell that the post is scheduled');
    }
  }

  /** Best effort: a due job left behind finds its version outdated and does nothing. */
  async removeDue(postId: string, version: number): Promise<void> {
    try {
      await this.due.remove(dueJobId(postId, version));
    } catch (err) {
      this.logger.warn({ err, postId }, 'could not remove the old due job: it will find its version outdated');
    }
  }

  /**
   * Hands a claimed post to the network worker; the same attempt added twice is one job.
   * `storageKeys`: where each file it carries is kept (`PostStore.storageKeys`).
   */
  async handOver(post: PostRow, storageKeys: ReadonlyMap<string, string>, requestId?: string): Promise<void> {
    await this.queues.enqueue(
      publishPostJob,
      {
        postId: post.id,
        userId: post.userId,
        text: post.content,
        ...(post.firstComment ? { firstComment: post.firstComment } : {}),
        ...(post.media.length
          ? {
              attachments: post.media.map((item) => ({
                // A file whose row is gone (never while a post carries it) is asked for under its
                // publisher's key, where nothing is: the network worker says the file is missing.
                key: storageKeys.get(item.id) ?? mediaStorageKey(post.userId, item.id, item.contentType),
                contentType: item.contentType,
                ...(item.title ? { title: item.title } : {}),
              })),
            }
          : {}),
        attempt: post.attempts,
        ...(post.identity ? { identity: post.identity } : {}),
        ...(requestId ? { requestId } : {}),
      },
      { jobId: publishJobId(post.id, post.attempts), ...PUBLISH_JOB_RETENTION },
    );
  }
}
