/**
 * A feed refresh that meets its account's rate goes back to the queue instead of holding its
 * worker: with one worker slot, a user whose refresh needs more calls than the account's window
 * allows pauses, another user's refresh runs meanwhile, and the first one then goes on from where
 * it paused, to the same feed, never over the account's limit. Real PostgreSQL, Redis, BullMQ
 * worker and the service's own Redis pacer, against the sandbox network.
 */
import { engageRefreshJob, QUEUES } from '@nashr/contracts';
import { createDatabase, NetworkAccountRate, networkAccountKey, Queues } from '@nashr/platform';
import { createCapturingLogger, createTestDatabase, createTestRedis } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './app.js';
import { configSchema } from './config.js';
import { feedItems, schema } from './db/schema.js';
import { REFRESH_STEP } from './feed.js';
import { type EngageWorkers, startEngageWorkers } from './jobs/index.js';
import { SANDBOX_CREATORS } from './providers/sandbox/creators.js';
import { SandboxEngageProvider } from './providers/sandbox/sandbox-provider.js';

/** Each account's limit: this many calls in any window of WINDOW_MS (longer than a refresh waits in place). */
const LIMIT = 6;
const WINDOW_MS = 5_000;

let close: () => Promise<void>;
let queues: Queues;
let rate: NetworkAccountRate;
let database: ReturnType<typeof createDatabase<typeof schema>>;
const calls = new Map<string, number[]>();

beforeAll(async () => {
  const db = await createTestDatabase([{ migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'engage' }]);
  const redis = await createTestRedis();
  database = createDatabase({ url: db.url, schema, max: 5 });
  const { logger } = createCapturingLogger();
  const config = configSchema.parse({
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: redis.prefix,
    INTERNAL_SECRET: 'engage-refresh-pacing-secret-0123456789',
    // One slot: a refresh that waited in it would keep every other refresh waiting.
    ENGAGE_FEED_CONCURRENCY: '1',
  });
  const connection = redis.redis.duplicate({ maxRetriesPerRequest: null });
  rate = new NetworkAccountRate(connection, { prefix: redis.prefix, limit: LIMIT, windowMs: WINDOW_MS });
  const provider = new SandboxEngageProvider(database.db, {
    pacer: rate,
    onCall: (account) => calls.set(account, [...(calls.get(account) ?? []), Date.now()]),
  });
  const workers: EngageWorkers = await startEngageWorkers({
    config,
    database,
    queue: { connection, prefix: redis.prefix },
    logger,
    provider,
  });
  queues = new Queues({ connection: redis.redis, prefix: redis.prefix }, logger);
  close = async () => {
    await workers.close();
    await queues.close();
    connection.disconnect();
    await database.close();
    await redis.cleanup();
    await db.drop();
  };
});

afterAll(async () => {
  await close?.();
});

/** Follows the sandbox's first creators and then members without posts (each still one call). */
async function follows(userId: string, people: number) {
  const handles = [
    ...SANDBOX_CREATORS.slice(0, 2).map((creator) => creator.handle),
    ...Array.from({ length: people - 2 }, (_, i) => `member-${i}`),
  ];
  await database.sql`
    insert into engage.people (user_id, handle, profile_url, name, headline, language)
    select ${userId}::uuid, h, 'https://www.linkedin.com/in/' || h, h, '', 'en' from unnest(${handles}::text[]) as h`;
}

async function refreshed(userId: string) {
  const job = await queues.enqueue(engageRefreshJob, { userId }, { jobId: `refresh-${userId}` });
  return job.id ?? '';
}

const finished = async (jobId: string) => (await queues.get(QUEUES.engageFeed).getJob(jobId))?.finishedOn ?? null;

describe('a feed refresh that meets its account rate', () => {
  it('goes back to the queue, lets another refresh run meanwhile, and goes on to the whole feed', async () => {
    const busy = crypto.randomUUID();
    const other = crypto.randomUUID();
    // More calls than one window allows, so the refresh must pause at least once.
    const people = REFRESH_STEP + 3;
    expect(people).toBeGreaterThan(LIMIT);
    await follows(busy, people);
    await follows(other, 3);

    const busyJob = await refreshed(busy);
    // Paused while the account's rate refills, with where it was.
    await expect
      .poll(async () => (await queues.get(QUEUES.engageFeed).getJob(busyJob))?.data.progress, { timeout: 10_000 })
      .toMatchObject({ done: REFRESH_STEP });
    const otherJob = await refreshed(other);
    await expect.poll(() => finished(otherJob), { timeout: 10_000 }).not.toBeNull();
    // The busy account's refresh was still waiting then: the one worker slot was not held by it.
    expect(await finished(busyJob)).toBeNull();
    expect(await queues.get(QUEUES.engageFeed).getJobState(busyJob)).toBe('delayed');

    await expect.poll(() => finished(busyJob), { timeout: WINDOW_MS * 4 }).not.toBeNull();
    const [busyFinished, otherFinished] = await Promise.all([finished(busyJob), finished(otherJob)]);
    expect(otherFinished).toBeLessThan(busyFinished ?? 0);

    // The whole feed: both followed creators' posts, as one refresh without a limit would keep.
    const authors = async (userId: string) =>
      new Set(
        (await database.db.select().from(feedItems))
          .filter((row) => row.userId === userId)
          .map((row) => row.authorHandle),
      );
    expect(await authors(busy)).toEqual(new Set(SANDBOX_CREATORS.slice(0, 2).map((creator) => creator.handle)));
    expect((await database.sql`select refreshed_at from engage.settings where user_id = ${busy}`).length).toBe(1);

    // Never over the account's limit in any window.
    const times = calls.get(busy) ?? [];
    expect(times.length).toBeGreaterThanOrEqual(people);
    for (const [i, start] of times.entries()) {
      expect(times.filter((at, j) => j >= i && at - start < WINDOW_MS).length).toBeLessThanOrEqual(LIMIT);
    }
  });

  it("an older refresh that ends after a newer one keeps the newer one's posts as they are", async () => {
    const user = crypto.randomUUID();
    await follows(user, 3);
    const newer = await refreshed(user);
    await expect.poll(() => finished(newer), { timeout: 10_000 }).not.toBeNull();
    const rows = async () =>
      (await database.db.select().from(feedItems))
        .filter((row) => row.userId === user)
        .map((row) => [row.postId, row.fetchedAt.toISOString()])
        .sort();
    const before = await rows();
    expect(before.length).toBeGreaterThan(0);

    // A refresh that started a minute earlier (a list changed while it waited for its account) ends now.
    const older = await queues.enqueue(
      engageRefreshJob,
      { userId: user, progress: { startedAt: new Date(Date.now() - 60_000).toISOString(), done: 0 } },
      { jobId: `older-refresh-${user}` },
    );
    await expect.poll(() => finished(older.id ?? ''), { timeout: 10_000 }).not.toBeNull();
    expect(await rows()).toEqual(before);
  });

  it('waits out a 429 the linkedin worker met as the same account: one budget per account', async () => {
    const user = crypto.randomUUID();
    await follows(user, 3);
    // The linkedin worker's snapshots take the sandbox account's slots under this key.
    const heldAt = Date.now();
    await rate.holdOff(networkAccountKey({ provider: 'sandbox', userId: user }), 3000);
    const job = await refreshed(user);
    await expect.poll(() => finished(job), { timeout: 15_000 }).not.toBeNull();
    expect((calls.get(user)?.[0] ?? 0) - heldAt).toBeGreaterThanOrEqual(2900);
  });
});
