import { MAX_QUEUE_SLOTS, POST_ERROR_CODES, QUEUE_ERROR_CODES, type QueueSlot } from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueJobId } from '../jobs/job-ids.js';
import { instantToLocal } from '../schedule/local-time.js';
import { PostsHarness } from '../testing/harness.js';
import { QueueService } from './queue-service.js';
import { slotInstants } from './queue-slots.js';
import { QueueStore } from './queue-store.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let h: PostsHarness;

beforeAll(async () => {
  h = await PostsHarness.start();
});
afterAll(async () => {
  await h.close();
});

const saveQueue = (who: ReturnType<typeof testIdentity>, slots: QueueSlot[], timeZone = 'Asia/Riyadh') =>
  h.request(who, 'PUT', '/api/v1/queue', { slots, timeZone });
const addToQueue = (who: ReturnType<typeof testIdentity>, content: string) =>
  h.request(who, 'POST', '/api/v1/queue/posts', { content });
const dueJob = (postId: string, version: number) => h.queues.due.getJob(dueJobId(postId, version));

/**
 * The next `count` instants of weekly slots in Riyadh (UTC+3 all year), worked out by plain
 * arithmetic on the wall clock, independently of the service's own calendar code.
 */
function riyadhSlots(slots: QueueSlot[], count: number, now = Date.now()): number[] {
  const found: number[] = [];
  const wallNow = now + 3 * HOUR;
  const midnight = Math.floor(wallNow / DAY) * DAY;
  for (let d = 0; found.length < count && d < 30; d++) {
    const day = midnight + d * DAY;
    const weekday = new Date(day).getUTCDay();
    const times = slots
      .filter((s) => s.weekday === weekday)
      .map((s) => day + Number(s.time.slice(0, 2)) * HOUR + Number(s.time.slice(3)) * 60_000 - 3 * HOUR)
      .sort((a, b) => a - b);
    for (const t of times) if (t > now + 60_000 && found.length < count) found.push(t);
  }
  return found;
}

/** Three slots on three different days, none of them today (so none is about to pass while the test runs). */
function threeSlots(): QueueSlot[] {
  const today = new Date(Date.now() + 3 * HOUR).getUTCDay();
  return [1, 3, 5].map((ahead, i) => ({
    weekday: (today + ahead) % 7,
    time: ['09:00', '13:30', '18:15'][i]!,
  }));
}

describe('the posting queue settings', () => {
  it('suggests a Sunday-to-Thursday week in the Gulf and Monday-to-Friday elsewhere, before anything is saved', async () => {
    const user = testIdentity();
    const gulf = await h.request(user, 'GET', '/api/v1/queue?timeZone=Asia/Riyadh');
    expect(gulf.statusCode).toBe(200);
    expect(gulf.json().data).toMatchObject({ slots: [], timeZone: null, nextFreeSlot: null });
    expect(new Set(gulf.json().data.suggested.map((s: QueueSlot) => s.weekday))).toEqual(new Set([0, 1, 2, 3, 4]));
    const berlin = await h.request(user, 'GET', '/api/v1/queue?timeZone=Europe/Berlin');
    expect(new Set(berlin.json().data.suggested.map((s: QueueSlot) => s.weekday))).toEqual(new Set([1, 2, 3, 4, 5]));
  });

  it('saves the week in order and names the next free slot', async () => {
    const user = testIdentity();
    const slots = threeSlots();
    const res = await saveQueue(user, [...slots].reverse());
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.timeZone).toBe('Asia/Riyadh');
    expect(data.slots).toHaveLength(3);
    expect(data.slots.map((s: QueueSlot) => s.weekday)).toEqual(
      [...data.slots.map((s: QueueSlot) => s.weekday)].sort(),
    );
    expect(Date.parse(data.nextFreeSlot)).toBe(riyadhSlots(slots, 1)[0]);
    const again = await h.request(user, 'GET', '/api/v1/queue');
    expect(again.json().data.slots).toEqual(data.slots);
    // 'Download my data' carries the queue too.
    const exported = await h.request(user, 'GET', '/api/v1/posts/export');
    expect(exported.json().data.postingQueue).toEqual({ timeZone: 'Asia/Riyadh', slots: data.slots });
  });

  it('refuses too many slots, a slot twice, a malformed time and an unknown zone, each with its code', async () => {
    const user = testIdentity();
    const many = Array.from({ length: MAX_QUEUE_SLOTS + 1 }, (_, i) => ({
      weekday: i % 7,
      time: `${String(Math.floor(i / 7) + 8).padStart(2, '0')}:00`,
    }));
    const tooMany = await saveQueue(user, many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().code).toBe(QUEUE_ERROR_CODES.tooManySlots);
    const twice = await saveQueue(user, [
      { weekday: 2, time: '09:00' },
      { weekday: 2, time: '09:00' },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().code).toBe(QUEUE_ERROR_CODES.duplicateSlot);
    const badTime = await saveQueue(user, [{ weekday: 2, time: '9am' }]);
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().code).toBe('request.invalid');
    const badZone = await saveQueue(user, [{ weekday: 2, time: '09:00' }], 'Mars/Olympus');
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json().code).toBe(POST_ERROR_CODES.badTimeZone);
    expect((await h.request(user, 'GET', '/api/v1/queue')).json().data.slots).toEqual([]);
  });
});

describe('adding to the queue', () => {
  it('refuses when the queue has no slots', async () => {
    const res = await addToQueue(testIdentity(), 'Nowhere to go');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(QUEUE_ERROR_CODES.noSlots);
  });

  it('fills the next free slots, skipping one a scheduled post holds, each with its delayed job', async () => {
    const user = testIdentity();
    const slots = threeSlots();
    await saveQueue(user, slots);
    const expected = riyadhSlots(slots, 3);
    // A post scheduled by hand at the first slot's time: that slot is not free.
    const first = instantToLocal(new Date(expected[0]!), 'Asia/Riyadh');
    const manual = await h.request(user, 'POST', '/linkedln/saveSchedulePost', {
      userId: user.userId,
      content: 'Scheduled by hand',
      date: first.date,
      time: first.time,
      timeZone: 'Asia/Riyadh',
    });
    expect(manual.statusCode).toBe(201);

    const a = await addToQueue(user, 'First in the queue');
    const b = await addToQueue(user, 'Second in the queue');
    expect(a.statusCode).toBe(201);
    expect(a.json().data).toMatchObject({ status: 'scheduled', queued: true, timeZone: 'Asia/Riyadh' });
    expect(Date.parse(a.json().data.scheduledAt)).toBe(expected[1]);
    expect(Date.parse(b.json().data.scheduledAt)).toBe(expected[2]);
    const job = await dueJob(a.json().data.id, 1);
    expect(await job?.getState()).toBe('delayed');
    expect(job!.timestamp + job!.delay).toBeGreaterThanOrEqual(expected[1]! - 1000);
    expect(job!.timestamp + job!.delay).toBeLessThanOrEqual(expected[1]! + 1000);
  });

  it('gives two posts added at the same moment two different slots', async () => {
    const user = testIdentity();
    const slots = threeSlots();
    await saveQueue(user, slots);
    const answers = await Promise.all([addToQueue(user, 'Racing one'), addToQueue(user, 'Racing two')]);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
    const times = answers.map((r) => Date.parse(r.json().data.scheduledAt)).sort((x, y) => x - y);
    expect(times).toEqual(riyadhSlots(slots, 2));
  });
});

describe('queued posts moving up', () => {
  it('moves each later queued post one slot up when one is deleted, and leaves hand-scheduled posts alone', async () => {
    const user = testIdentity();
    const slots = threeSlots();
    await saveQueue(user, slots);
    const expected = riyadhSlots(slots, 4);
    const one = (await addToQueue(user, 'One')).json().data;
    const two = (await addToQueue(user, 'Two')).json().data;
    // Scheduled by hand between the queued ones: it keeps its time.
    const third = instantToLocal(new Date(expected[2]! + 30 * 60_000), 'Asia/Riyadh');
    const manual = (
      await h.request(user, 'POST', '/linkedln/saveSchedulePost', {
        userId: user.userId,
        content: 'By hand',
        date: third.date,
        time: third.time,
        timeZone: 'Asia/Riyadh',
      })
    ).json().data;
    const three = (await addToQueue(user, 'Three')).json().data;
    expect([one, two, three].map((p) => Date.parse(p.scheduledAt))).toEqual(expected.slice(0, 3));

    const deleted = await h.request(user, 'DELETE', `/api/v1/posts/${one.id}`);
    expect(deleted.statusCode).toBe(200);

    const twoNow = (await h.request(user, 'GET', `/api/v1/posts/${two.id}`)).json().data;
    const threeNow = (await h.request(user, 'GET', `/api/v1/posts/${three.id}`)).json().data;
    const manualNow = (await h.request(user, 'GET', `/api/v1/posts/${manual.id}`)).json().data;
    expect(Date.parse(twoNow.scheduledAt)).toBe(expected[0]);
    expect(Date.parse(threeNow.scheduledAt)).toBe(expected[1]);
    expect(twoNow).toMatchObject({ queued: true, version: 2, status: 'scheduled' });
    expect(manualNow).toMatchObject({ scheduledAt: manual.scheduledAt, version: 1, queued: false });
    // The due jobs moved with them: the old ones are gone, the new ones wait for the new times.
    expect(await dueJob(two.id, 1)).toBeUndefined();
    const moved = await dueJob(two.id, 2);
    expect(await moved?.getState()).toBe('delayed');
    expect(moved!.timestamp + moved!.delay).toBeLessThanOrEqual(expected[0]! + 1000);
    expect(await dueJob(one.id, 1)).toBeUndefined();

    // Deleting twice moves nothing more.
    await h.request(user, 'DELETE', `/api/v1/posts/${one.id}`);
    const twoAfter = (await h.request(user, 'GET', `/api/v1/posts/${two.id}`)).json().data;
    expect(twoAfter.version).toBe(2);
    // The freed last slot is the next free one again.
    const four = (await addToQueue(user, 'Four')).json().data;
    expect(Date.parse(four.scheduledAt)).toBe(expected[2]);
  });

  it('takes a post rescheduled by hand out of the queue, and moves the later ones up', async () => {
    const user = testIdentity();
    const slots = threeSlots();
    await saveQueue(user, slots);
    const expected = riyadhSlots(slots, 2);
    const one = (await addToQueue(user, 'One')).json().data;
    const two = (await addToQueue(user, 'Two')).json().data;
    const later = instantToLocal(new Date(Date.now() + 20 * DAY), 'Asia/Riyadh');
    const edited = await h.request(user, 'PATCH', `/api/v1/posts/${one.id}`, { date: later.date, time: '8:00 PM' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.queued).toBe(false);
    const twoNow = (await h.request(user, 'GET', `/api/v1/posts/${two.id}`)).json().data;
    expect(Date.parse(twoNow.scheduledAt)).toBe(expected[0]);
    expect(twoNow.queued).toBe(true);
  });
});

describe('daylight saving', () => {
  const berlinSlots: QueueSlot[] = [
    { weekday: 1, time: '09:00' },
    // 02:30 does not exist in Berlin on 28 March 2027: the clocks jump from 02:00 to 03:00.
    { weekday: 0, time: '02:30' },
  ];

  it('keeps a slot at the same wall-clock time across the change (Europe/Berlin, late March)', () => {
    const now = new Date('2027-03-21T12:00:00Z');
    const instants = [...slotInstants(berlinSlots, 'Europe/Berlin', now, 9)].map((d) => d.toISOString());
    expect(instants).toEqual([
      '2027-03-22T08:00:00.000Z', // Monday 09:00 CET (UTC+1)
      '2027-03-28T01:30:00.000Z', // Sunday 02:30 is skipped: 03:30 CEST
      '2027-03-29T07:00:00.000Z', // Monday 09:00 CEST (UTC+2)
    ]);
  });

  it('queues posts at those instants, each with its delayed job', async () => {
    const user = testIdentity();
    expect((await saveQueue(user, berlinSlots, 'Europe/Berlin')).statusCode).toBe(200);
    const queue = new QueueService(new QueueStore(h.database.db), h.service, h.logger);
    const now = new Date('2027-03-21T12:00:00Z');
    const added = [];
    for (const content of ['Before', 'On the night', 'After']) {
      added.push(await queue.add(user.userId, { content, firstComment: null, media: [] }, undefined, now));
    }
    expect(added.map((p) => p.scheduledAt.toISOString())).toEqual([
      '2027-03-22T08:00:00.000Z',
      '2027-03-28T01:30:00.000Z',
      '2027-03-29T07:00:00.000Z',
    ]);
    const after = (await h.request(user, 'GET', `/api/v1/posts/${added[2]!.id}`)).json().data;
    expect(after).toMatchObject({ date: '2027-03-29', time: '9:00 AM', timeZone: 'Europe/Berlin', queued: true });
    const job = await dueJob(added[2]!.id, 1);
    expect(await job?.getState()).toBe('delayed');
  });
});
