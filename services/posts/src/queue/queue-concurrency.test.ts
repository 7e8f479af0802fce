import { API, QUEUE_ERROR_CODES, type QueueSlot } from '@nashr/contracts';
import { identityHeaders, type ServiceApp } from '@nashr/platform';
import { TEST_INTERNAL_SECRET, testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostsHarness } from '../testing/harness.js';

/**
 * Two tabs of one user changing the queue at once, through the HTTP interface on real PostgreSQL
 * and Redis: many 'Add to queue', new slots saved (each re-times every queued post) and queued
 * posts deleted (each moves the later ones up), all fired together, half of them at a second
 * instance of the service (its own pool and memory, as another replica: there only PostgreSQL's
 * lock can make them take turns with the first's). Taking turns, every change
 * sees the one before it whole, so the queue ends as if they had come one by one: the queued
 * posts hold the first free instants of the slots saved last, one post each, each with one due
 * job at its time.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let h: PostsHarness;
let second: ServiceApp;

beforeAll(async () => {
  h = await PostsHarness.start();
  second = await h.startSecondApp();
});
afterAll(async () => {
  await h.close();
});

type Who = ReturnType<typeof testIdentity>;
const saveQueue = (who: Who, slots: QueueSlot[]) =>
  h.request(who, 'PUT', '/api/v1/queue', { slots, timeZone: 'Asia/Riyadh' });
const addToQueue = (who: Who, content: string) => h.request(who, 'POST', '/api/v1/queue/posts', { content });

/** The same requests as `h.request`, answered by one of the two instances. */
const at =
  (instance: 'first' | 'second') => (who: Who, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    instance === 'first'
      ? h.request(who, method, url, payload)
      : second.inject({
          method,
          url,
          headers: identityHeaders(who, TEST_INTERNAL_SECRET),
          ...(payload === undefined ? {} : { payload }),
        });

/** Slots `aheads` days from today in Riyadh (UTC+3 all year), at the given times: none today, so none passes meanwhile. */
function slotsAhead(aheads: number[], times: string[]): QueueSlot[] {
  const today = new Date(Date.now() + 3 * HOUR).getUTCDay();
  return aheads.map((ahead, i) => ({ weekday: (today + ahead) % 7, time: times[i]! }));
}

/** The next `count` instants of weekly slots in Riyadh, by plain arithmetic on the wall clock. */
function riyadhInstants(slots: QueueSlot[], count: number, now = Date.now()): number[] {
  const found: number[] = [];
  const midnight = Math.floor((now + 3 * HOUR) / DAY) * DAY;
  for (let d = 0; found.length < count && d < 400; d++) {
    const day = midnight + d * DAY;
    const times = slots
      .filter((s) => s.weekday === new Date(day).getUTCDay())
      .map((s) => day + Number(s.time.slice(0, 2)) * HOUR + Number(s.time.slice(3)) * 60_000 - 3 * HOUR)
      .sort((a, b) => a - b);
    for (const t of times) if (t > now + 60_000 && found.length < count) found.push(t);
  }
  return found;
}

/** The waiting due jobs of the test's Redis, by post id. */
async function dueJobsByPost(): Promise<Map<string, { version: number; at: number }[]>> {
  const jobs = await h.queues.due.getJobs(['delayed', 'waiting', 'prioritized']);
  const byPost = new Map<string, { version: number; at: number }[]>();
  for (const job of jobs) {
    if (!job) continue;
    const list = byPost.get(job.data.postId) ?? [];
    list.push({ version: job.data.version, at: job.timestamp + job.delay });
    byPost.set(job.data.postId, list);
  }
  return byPost;
}

interface ListedPost {
  id: string;
  scheduledAt: string;
  queued: boolean;
  status: string;
  version: number;
}

type Call = { kind: 'add' | 'save' | 'delete' | 'neighbour'; send: () => ReturnType<typeof addToQueue> };

/**
 * Checks every answer (201 or 200, or a plain 409 `queue.full` for an add or a save) and returns
 * the ids of the posts the user's adds put in the queue.
 */
function acceptedAdds(calls: Call[], answers: Awaited<ReturnType<Call['send']>>[]): string[] {
  const ids: string[] = [];
  answers.forEach((res, i) => {
    const { kind } = calls[i]!;
    const context = `${kind} #${i}: ${res.statusCode} ${res.body}`;
    if (res.statusCode === 409) {
      // The only refusal a change may meet is a full queue, said plainly.
      expect(kind === 'add' || kind === 'save', context).toBe(true);
      expect(res.json().code, context).toBe(QUEUE_ERROR_CODES.full);
      return;
    }
    expect(res.statusCode, context).toBe(kind === 'add' || kind === 'neighbour' ? 201 : 200);
    if (kind === 'add') ids.push(res.json().data.id);
  });
  return ids;
}

/**
 * The queue as it must end when the changes took turns: exactly the accepted posts queued, one a
 * slot, on the first free instants of the slots saved last (one of `weeks`), each with one due
 * job, its present version's, at its time; the deleted ones cancelled with none.
 */
async function expectWholeQueue(user: Who, accepted: Set<string>, deleted: ListedPost[], weeks: QueueSlot[][]) {
  // Every accepted post is queued once, and nothing else is.
  const listed: ListedPost[] = (await h.call(user, API.posts.scheduled, { params: { id: user.userId } })).json().data;
  expect(listed.map((p) => p.id).sort()).toEqual([...accepted].sort());
  for (const post of listed) expect(post, post.id).toMatchObject({ queued: true, status: 'scheduled' });
  for (const post of deleted) {
    expect((await h.call(user, API.posts.get, { params: { id: post.id } })).json().data.status).toBe('cancelled');
  }

  // One post a slot, and no re-timing lost: the queued posts hold exactly the first free
  // instants of the slots saved last, in order.
  const times = listed.map((p) => Date.parse(p.scheduledAt));
  expect(new Set(times).size).toBe(times.length);
  const finalSlots: QueueSlot[] = (await h.request(user, 'GET', '/api/v1/queue')).json().data.slots;
  expect(weeks.map((w) => JSON.stringify(w.map((s) => `${s.weekday}@${s.time}`).sort()))).toContain(
    JSON.stringify(finalSlots.map((s) => `${s.weekday}@${s.time}`).sort()),
  );
  expect(times).toEqual(riyadhInstants(finalSlots, listed.length));

  // Each has one due job: its present version's, at its time (the older versions' were removed).
  const jobs = await dueJobsByPost();
  for (const post of listed) {
    const held = jobs.get(post.id) ?? [];
    expect(
      held.map((j) => j.version),
      post.id,
    ).toEqual([post.version]);
    expect(Math.abs(held[0]!.at - Date.parse(post.scheduledAt)), post.id).toBeLessThanOrEqual(1000);
  }
  for (const post of deleted) expect(jobs.get(post.id) ?? [], post.id).toEqual([]);
}

const ADDS = 16;
const SAVES = 5;

describe('one user changing the queue from two tabs at once', () => {
  it('gives each accepted post one slot of the slots saved last, with one due job at its time', async () => {
    const user = testIdentity();
    const neighbour = testIdentity();
    const weekA = slotsAhead([1, 3, 5], ['09:00', '13:30', '18:15']);
    const weekB = slotsAhead([2, 4, 6], ['10:00', '11:45', '16:00']);
    expect((await saveQueue(user, weekA)).statusCode).toBe(200);
    expect((await saveQueue(neighbour, weekB)).statusCode).toBe(200);
    const earlier: ListedPost[] = [];
    for (const content of ['Earlier one', 'Earlier two', 'Earlier three', 'Earlier four']) {
      const res = await addToQueue(user, content);
      expect(res.statusCode).toBe(201);
      earlier.push(res.json().data);
    }
    const deleted = [earlier[0]!, earlier[2]!];

    // Adds, saves of the two weeks in turn and the deletes, interleaved and spread over the two
    // instances, all in flight together; another user adds meanwhile.
    const calls: Call[] = [];
    const tab = () => at(calls.length % 2 ? 'second' : 'first');
    let saves = 0;
    for (let i = 0; i < ADDS; i++) {
      const add = tab();
      calls.push({ kind: 'add', send: () => add(user, 'POST', '/api/v1/queue/posts', { content: `Tab post ${i}` }) });
      if (i % 3 === 1 && saves < SAVES) {
        const week = saves++ % 2 ? weekA : weekB;
        const save = tab();
        calls.push({
          kind: 'save',
          send: () => save(user, 'PUT', '/api/v1/queue', { slots: week, timeZone: 'Asia/Riyadh' }),
        });
      }
      if (i === 4 || i === 9) {
        const post = deleted[i === 4 ? 0 : 1]!;
        const remove = tab();
        calls.push({ kind: 'delete', send: () => remove(user, 'DELETE', `/api/v1/posts/${post.id}`) });
      }
      if (i % 5 === 0) calls.push({ kind: 'neighbour', send: () => addToQueue(neighbour, `Next door ${i}`) });
    }
    expect(saves).toBe(SAVES);
    const answers = await Promise.all(calls.map((call) => call.send()));

    const accepted = new Set(earlier.filter((p) => !deleted.includes(p)).map((p) => p.id));
    for (const id of acceptedAdds(calls, answers)) accepted.add(id);
    expect(accepted.size).toBeGreaterThan(ADDS / 2);
    await expectWholeQueue(user, accepted, deleted, [weekA, weekB]);

    // The other user's adds went their own way, into that user's first slots.
    const next: ListedPost[] = (
      await h.call(neighbour, API.posts.scheduled, { params: { id: neighbour.userId } })
    ).json().data;
    expect(next.map((p) => Date.parse(p.scheduledAt))).toEqual(riyadhInstants(weekB, next.length));
  }, 60_000);

  it('makes two instances take turns: two saves of different weeks at once, with adds, end on the week saved last', async () => {
    const user = testIdentity();
    const weekA = slotsAhead([1, 3, 5], ['09:00', '13:30', '18:15']);
    const weekB = slotsAhead([2, 4, 6], ['10:00', '11:45', '16:00']);
    const weekC = slotsAhead([1, 2, 4], ['08:30', '12:00', '20:00']);
    expect((await saveQueue(user, weekA)).statusCode).toBe(200);
    const accepted = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const res = await addToQueue(user, `Waiting ${i}`);
      expect(res.statusCode).toBe(201);
      accepted.add(res.json().data.id);
    }
    // Each save re-times twelve posts, one edit each: long enough for two at once to overlap
    // unless the second instance waits for the first's turn in PostgreSQL.
    const calls: Call[] = [
      {
        kind: 'save',
        send: () => at('first')(user, 'PUT', '/api/v1/queue', { slots: weekB, timeZone: 'Asia/Riyadh' }),
      },
      {
        kind: 'save',
        send: () => at('second')(user, 'PUT', '/api/v1/queue', { slots: weekC, timeZone: 'Asia/Riyadh' }),
      },
      ...[0, 1, 2, 3].map(
        (i): Call => ({
          kind: 'add',
          send: () => at(i % 2 ? 'first' : 'second')(user, 'POST', '/api/v1/queue/posts', { content: `Racing ${i}` }),
        }),
      ),
    ];
    const answers = await Promise.all(calls.map((call) => call.send()));
    for (const id of acceptedAdds(calls, answers)) accepted.add(id);
    await expectWholeQueue(user, accepted, [], [weekB, weekC]);
  }, 60_000);
});
