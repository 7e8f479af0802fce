import {
  API,
  type EntitlementChanged,
  entitlementChangedEvent,
  PLAN_LIMIT_ERROR_CODES,
  QUEUES,
} from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planLimits } from '../db/schema.js';
import { instantToLocal } from '../schedule/local-time.js';
import { PostsHarness } from '../testing/harness.js';
import { weekStart } from './plan-limit-store.js';

const DAY = 24 * 3_600_000;
/** Workers share two busy cores with other test files: wait generously. */
const POLL = { timeout: 10_000 };
let h: PostsHarness;

beforeAll(async () => {
  h = await PostsHarness.start();
  await h.startWorker();
});
afterAll(async () => {
  await h.close();
});

/** A Wednesday at noon UTC some weeks ahead, as Riyadh's calendar shows it: all its posts fall in one week. */
function midweek(weeksAhead: number) {
  const start = weekStart(new Date(Date.now() + weeksAhead * 7 * DAY));
  return instantToLocal(new Date(start.getTime() + 2 * DAY + 12 * 3_600_000), 'Asia/Riyadh').date;
}

type Who = ReturnType<typeof testIdentity>;
const schedule = (who: Who, date: string) =>
  h.call(who, API.posts.schedule, {
    body: {
      userId: who.userId,
      content: 'Five lessons from ten years of building teams',
      date,
      time: '10:30 AM',
      status: 'scheduled',
      timeZone: 'Asia/Riyadh',
    },
  });

const trial = (who: Who, overrides: Partial<EntitlementChanged> = {}): EntitlementChanged => ({
  userId: who.userId,
  version: 1,
  plan: 'trial',
  status: 'trialing',
  active: true,
  limits: {
    weeklyPosts: 10,
    aiCredits: 100,
    commentingCredits: 0,
    engage: false,
    library: 30,
    workspaces: 1,
    seats: 1,
    pages: 1,
  },
  periodStart: new Date().toISOString(),
  periodEnd: new Date(Date.now() + 7 * DAY).toISOString(),
  ...overrides,
});

/** Publishes billing's event and waits until the posts worker holds this version of it. */
async function tell(event: EntitlementChanged) {
  await h.queues.queues.publish(entitlementChangedEvent, event);
  await expect
    .poll(async () => {
      const [row] = await h.database.db.select().from(planLimits).where(eq(planLimits.userId, event.userId));
      return row?.version ?? -1;
    }, POLL)
    .toBeGreaterThanOrEqual(event.version);
}

describe('the weekly post limit of the plan', () => {
  it('refuses the eleventh post of a week on the trial, naming the limit and the way to raise it', async () => {
    const who = testIdentity();
    await tell(trial(who));
    const date = midweek(1);
    for (let i = 0; i < 10; i++) expect((await schedule(who, date)).statusCode).toBe(201);
    const refused = await schedule(who, date);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      success: false,
      code: PLAN_LIMIT_ERROR_CODES.weeklyPosts,
      params: { limit: 10, plan: 'trial' },
    });
    expect(refused.json().message).toMatch(/10 posts a week.*Starter or Pro on the Billing page/);
    // Another week has room.
    expect((await schedule(who, midweek(2))).statusCode).toBe(201);
  });

  it('lets a post of a full week move within it, and refuses moving one into it from another week', async () => {
    const who = testIdentity();
    await tell(trial(who));
    const full = midweek(1);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await schedule(who, full)).json().data.id);
    const other = (await schedule(who, midweek(2))).json().data.id;
    // The next day is still in the same week: the post keeps its place.
    const nextDay = new Date(Date.parse(`${full}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
    const moved = await h.call(who, API.posts.update, {
      params: { id: ids[0] as string },
      body: { date: nextDay, time: '9:00 AM' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const refused = await h.call(who, API.posts.update, {
      params: { id: other },
      body: { date: full, time: '9:00 AM' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: PLAN_LIMIT_ERROR_CODES.weeklyPosts, params: { limit: 10 } });
  });

  it('keeps the newest copy: a late, older event changes nothing, and Pro lifts the limit', async () => {
    const who = testIdentity();
    const pro = trial(who, {
      version: 3,
      plan: 'pro',
      status: 'active',
      limits: {
        weeklyPosts: null,
        aiCredits: 5000,
        commentingCredits: 1500,
        engage: true,
        library: null,
        workspaces: 1,
        seats: 1,
        pages: 1,
      },
    });
    await tell(pro);
    const late = await h.queues.queues
      .get(QUEUES.postsInbox)
      .add(entitlementChangedEvent.name, trial(who, { version: 2 }));
    const inbox = h.queues.queues.get(QUEUES.postsInbox);
    await expect.poll(async () => (await inbox.getJob(late.id!))?.returnvalue, POLL).toEqual({ stored: false });
    const date = midweek(1);
    for (let i = 0; i < 11; i++) expect((await schedule(who, date)).statusCode).toBe(201);
  });

  it('refuses new posts once the trial or the plan has ended, and says how to continue', async () => {
    const ended = testIdentity();
    await tell(trial(ended, { periodEnd: new Date(Date.now() - DAY).toISOString() }));
    const res = await schedule(ended, midweek(1));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: PLAN_LIMIT_ERROR_CODES.inactive, params: { plan: 'trial' } });

    const expired = testIdentity();
    await tell(trial(expired, { plan: 'pro', status: 'expired', active: false }));
    expect((await schedule(expired, midweek(1))).json().code).toBe(PLAN_LIMIT_ERROR_CODES.inactive);
  });

  it('sets no limit for a user billing has not spoken of', async () => {
    const who = testIdentity();
    const date = midweek(1);
    for (let i = 0; i < 11; i++) expect((await schedule(who, date)).statusCode).toBe(201);
  });
});
