// Only posts due within the horizon hold a delayed job in Redis; the reconciler brings later ones
// in as their time comes near, and edits and deletes keep working on both sides of it.

import { API } from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeLinkedin } from '../testing/fake-linkedin.js';
import { PostsHarness } from '../testing/harness.js';
import { dueJobId } from './job-ids.js';
import type { PostsWorker } from './posts-worker.js';

const HORIZON_MS = 4_000;
let h: PostsHarness;
let linkedin: FakeLinkedin;
const user = testIdentity();
const inSeconds = (s: number) => new Date(Date.now() + s * 1000);
const scheduleAt = (instant: Date, content: string) =>
  h.service.schedule(user.userId, content, { instant, timeZone: 'Asia/Riyadh' });
const jobOf = (post: { id: string; version: number }) => h.queues.due.getJob(dueJobId(post.id, post.version));

beforeAll(async () => {
  h = await PostsHarness.start({ scheduleHorizonMs: HORIZON_MS });
  linkedin = h.startFakeLinkedin();
});
afterAll(async () => {
  await h.close();
});

describe('the schedule horizon', () => {
  let worker: PostsWorker | undefined;
  afterAll(async () => {
    await worker?.close();
  });

  it('keeps posts due later out of Redis, then brings each in ahead of its time and publishes it once', async () => {
    const soon = await scheduleAt(inSeconds(2), 'inside the horizon');
    const later = await scheduleAt(inSeconds(9), 'beyond the horizon at first');
    const farAway = await scheduleAt(inSeconds(30 * 86_400), 'a month ahead');
    expect(await (await jobOf(soon))?.getState()).toBe('delayed');
    expect(await jobOf(later)).toBeUndefined();
    expect(await jobOf(farAway)).toBeUndefined();

    // The reconciler runs every second here (a minute by default, against a day's horizon).
    worker = await h.startWorker({ RECONCILE_INTERVAL_MS: 1_000 });
    await expect.poll(async () => (await h.store.get(soon.id))?.status, { timeout: 10_000 }).toBe('published');
    // Brought in ahead of its time: the job is due at the post's time, not added late with no delay.
    // (Its state is not read: on a busy machine the job may already have run by the time it is looked at.)
    await expect.poll(async () => (await jobOf(later)) !== undefined, { timeout: 20_000 }).toBe(true);
    const job = await jobOf(later);
    expect(Math.abs(job!.timestamp + job!.delay - later.scheduledAt.getTime())).toBeLessThan(1000);
    await expect.poll(async () => (await h.store.get(later.id))?.status, { timeout: 20_000 }).toBe('published');
    // Never before its time; how late it may be on a busy machine is the scheduler benchmark's question.
    expect(linkedin.published(later.id)[0]!.publishedAt.getTime()).toBeGreaterThanOrEqual(
      later.scheduledAt.getTime() - 50,
    );
    expect(linkedin.published(soon.id)).toHaveLength(1);
    expect(linkedin.published(later.id)).toHaveLength(1);
    expect(await jobOf(farAway)).toBeUndefined();
    expect((await h.store.get(farAway.id))?.status).toBe('scheduled');
  }, 60_000);

  it('moves a post out of Redis when it is rescheduled beyond the horizon, and never sends a deleted one', async () => {
    // No due job is taken while the posts are changed: on a busy machine the first one's 3 s could
    // pass before its change, and a job a worker holds is not removed (it finds its version
    // outdated and does nothing, which the end of this test checks).
    await h.queues.due.pause();
    const moved = await scheduleAt(inSeconds(3), 'moved to next week');
    const deleted = await scheduleAt(inSeconds(6), 'deleted before it came in');
    // Held in Redis (waiting, should its time have come while the queue is paused).
    expect(['delayed', 'waiting']).toContain(await (await jobOf(moved))?.getState());

    const res = await h.call(user, API.posts.update, {
      params: { id: moved.id },
      body: {
        date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
        time: '09:00',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await jobOf(moved)).toBeUndefined();
    expect(await jobOf({ id: moved.id, version: 2 })).toBeUndefined();
    expect((await h.call(user, API.posts.cancel, { params: { id: deleted.id } })).statusCode).toBe(200);
    await h.queues.due.resume();

    // Past both posts' old times, with the reconciler running every second meanwhile.
    await expect
      .poll(async () => (await worker!.reconcile()).scheduledChecked >= 0 && Date.now(), { timeout: 15_000 })
      .toBeGreaterThan(deleted.scheduledAt.getTime() + 2_000);
    expect(linkedin.published(moved.id)).toHaveLength(0);
    expect(linkedin.published(deleted.id)).toHaveLength(0);
    expect((await h.store.get(moved.id))?.status).toBe('scheduled');
    expect(await jobOf({ id: moved.id, version: 2 })).toBeUndefined();
  }, 60_000);
});
