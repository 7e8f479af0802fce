/**
 * The snapshot side of the analytics benchmark, as a process of its own so its memory is its own:
 * the linkedin worker's analytics queue (the real collector, store, limiter and schedules) over
 * the sandbox network with LATENCY_MS per call, every connected account scheduled at once as the
 * worker does at start, one snapshot period of PERIOD_MS. It records every network call by
 * account, samples its resident memory, and writes what it saw as JSON to OUT once every account
 * and each added company page its figures (or the deadline passed).
 *
 * Env: DATABASE_URL, REDIS_URL, REDIS_PREFIX, ENCRYPTION_KEY, PERIOD_MS, LATENCY_MS, CONCURRENCY,
 * LIMIT_MAX, LIMIT_WINDOW_MS, DRAIN_MS, OUT. Prints "snapshots started" once scheduled.
 */
import { writeFileSync } from 'node:fs';
import { QUEUES } from '@nashr/contracts';
import { createServices, type NetworkProvider, SandboxProvider, schema, startAnalyticsWorker } from '@nashr/linkedin';
import { createDatabase, createLogger, createRedis, Queues, waitForRedis } from '@nashr/platform';

const env = process.env;
const logger = createLogger('bench-snapshots', { NODE_ENV: 'production', LOG_LEVEL: 'fatal', LOG_PRETTY: false });
const periodMs = Number(env.PERIOD_MS ?? 60_000);
const drainMs = Number(env.DRAIN_MS ?? 60_000);
const limit = { limit: Number(env.LIMIT_MAX ?? 1), windowMs: Number(env.LIMIT_WINDOW_MS ?? 1000) };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const database = createDatabase({ url: env.DATABASE_URL ?? '', schema, max: 20, applicationName: 'bench-snapshots' });
const redis = createRedis(env.REDIS_URL ?? '', 'worker');
await waitForRedis(redis);
const prefix = env.REDIS_PREFIX ?? 'bench';
const queues = new Queues({ connection: redis, prefix }, logger);

/** Every call each network account received, as the network saw it: when it started. */
const calls = new Map<string, number[]>();
const sandbox = new SandboxProvider(database.db, { latencyMs: Number(env.LATENCY_MS ?? 50) });
const seen = (account: string) => {
  const list = calls.get(account);
  if (list) list.push(Date.now());
  else calls.set(account, [Date.now()]);
};
const network: NetworkProvider = {
  name: 'sandbox',
  connect: (c) => sandbox.connect(c),
  solveCheckpoint: (a, c) => sandbox.solveCheckpoint(a, c),
  resendCheckpoint: (a) => sandbox.resendCheckpoint(a),
  checkInAppValidation: (a) => sandbox.checkInAppValidation(a),
  getOwnProfile: (a) => sandbox.getOwnProfile(a),
  getFullProfile: (a) => {
    seen(a);
    return sandbox.getFullProfile(a);
  },
  listPosts: (a, p) => {
    seen(a);
    return sandbox.listPosts(a, p);
  },
  listPages: (a) => sandbox.listPages(a),
  pageAnalytics: (a, organization, range) => {
    seen(a);
    return sandbox.pageAnalytics(a, organization, range);
  },
  disconnect: (a) => sandbox.disconnect(a),
  publish: (a, p) => sandbox.publish(a, p),
  comment: (a, p, t) => sandbox.comment(a, p, t),
};

const services = createServices({
  config: {
    INTERNAL_SECRET: 'bench-internal-secret-0123456789',
    ENCRYPTION_KEY: env.ENCRYPTION_KEY ?? '',
    REDIS_PREFIX: prefix,
    PROFILE_CACHE_SECONDS: 0,
    PUBLISH_SETTLE_MS: 0,
    ANALYTICS_SNAPSHOT_HOURS: periodMs / 3_600_000,
  },
  logger,
  database,
  redis,
  queues,
  provider: network,
  analytics: { rate: limit },
});
const worker = startAnalyticsWorker(
  { collector: services.collector, snapshots: services.snapshots },
  { connection: createRedis(env.REDIS_URL ?? '', 'worker'), prefix },
  { logger, concurrency: Number(env.CONCURRENCY ?? 50) },
);

const rss: { at: number; bytes: number }[] = [];
const sample = () => rss.push({ at: Date.now(), bytes: process.memoryUsage().rss });
(globalThis as { gc?: () => void }).gc?.();
sample();
const startRss = process.memoryUsage().rss;
const sampler = setInterval(sample, 200);

const scheduledAt = Date.now();
const accounts = await services.analyticsSchedules.reconcile();
const scheduledMs = Date.now() - scheduledAt;
// When each account's first snapshot is due, as its scheduler says (an account scheduled after
// its slot of this period had passed is due in the next one).
const due = new Map<string, number>();
for (const scheduler of await queues.get(QUEUES.linkedinAnalytics).getJobSchedulers(0, -1)) {
  const userId = scheduler.key.replace(/^analytics-snapshot-/, '');
  if (scheduler.next !== undefined && userId !== scheduler.key) due.set(userId, scheduler.next);
}
process.stdout.write('snapshots started\n');

const deadline = Math.max(scheduledAt + periodMs, ...due.values()) + drainMs;
let done = 0;
let pages = 0;
let pagesRead = 0;
while (Date.now() < deadline) {
  await sleep(1000);
  const [row] = await database.sql<{ n: number; pages: number; pages_read: number }[]>`
    select (select count(*)::int from linkedin.analytics_accounts where last_snapshot_at is not null) as n,
           (select count(*)::int from linkedin.pages) as pages,
           (select count(*)::int from linkedin.pages where figures_read_at is not null) as pages_read`;
  done = row?.n ?? 0;
  pages = row?.pages ?? 0;
  pagesRead = row?.pages_read ?? 0;
  if (done >= accounts && pagesRead >= pages) break;
}
const finishedAt = Date.now();
clearInterval(sampler);
sample();

const snapshots = await database.sql<{ user_id: string; taken_ms: number }[]>`
  select user_id, (extract(epoch from first_snapshot_at) * 1000)::float8 as taken_ms from linkedin.analytics_accounts`;
let busiest = 0;
let overLimit = 0;
let callCount = 0;
for (const times of calls.values()) {
  callCount += times.length;
  const perWindow = new Map<number, number>();
  for (const t of times)
    perWindow.set(Math.floor(t / limit.windowMs), (perWindow.get(Math.floor(t / limit.windowMs)) ?? 0) + 1);
  const most = Math.max(...perWindow.values());
  busiest = Math.max(busiest, most);
  if (most > limit.limit) overLimit++;
}
const [rows] = await database.sql<{ posts: number; snapshots: number; pageDays: number }[]>`
  select (select count(*)::int from linkedin.analytics_posts) as posts,
         (select count(*)::int from linkedin.analytics_post_snapshots) as snapshots,
         (select count(*)::int from linkedin.analytics_page_days) as "pageDays"`;

writeFileSync(
  env.OUT ?? 'snapshots.json',
  `${JSON.stringify({
    accounts,
    snapshotted: done,
    pages,
    pagesRead,
    scheduledAt,
    scheduledMs,
    finishedAt,
    periodMs,
    due: [...due.values()],
    snapshots: snapshots.map((s) => ({ takenMs: s.taken_ms, dueMs: due.get(s.user_id) ?? null })),
    calls: callCount,
    busiestWindow: busiest,
    accountsOverLimit: overLimit,
    limit,
    startRss,
    peakRss: Math.max(...rss.map((r) => r.bytes)),
    rows,
  })}\n`,
);
await worker.close();
await queues.close();
redis.disconnect();
await database.close();
process.exit(0);
