/**
 * Analytics over time (issue: analytics). Not part of `npm test`.
 *
 *   npx tsx bench/analytics/run.ts [--accounts 10000] [--posts 100] [--page-every 2] [--latency 50]
 *                                  [--period-s 300] [--concurrency 50] [--limit 1] [--limit-window-ms 1000]
 *                                  [--samples 400] [--other-users 50] [--out results.json]
 *   BENCH_QUICK=1 npx tsx bench/analytics/run.ts      # 1,000 accounts, a 60 s period, 100 samples
 *
 * 1. The snapshot job. `--accounts` connected accounts with `--posts` recent posts each on the
 *    sandbox network (`--latency` ms a call), every `--page-every`th of them with its company page
 *    added (0: none), so the identities are mixed profiles and pages and each page's first read
 *    takes the year of days the network keeps; every account's scheduler added at once as the
 *    linkedin worker does at start, one period of `--period-s` seconds (ANALYTICS_SNAPSHOT_HOURS
 *    squeezed), `--limit` calls per `--limit-window-ms` per account, in a worker process of its
 *    own (`snapshot-worker.ts`). Reported: accounts (and their pages) snapshotted within the period, lateness from
 *    each account's due time to its snapshot, the most calls any account made in one window of
 *    its limit, and the worker's resident memory at start and at its peak. The baseline is the
 *    same run with a tenth of the accounts, in the same invocation: flat memory means the peak
 *    does not grow with the accounts.
 * 2. The dashboard's data. A user with two years of snapshots (416 posts, each read every 6 hours
 *    for its first 30 days, the profile every 6 hours; older than 90 days folded by the real
 *    retention), beside `--other-users` users with the same history: `GET /api/v1/analytics/summary`
 *    for each period from the linkedin service's API on a port (identity headers, as the gateway
 *    forwards them), against a connected user with no history yet (the fixed cost), alternating;
 *    and PostgreSQL's plans of the summary's statements for 365 days. The user has four company
 *    pages added too (five identities), each with two years of days: `GET /api/v1/analytics/page`
 *    for each period and page, against a page just added (no days yet), alternating.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ANALYTICS_PERIODS, FINE_SNAPSHOT_DAYS } from '@nashr/contracts';
import {
  buildApp,
  createServices,
  MIGRATIONS_FOLDER,
  pageIdentity,
  periodStatements,
  SandboxProvider,
  sandboxPage,
  schema,
} from '@nashr/linkedin';
import { createDatabase, createLogger, createRedis, identityHeaders, Queues, runMigrations } from '@nashr/platform';
import { sql } from 'drizzle-orm';
import { createBenchDatabase, startRedis } from '../scheduler/infra.js';
import { percentile } from '../scheduler/stats.js';

const quick = process.env.BENCH_QUICK === '1';
const { values: args } = parseArgs({
  options: {
    accounts: { type: 'string', default: quick ? '1000' : '10000' },
    posts: { type: 'string', default: '100' },
    'page-every': { type: 'string', default: '2' },
    latency: { type: 'string', default: '50' },
    'period-s': { type: 'string', default: quick ? '60' : '300' },
    concurrency: { type: 'string', default: '50' },
    limit: { type: 'string', default: '1' },
    'limit-window-ms': { type: 'string', default: '1000' },
    samples: { type: 'string', default: quick ? '100' : '400' },
    'other-users': { type: 'string', default: quick ? '10' : '50' },
    only: { type: 'string', default: 'snapshots,summary' },
    out: { type: 'string' },
  },
});

const ACCOUNTS = Number(args.accounts);
const POSTS = Number(args.posts);
const PAGE_EVERY = Number(args['page-every']);
/** The company pages of the dashboard's user: with the profile, five identities. */
const USER_PAGES = 4;
const PERIOD_MS = Number(args['period-s']) * 1000;
const SAMPLES = Number(args.samples);
const WARMUP = 20;
const INTERNAL_SECRET = 'bench-internal-secret-0123456789';
const ENCRYPTION_KEY = randomBytes(32).toString('base64');
const WORKER_ENTRY = join(dirname(fileURLToPath(import.meta.url)), 'snapshot-worker.ts');
const logger = createLogger('bench', { NODE_ENV: 'production', LOG_LEVEL: 'fatal', LOG_PRETTY: false });
const say = (line: string) => process.stdout.write(`${line}\n`);
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const only = new Set(args.only.split(','));

/** The linkedin service's parts on a bench database, for seeding through the real stores. */
function servicesOn(databaseUrl: string, redisUrl: string) {
  const database = createDatabase({
    url: databaseUrl,
    schema,
    max: 10,
    applicationName: 'bench',
    statementTimeoutMs: 600_000,
  });
  const redis = createRedis(redisUrl, 'worker');
  const queues = new Queues({ connection: redis, prefix: 'bench' }, logger);
  const provider = new SandboxProvider(database.db);
  const deps = {
    config: { INTERNAL_SECRET, ENCRYPTION_KEY, REDIS_PREFIX: 'bench', PROFILE_CACHE_SECONDS: 0, PUBLISH_SETTLE_MS: 0 },
    logger,
    database,
    redis,
    queues,
    provider,
  };
  return {
    deps,
    database,
    services: createServices(deps),
    close: async () => {
      await queues.close();
      redis.disconnect();
      await database.close();
    },
  };
}

/**
 * Adds each user's company page as the product does (a page added to the user's connection), in
 * one statement: `pages` of user id and the page's organization and name.
 */
async function addPages(
  database: ReturnType<typeof servicesOn>['database'],
  pages: { userId: string; organization: string; name: string }[],
): Promise<number> {
  const column = (values: string[]) => `{${values.map((value) => JSON.stringify(value)).join(',')}}`;
  const added = await database.sql`
    insert into linkedin.pages (account_id, user_id, organization, name, identity)
    select a.id, a.user_id, p.organization, p.name, p.identity
    from unnest(${column(pages.map((page) => page.userId))}::uuid[],
                ${column(pages.map((page) => page.organization))}::text[],
                ${column(pages.map((page) => page.name))}::text[],
                ${column(pages.map((page) => pageIdentity('sandbox', page.organization)))}::text[])
         as p(user_id, organization, name, identity)
    join linkedin.accounts a on a.user_id = p.user_id
    on conflict do nothing`;
  return added.count;
}

/**
 * Connected accounts on the sandbox network, each with `posts` posts over the last 29 days, every
 * PAGE_EVERY-th with its company page added. Two sandbox members may draw the same page number; the
 * second keeps to its profile, as a page added in another account is refused. The pages added.
 */
async function seedAccounts(databaseUrl: string, redisUrl: string, accounts: number): Promise<number> {
  const { database, services, close } = servicesOn(databaseUrl, redisUrl);
  try {
    await database.sql`
      insert into linkedin.sandbox_accounts (id, username, connected)
      select 'sbx_bench_' || g, 'bench' || g || '@bench.test', true from generate_series(1, ${accounts}) g`;
    await database.sql`
      insert into linkedin.sandbox_posts (id, account_id, text, reactions, comments, reposts, impressions, created_at)
      select g || '-' || i, 'sbx_bench_' || g, 'منشور تجريبي رقم ' || i || ' — benchmark post ' || i,
             10 + i, i % 7, i % 3, 1000 + i * 10, now() - make_interval(hours => i * 7)
      from generate_series(1, ${accounts}) g, generate_series(1, ${POSTS}) i`;
    let next = 1;
    const pages: { userId: string; organization: string; name: string }[] = [];
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (let g = next++; g <= accounts; g = next++) {
          const userId = randomUUID();
          await services.accounts.markConnected(userId, 'sandbox', `sbx_bench_${g}`);
          if (PAGE_EVERY > 0 && g % PAGE_EVERY === 0) pages.push({ userId, ...sandboxPage(`sbx_bench_${g}`) });
        }
      }),
    );
    const added = pages.length > 0 ? await addPages(database, pages) : 0;
    await database.sql`analyze`;
    return added;
  } finally {
    await close();
  }
}

interface SnapshotRun {
  accounts: number;
  snapshotted: number;
  /** Company pages added, and those whose figures were read. */
  pages: number;
  pagesRead: number;
  scheduledAt: number;
  scheduledMs: number;
  finishedAt: number;
  periodMs: number;
  due: number[];
  snapshots: { takenMs: number; dueMs: number | null }[];
  calls: number;
  busiestWindow: number;
  accountsOverLimit: number;
  limit: { limit: number; windowMs: number };
  startRss: number;
  peakRss: number;
  rows: { posts: number; snapshots: number; pageDays: number };
  loadAverage: number;
  lateness: { p50: number; p99: number; max: number };
  /** Accounts due in each tenth of the period. */
  tenths: number[];
}

async function runSnapshots(accounts: number, redisUrl: string): Promise<SnapshotRun> {
  const db = await createBenchDatabase('analytics');
  const dir = mkdtempSync(join(tmpdir(), 'nashr-bench-analytics-'));
  const out = join(dir, 'snapshots.json');
  const admin = createRedis(redisUrl, 'worker');
  try {
    await admin.flushall();
    await runMigrations(db.url, { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'linkedin' });
    const seeded = Date.now();
    const pages = await seedAccounts(db.url, redisUrl, accounts);
    say(
      `  seeded ${accounts} accounts × ${POSTS} posts and ${pages} company pages ` +
        `in ${((Date.now() - seeded) / 1000).toFixed(1)} s`,
    );
    const child: ChildProcess = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', WORKER_ENTRY], {
      env: {
        ...process.env,
        DATABASE_URL: db.url,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: 'bench',
        ENCRYPTION_KEY,
        PERIOD_MS: String(PERIOD_MS),
        DRAIN_MS: String(Math.max(60_000, PERIOD_MS)),
        LATENCY_MS: args.latency,
        CONCURRENCY: args.concurrency,
        LIMIT_MAX: args.limit,
        LIMIT_WINDOW_MS: args['limit-window-ms'],
        OUT: out,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-16_000);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-16_000);
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`the snapshot worker exited with ${code}:\n${output}`);
    const run = JSON.parse(readFileSync(out, 'utf8')) as Omit<SnapshotRun, 'loadAverage' | 'lateness' | 'tenths'>;
    const late = run.snapshots
      .filter((s) => s.dueMs !== null)
      .map((s) => s.takenMs - (s.dueMs ?? 0))
      .sort((a, b) => a - b);
    const tenths = Array.from({ length: 10 }, () => 0);
    const first = Math.min(...run.due);
    for (const due of run.due) tenths[Math.min(9, Math.floor(((due - first) / run.periodMs) * 10))]! += 1;
    return {
      ...run,
      loadAverage: loadavg()[0] ?? 0,
      lateness: { p50: percentile(late, 50), p99: percentile(late, 99), max: late.at(-1) ?? Number.NaN },
      tenths,
    };
  } finally {
    await admin.flushall().catch(() => {});
    admin.disconnect();
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

interface SummaryResult {
  days: number;
  history: { p50: number; p95: number; p99: number };
  empty: { p50: number; p95: number; p99: number };
}

/** The dashboard's user's company pages: made-up numbers past the sandbox's, one per index. */
const benchPage = (index: number) => ({
  organization: `urn:li:organization:${90_000_000 + index}`,
  name: `Page ${index}`,
});

/** Two years of days of each page, as the snapshots would have read them, today's with its followers. */
async function seedPageDays(
  database: ReturnType<typeof servicesOn>['database'],
  userId: string,
  organizations: string[],
): Promise<void> {
  await database.db.execute(sql`
    insert into linkedin.analytics_page_days
      (user_id, organization, day, impressions, clicks, reactions, comments, shares, followers_gained, followers, read_at)
    select ${userId}::uuid, o, (current_date - d), 100 + (d * 37) % 400, (d * 7) % 30, (d * 11) % 40, d % 6, d % 4,
           d % 5, case when d = 0 then 5000 else null end, now()
    from unnest(${`{${organizations.join(',')}}`}::text[]) as o, generate_series(0, 729) d`);
}

/** Two years of a user's snapshots, as the collector and the retention would have left them. */
async function seedHistory(database: ReturnType<typeof servicesOn>['database'], userIds: string[]): Promise<void> {
  const users = sql`unnest(${`{${userIds.join(',')}}`}::uuid[])`;
  await database.db.execute(sql`
    insert into linkedin.analytics_posts
      (user_id, post_id, text, share_url, published_at, reactions, comments, reposts, impressions, last_snapshot_at)
    select u.id, 'p' || i, 'النجاح لا يأتي من فكرة عظيمة وحدها، بل من تنفيذ صغير ومتكرر كل يوم — post ' || i, null,
           now() - make_interval(hours => i * 42),
           round((2000 + (i * 37) % 8000) * 0.03), round((2000 + (i * 37) % 8000) * 0.004),
           round((2000 + (i * 37) % 8000) * 0.002), 2000 + (i * 37) % 8000, now()
    from ${users} as u(id), generate_series(0, 415) i`);
  await database.db.execute(sql`
    insert into linkedin.analytics_post_snapshots
      (user_id, post_id, taken_at, reactions, comments, reposts, impressions, engagement_gained, impressions_gained, gained_at)
    select user_id, 'p' || i, taken,
           round(f * 0.03 * g)::int, round(f * 0.004 * g)::int, round(f * 0.002 * g)::int, round(f * g)::int,
           (round(f * 0.03 * g) + round(f * 0.004 * g) + round(f * 0.002 * g)
             - round(f * 0.03 * g0) - round(f * 0.004 * g0) - round(f * 0.002 * g0))::int,
           (round(f * g) - round(f * g0))::int,
           case when k = 0 then pub else taken end
    from (
      select u.id as user_id, i, k, p.pub, p.f, p.pub + make_interval(hours => k * 6, mins => 1) as taken,
             1 - exp(-(k + 0.5) / 2.0) as g, case when k = 0 then 0 else 1 - exp(-(k - 0.5) / 2.0) end as g0
      from ${users} as u(id), generate_series(0, 415) i,
           lateral (select now() - make_interval(hours => i * 42) as pub, 2000 + (i * 37) % 8000 as f) p,
           generate_series(0, 119) k
      where p.pub + make_interval(hours => k * 6, mins => 1) < now()
    ) s`);
  await database.db.execute(sql`
    insert into linkedin.analytics_profile_snapshots (user_id, taken_at, followers, connections)
    select u.id, now() - make_interval(hours => h * 6), 1000 + (2920 - h), 500
    from ${users} as u(id), generate_series(0, 2919) h`);
  await database.db.execute(sql`
    insert into linkedin.analytics_accounts (user_id, first_snapshot_at, last_snapshot_at, imported_at)
    select u.id, now() - interval '730 days', now(), now() - interval '730 days' from ${users} as u(id)`);
}

async function timeOf(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return performance.now() - started;
}

const spreadOf = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
};

async function runSummary(redisUrl: string) {
  const db = await createBenchDatabase('analytics-summary');
  const bench = servicesOn(db.url, redisUrl);
  const { database, services } = bench;
  try {
    await runMigrations(db.url, { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'linkedin' });
    const target = randomUUID();
    const empty = randomUUID();
    const others = Array.from({ length: Number(args['other-users']) }, () => randomUUID());
    const seeded = Date.now();
    await seedHistory(database, [target, ...others]);
    for (const userId of [target, empty]) await services.accounts.markConnected(userId, 'sandbox', `sbx_${userId}`);
    const targetPages = Array.from({ length: USER_PAGES }, (_, i) => ({ userId: target, ...benchPage(i) }));
    const newPage = { userId: empty, ...benchPage(USER_PAGES) };
    await addPages(database, [...targetPages, newPage]);
    await seedPageDays(
      database,
      target,
      targetPages.map((page) => page.organization),
    );
    const cutoff = new Date(Date.now() - FINE_SNAPSHOT_DAYS * 86_400_000);
    const folded = await services.snapshots.fold(
      new Date(Date.UTC(cutoff.getUTCFullYear(), cutoff.getUTCMonth(), cutoff.getUTCDate())),
    );
    // As autovacuum would have by then: index-only scans need the visibility map.
    for (const table of [
      'analytics_post_snapshots',
      'analytics_posts',
      'analytics_profile_snapshots',
      'analytics_page_days',
    ]) {
      await database.sql.unsafe(`vacuum analyze linkedin.${table}`).simple();
    }
    const [counts] = await database.sql<{ user_rows: number; all_rows: number; profile_rows: number }[]>`
      select (select count(*)::int from linkedin.analytics_post_snapshots where user_id = ${target}) as user_rows,
             (select count(*)::int from linkedin.analytics_post_snapshots) as all_rows,
             (select count(*)::int from linkedin.analytics_profile_snapshots where user_id = ${target}) as profile_rows`;
    say(
      `  two years of history for ${others.length + 1} users in ${((Date.now() - seeded) / 1000).toFixed(1)} s; ` +
        `folded ${folded.before} rows into ${folded.after}; the user: ${counts?.user_rows} post snapshots, ` +
        `${counts?.profile_rows} profile snapshots; the table: ${counts?.all_rows} rows`,
    );

    const app = buildApp(bench.deps);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const headersOf = (userId: string) =>
      identityHeaders({ userId, email: `${userId.slice(0, 8)}@bench.test`, roles: ['user'] }, INTERNAL_SECRET);
    const results: SummaryResult[] = [];
    const pageResults: SummaryResult[] = [];
    try {
      for (const days of ANALYTICS_PERIODS) {
        const url = `${base}/api/v1/analytics/summary?days=${days}&timeZone=Asia/Riyadh`;
        for (let i = 0; i < WARMUP; i++) {
          await timeOf(url, headersOf(target));
          await timeOf(url, headersOf(empty));
        }
        const history: number[] = [];
        const none: number[] = [];
        for (let i = 0; i < SAMPLES; i++) {
          history.push(await timeOf(url, headersOf(target)));
          none.push(await timeOf(url, headersOf(empty)));
        }
        results.push({ days, history: spreadOf(history), empty: spreadOf(none) });
        const last = results.at(-1)!;
        say(
          `  ${days} days: p50 ${ms(last.history.p50)}, p95 ${ms(last.history.p95)}, p99 ${ms(last.history.p99)} ` +
            `(no history: p95 ${ms(last.empty.p95)})`,
        );
      }
      // Each of the user's pages in turn, against a page just added (its figures not read yet).
      const pageUrl = (organization: string, days: number) =>
        `${base}/api/v1/analytics/page?organization=${encodeURIComponent(organization)}&days=${days}`;
      for (const days of ANALYTICS_PERIODS) {
        const history: number[] = [];
        const none: number[] = [];
        for (let i = 0; i < WARMUP + SAMPLES; i++) {
          const page = targetPages[i % targetPages.length]!;
          const withDays = await timeOf(pageUrl(page.organization, days), headersOf(target));
          const fresh = await timeOf(pageUrl(newPage.organization, days), headersOf(empty));
          if (i < WARMUP) continue;
          history.push(withDays);
          none.push(fresh);
        }
        pageResults.push({ days, history: spreadOf(history), empty: spreadOf(none) });
        const last = pageResults.at(-1)!;
        say(
          `  a page, ${days} days: p50 ${ms(last.history.p50)}, p95 ${ms(last.history.p95)}, ` +
            `p99 ${ms(last.history.p99)} (a page just added: p95 ${ms(last.empty.p95)})`,
        );
      }
    } finally {
      await app.close();
    }

    const now = new Date();
    const statements = periodStatements({
      userId: target,
      zone: 'Asia/Riyadh',
      now,
      from: new Date(now.getTime() - 365 * 86_400_000),
      previousFrom: new Date(now.getTime() - 730 * 86_400_000),
      postsFrom: new Date(now.getTime() - 730 * 86_400_000),
    });
    const plans: Record<string, string> = {};
    for (const [name, statement] of Object.entries(statements)) {
      const rows = await database.db.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, buffers) ${statement}`);
      plans[name] = rows.map((row) => row['QUERY PLAN']).join('\n');
    }
    return { results, pageResults, plans, counts, folded };
  } finally {
    await bench.close();
    await db.drop();
  }
}

const redis = await startRedis();
const report: Record<string, unknown> = { args, quick, cpus: cpus().length, loadAverageAtStart: loadavg()[0] };
say(`Analytics benchmark${quick ? ' (quick)' : ''}: load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} CPUs`);
let failed = false;
try {
  if (only.has('snapshots')) {
    const runs: SnapshotRun[] = [];
    for (const accounts of [Math.max(1, Math.round(ACCOUNTS / 10)), ACCOUNTS]) {
      say(`\n[snapshots: ${accounts} accounts, period ${PERIOD_MS / 1000} s, ${args.latency} ms a call]`);
      const run = await runSnapshots(accounts, redis.url);
      runs.push(run);
      say(
        `  snapshotted ${run.snapshotted} of ${run.accounts} accounts and ${run.pagesRead} of ${run.pages} pages ` +
          `(scheduling took ${run.scheduledMs} ms); ` +
          `lateness p50 ${(run.lateness.p50 / 1000).toFixed(2)} s, p99 ${(run.lateness.p99 / 1000).toFixed(2)} s, ` +
          `max ${(run.lateness.max / 1000).toFixed(2)} s; due per tenth of the period: ${run.tenths.join(' ')}; ` +
          `${run.calls} calls, the busiest account window ${run.busiestWindow} (limit ${run.limit.limit}), ` +
          `${run.accountsOverLimit} accounts over; RSS ${mb(run.startRss)} at start, peak ${mb(run.peakRss)} ` +
          `(${(run.peakRss / run.startRss).toFixed(2)}×); ${run.rows.snapshots} snapshot rows, ${run.rows.pageDays} page days; ` +
          `load ${run.loadAverage.toFixed(1)}`,
      );
      failed ||= run.snapshotted < run.accounts || run.pagesRead < run.pages || run.accountsOverLimit > 0;
    }
    const [baseline, full] = runs;
    if (baseline && full) {
      say(
        `  peak RSS ${full.accounts} accounts / ${baseline.accounts} accounts: ${(full.peakRss / baseline.peakRss).toFixed(2)}× ` +
          `(peak/start ${(full.peakRss / full.startRss).toFixed(2)}× against ${(baseline.peakRss / baseline.startRss).toFixed(2)}×)`,
      );
    }
    report.snapshots = runs.map(({ snapshots: _s, due: _d, ...run }) => run);
  }
  if (only.has('summary')) {
    say(`\n[dashboard: two years of snapshots, the profile and ${USER_PAGES} company pages]`);
    const summary = await runSummary(redis.url);
    report.summary = summary;
    for (const result of [...summary.results, ...summary.pageResults]) failed ||= result.history.p95 > 50;
    say('\nPlans of the 365-day summary statements (EXPLAIN ANALYZE, BUFFERS):');
    for (const [name, plan] of Object.entries(summary.plans)) say(`\n-- ${name}\n${plan}`);
  }
} finally {
  await redis.stop();
}
report.loadAverageAtEnd = loadavg()[0];
if (args.out) writeFileSync(args.out, `${JSON.stringify(report, null, 2)}\n`);
process.exit(failed ? 1 : 0);
