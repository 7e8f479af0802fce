import { API, accountDisconnectedEvent, POST_ERROR_CODES, POST_MESSAGES, postDueJob, QUEUES } from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantToLocal } from '../schedule/local-time.js';
import type { FakeLinkedin } from '../testing/fake-linkedin.js';
import { PostsHarness } from '../testing/harness.js';
import { dueJobId } from './job-ids.js';
import type { PostsWorker } from './posts-worker.js';
import { GIVE_UP_REASON } from './reconciler.js';

let h: PostsHarness;
let linkedin: FakeLinkedin;
const user = testIdentity();

beforeAll(async () => {
  // The wait createPost gives the network: the refusal test needs its answer within it on a busy
  // machine, and the slow-network test (which holds the network) takes this long.
  h = await PostsHarness.start({ publishWaitMs: 8000 });
  linkedin = h.startFakeLinkedin({
    latencyMs: 50,
    outcome: (text) =>
      text.includes('refuse me')
        ? { ok: false, reason: 'LinkedIn refused the post: it looks like spam', code: 'linkedin.rejected' }
        : { ok: true },
  });
});
afterAll(async () => {
  await h.close();
});

const inSeconds = (s: number) => new Date(Date.now() + s * 1000);
const scheduleAt = (instant: Date, content = `A post due at ${instant.toISOString()}`) =>
  h.service.schedule(user.userId, content, { instant, timeZone: 'Europe/Berlin' });
const statusOf = async (id: string) => (await h.store.get(id))?.status;
const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('with one worker running', () => {
  let worker: PostsWorker;
  beforeAll(async () => {
    worker = await h.startWorker();
  });
  afterAll(async () => {
    await worker.close();
  });

  it('publishes a post within a second or two of its time, once', async () => {
    const post = await scheduleAt(inSeconds(2));
    await expect.poll(() => statusOf(post.id), { timeout: 20_000, interval: 50 }).toBe('published');
    const [network] = linkedin.published(post.id);
    const lateness = network!.publishedAt.getTime() - post.scheduledAt.getTime();
    expect(lateness).toBeGreaterThanOrEqual(0);
    expect(lateness).toBeLessThan(2000);
    expect(linkedin.published(post.id)).toHaveLength(1);

    const feed = await h.request(user, 'GET', '/api/v1/posts?status=published');
    const shown = feed.json().data.find((p: { id: string }) => p.id === post.id);
    expect(shown).toMatchObject({ status: 'published', attempts: 1, networkPostId: network!.networkPostId });
    expect(shown.url).toContain(network!.networkPostId);
  });

  it('publishes the edited text at the new time, and an outdated due job does nothing', async () => {
    const post = await scheduleAt(inSeconds(30), 'first draft');
    const date = instantToLocal(inSeconds(2 * 86_400), 'Europe/Berlin').date;
    const later = await h.call(user, API.posts.update, { params: { id: post.id }, body: { date, time: '9:00 AM' } });
    expect(later.json().data.version).toBe(2);
    // What a due job left behind (or re-created from an old read) looks like.
    await h.queues.due.add(postDueJob.name, { postId: post.id, version: 1 }, { jobId: `stale-${post.id}` });
    await expect.poll(async () => h.queues.due.getJobState(`stale-${post.id}`)).toBe('completed');
    expect(await statusOf(post.id)).toBe('scheduled');

    const soon = await scheduleAt(inSeconds(2), 'first draft');
    await h.call(user, API.posts.update, { params: { id: soon.id }, body: { content: 'second draft, much better' } });
    await expect.poll(() => statusOf(soon.id), { timeout: 20_000 }).toBe('published');
    expect(linkedin.published(soon.id).map((p) => p.text)).toEqual(['second draft, much better']);
    expect(linkedin.published(post.id)).toHaveLength(0);
  });

  it('does not publish a post cancelled before its time', async () => {
    const post = await scheduleAt(inSeconds(1.5));
    await h.call(user, API.posts.cancel, { params: { id: post.id } });
    await h.queues.due.add(postDueJob.name, { postId: post.id, version: 1 }, { jobId: `late-${post.id}`, delay: 1500 });
    await settle(2500);
    expect(await statusOf(post.id)).toBe('cancelled');
    expect(linkedin.deliveriesOf(post.id)).toBe(0);
  });

  it('createPost answers once the network has published', async () => {
    const res = await h.call(user, API.posts.publishNow, {
      body: {
        text: JSON.stringify('Hiring: a "senior" engineer'),
        visibility: 'PUBLIC',
        accountID: 'acc-1',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: POST_MESSAGES.published });
    expect(res.json().data).toMatchObject({ status: 'published', content: 'Hiring: a "senior" engineer' });
    expect(res.json().data.url).toMatch(/^https:\/\//);
    expect(linkedin.published(res.json().data.id)).toHaveLength(1);
  });

  it("createPost answers the network's refusal, and a retry of the failed post goes out", async () => {
    const res = await h.call(user, API.posts.publishNow, { body: { text: 'please refuse me' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      success: false,
      code: POST_ERROR_CODES.publishFailed,
      message: 'LinkedIn refused the post: it looks like spam',
      params: { reason: 'LinkedIn refused the post: it looks like spam', reasonCode: 'linkedin.rejected' },
      data: { status: 'failed', attempts: 1, failureCode: 'linkedin.rejected' },
    });
    const id = res.json().data.id;
    await h.call(user, API.posts.update, { params: { id }, body: { content: 'a calmer version' } });
    const retry = await h.call(user, API.posts.retry, { params: { id } });
    expect(retry.statusCode).toBe(200);
    await expect.poll(() => statusOf(id), { timeout: 15_000 }).toBe('published');
    const post = (await h.call(user, API.posts.get, { params: { id } })).json().data;
    expect(post).toMatchObject({ attempts: 2, failureReason: null, failureCode: null, content: 'a calmer version' });
    expect(linkedin.published(id)).toHaveLength(1);
  });

  it('createPost says the post is still being published when the network is slow', async () => {
    const release = linkedin.hold();
    const res = await h.call(user, API.posts.publishNow, { body: { text: 'a slow day on the network' } });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ success: true, message: POST_MESSAGES.stillPublishing });
    expect(res.json().data.status).toBe('publishing');
    release();
    await expect.poll(() => statusOf(res.json().data.id), { timeout: 15_000 }).toBe('published');
  });

  it('tells ahead of time, once per post, which scheduled posts a lost connection would stop', async () => {
    const someone = testIdentity();
    const soon = await h.service.schedule(someone.userId, 'Tomorrow morning', {
      instant: inSeconds(86_400),
      timeZone: 'Asia/Riyadh',
    });
    const later = await h.service.schedule(someone.userId, 'Next week', {
      instant: inSeconds(7 * 86_400),
      timeZone: 'Asia/Riyadh',
    });
    const events = h.queues.queues;
    const told = async () =>
      (await events.get(QUEUES.authInbox).getJobs(['waiting', 'delayed', 'completed', 'failed']))
        .filter((j) => j.name === 'post-needs-attention' && j.data.userId === someone.userId)
        .map((j) => ({ id: j.id, postId: j.data.postId, cause: j.data.cause, scheduledAt: j.data.scheduledAt }))
        .sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt));
    const inbox = events.get(QUEUES.postsInbox);
    const handled = async () =>
      (await inbox.getJobs(['completed'])).filter(
        (j) => j.name === 'account-disconnected' && j.data.userId === someone.userId,
      ).length;
    // The same disconnection reported twice (two publish attempts met it): each post is told once.
    for (const id of ['a', 'b']) {
      await events.publish(accountDisconnectedEvent, { userId: someone.userId, reason: 'CREDENTIALS' }, { id });
    }
    await expect.poll(handled).toBe(2);
    expect(await inbox.getFailedCount()).toBe(0);
    expect(await told()).toEqual(
      [soon, later].map((post) => ({
        id: `post-needs-attention-${post.id}-account_disconnected`,
        postId: post.id,
        cause: 'account_disconnected',
        scheduledAt: post.scheduledAt.toISOString(),
      })),
    );
  });
});

describe('recovery', () => {
  it('restores the schedule after Redis lost every key', async () => {
    // No worker runs while the schedule is made and lost.
    const overdue = await scheduleAt(inSeconds(-1));
    const soon = await scheduleAt(inSeconds(3));
    const later = await scheduleAt(inSeconds(3600));
    expect(await h.wipeRedis()).toBeGreaterThan(0);
    expect(await h.queues.due.getJob(dueJobId(later.id, 1))).toBeUndefined();
    await settle(500);
    expect(await statusOf(overdue.id)).toBe('scheduled');

    const restored = await h.startWorker(); // reconciles at start
    const job = await h.queues.due.getJob(dueJobId(later.id, 1));
    expect(await job?.getState()).toBe('delayed');
    expect(Math.abs(job!.timestamp + job!.delay - later.scheduledAt.getTime())).toBeLessThan(1000);
    await expect.poll(() => statusOf(overdue.id), { timeout: 15_000 }).toBe('published');
    await expect.poll(() => statusOf(soon.id), { timeout: 20_000 }).toBe('published');
    const lateness = linkedin.published(soon.id)[0]!.publishedAt.getTime() - soon.scheduledAt.getTime();
    expect(lateness).toBeLessThan(2000);
    expect((await restored.reconcile()).dueJobsRestored).toBe(0);
    await restored.close();
  });

  it('notices at once that Redis lost its data while running, without waiting for the next reconcile', async () => {
    // The reconciler's own timer is an hour away (TEST_WORKER_SETTINGS): only the loss watch can act.
    const worker = await h.startWorker();
    const soon = await scheduleAt(inSeconds(3));
    // A post claimed and handed over just before the loss: its hand-over job is lost with Redis.
    const inFlight = await scheduleAt(inSeconds(3600));
    const claimed = await h.store.claim(inFlight.id, inFlight.version);
    expect(claimed?.status).toBe('publishing');
    expect(await h.wipeRedis()).toBeGreaterThan(0);

    await expect.poll(() => statusOf(soon.id), { timeout: 20_000, interval: 50 }).toBe('published');
    const lateness = linkedin.published(soon.id)[0]!.publishedAt.getTime() - soon.scheduledAt.getTime();
    expect(lateness).toBeLessThan(2000);
    // Handed over again long before PUBLISH_STUCK_MS (a minute here), and published once.
    await expect.poll(() => statusOf(inFlight.id), { timeout: 15_000, interval: 50 }).toBe('published');
    expect(linkedin.published(inFlight.id)).toHaveLength(1);
    expect(linkedin.published(soon.id)).toHaveLength(1);
    await worker.close();
  });

  it('replaces a due job that ended without claiming its post', async () => {
    const post = await scheduleAt(inSeconds(3600));
    await h.queues.removeDue(post.id, 1);
    // A job under the post's id that runs to the end without claiming it (here: it names no post).
    const ghost = { postId: '00000000-0000-4000-8000-000000000000', version: 1 };
    await h.queues.due.add(postDueJob.name, ghost, { jobId: dueJobId(post.id, 1) });
    const worker = await h.startWorker();
    // The ghost runs to the end without claiming the post. The first reconcile after that puts the
    // post's own due job back under the id: the worker's own at start when the ghost was quicker,
    // otherwise one asked for here (a reconcile before it finds the job still there, untouched).
    await expect
      .poll(
        async () => {
          const current = await h.queues.due.getJob(dueJobId(post.id, 1));
          if (current?.data.postId === post.id) return h.queues.due.getJobState(dueJobId(post.id, 1));
          await worker.reconcile();
          return `still the ghost (${await h.queues.due.getJobState(dueJobId(post.id, 1))})`;
        },
        { timeout: 15_000, interval: 100 },
      )
      .toBe('delayed');
    const job = await h.queues.due.getJob(dueJobId(post.id, 1));
    expect(job?.data).toMatchObject({ postId: post.id, version: 1 });
    expect(Math.abs(job!.timestamp + job!.delay - post.scheduledAt.getTime())).toBeLessThan(1000);
    await worker.close();
  });

  it('two workers racing on the same due post publish it once', async () => {
    const [a, b] = [await h.startWorker(), await h.startWorker()];
    const post = await scheduleAt(inSeconds(1));
    // Duplicate deliveries of the due moment, as a re-created or re-run job would cause.
    await h.queues.due.addBulk(
      Array.from({ length: 12 }, (_, i) => ({
        name: postDueJob.name,
        data: { postId: post.id, version: 1 },
        opts: { jobId: `dup-${i}-${post.id}`, delay: Math.max(0, post.scheduledAt.getTime() - Date.now()) },
      })),
    );
    await expect.poll(() => statusOf(post.id), { timeout: 20_000 }).toBe('published');
    await expect
      .poll(async () => (await h.queues.due.getJobs(['completed'])).filter((j) => j.data.postId === post.id).length)
      .toBe(13);
    expect(linkedin.published(post.id)).toHaveLength(1);
    expect(linkedin.deliveriesOf(post.id)).toBe(1);
    expect((await h.store.get(post.id))?.attempts).toBe(1);
    await Promise.all([a.close(), b.close()]);
  });

  it('hands a post over again when a worker died between claiming and handing over', async () => {
    const post = await scheduleAt(inSeconds(3600));
    await h.queues.removeDue(post.id, 1);
    await h.store.claim(post.id, 1); // what the dead worker left behind
    await settle(300);
    const worker = await h.startWorker({ PUBLISH_STUCK_MS: 200 });
    await expect.poll(() => statusOf(post.id), { timeout: 15_000 }).toBe('published');
    expect(linkedin.published(post.id)).toHaveLength(1);
    expect((await worker.reconcile()).handOversRepeated).toBe(0);
    await worker.close();
  });

  it('marks a publish that cannot be traced as failed after the bound, and it can be retried', async () => {
    const post = await scheduleAt(inSeconds(3600));
    await h.queues.removeDue(post.id, 1);
    await h.store.claim(post.id, 1);
    await settle(1200);
    const worker = await h.startWorker({ PUBLISH_STUCK_MS: 100, PUBLISH_GIVE_UP_MS: 1000 });
    expect(await h.store.get(post.id)).toMatchObject({ status: 'failed', failureReason: GIVE_UP_REASON });
    await h.call(user, API.posts.retry, { params: { id: post.id } });
    await expect.poll(() => statusOf(post.id), { timeout: 15_000 }).toBe('published');
    expect(linkedin.published(post.id)).toHaveLength(1);
    await worker.close();
  });
});
