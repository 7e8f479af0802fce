/**
 * The rest of the schedule beside the benchmark's own posts: `count` other posts due over the next
 * `days` days, as people planning ahead leave them, and what they cost the reconciler.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QUEUES } from '@nashr/contracts';
import {
  createDatabase,
  createRedis,
  type Database,
  DiskObjectStore,
  type Logger,
  queueKeyPrefix,
  type Redis,
  waitForRedis,
} from '@nashr/platform';
import { schema, startPostsWorker } from '@nashr/posts';

/** The user every other post belongs to, so the benchmark's figures can leave them out. */
export const OTHER_POSTS_USER = '00000000-0000-4000-8000-00000000b0b0';

/**
 * Adds `count` scheduled posts due at instants spread evenly from `from` to `days` days later,
 * in one statement (a million rows through the service would take an hour); returns the time it
 * took. They hold no due job: like every post beyond the horizon, the reconciler gives one to
 * those that come within it.
 */
export async function insertOtherPosts(
  sql: Database<typeof schema>['sql'],
  count: number,
  from: Date,
  days: number,
): Promise<number> {
  const started = performance.now();
  // One statement, on a machine that may be busy: beyond the 15 s every service statement gets.
  await sql.begin(async (tx) => {
    await tx`set local statement_timeout = 0`;
    await tx`
    insert into posts.posts (workspace_id, user_id, content, status, scheduled_at, time_zone)
    select ${OTHER_POSTS_USER}::uuid, ${OTHER_POSTS_USER}::uuid, 'Planned ahead: post ' || g, 'scheduled',
           ${from.toISOString()}::timestamptz + (g - 1) * (${days} * interval '1 day' / ${count}),
           'Asia/Riyadh'
    from generate_series(1, ${count}::int) g`;
  });
  // What autovacuum would do soon after: the planner sees the rows the reconciler walks.
  await sql`analyze posts.posts`;
  return performance.now() - started;
}

export interface ReconcileTimes {
  /**
   * A posts worker's start on an empty Redis (as after a loss of its data): every due job within
   * the horizon is missing and its first reconcile restores them. Includes creating the worker's
   * queues, which the run with no other posts shows on its own.
   */
  coldMs: number;
  /** The median of three runs that find every job in place (but those newly within the horizon). */
  warmMs: number;
  /** Posts within the horizon the runs looked at, and the jobs the cold run restored. */
  checked: number;
  restored: number;
}

/**
 * Times the posts worker's reconciler over the database as it stands: a worker started on the
 * benchmark's own Redis once flushed (the worker processes must be stopped), then three runs with
 * every job in place. The worker's periodic run is pushed an hour away.
 */
export async function timeReconcile(options: {
  databaseUrl: string;
  redisUrl: string;
  prefix: string;
  logger: Logger;
}): Promise<ReconcileTimes> {
  const database = createDatabase({ url: options.databaseUrl, schema, max: 5, applicationName: 'bench-reconcile' });
  const redis = createRedis(options.redisUrl, 'worker');
  // The worker deletes a deleted user's uploads; the reconciler touches none, so an empty store.
  const mediaDir = mkdtempSync(join(tmpdir(), 'nashr-bench-media-'));
  try {
    await waitForRedis(redis);
    await redis.flushall();
    let started = performance.now();
    const worker = await startPostsWorker({
      settings: {
        RECONCILE_INTERVAL_MS: 3_600_000,
        PUBLISH_STUCK_MS: 60_000,
        PUBLISH_GIVE_UP_MS: 3_600_000,
        POSTS_WORKER_CONCURRENCY: 1,
      },
      logger: options.logger,
      database,
      redis,
      prefix: options.prefix,
      storage: new DiskObjectStore(mediaDir),
    });
    const coldMs = performance.now() - started;
    try {
      const warm: number[] = [];
      let checked = 0;
      for (let i = 0; i < 3; i++) {
        started = performance.now();
        const report = await worker.reconcile();
        warm.push(performance.now() - started);
        if (report.skipped) throw new Error('the reconcile lock was held by another process');
        // Only posts that came within the horizon since the run before (one every few seconds
        // for a million over 90 days) can be restored now.
        if (report.dueJobsRestored > 10) throw new Error(`a warm run restored ${report.dueJobsRestored} jobs`);
        checked = report.scheduledChecked;
      }
      const restored = await countDelayed(redis, options.prefix);
      warm.sort((a, b) => a - b);
      return { coldMs, warmMs: warm[1]!, checked, restored };
    } finally {
      await worker.close();
    }
  } finally {
    await redis.flushall().catch(() => {});
    redis.disconnect();
    await database.close();
    rmSync(mediaDir, { recursive: true, force: true });
  }
}

/** Delayed due jobs: after a start on an empty Redis, the ones its reconcile restored. */
async function countDelayed(redis: Redis, prefix: string): Promise<number> {
  return redis.zcard(`${queueKeyPrefix(prefix)}:${QUEUES.postsDue}:delayed`);
}
