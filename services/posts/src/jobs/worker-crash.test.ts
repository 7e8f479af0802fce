import { testIdentity } from '@nashr/platform/testing';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FakeLinkedin } from '../testing/fake-linkedin.js';
import { PostsHarness } from '../testing/harness.js';
import { spawnPostsWorker, type WorkerProcess } from '../testing/worker-process.js';

let h: PostsHarness;
let linkedin: FakeLinkedin;
let sql: postgres.Sql;
let doomed: WorkerProcess | undefined;

beforeAll(async () => {
  h = await PostsHarness.start();
  linkedin = h.startFakeLinkedin();
  sql = postgres(h.testDb.url, { max: 2, onnotice: () => {} });
});
afterAll(async () => {
  doomed?.child.kill('SIGKILL');
  await sql.end();
  await h.close();
});

/** Backends of the worker process waiting on a row lock. */
const blockedWorkerQueries = async () => {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from pg_stat_activity
    where datname = current_database() and application_name = 'posts-worker' and wait_event_type = 'Lock'`;
  return row!.n;
};

/** A posts worker in a process of its own (no reconcile timer), for the test to kill. */
async function startWorkerProcess(): Promise<WorkerProcess> {
  const worker = spawnPostsWorker({
    DATABASE_URL: h.testDb.url,
    REDIS_URL: h.testRedis.url,
    REDIS_PREFIX: h.prefix,
    RECONCILE_INTERVAL_MS: '3600000',
  });
  await worker.started;
  return worker;
}

/** SIGKILLs the worker process; its connections die with it, so what it was writing never commits. */
async function killWorkerProcess(tx: postgres.TransactionSql): Promise<void> {
  doomed!.child.kill('SIGKILL');
  await new Promise((resolve) => doomed!.child.once('exit', resolve));
  await tx`select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and application_name = 'posts-worker'`;
}

it('a worker killed in the middle of a publish does not cause a second publish', { timeout: 60_000 }, async () => {
  const user = testIdentity();
  doomed = await startWorkerProcess();

  // The network holds the publish while the test takes a lock on the row, so the worker is caught
  // mid-job: the network has published, and the worker is writing the answer down.
  const release = linkedin.hold();
  const post = await h.service.schedule(user.userId, 'Announcing our seed round', {
    instant: new Date(Date.now() + 500),
    timeZone: 'Asia/Riyadh',
  });
  await expect.poll(() => linkedin.held, { timeout: 30_000 }).toBe(1);
  expect((await h.store.get(post.id))?.status).toBe('publishing');

  await sql.begin(async (tx) => {
    await tx`select id from posts.posts where id = ${post.id} for update`;
    release();
    await expect.poll(blockedWorkerQueries, { timeout: 30_000 }).toBe(1);
    await killWorkerProcess(tx);
  });
  expect(linkedin.published(post.id)).toHaveLength(1);
  expect((await h.store.get(post.id))?.status).toBe('publishing');

  // A new worker finds the post waiting for an answer the dead one had received, and asks again
  // (at its start, or at a run once the publish has been stuck for PUBLISH_STUCK_MS). No run after
  // that: on a busy machine the second answer can take longer than this short threshold, and a run
  // then would rightly ask a third time.
  const survivor = await h.startWorker({ PUBLISH_STUCK_MS: 1000 });
  const askedAgain = async () => {
    if (linkedin.deliveriesOf(post.id) < 2) await survivor.reconcile();
    return linkedin.deliveriesOf(post.id);
  };
  await expect.poll(askedAgain, { timeout: 30_000, interval: 200 }).toBe(2);
  await expect.poll(async () => (await h.store.get(post.id))?.status, { timeout: 30_000 }).toBe('published');
  expect(linkedin.published(post.id)).toHaveLength(1);
  expect(linkedin.deliveriesOf(post.id)).toBe(2);
  expect(await h.store.get(post.id)).toMatchObject({
    attempts: 1,
    networkPostId: linkedin.published(post.id)[0]!.networkPostId,
  });
  await survivor.close();
});

it('a due post held by a worker that died is taken over within seconds', { timeout: 60_000 }, async () => {
  const user = testIdentity();
  doomed = await startWorkerProcess();

  const post = await h.service.schedule(user.userId, 'Our quarterly numbers are out', {
    instant: new Date(Date.now() + 500),
    timeZone: 'Asia/Riyadh',
  });
  let killedAt = 0;
  await sql.begin(async (tx) => {
    // The worker's claim waits on this lock: it dies holding the due job.
    await tx`select id from posts.posts where id = ${post.id} for update`;
    await expect.poll(blockedWorkerQueries, { timeout: 30_000 }).toBe(1);
    await killWorkerProcess(tx);
    killedAt = Date.now();
  });
  expect((await h.store.get(post.id))?.status).toBe('scheduled');

  // No reconcile runs here (the interval is an hour): only the expired job lock brings it back.
  const other = await h.startWorker();
  await expect
    .poll(async () => (await h.store.get(post.id))?.status, { timeout: 15_000, interval: 100 })
    .toBe('published');
  expect(Date.now() - killedAt).toBeLessThan(6000);
  expect(linkedin.published(post.id)).toHaveLength(1);
  await other.close();
});
