import { API, MAX_QUEUE_SLOTS, POST_ERROR_CODES, QUEUE_ERROR_CODES, type QueueSlot } from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueJobId } from '../jobs/job-ids.js';
import { instantToLocal } from '../schedule/local-time.js';
import { PostsHarness } from '../testing/harness.js';
import { QueueService } from './queue-service.js';
import { moveOrder, slotInstants } from './queue-slots.js';
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
    const manual = await h.call(user, API.posts.schedule, {
      body: {
        userId: user.userId,
        content: 'Scheduled by hand',
        date: first.date,
        time: first.time,
        timeZone: 'Asia/Riyadh',
      },
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
      await h.call(user, API.posts.schedule, {
        body: {
          userId: user.userId,
          content: 'By hand',
          date: third.date,
          time: third.time,
          timeZone: 'Asia/Riyadh',
        },
      })
    ).json().data;
    const three = (await addToQueue(user, 'Three')).json().data;
    expect([one, two, three].map((p) => Date.parse(p.scheduledAt))).toEqual(expected.slice(0, 3));

    const deleted = await h.call(user, API.posts.cancel, { params: { id: one.id } });
    expect(deleted.statusCode).toBe(200);

    const twoNow = (await h.call(user, API.posts.get, { params: { id: two.id } })).json().data;
    const threeNow = (await h.call(user, API.posts.get, { params: { id: three.id } })).json().data;
    const manualNow = (await h.call(user, API.posts.get, { params: { id: manual.id } })).json().data;
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
    await h.call(user, API.posts.cancel, { params: { id: one.id } });
    const twoAfter = (await h.call(user, API.posts.get, { params: { id: two.id } })).json().data;
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
    const edited = await h.call(user, API.posts.update, {
      params: { id: one.id },
      body: { date: later.date, time: '8:00 PM' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.queued).toBe(false);
    const twoNow = (await h.call(user, API.posts.get, { params: { id: two.id } })).json().data;
    expect(Date.parse(twoNow.scheduledAt)).toBe(expected[0]);
    expect(twoNow.queued).toBe(true);
  });
});

/** Slots `aheads` days from today in Riyadh, at the given times. */
function slotsAhead(aheads: number[], times: string[]): QueueSlot[] {
  const today = new Date(Date.now() + 3 * HOUR).getUTCDay();
  return aheads.map((ahead, i) => ({ weekday: (today + ahead) % 7, time: times[i]! }));
}

const postOf = async (who: ReturnType<typeof testIdentity>, id: string) =>
  (await h.call(who, API.posts.get, { params: { id } })).json().data;

describe('new slots re-time the queued posts', () => {
  it('lays the queued posts onto the new slots in order, around a hand-scheduled post, each due job moved', async () => {
    const user = testIdentity();
    await saveQueue(user, threeSlots());
    const one = (await addToQueue(user, 'One')).json().data;
    const two = (await addToQueue(user, 'Two')).json().data;
    const newSlots = slotsAhead([2, 4, 6], ['10:00', '11:45', '16:00']);
    const expected = riyadhSlots(newSlots, 3);
    // Scheduled by hand at the first new slot's time: it keeps it, and that slot is not free.
    const first = instantToLocal(new Date(expected[0]!), 'Asia/Riyadh');
    const manual = (
      await h.call(user, API.posts.schedule, {
        body: {
          userId: user.userId,
          content: 'By hand',
          date: first.date,
          time: first.time,
          timeZone: 'Asia/Riyadh',
        },
      })
    ).json().data;

    const saved = await saveQueue(user, newSlots);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ rescheduled: 2, timeZone: 'Asia/Riyadh' });
    const oneNow = await postOf(user, one.id);
    const twoNow = await postOf(user, two.id);
    expect(Date.parse(oneNow.scheduledAt)).toBe(expected[1]);
    expect(Date.parse(twoNow.scheduledAt)).toBe(expected[2]);
    expect(oneNow).toMatchObject({ queued: true, status: 'scheduled', version: 2 });
    expect(twoNow).toMatchObject({ queued: true, status: 'scheduled', version: 2 });
    expect(oneNow.time).toBe(instantToLocal(new Date(expected[1]!), 'Asia/Riyadh').time);
    expect(await postOf(user, manual.id)).toMatchObject({ scheduledAt: manual.scheduledAt, version: 1, queued: false });
    // Each due job moved as an edit of the time moves it: the old one gone, the new one at the new time.
    for (const [post, at] of [
      [one, expected[1]!],
      [two, expected[2]!],
    ] as const) {
      expect(await dueJob(post.id, 1)).toBeUndefined();
      const job = await dueJob(post.id, 2);
      expect(await job?.getState()).toBe('delayed');
      expect(job!.timestamp + job!.delay).toBeGreaterThanOrEqual(at - 1000);
      expect(job!.timestamp + job!.delay).toBeLessThanOrEqual(at + 1000);
    }

    // The same slots saved again move nothing.
    const again = await saveQueue(user, newSlots);
    expect(again.json().data.rescheduled).toBe(0);
    expect((await postOf(user, one.id)).version).toBe(2);
    // The next post goes after them.
    const three = (await addToQueue(user, 'Three')).json().data;
    expect(Date.parse(three.scheduledAt)).toBe(riyadhSlots(newSlots, 4)[3]);
  });

  it('moves each post onto a time another queued post holds until then, in both directions', async () => {
    const user = testIdentity();
    const slots = threeSlots();
    await saveQueue(user, slots);
    const [s1, s2, s3] = riyadhSlots(slots, 3);
    const one = (await addToQueue(user, 'One')).json().data;
    const two = (await addToQueue(user, 'Two')).json().data;
    // Only the second and third times are kept: 'One' takes the time 'Two' held, 'Two' moves on.
    const later = await saveQueue(user, slots.slice(1));
    expect(later.json().data.rescheduled).toBe(2);
    expect(Date.parse((await postOf(user, one.id)).scheduledAt)).toBe(s2);
    expect(Date.parse((await postOf(user, two.id)).scheduledAt)).toBe(s3);
    // And back: both move one slot earlier.
    const earlier = await saveQueue(user, slots);
    expect(earlier.json().data.rescheduled).toBe(2);
    expect(Date.parse((await postOf(user, one.id)).scheduledAt)).toBe(s1);
    expect(Date.parse((await postOf(user, two.id)).scheduledAt)).toBe(s2);
    expect(await postOf(user, two.id)).toMatchObject({ queued: true, version: 3 });
  });

  it('orders the moves so that no time is held twice', () => {
    const at = (n: number) => new Date(n * DAY);
    const moves = [
      { id: 'a', at: at(1), target: at(2) },
      { id: 'b', at: at(2), target: at(3) },
      { id: 'c', at: at(5), target: at(4) },
      { id: 'd', at: at(6), target: at(5) },
      { id: 'e', at: at(7), target: at(7) },
    ];
    expect(moveOrder(moves).map((m) => m.id)).toEqual(['c', 'd', 'b', 'a']);
  });

  it('refuses slots that cannot hold the queued posts, and changes nothing', async () => {
    const user = testIdentity();
    const slots = threeSlots();
    await saveQueue(user, slots);
    const one = (await addToQueue(user, 'One')).json().data;
    const none = await saveQueue(user, []);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: QUEUE_ERROR_CODES.full, params: { queued: 1, available: 0 } });
    expect((await h.request(user, 'GET', '/api/v1/queue')).json().data.slots).toHaveLength(3);
    expect(await postOf(user, one.id)).toMatchObject({ scheduledAt: one.scheduledAt, version: 1, queued: true });

    // One time a week gives 52 or 53 slots in the coming year: 54 queued posts do not fit.
    for (let i = 1; i < 54; i++) expect((await addToQueue(user, `Post ${i}`)).statusCode).toBe(201);
    const weekly = await saveQueue(user, slots.slice(0, 1));
    expect(weekly.statusCode).toBe(409);
    expect(weekly.json().code).toBe(QUEUE_ERROR_CODES.full);
    expect(weekly.json().params.queued).toBe(54);
    expect(weekly.json().params.available).toBeGreaterThanOrEqual(52);
    expect(weekly.json().params.available).toBeLessThan(54);
    expect((await h.request(user, 'GET', '/api/v1/queue')).json().data.slots).toHaveLength(3);
    expect(await postOf(user, one.id)).toMatchObject({ scheduledAt: one.scheduledAt, version: 1 });
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
    const after = (await h.call(user, API.posts.get, { params: { id: added[2]!.id } })).json().data;
    expect(after).toMatchObject({ date: '2027-03-29', time: '9:00 AM', timeZone: 'Europe/Berlin', queued: true });
    const job = await dueJob(added[2]!.id, 1);
    expect(await job?.getState()).toBe('delayed');
  });
});
