import { API, type QueueSlot } from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeLinkedin } from '../testing/fake-linkedin.js';
import { PostsHarness } from '../testing/harness.js';

/**
 * A queued post the network refuses, through the real due job, hand-over and answer on BullMQ.
 * It fails at its time, so its slot has passed: it leaves the queue (as a deleted post does) and
 * the posts queued after it keep their slots, which are already the next ones. Retried, it goes
 * out as an ordinary post and takes no slot.
 */
const HOUR = 3_600_000;
let h: PostsHarness;
let linkedin: FakeLinkedin;

beforeAll(async () => {
  h = await PostsHarness.start();
  linkedin = h.startFakeLinkedin({
    latencyMs: 20,
    outcome: (text) =>
      text.includes('refuse me')
        ? { ok: false, reason: 'LinkedIn refused the post: it looks like spam', code: 'linkedin.rejected' }
        : { ok: true },
  });
  await h.startWorker();
});
afterAll(async () => {
  await h.close();
});

/** Three weekly slots one, three and five days ahead in Riyadh (none today). */
function threeSlots(): QueueSlot[] {
  const today = new Date(Date.now() + 3 * HOUR).getUTCDay();
  return [1, 3, 5].map((ahead, i) => ({ weekday: (today + ahead) % 7, time: ['09:00', '13:30', '18:15'][i]! }));
}

describe('a queued post that fails to publish', () => {
  it('leaves the queue, the later queued posts keep their slots, and a retry goes out as an ordinary post', async () => {
    const user = testIdentity();
    expect(
      (await h.request(user, 'PUT', '/api/v1/queue', { slots: threeSlots(), timeZone: 'Asia/Riyadh' })).statusCode,
    ).toBe(200);
    // A queued post whose time has come (queued like 'Add to queue' does, at an instant a test can wait for).
    const failing = await h.service.schedule(
      user.userId,
      'Queued, but refuse me',
      { instant: new Date(Date.now() + 1500), timeZone: 'Asia/Riyadh' },
      undefined,
      null,
      [],
      true,
    );
    expect(failing.queued).toBe(true);
    const later = [];
    for (const content of ['Queued second', 'Queued third']) {
      const res = await h.request(user, 'POST', '/api/v1/queue/posts', { content });
      expect(res.statusCode).toBe(201);
      later.push(res.json().data);
    }
    const next = (await h.request(user, 'GET', '/api/v1/queue')).json().data.nextFreeSlot;

    const get = async (id: string) => (await h.call(user, API.posts.get, { params: { id } })).json().data;
    await expect.poll(async () => (await get(failing.id)).status, { timeout: 20_000, interval: 100 }).toBe('failed');
    expect(await get(failing.id)).toMatchObject({ status: 'failed', queued: false, failureCode: 'linkedin.rejected' });
    // Its slot had passed: nothing moves into it, the later ones are where they were.
    for (const post of later) {
      expect(await get(post.id)).toMatchObject({
        scheduledAt: post.scheduledAt,
        version: 1,
        queued: true,
        status: 'scheduled',
      });
    }
    expect((await h.request(user, 'GET', '/api/v1/queue')).json().data.nextFreeSlot).toBe(next);

    // Retried (after an edit): an ordinary post, out now, not back in the queue.
    await h.call(user, API.posts.update, { params: { id: failing.id }, body: { content: 'A calmer version' } });
    const retried = await h.call(user, API.posts.retry, { params: { id: failing.id } });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data).toMatchObject({ status: 'scheduled', queued: false });
    await expect.poll(async () => (await get(failing.id)).status, { timeout: 20_000, interval: 100 }).toBe('published');
    expect(linkedin.published(failing.id)).toHaveLength(1);
    expect((await get(failing.id)).queued).toBe(false);

    // New slots re-time the queued posts only; the retried one is left alone.
    const today = new Date(Date.now() + 3 * HOUR).getUTCDay();
    const saved = await h.request(user, 'PUT', '/api/v1/queue', {
      slots: [{ weekday: (today + 2) % 7, time: '10:00' }, ...threeSlots()],
      timeZone: 'Asia/Riyadh',
    });
    expect(saved.json().data.rescheduled).toBe(1);
    expect(await get(later[0].id)).toMatchObject({ scheduledAt: later[0].scheduledAt, version: 1 });
    const moved = await get(later[1].id);
    expect(moved).toMatchObject({ time: '10:00 AM', version: 2, queued: true });
    expect(Date.parse(moved.scheduledAt)).toBeLessThan(Date.parse(later[1].scheduledAt));
    expect(await get(failing.id)).toMatchObject({ status: 'published', version: retried.json().data.version });
  });
});
