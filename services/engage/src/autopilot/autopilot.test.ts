import { engageAutopilotJob, type Identity, QUEUES, userDeletedEvent } from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autopilotSends, autopilotSettings, comments } from '../db/schema.js';
import { engageClient, POLL } from '../testing/engage-client.js';
import { type Harness, startHarness } from '../testing/harness.js';
import { autopilotTickId } from './ticks.js';

/** The least spacing between two comments in this file: 0.02 minutes. */
const SPACING_MS = 1200;
const HOUR = 3_600_000;

/**
 * The service's clock reads 12:00 UTC (today's or yesterday's, never ahead of the real time, so
 * the sandbox's posts exist) and runs on from there: working hours are tested against it.
 */
let offset = 0;
const clock = () => new Date(Date.now() + offset);
const clockNoon = () => {
  const now = Date.now();
  const noon = new Date(now);
  noon.setUTCHours(12, 0, 0, 0);
  if (noon.getTime() > now) noon.setTime(noon.getTime() - 24 * HOUR);
  return noon.getTime() - now;
};

let h: Harness;
let api: ReturnType<typeof engageClient>;

beforeAll(async () => {
  offset = clockNoon();
  h = await startHarness(
    { ENGAGE_AUTOPILOT_MIN_SPACING_MINUTES: String(SPACING_MS / 60_000), ENGAGE_AUTOPILOT_SPACING_JITTER: '0.5' },
    { clock },
  );
  api = engageClient(h);
});
afterAll(async () => {
  await h?.close();
});

type Body = Record<string, unknown>;
const autopilotOf = async (who: Identity) => (await api.call(who, 'GET', '/api/v1/engage/autopilot')).json().autopilot;
const save = (who: Identity, body: Body) => api.call(who, 'PUT', '/api/v1/engage/autopilot', body);
const pause = (who: Identity, paused: boolean) => api.call(who, 'PUT', '/api/v1/engage/autopilot/pause', { paused });
const turnOn = (personIds: string[], change: Body = {}): Body => ({
  enabled: true,
  dailyCap: 2,
  hours: { start: '09:00', end: '18:00' },
  timeZone: 'UTC',
  suggestion: 'question',
  personIds,
  ...change,
});

interface Sent {
  id: string;
  postId: string;
  text: string;
  status: string;
  origin: string;
  createdAt: string;
}
const historyOf = async (who: Identity): Promise<Sent[]> =>
  (await api.call(who, 'GET', '/api/v1/engage/comments')).json().comments;

/** What the user's finished ticks answered, oldest first. */
async function ticksOf(who: Identity): Promise<{ id: string; status: string; next: string | null }[]> {
  const jobs = await h.queues.get(QUEUES.engageAutopilot).getJobs(['completed']);
  return jobs
    .filter((job) => job.data.userId === who.userId)
    .sort((a, b) => (a.finishedOn ?? 0) - (b.finishedOn ?? 0))
    .map((job) => ({ id: job.id ?? '', ...job.returnvalue }));
}
/** Waits for a tick that answered `status`, and returns it. */
async function tickWith(who: Identity, status: string, after = 0) {
  let found: Awaited<ReturnType<typeof ticksOf>>[number] | undefined;
  await expect
    .poll(async () => {
      found = (await ticksOf(who)).slice(after).find((tick) => tick.status === status);
      return !!found;
    }, POLL)
    .toBe(true);
  if (!found) throw new Error(`no ${status} tick`);
  return found;
}

/** A user on Starter with these credits, following these creators, their feed and suggestions ready. */
async function readyUser(credits: number, handles = ['emma-carter', 'omar-alharbi']) {
  const me = testIdentity();
  await api.plan(me, 'starter', credits);
  const personIds: string[] = [];
  for (const handle of handles) personIds.push(await api.follow(me, handle));
  const posts = await api.preparedFeed(me);
  return { me, personIds, posts };
}

describe('the autopilot setting', () => {
  it('is off by default, and refuses caps, hours, zones and people out of bounds with a code', async () => {
    const me = testIdentity();
    const other = testIdentity();
    expect(await autopilotOf(me)).toMatchObject({
      enabled: false,
      status: 'off',
      dailyCap: 10,
      hours: { start: '09:00', end: '18:00', days: [0, 1, 2, 3, 4, 5, 6] },
      personIds: [],
      sentToday: 0,
      stopped: null,
      limits: { minDailyCap: 1, maxDailyCap: 25 },
      spacing: { minMinutes: SPACING_MS / 60_000, maxMinutes: (1.5 * SPACING_MS) / 60_000 },
    });
    const mine = await api.follow(me, 'sara-alqahtani');
    const theirs = await api.follow(other, 'liam-patel');

    for (const dailyCap of [0, 26]) {
      const refused = await save(me, turnOn([mine], { dailyCap }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('engage.autopilot_cap_out_of_range');
    }
    const backwards = await save(me, turnOn([mine], { hours: { start: '18:00', end: '09:00' } }));
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().code).toBe('engage.autopilot_hours_invalid');
    const zone = await save(me, turnOn([mine], { timeZone: 'Mars/Olympus_Mons' }));
    expect(zone.json().code).toBe('engage.autopilot_time_zone_invalid');
    const nobody = await save(me, turnOn([]));
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().code).toBe('engage.autopilot_no_people');
    const stranger = await save(me, turnOn([mine, theirs]));
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().code).toBe('engage.not_found');
    expect((await autopilotOf(me)).enabled).toBe(false);

    const saved = await save(
      me,
      turnOn([mine], { dailyCap: 25, timeZone: 'Asia/Riyadh', suggestion: 'experience', enabled: false }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().autopilot).toMatchObject({
      enabled: false,
      status: 'off',
      dailyCap: 25,
      timeZone: 'Asia/Riyadh',
      suggestion: 'experience',
      personIds: [mine],
    });
    // Unfollowing someone takes them off autopilot.
    await api.call(me, 'DELETE', `/api/v1/engage/people/${mine}`);
    expect((await autopilotOf(me)).personIds).toEqual([]);
    // Another user's setting is untouched, and still off.
    expect((await autopilotOf(other)).personIds).toEqual([]);
  });
});

describe('autopilot sending', () => {
  it('sends exactly the cap, spaced apart, the chosen suggestion, each marked as sent by autopilot', async () => {
    const { me, personIds, posts } = await readyUser(100);
    expect(posts.length).toBeGreaterThan(2);
    const saved = await save(me, turnOn(personIds, { dailyCap: 2 }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().autopilot.status).toBe('on');

    await expect.poll(async () => (await historyOf(me)).filter((c) => c.status === 'sent').length, POLL).toBe(2);
    // The next tick finds today's cap used and waits for tomorrow's working hours.
    const capped = await tickWith(me, 'cap_reached');
    const tomorrow = new Date(clock().getTime() + 24 * HOUR);
    expect(capped.next?.slice(0, 10)).toBe(tomorrow.toISOString().slice(0, 10));
    expect(capped.next?.slice(11, 16)).toBe('09:00');
    const sent = await historyOf(me);
    expect(sent).toHaveLength(2);
    expect(new Set(sent.map((c) => c.postId)).size).toBe(2);
    for (const comment of sent) {
      expect(comment.origin).toBe('autopilot');
      const post = posts.find((p) => p.postId === comment.postId);
      expect(comment.text).toBe(post?.suggestions.items.find((s) => s.kind === 'question')?.text);
      expect((await h.sandbox.commentsOn(comment.postId)).filter((c) => c.userId === me.userId)).toHaveLength(1);
    }
    const [later, earlier] = sent.map((c) => new Date(c.createdAt).getTime());
    expect((later ?? 0) - (earlier ?? 0)).toBeGreaterThanOrEqual(SPACING_MS);
    expect(await autopilotOf(me)).toMatchObject({ status: 'cap_reached', sentToday: 2 });
    const credits = (await api.call(me, 'GET', '/api/v1/engage/allowance')).json().allowance.credits;
    expect(credits).toEqual({ total: 100, used: 2, remaining: 98 });
  });

  it('sends nothing outside the working hours or days, and says when it resumes', async () => {
    const { me, personIds } = await readyUser(100);
    // The clock reads a little after 12:00 UTC.
    const later = await save(me, turnOn(personIds, { hours: { start: '14:00', end: '18:00' } }));
    expect(later.json().autopilot.status).toBe('outside_hours');
    const waiting = await tickWith(me, 'outside_hours');
    expect(waiting.next).toBe(`${clock().toISOString().slice(0, 10)}T14:00:00.000Z`);

    const today = clock().getUTCDay();
    const otherDays = [0, 1, 2, 3, 4, 5, 6].filter((day) => day !== today);
    const ticks = (await ticksOf(me)).length;
    const notToday = await save(me, turnOn(personIds, { hours: { start: '09:00', end: '18:00', days: otherDays } }));
    expect(notToday.json().autopilot.status).toBe('outside_hours');
    const tomorrow = await tickWith(me, 'outside_hours', ticks);
    expect(tomorrow.next).toBe(`${new Date(clock().getTime() + 24 * HOUR).toISOString().slice(0, 10)}T09:00:00.000Z`);
    expect(await historyOf(me)).toEqual([]);
  });

  it("picks up again after Redis lost its ticks, from the worker's start", async () => {
    const { me, personIds } = await readyUser(100, ['sara-alqahtani']);
    await save(me, turnOn(personIds, { hours: { start: '14:00', end: '18:00' } }));
    await tickWith(me, 'outside_hours');
    // The chain's next tick (at 14:00) is lost with Redis's delayed jobs.
    const queue = h.queues.get(QUEUES.engageAutopilot);
    await queue.drain(true);
    expect((await queue.getDelayed()).filter((job) => job.data.userId === me.userId)).toEqual([]);
    const ticks = (await ticksOf(me)).length;
    await h.startWorkers();
    await tickWith(me, 'outside_hours', ticks);
    await expect
      .poll(async () => (await queue.getDelayed()).filter((job) => job.data.userId === me.userId).length, POLL)
      .toBe(1);
    await pause(me, true);
  });

  it('pauses at once, even for a tick already queued, and resumes', async () => {
    const { me, personIds } = await readyUser(100);
    await save(me, turnOn(personIds, { dailyCap: 25 }));
    await expect.poll(async () => (await historyOf(me)).length, POLL).toBeGreaterThan(0);
    const paused = await pause(me, true);
    expect(paused.statusCode).toBe(200);
    expect(paused.json().autopilot.status).toBe('paused');
    const before = (await historyOf(me)).length;

    // A tick queued before the pause (as the chain's next one is) sends nothing.
    const at = clock().getTime();
    await h.queues.enqueue(engageAutopilotJob, { userId: me.userId, at }, { jobId: autopilotTickId(me.userId, at) });
    await expect
      .poll(
        async () => (await h.queues.get(QUEUES.engageAutopilot).getJob(autopilotTickId(me.userId, at)))?.returnvalue,
        POLL,
      )
      .toMatchObject({ status: 'paused', next: null });
    expect(await historyOf(me)).toHaveLength(before);

    const resumed = await pause(me, false);
    expect(resumed.json().autopilot.status).toBe('on');
    await expect.poll(async () => (await historyOf(me)).length, POLL).toBeGreaterThan(before);
    await pause(me, true);
  });

  it('never comments twice on one post, with two workers racing, nor on a post commented by hand', async () => {
    const { me, personIds, posts } = await readyUser(100, ['layla-haddad']);
    const byHand = posts[0];
    if (!byHand) throw new Error('no post');
    const hand = await api.call(me, 'POST', '/api/v1/engage/comments', {
      postId: byHand.postId,
      key: crypto.randomUUID(),
      text: 'My own words.',
    });
    expect(hand.statusCode).toBe(200);
    await h.startWorkers();
    await save(me, turnOn(personIds, { dailyCap: 25 }));
    // More ticks at once than there are posts, on both workers.
    const now = clock().getTime();
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        h.queues.enqueue(
          engageAutopilotJob,
          { userId: me.userId, at: now + i },
          { jobId: autopilotTickId(me.userId, now + i) },
        ),
      ),
    );
    // Every other post gets its comment, and then there is nothing left to comment on.
    await expect
      .poll(async () => (await historyOf(me)).filter((c) => c.origin === 'autopilot').length, POLL)
      .toBe(posts.length - 1);
    await tickWith(me, 'no_post');
    const history = await historyOf(me);
    const autopilot = history.filter((c) => c.origin === 'autopilot');
    expect(autopilot.map((c) => c.postId)).not.toContain(byHand.postId);
    expect(new Set(autopilot.map((c) => c.postId)).size).toBe(autopilot.length);
    for (const post of posts) {
      expect((await h.sandbox.commentsOn(post.postId)).filter((c) => c.userId === me.userId)).toHaveLength(1);
    }
    // One at a time, however many workers: each at least the spacing after the one before.
    const times = autopilot.map((c) => new Date(c.createdAt).getTime()).sort((a, b) => a - b);
    for (let i = 1; i < times.length; i++) {
      expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(SPACING_MS);
    }
    // The database itself refuses a second record of one post.
    const [taken] = await h.database.db.select().from(autopilotSends).where(eq(autopilotSends.userId, me.userId));
    if (!taken) throw new Error('no record');
    const again = await h.database.db
      .insert(autopilotSends)
      .values({ ...taken, key: crypto.randomUUID() })
      .then(() => null)
      .catch((error: { cause?: { code?: string; constraint_name?: string } }) => error.cause);
    expect(again).toMatchObject({ code: '23505', constraint_name: 'autopilot_sends_user_id_post_id_pk' });
    await pause(me, true);
  });

  it('stops when the credits run out, says why, and goes on once turned on again', async () => {
    const { me, personIds } = await readyUser(1);
    await save(me, turnOn(personIds, { dailyCap: 5 }));
    await tickWith(me, 'stopped');
    expect(await historyOf(me)).toHaveLength(1);
    const stopped = await autopilotOf(me);
    expect(stopped).toMatchObject({
      enabled: true,
      status: 'stopped',
      stopped: { code: 'engage.credits_exhausted', params: { limit: 1, plan: 'starter' } },
    });
    // The post it could not comment on is free again; nothing was recorded for it.
    const records = await h.database.db.select().from(autopilotSends).where(eq(autopilotSends.userId, me.userId));
    expect(records).toHaveLength(1);

    // The user is told (the bell), once: a tick that comes again finds it stopped and tells the same stop.
    const told = async () =>
      (await h.queues.get(QUEUES.authInbox).getJobs(['waiting', 'active', 'completed', 'failed', 'delayed'])).filter(
        (job) => job.name === 'engage-autopilot-stopped' && job.data.userId === me.userId,
      );
    await expect.poll(async () => (await told()).length, POLL).toBe(1);
    const [stop] = await told();
    expect(stop?.data).toMatchObject({ userId: me.userId, reason: 'engage.credits_exhausted' });
    expect(stop?.id).toBe(`engage-autopilot-stopped-${me.userId}-${Date.parse(stop?.data.stoppedAt)}`);
    const ticksBefore = (await ticksOf(me)).length;
    const at = Date.now();
    await h.queues.enqueue(engageAutopilotJob, { userId: me.userId, at }, { jobId: autopilotTickId(me.userId, at) });
    await tickWith(me, 'stopped', ticksBefore);
    expect((await told()).map((job) => job.id)).toEqual([stop?.id]);

    await api.plan(me, 'pro', 1500);
    const again = await save(me, turnOn(personIds, { dailyCap: 5 }));
    expect(again.json().autopilot).toMatchObject({ status: 'on', stopped: null });
    await expect.poll(async () => (await historyOf(me)).length, POLL).toBe(2);
    await pause(me, true);
  });
});

describe('a deleted account', () => {
  it('loses its autopilot', async () => {
    const { me, personIds } = await readyUser(100, ['noah-schmidt']);
    await save(me, turnOn(personIds, { enabled: false }));
    await h.queues.publish(userDeletedEvent, { userId: me.userId, email: me.email });
    await expect
      .poll(async () => {
        const rows = await h.database.db
          .select()
          .from(autopilotSettings)
          .where(eq(autopilotSettings.userId, me.userId));
        const sent = await h.database.db
          .select()
          .from(comments)
          .where(and(eq(comments.userId, me.userId), eq(comments.origin, 'autopilot')));
        return rows.length + sent.length;
      }, POLL)
      .toBe(0);
  });
});
