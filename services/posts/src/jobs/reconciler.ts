import { randomUUID } from 'node:crypto';
import { postDueJob } from '@nashr/contracts';
import type { Logger, Redis } from '@nashr/platform';
import type { PostRow } from '../db/schema.js';
import type { PostStore } from '../post-store.js';
import { dueJobId, publishJobId } from './job-ids.js';
import type { PostQueues } from './post-queues.js';

const BATCH = 500;
/** Stuck publishes looked at per run; the rest wait for the next run. */
const MAX_STUCK_PER_RUN = 1000;
/** A publish job in these states will still run. */
const LIVE_STATES = new Set(['waiting', 'delayed', 'active', 'prioritized', 'waiting-children']);

export const GIVE_UP_REASON =
  'LinkedIn did not confirm this post in time. Check your LinkedIn profile before trying again.';
export const HAND_OVER_FAILED_REASON = 'The post could not be handed over to LinkedIn. Please try again.';

export interface ReconcilerOptions {
  store: PostStore;
  queues: PostQueues;
  redis: Redis;
  prefix: string;
  logger: Logger;
  /** A publishing post older than this is checked. */
  stuckAfterMs: number;
  /** A publishing post older than this whose hand-over cannot be traced is marked failed. */
  giveUpAfterMs: number;
  /** The lock lives this long at most, should its holder die. */
  lockTtlMs: number;
}

export interface ReconcileReport {
  /** Another process was reconciling at that moment. */
  skipped: boolean;
  scheduledChecked: number;
  dueJobsRestored: number;
  publishingChecked: number;
  handOversRepeated: number;
  markedFailed: number;
}

const RELEASE_LOCK = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * Makes Redis agree with PostgreSQL again. Every scheduled post due within the schedule horizon
 * gets its due job, if it never had one (it was further ahead), Redis lost it, or it ended without
 * claiming the post; every post stuck in `publishing` is handed over again under the same job id
 * (the network side is idempotent), or marked failed once its hand-over cannot be traced.
 * Everything it does is safe to repeat and to race with the workers.
 */
export class Reconciler {
  private readonly lockKey: string;

  constructor(private readonly options: ReconcilerOptions) {
    this.lockKey = `${options.prefix}:posts:reconcile-lock`;
  }

  /**
   * `afterLoss`: Redis has just lost its data, so a publishing post without its hand-over job lost
   * it then: it is handed over again at once instead of after `stuckAfterMs`.
   */
  async run({ afterLoss = false }: { afterLoss?: boolean } = {}): Promise<ReconcileReport> {
    const report: ReconcileReport = {
      skipped: false,
      scheduledChecked: 0,
      dueJobsRestored: 0,
      publishingChecked: 0,
      handOversRepeated: 0,
      markedFailed: 0,
    };
    const token = randomUUID();
    const locked = await this.options.redis.set(this.lockKey, token, 'PX', this.options.lockTtlMs, 'NX');
    if (!locked) return { ...report, skipped: true };
    try {
      await this.restoreDueJobs(report);
      await this.resolveStuckPublishes(report, afterLoss);
    } finally {
      await this.options.redis.eval(RELEASE_LOCK, 1, this.lockKey, token);
    }
    if (report.dueJobsRestored || report.handOversRepeated || report.markedFailed) {
      this.options.logger.warn(report, 'reconciler repaired the schedule');
    } else {
      this.options.logger.debug(report, 'reconciler found nothing to repair');
    }
    return report;
  }

  private async restoreDueJobs(report: ReconcileReport): Promise<void> {
    const { store, queues } = this.options;
    // Soonest due first: after Redis lost its data, those are the ones about to be late.
    let after: PostRow | null = null;
    for (;;) {
      const fetched: PostRow[] = await store.scheduledAfter(after, BATCH);
      // Posts come soonest first: from the first one beyond the horizon on, none holds a job yet.
      const now = Date.now();
      const batch = fetched.filter((post) => queues.withinHorizon(post, now));
      const last = batch[batch.length - 1];
      // Due times are written from JavaScript (millisecond precision), so the cursor is exact; the
      // id check only guards the walk against ever circling on one row.
      if (!last || last.id === after?.id) return;
      after = last;
      report.scheduledChecked += batch.length;
      const states = await this.dueJobStates(batch);
      const missing: PostRow[] = [];
      for (const [i, post] of batch.entries()) {
        const state = states[i]!;
        if (state === 'live') continue;
        if (state === 'finished') {
          // It ran to the end without claiming the post (or failed): read again, the post may have
          // moved on meanwhile; a finished job must be removed before its id can be used again.
          const now = await store.get(post.id);
          if (now?.status !== 'scheduled' || now.version !== post.version) continue;
          await queues.due.remove(dueJobId(post.id, post.version));
        }
        missing.push(post);
      }
      if (missing.length) {
        await queues.due.addBulk(
          missing.map((post) => ({
            name: postDueJob.name,
            data: postDueJob.schema.parse({ postId: post.id, version: post.version }),
            opts: queues.dueJobOptions(post),
          })),
        );
        report.dueJobsRestored += missing.length;
      }
    }
  }

  /**
   * Whether each post's due job exists and has finished, read from the job hashes in one round
   * trip: O(1) per post, unlike asking BullMQ for a job's state, which scans its lists.
   */
  private async dueJobStates(batch: PostRow[]): Promise<('missing' | 'finished' | 'live')[]> {
    const due = this.options.queues.due;
    const pipeline = this.options.redis.pipeline();
    for (const post of batch) pipeline.hmget(due.toKey(dueJobId(post.id, post.version)), 'timestamp', 'finishedOn');
    const replies = (await pipeline.exec()) ?? [];
    return replies.map(([err, fields]) => {
      if (err) throw err;
      const [timestamp, finishedOn] = fields as (string | null)[];
      if (!timestamp) return 'missing';
      return finishedOn ? 'finished' : 'live';
    });
  }

  private async resolveStuckPublishes(report: ReconcileReport, afterLoss: boolean): Promise<void> {
    const { store, queues, stuckAfterMs, giveUpAfterMs, logger } = this.options;
    const now = Date.now();
    const stuck = await store.publishingSince(new Date(afterLoss ? now : now - stuckAfterMs), MAX_STUCK_PER_RUN);
    report.publishingChecked = stuck.length;
    for (const post of stuck) {
      const id = publishJobId(post.id, post.attempts);
      const job = await queues.publish.getJob(id);
      const state = job ? await job.getState() : 'unknown';
      if (LIVE_STATES.has(state)) continue;
      const recent = now - (post.publishingSince?.getTime() ?? now) < stuckAfterMs;
      if (recent && state !== 'unknown') continue; // Only a lost hand-over is repeated early. // The network worker has it (or is down): its answer will come.
      const tooOld = now - (post.publishingSince?.getTime() ?? now) > giveUpAfterMs;
      if (state === 'failed' || tooOld) {
        const reason = state === 'failed' ? HAND_OVER_FAILED_REASON : GIVE_UP_REASON;
        logger.warn({ postId: post.id, attempt: post.attempts, state, jobFailure: job?.failedReason }, reason);
        if (await store.markFailed(post.id, reason, { attempt: post.attempts })) report.markedFailed += 1;
        continue;
      }
      if (state === 'completed') {
        // Done on the network side, but its answer never arrived (lost with Redis): ask again.
        if (now - (job?.finishedOn ?? now) < stuckAfterMs) continue;
        await queues.publish.remove(id);
      }
      await queues.handOver(post, await store.storageKeys(post));
      report.handOversRepeated += 1;
    }
  }
}
