/**
 * Redis restarts and comes back empty while posts are scheduled: some already out, some being
 * published (the simulated network takes 800 ms per post), most still waiting as delayed jobs.
 * Every client is cut off (TCP proxy), every key of the installation deleted, and the proxy
 * restored, which is what a Redis restarted without persistence looks like to the services.
 *
 * PostgreSQL holds every post; the posts worker's reconciler puts the lost jobs back. Every post
 * must still reach the network, exactly once. Runs the real posts worker and the real linkedin
 * publish worker (in this process) against the sandbox network.
 */
import { createDatabase, createRedis, Queues, waitForRedis } from '@nashr/platform';
import { testIdentity } from '@nashr/platform/testing';
import { PostQueues, PostService, PostStore, schema as postsSchema } from '@nashr/posts';
import { type Stack, startStack } from '@nashr/tools/in-process-stack';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectAccount } from './support/gateway-client.js';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.js';

const POSTS = 12;
let proxy: TcpProxy;
let stack: Stack;
const alice = testIdentity(['user']);
const closers: (() => Promise<unknown> | unknown)[] = [];

beforeAll(async () => {
  proxy = await startTcpProxy(process.env.REDIS_URL ?? '');
  stack = await startStack({
    gateway: true,
    redisUrl: (url) => proxy.via(url),
    workers: ['posts', 'linkedin'],
    env: { linkedin: { SANDBOX_LATENCY_MS: '800' } },
  });
  const cookie = await stack.cookieFor(alice);
  await connectAccount(stack, cookie, 'restart@sandbox.test', 'pw');
}, 60_000);

afterAll(async () => {
  await proxy?.restore();
  for (const close of closers.reverse()) await close();
  await stack?.close();
  await proxy?.close();
});

/**
 * The posts service's own scheduling, used directly because its HTTP form has minute precision
 * and this test needs posts due within seconds.
 */
async function postService(): Promise<PostService> {
  const database = createDatabase({ url: stack.databaseUrl, schema: postsSchema });
  const redis = createRedis(proxy.via(stack.redis.url), 'request');
  await waitForRedis(redis);
  const logger = (await import('@nashr/platform/testing')).createCapturingLogger().logger;
  const queues = new Queues({ connection: redis, prefix: stack.prefix }, logger);
  closers.push(
    () => database.close(),
    () => redis.disconnect(),
    () => queues.close(),
  );
  return new PostService(new PostStore(database.db), new PostQueues(queues, logger));
}

it('every scheduled post still goes out, exactly once, after Redis restarts empty', { timeout: 60_000 }, async () => {
  const service = await postService();
  const start = Date.now();
  const ids: string[] = [];
  for (let i = 0; i < POSTS; i++) {
    const post = await service.schedule(alice.userId, `Restart survivor number ${i}`, {
      instant: new Date(start + 1_500 + i * 500),
      timeZone: 'Asia/Riyadh',
    });
    ids.push(post.id);
  }

  // Halfway through: some posts are out, some are with the network, the rest are delayed jobs.
  await new Promise((resolve) => setTimeout(resolve, 3_500 - (Date.now() - start)));
  const statuses = await stack.sql<{ status: string; n: number }[]>`
    select status, count(*)::int as n from posts.posts where id in ${stack.sql(ids)} group by status`;
  await proxy.cut();
  const removed = await stack.wipeRedis();
  await proxy.restore();
  expect(removed).toBeGreaterThan(0);
  expect(statuses.find((s) => s.status === 'scheduled')?.n ?? 0, JSON.stringify(statuses)).toBeGreaterThan(0);

  const published = async () =>
    (
      await stack.sql<{ n: number }[]>`
        select count(*)::int as n from posts.posts where id in ${stack.sql(ids)} and status = 'published'`
    )[0]?.n;
  await expect.poll(published, { timeout: 45_000, interval: 250 }).toBe(POSTS);

  const copies = await stack.sql<{ text: string; n: number }[]>`
    select text, count(*)::int as n from linkedin.sandbox_posts
    where text like 'Restart survivor number %' group by text`;
  expect(copies).toHaveLength(POSTS);
  expect(
    copies.filter((c) => c.n !== 1),
    'posts published more than once',
  ).toEqual([]);
  // What the posts service recorded is what the network holds.
  const mismatched = await stack.sql`
    select p.id from posts.posts p
    left join linkedin.sandbox_posts s on s.id = p.network_post_id and s.text = p.content
    where p.id in ${stack.sql(ids)} and s.id is null`;
  expect(mismatched).toHaveLength(0);
});
