import type { Identity } from '@nashr/contracts';
import { analyticsRetentionJob, analyticsSnapshotJob, QUEUES } from '@nashr/contracts';
import { expect } from 'vitest';
import { sandboxAccounts, sandboxPosts } from '../db/schema.js';
import { startAnalyticsWorker } from '../jobs/linkedin-analytics.js';
import { startInboxWorker } from '../jobs/linkedin-inbox.js';
import { sandboxAccountId } from '../providers/sandbox/sandbox-provider.js';
import type { Harness } from './harness.js';

/**
 * What the analytics tests share: the linkedin worker's analytics and inbox queues running on the
 * harness, a job run through the real queue and waited for, and a sandbox history of one's own.
 */
export function startAnalyticsWorkers(h: Harness, clock: () => Date) {
  const context = () => ({
    connection: h.redis.redis.duplicate({ maxRetriesPerRequest: null }),
    prefix: h.redis.prefix,
  });
  const analytics = startAnalyticsWorker(
    { collector: h.services.collector, snapshots: h.services.snapshots, clock },
    context(),
    { logger: h.deps.logger, concurrency: 4 },
  );
  const inbox = startInboxWorker(
    {
      userData: h.services.userData,
      accounts: h.services.accounts,
      profiles: h.services.profiles,
      queues: h.queues,
      schedules: h.services.analyticsSchedules,
    },
    context(),
    { logger: h.deps.logger },
  );
  return { close: () => Promise.all([analytics.close(), inbox.close()]) };
}

let jobs = 0;

/** Runs one job on the analytics queue and waits until it is finished; answers what it returned. */
export async function runAnalyticsJob(
  h: Harness,
  job: { name: 'snapshot'; userId: string } | { name: 'retention' },
  timeout = 15_000,
): Promise<unknown> {
  jobs++;
  const added =
    job.name === 'snapshot'
      ? await h.queues.enqueue(analyticsSnapshotJob, { userId: job.userId }, { jobId: `test-snapshot-${jobs}` })
      : await h.queues.enqueue(analyticsRetentionJob, {}, { jobId: `test-retention-${jobs}` });
  const queue = h.queues.get(QUEUES.linkedinAnalytics);
  await expect
    .poll(async () => (added.id ? await queue.getJobState(added.id) : 'missing'), { timeout, interval: 50 })
    .toMatch(/^(completed|failed)$/);
  const done = added.id ? await queue.getJob(added.id) : undefined;
  if (done?.failedReason) throw new Error(`analytics job failed: ${done.failedReason}`);
  return done?.returnvalue;
}

/**
 * Connects a sandbox account through the API and waits for its first snapshot (its history
 * import). Its repeatable schedule is then removed unless kept, so only the test's own snapshots
 * run (a scheduled one could fall in the middle of a test).
 */
export async function connectAndImport(
  h: Harness,
  user: Identity,
  username: string,
  options: { keepSchedule?: boolean } = {},
): Promise<void> {
  const res = await h.call(user, 'POST', '/api/v1/linkedin/accounts', { username, password: 'secret' });
  expect(res.json().data.connected).toBe(true);
  await expect
    .poll(async () => (await h.services.snapshots.state(user.userId))?.importedAt ?? null, { timeout: 15_000 })
    .not.toBeNull();
  if (!options.keepSchedule) await h.services.analyticsSchedules.stop(user.userId);
}

export interface HistoryPost {
  text: string;
  createdAt: Date;
  reactions?: number;
  comments?: number;
  reposts?: number;
  impressions?: number;
}

let postIds = 0;

/**
 * Gives a sandbox username a history of one's own before it first connects (the sandbox seeds
 * only an account without posts), whose counters no longer grow. Answers the posts' network ids,
 * in the order given.
 */
export async function giveSandboxHistory(
  h: Harness,
  username: string,
  posts: readonly HistoryPost[],
): Promise<string[]> {
  const accountId = sandboxAccountId(username);
  await h.database.db
    .insert(sandboxAccounts)
    .values({ id: accountId, username, connected: false })
    .onConflictDoNothing();
  const ids = posts.map(() => `79${String(Date.now()).slice(-9)}${String(++postIds).padStart(8, '0')}`);
  if (posts.length) {
    await h.database.db.insert(sandboxPosts).values(
      posts.map((post, i) => ({
        id: ids[i] as string,
        accountId,
        text: post.text,
        reactions: post.reactions ?? 0,
        comments: post.comments ?? 0,
        reposts: post.reposts ?? 0,
        impressions: post.impressions ?? 0,
        createdAt: post.createdAt,
        // Counted once grown in full: the network shows exactly these counters at any later time.
        countedAt: new Date(post.createdAt.getTime() + 61 * 86_400_000),
      })),
    );
  }
  return ids;
}
