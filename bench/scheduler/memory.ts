// How much Redis memory scheduled posts cost, for posts spread over the next 90 days, added
// through the posts service's own code on a Redis of the benchmark's own: first with a horizon
// past all of them (every post holds a delayed due job: the cost of one job), then with the
// default schedule horizon (only posts due within it hold one; `PostQueues` of `@nashr/posts`).
//
//   npx tsx bench/scheduler/memory.ts                 # 10,000, 50,000 and 100,000 posts
//   npx tsx bench/scheduler/memory.ts --posts 1000,10000
//   npx tsx bench/scheduler/memory.ts --posts 1000000 --horizon-only
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createLogger, createRedis, Queues, waitForRedis } from '@nashr/platform';
import type { PostRow } from '@nashr/posts';
import { DEFAULT_SCHEDULE_HORIZON_MS, PostQueues } from '@nashr/posts';
import { startRedis } from './infra.js';

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '10000,50000,100000' },
    // Only the default horizon: 1,000,000 posts each holding a job would need about 1 GB.
    'horizon-only': { type: 'boolean', default: false },
  },
});
const counts = String(values.posts)
  .split(',')
  .map((n) => Number(n.replace(/_/g, '')));
const HORIZON_MS = 90 * 86_400_000;
const BATCH = 500;

const logger = createLogger('bench-memory', { NODE_ENV: 'production', LOG_LEVEL: 'warn', LOG_PRETTY: false });
const redisServer = await startRedis();
const connection = createRedis(redisServer.url, 'worker');
await waitForRedis(connection);
const queues = new Queues({ connection, prefix: 'bench' }, logger);

const usedMemory = async () => Number(/^used_memory:(\d+)/m.exec(await connection.info('memory'))?.[1]);

/** A scheduled post as the posts service stores it; only what the due job reads matters. */
const postDueIn = (ms: number) =>
  ({ id: randomUUID(), version: 1, scheduledAt: new Date(Date.now() + ms) }) as unknown as PostRow;

const HORIZONS = [
  { label: 'every post holds a job', horizonMs: HORIZON_MS + 86_400_000 },
  { label: `horizon ${DEFAULT_SCHEDULE_HORIZON_MS / 3_600_000} h`, horizonMs: DEFAULT_SCHEDULE_HORIZON_MS },
];

try {
  for (const { label, horizonMs } of values['horizon-only'] ? HORIZONS.slice(1) : HORIZONS) {
    process.stdout.write(`${label}:\n`);
    const postQueues = new PostQueues(queues, logger, horizonMs);
    const rows: { posts: number; bytes: number; perPost: number }[] = [];
    for (const count of counts) {
      await connection.flushall();
      await postQueues.due.waitUntilReady();
      const before = await usedMemory();
      let inside = 0;
      for (let added = 0; added < count; added += BATCH) {
        const batch = Math.min(BATCH, count - added);
        const posts = Array.from({ length: batch }, () => postDueIn(60_000 + Math.random() * HORIZON_MS));
        inside += posts.filter((post) => postQueues.withinHorizon(post)).length;
        await Promise.all(posts.map((post) => postQueues.scheduleDue(post)));
      }
      const delayed = await postQueues.due.getDelayedCount();
      if (delayed !== inside) throw new Error(`expected ${inside} delayed jobs, found ${delayed}`);
      const bytes = (await usedMemory()) - before;
      rows.push({ posts: count, bytes, perPost: bytes / count });
      process.stdout.write(
        `  ${count.toLocaleString('en')} posts, ${delayed.toLocaleString('en')} jobs: ${(bytes / 1_048_576).toFixed(1)} MB, ${Math.round(bytes / count)} bytes a post\n`,
      );
    }
    const last = rows.at(-1);
    if (last) {
      process.stdout.write(
        `  at ${Math.round(last.perPost)} bytes a post, 1,000,000 scheduled posts hold about ${((last.perPost * 1_000_000) / 1_048_576).toFixed(0)} MB of Redis\n`,
      );
    }
  }
} finally {
  await queues.close();
  connection.disconnect();
  await redisServer.stop();
}
