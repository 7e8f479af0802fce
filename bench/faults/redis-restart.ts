/**
 * Redis crashes and restarts empty (no persistence) while hundreds of posts are scheduled.
 * Real processes throughout: a redis-server of this scenario's own (killed with SIGKILL and
 * started again on the same port), the posts worker and two linkedin publish workers as
 * `node services/<s>/dist/worker.js`, the sandbox network at 50 ms a post. Posts are due
 * across a 20 s window; Redis dies in the middle of it. Every post must still go out, exactly
 * once; the lateness of each is reported.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createDatabase, createRedis, identityHeaders, Queues, waitForRedis } from '@nashr/platform';
import { createCapturingLogger, TEST_INTERNAL_SECRET, testIdentity } from '@nashr/platform/testing';
import { PostQueues, PostService, PostStore, schema as postsSchema } from '@nashr/posts';
import { startStack } from '@nashr/tools/in-process-stack';
import { freePort } from '../scheduler/infra.js';
import { type ServiceProcess, startService } from './processes.js';
import { encryptionKey, type FaultScenario, sleep, waitFor } from './scenario.js';

const POSTS = Number(process.env.FAULTS_POSTS ?? 300);
const WINDOW_MS = 20_000;
const LEAD_MS = 5_000;

/** A redis-server on `port` without persistence: started again, it is empty. */
async function startRedisServer(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const probe = createRedis(`redis://127.0.0.1:${port}`, 'worker');
  try {
    await waitForRedis(probe, 10_000);
  } finally {
    probe.disconnect();
  }
  return child;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

export const redisRestart: FaultScenario = {
  name: 'redis-restart',
  what: `Redis killed and restarted empty while ${POSTS} posts are due over ${WINDOW_MS / 1000} s: every post out, once`,
  run: async () => {
    const port = await freePort();
    let redisServer = await startRedisServer(port);
    const redisUrl = `redis://127.0.0.1:${port}`;
    const sharedRedis = process.env.REDIS_URL;
    process.env.REDIS_URL = redisUrl;
    const key = encryptionKey();
    const stack = await startStack({ env: { linkedin: { ENCRYPTION_KEY: key } } });
    process.env.REDIS_URL = sharedRedis;
    const processes: ServiceProcess[] = [];
    const closers: (() => Promise<unknown> | unknown)[] = [];
    try {
      const user = testIdentity(['user']);
      const connected = await stack.apps.linkedin.inject({
        method: 'POST',
        url: '/api/v1/linkedin/accounts',
        headers: identityHeaders(user, TEST_INTERNAL_SECRET),
        payload: { username: 'restart-at-scale@sandbox.test', password: 'pw' },
      });
      if (connected.statusCode !== 200) throw new Error(`connect answered ${connected.statusCode}`);

      const common = { DATABASE_URL: stack.databaseUrl, REDIS_URL: redisUrl, REDIS_PREFIX: stack.prefix };
      const linkedinEnv = {
        ...common,
        INTERNAL_SECRET: TEST_INTERNAL_SECRET,
        ENCRYPTION_KEY: key,
        SANDBOX_LATENCY_MS: '50',
      };
      processes.push(
        await startService(
          'posts-worker',
          'posts',
          'worker',
          { ...common, RECONCILE_INTERVAL_MS: '2000', PUBLISH_STUCK_MS: '5000' },
          'posts-worker running',
        ),
        await startService('linkedin-worker 1', 'linkedin', 'worker', linkedinEnv, 'linkedin-worker running'),
        await startService('linkedin-worker 2', 'linkedin', 'worker', linkedinEnv, 'linkedin-worker running'),
      );

      // The posts service's own scheduling: its HTTP form has minute precision.
      const logger = createCapturingLogger().logger;
      const database = createDatabase({ url: stack.databaseUrl, schema: postsSchema, max: 10 });
      const producer = createRedis(redisUrl, 'worker');
      const queues = new Queues({ connection: producer, prefix: stack.prefix }, logger);
      closers.push(
        () => database.close(),
        () => queues.close(),
        () => producer.disconnect(),
      );
      const service = new PostService(new PostStore(database.db), new PostQueues(queues, logger));
      const start = Date.now() + LEAD_MS;
      const texts: string[] = [];
      for (let i = 0; i < POSTS; i++) {
        const text = `Restart at scale ${i} ${start}`;
        texts.push(text);
        await service.schedule(user.userId, text, {
          instant: new Date(start + Math.floor((i * WINDOW_MS) / POSTS)),
          timeZone: 'UTC',
        });
      }

      await sleep(start + WINDOW_MS / 2 - Date.now());
      const before = await stack.sql<{ status: string; n: number }[]>`
        select status, count(*)::int as n from posts.posts group by status order by status`;
      redisServer.kill('SIGKILL');
      await new Promise((resolve) => redisServer.once('exit', resolve));
      await sleep(2_000);
      redisServer = await startRedisServer(port);
      const restartedAt = Date.now();

      const settled = async () =>
        (
          await stack.sql<{ n: number }[]>`
          select count(*)::int as n from posts.posts where status in ('published', 'failed')`
        )[0]?.n ?? 0;
      await waitFor('every post to settle', settled, (n) => n === POSTS, WINDOW_MS + 90_000, 500).catch(() => 0);
      const statuses = await stack.sql<{ status: string; n: number }[]>`
        select status, count(*)::int as n from posts.posts group by status order by status`;
      const copies = await stack.sql<{ n: number; posts: number }[]>`
        select n, count(*)::int as posts from (
          select count(*)::int as n from linkedin.sandbox_posts where text like ${`Restart at scale % ${start}`} group by text
        ) c group by n order by n`;
      const lateness = (
        await stack.sql<{ ms: number }[]>`
          select extract(epoch from (published_at - scheduled_at)) * 1000 as ms from posts.posts
          where status = 'published' order by 1`
      ).map((r) => Number(r.ms));
      const published = statuses.find((s) => s.status === 'published')?.n ?? 0;
      const doubles = copies.filter((c) => c.n > 1).reduce((sum, c) => sum + c.posts, 0);
      const onNetwork = copies.reduce((sum, c) => sum + c.posts, 0);
      const ok = published === POSTS && doubles === 0 && onNetwork === POSTS;
      const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
      return {
        ok,
        summary: `${published}/${POSTS} published, ${doubles} doubles, ${POSTS - onNetwork} never reached the network`,
        details: [
          `at the crash: ${before.map((s) => `${s.n} ${s.status}`).join(', ')}`,
          `after: ${statuses.map((s) => `${s.n} ${s.status}`).join(', ')} (last settled ${seconds(Date.now() - restartedAt)} after the restart)`,
          `lateness (due to recorded as published): p50 ${seconds(percentile(lateness, 0.5))}, p99 ${seconds(percentile(lateness, 0.99))}, max ${seconds(lateness.at(-1) ?? 0)}`,
        ],
      };
    } finally {
      await Promise.all(processes.map((p) => p.kill('SIGKILL')));
      for (const close of closers.reverse()) await close();
      await stack.close();
      redisServer.kill('SIGKILL');
    }
  },
};
