/**
 * Engage's background refresh at scale: N users each following P people, every user's refresh
 * queued at once (the worst burst a refresh period can hold: the product spreads them over the
 * period), against the sandbox network at 50 ms a call with each account's rate enforced by the
 * service's own pacer (Redis, shared by two worker sets standing for two worker processes). The
 * network side records when each call reached it, so "no account over its limit" is checked
 * there, over every sliding window. Baseline: the same users and network without a rate limit,
 * in the same run.
 */
import { randomUUID } from 'node:crypto';
import { engageRefreshJob, QUEUES } from '@nashr/contracts';
import {
  configSchema,
  MIGRATIONS_FOLDER,
  SANDBOX_CREATORS,
  SandboxEngageProvider,
  schema,
  startEngageWorkers,
  unpaced,
} from '@nashr/engage';
import {
  createDatabase,
  createLogger,
  createRedis,
  NetworkAccountRate,
  Queues,
  runMigrations,
  waitForRedis,
} from '@nashr/platform';
import postgres from 'postgres';
import { createBenchDatabase } from '../scheduler/infra';

export interface RefreshPlan {
  users: number;
  /** People each user follows: a few of the sandbox's creators, the rest members without posts (each still one call). */
  people: number;
  latencyMs: number;
  /** Each account's limit: `limit` calls in any `windowMs`. */
  limit: number;
  windowMs: number;
  /** The refresh period every user must be refreshed within. */
  periodMs: number;
  /** Worker sets (processes) and the feed concurrency of each. */
  workers: number;
  concurrency: number;
}

export interface RefreshRun {
  /** From queueing every refresh to the last user's refresh done. */
  allRefreshedMs: number;
  refreshed: number;
  calls: number;
  /** Accounts that had more than `limit` calls reach the network within some window. */
  accountsOverLimit: number;
  /** The most calls any account made within one window. */
  busiestWindow: number;
}

const REAL_CREATORS = 3;

function busiestWindow(times: number[], windowMs: number): number {
  let most = 0;
  let start = 0;
  for (let end = 0; end < times.length; end++) {
    while ((times[end] ?? 0) - (times[start] ?? 0) >= windowMs) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

async function runOnce(plan: RefreshPlan, paced: boolean, redisUrl: string): Promise<RefreshRun> {
  const db = await createBenchDatabase(paced ? 'engage_paced' : 'engage_free');
  const prefix = `bench-engage-${randomUUID().slice(0, 8)}`;
  const logger = createLogger('engage-bench', { LOG_LEVEL: 'warn', NODE_ENV: 'production' } as never);
  const closers: (() => Promise<unknown>)[] = [];
  try {
    await runMigrations(db.url, { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'engage' });
    const users = Array.from({ length: plan.users }, () => randomUUID());
    const handles = [
      ...SANDBOX_CREATORS.slice(0, REAL_CREATORS).map((c) => c.handle),
      ...Array.from({ length: plan.people - REAL_CREATORS }, (_, i) => `bench-member-${i}`),
    ];
    const sql = postgres(db.url, { max: 1, onnotice: () => {} });
    await sql`
      insert into engage.people (user_id, handle, profile_url, name, headline, language)
      select u, h, 'https://www.linkedin.com/in/' || h, h, '', 'en'
      from unnest(${users}::uuid[]) as u, unnest(${handles}::text[]) as h`;

    const config = configSchema.parse({
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      INTERNAL_SECRET: 'bench-internal-secret-0123456789',
      LOG_LEVEL: 'warn',
      ENGAGE_REFRESH_MINUTES: String(Math.max(1, Math.round(plan.periodMs / 60_000))),
      ENGAGE_FEED_CONCURRENCY: String(plan.concurrency),
      // Suggestions are not what is measured: one set a day keeps their jobs short.
      ENGAGE_DAILY_SUGGESTIONS: '1',
    });
    const database = createDatabase({ url: db.url, schema, max: 10 * plan.workers });
    closers.push(() => database.close());
    const calls = new Map<string, number[]>();
    let total = 0;
    const onCall = (account: string) => {
      total++;
      const list = calls.get(account) ?? [];
      list.push(Date.now());
      calls.set(account, list);
    };
    for (let i = 0; i < plan.workers; i++) {
      const connection = createRedis(redisUrl, 'worker');
      await waitForRedis(connection);
      const pacer = paced
        ? new NetworkAccountRate(connection, { prefix, limit: plan.limit, windowMs: plan.windowMs })
        : unpaced;
      const provider = new SandboxEngageProvider(database.db, { latencyMs: plan.latencyMs, pacer, onCall });
      const workers = await startEngageWorkers({ config, database, queue: { connection, prefix }, logger, provider });
      closers.push(async () => {
        await workers.close();
        connection.disconnect();
      });
    }
    const producer = createRedis(redisUrl, 'worker');
    const queues = new Queues({ connection: producer, prefix }, logger);
    closers.push(async () => {
      await queues.close();
      producer.disconnect();
    });

    const started = Date.now();
    await queues.get(QUEUES.engageFeed).addBulk(
      users.map((userId) => ({
        name: engageRefreshJob.name,
        data: engageRefreshJob.schema.parse({ userId }),
        opts: { jobId: `bench-refresh-${userId}`, removeOnComplete: true },
      })),
    );
    const deadline = started + Math.max(plan.periodMs * 3, 120_000);
    let refreshed = 0;
    while (Date.now() < deadline) {
      const [row] = await sql<
        { n: number }[]
      >`select count(*)::int as n from engage.settings where refreshed_at is not null`;
      refreshed = row?.n ?? 0;
      if (refreshed >= plan.users) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const [last] = await sql<{ at: Date | null }[]>`select max(refreshed_at) as at from engage.settings`;
    await sql.end();
    let over = 0;
    let busiest = 0;
    for (const times of calls.values()) {
      const most = busiestWindow(times, plan.windowMs);
      busiest = Math.max(busiest, most);
      if (most > plan.limit) over++;
    }
    return {
      allRefreshedMs: last?.at ? last.at.getTime() - started : Number.NaN,
      refreshed,
      calls: total,
      accountsOverLimit: over,
      busiestWindow: busiest,
    };
  } finally {
    for (const close of closers.reverse()) await close();
    await db.drop();
  }
}

export async function benchEngageRefresh(plan: RefreshPlan, redisUrl: string) {
  const free = await runOnce(plan, false, redisUrl);
  const paced = await runOnce(plan, true, redisUrl);
  return { plan, free, paced };
}
