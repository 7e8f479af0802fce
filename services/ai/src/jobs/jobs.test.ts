import {
  creditsRenewalSweepJob,
  creditsRenewJob,
  type EntitlementChanged,
  entitlementChangedEvent,
  PLAN_CATALOGUE,
  type PlanId,
  personalizationUpdatedEvent,
  QUEUES,
} from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreditStore, renewalJobId } from '../credits/credit-store.js';
import { type Harness, startHarness, toPersonalization } from '../testing/harness.js';
import { CREDITS_RENEWAL_SCHEDULE } from './credits-renewal.js';

let h: Harness;
let now = new Date('2025-01-15T10:00:00Z');
/** Workers share two busy cores with other test files: wait generously. */
const POLL = { timeout: 10_000 };

beforeAll(async () => {
  h = await startHarness({}, { clock: () => now });
});
afterAll(async () => {
  await h?.close();
});

const inbox = () => h.queues.get(QUEUES.aiInbox);
const generate = (identity: ReturnType<typeof testIdentity>, topic: string) =>
  h.app.inject({ method: 'POST', url: '/api/v1/ai/generate', payload: { topic }, headers: h.as(identity) });
const credits = async (identity: ReturnType<typeof testIdentity>) =>
  (await h.app.inject({ method: 'GET', url: '/api/v1/ai/credits', headers: h.as(identity) })).json().data;

const base = {
  jobTitle: 'Nurse educator',
  language: 'English' as const,
  goals: ['Educate audience' as const],
  interests: ['Leadership' as const],
  tones: ['Professional' as const],
  styles: ['Simple Language' as const],
};

describe('ai worker: personalization events', () => {
  it('stores the personalization from the auth event and the next draft uses it', async () => {
    const me = testIdentity();
    await h.queues.publish(personalizationUpdatedEvent, {
      userId: me.userId,
      personalization: toPersonalization(base),
    });
    await expect
      .poll(async () => (await generate(me, 'patient safety')).json().data.text, POLL)
      .toContain('As a Nurse educator');
  });

  it('keeps the newest copy when an older event arrives late, and takes a newer one', async () => {
    const me = testIdentity();
    const newer = toPersonalization({ ...base, jobTitle: 'Chief nursing officer', language: 'Arabic' });
    const older = toPersonalization({ ...base, jobTitle: 'Student nurse' });
    const first = await inbox().add(personalizationUpdatedEvent.name, { userId: me.userId, personalization: newer });
    await expect.poll(async () => (await inbox().getJob(first.id!))?.finishedOn, POLL).toBeTruthy();
    // Published a minute earlier, delivered after.
    const late = await inbox().add(
      personalizationUpdatedEvent.name,
      { userId: me.userId, personalization: older },
      { timestamp: Date.now() - 60_000 },
    );
    await expect.poll(async () => (await inbox().getJob(late.id!))?.returnvalue, POLL).toEqual({ stored: false });
    const draft = (await generate(me, 'night shifts')).json().data;
    expect(draft.language).toBe('Arabic');
    expect(draft.text).toContain('Chief nursing officer');

    const again = await inbox().add(personalizationUpdatedEvent.name, {
      userId: me.userId,
      personalization: toPersonalization({ ...base, jobTitle: 'Head of nursing' }),
    });
    await expect.poll(async () => (await inbox().getJob(again.id!))?.returnvalue, POLL).toEqual({ stored: true });
    expect((await generate(me, 'night shifts')).json().data.text).toContain('Head of nursing');
  });

  it('fails an invalid event at once, without retries, and stores nothing', async () => {
    const me = testIdentity();
    const bad = await inbox().add(
      personalizationUpdatedEvent.name,
      { userId: me.userId, personalization: { jobTitle: 'x', language: 'Klingon' } },
      { attempts: 5 },
    );
    await expect.poll(async () => (await inbox().getJob(bad.id!))?.failedReason, POLL).toMatch(/Invalid payload/);
    expect((await inbox().getJob(bad.id!))?.attemptsMade).toBe(1);
    const choices = await h.app.inject({ method: 'GET', url: '/api/v1/ai/choices', headers: h.as(me) });
    expect(choices.json().data.source).toBe('defaults');
  });
});

describe('ai worker: credits follow the plan and renew each billing period', () => {
  const DAY = 24 * 3600 * 1000;
  const plan = (
    who: ReturnType<typeof testIdentity>,
    id: PlanId,
    version: number,
    periodStart: string,
    periodEnd: string,
    status: EntitlementChanged['status'] = id === 'trial' ? 'trialing' : 'active',
  ): EntitlementChanged => ({
    userId: who.userId,
    version,
    plan: id,
    status,
    active: status !== 'expired',
    limits: PLAN_CATALOGUE[id].limits,
    periodStart,
    periodEnd,
  });
  /** Publishes billing's event and waits until the ai worker has handled it. */
  const announce = async (event: EntitlementChanged) => {
    const job = await inbox().add(entitlementChangedEvent.name, event);
    await expect.poll(async () => (await inbox().getJob(job.id!))?.finishedOn, POLL).toBeTruthy();
    return (await inbox().getJob(job.id!))?.returnvalue;
  };
  /** Waits for the renewal job of that user and period to finish, and says what it did. */
  const renewal = async (who: ReturnType<typeof testIdentity>, periodStart: string) => {
    const id = renewalJobId(who.userId, new Date(periodStart));
    await expect.poll(async () => (await inbox().getJob(id))?.finishedOn, POLL).toBeTruthy();
    return (await inbox().getJob(id))?.returnvalue;
  };
  const runJob = async (name: string, data: object, jobId?: string) => {
    const job = await inbox().add(name, data, jobId ? { jobId } : {});
    await expect.poll(async () => (await inbox().getJob(job.id!))?.finishedOn, POLL).toBeTruthy();
    return (await inbox().getJob(job.id!))?.returnvalue;
  };

  it('registers the hourly renewal sweep, and the old calendar-month reset is gone', async () => {
    const schedulers = await inbox().getJobSchedulers();
    expect(schedulers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: CREDITS_RENEWAL_SCHEDULE.id, pattern: CREDITS_RENEWAL_SCHEDULE.pattern }),
      ]),
    );
    expect(schedulers.map((s) => s.key)).not.toContain('credits-monthly-reset');
  });

  it("gives the trial's allowance, then Starter's 500 and Pro's 5,000 from billing's plans, once per period", async () => {
    now = new Date('2025-03-03T10:00:00Z');
    const me = testIdentity();
    const trialStart = '2025-03-03T09:00:00.000Z';
    expect(await announce(plan(me, 'trial', 1, trialStart, '2025-03-10T09:00:00.000Z'))).toEqual({ applied: true });
    expect(await renewal(me, trialStart)).toEqual({ renewed: false });
    expect(await credits(me)).toMatchObject({ remaining: 100, total: 100, plan: 'trial', renewsAt: null });
    await generate(me, 'trial post');
    expect((await credits(me)).remaining).toBe(90);

    // Subscribed to Starter: a new period, its renewal grants the 500.
    const starterStart = '2025-03-05T12:00:00.000Z';
    const starterEnd = '2025-04-05T12:00:00.000Z';
    await announce(plan(me, 'starter', 2, starterStart, starterEnd));
    expect(await renewal(me, starterStart)).toEqual({ renewed: true });
    expect(await credits(me)).toMatchObject({ remaining: 500, total: 500, plan: 'starter', renewsAt: starterEnd });
    await generate(me, 'starter post');

    // The same announcement again, and the same period's job again under another id: nothing changes.
    expect(await announce(plan(me, 'starter', 2, starterStart, starterEnd))).toEqual({ applied: false });
    expect(
      await runJob(creditsRenewJob.name, { userId: me.userId, periodStart: starterStart }, `again-${me.userId}`),
    ).toEqual({ renewed: false });
    expect((await credits(me)).remaining).toBe(490);

    // Upgraded to Pro within the period: the difference is added at once, no new period.
    await announce(plan(me, 'pro', 3, starterStart, starterEnd));
    expect(await credits(me)).toMatchObject({ remaining: 4990, total: 5000, plan: 'pro' });

    // An older version arriving late changes nothing.
    expect(await announce(plan(me, 'starter', 2, starterStart, starterEnd))).toEqual({ applied: false });
    expect((await credits(me)).total).toBe(5000);

    // The next period, announced by billing: a full 5,000 again, once.
    const next = '2025-04-05T12:00:00.000Z';
    await announce(plan(me, 'pro', 4, next, '2025-05-05T12:00:00.000Z'));
    expect(await renewal(me, next)).toEqual({ renewed: true });
    expect((await credits(me)).remaining).toBe(5000);
    await generate(me, 'april post');
    expect(await runJob(creditsRenewJob.name, { userId: me.userId, periodStart: next }, `late-${me.userId}`)).toEqual({
      renewed: false,
    });
    expect((await credits(me)).remaining).toBe(4990);
  });

  it('renews an active plan whose period ended before billing said so, and not a cancelled or ended one', async () => {
    now = new Date('2025-06-01T10:00:00Z');
    const active = testIdentity();
    const cancelled = testIdentity();
    const start = new Date(now.getTime() - 40 * DAY).toISOString();
    const end = new Date(now.getTime() - DAY).toISOString();
    await announce(plan(active, 'starter', 2, start, end));
    await announce(plan(cancelled, 'pro', 2, start, end, 'canceled'));
    await generate(active, 'spent');
    await generate(cancelled, 'spent');

    expect((await runJob(creditsRenewalSweepJob.name, {})).due).toBeGreaterThanOrEqual(1);
    expect(await renewal(active, end)).toEqual({ renewed: true });
    expect((await credits(active)).remaining).toBe(500);
    expect((await credits(cancelled)).remaining).toBe(4990);
    expect(await inbox().getJob(renewalJobId(cancelled.userId, new Date(end)))).toBeUndefined();

    // The sweep again, and billing's announcement of the same period: no second grant.
    await generate(active, 'after renewal');
    await runJob(creditsRenewalSweepJob.name, {});
    await announce(plan(active, 'starter', 3, end, new Date(now.getTime() + 29 * DAY).toISOString()));
    expect((await credits(active)).remaining).toBe(490);
  });

  it('gives a failed draft its credits back within its period, not on top of a renewal since', async () => {
    // The ledger stamps spends with the database's clock: the periods here are real times too.
    const me = testIdentity();
    const iso = (ms: number) => new Date(ms).toISOString();
    const started = Date.now() - 10 * DAY;
    await announce(plan(me, 'starter', 1, iso(started), iso(started + 30 * DAY)));
    const store = new CreditStore(h.database.db);
    const input = {
      kind: 'generate',
      action: null,
      promptVersion: 't',
      models: { premium: 'p', standard: 's' },
    } as const;
    const first = await store.reserve(me.userId, input);
    const second = await store.reserve(me.userId, input);
    expect(await store.refund(first.generationId, 'the writer failed')).toBe(490);
    // A new period begins after the second spend, before its failure is known.
    const renewedAt = iso(Date.now() + 5);
    await announce(plan(me, 'starter', 2, renewedAt, iso(Date.now() + 30 * DAY)));
    expect(await renewal(me, renewedAt)).toEqual({ renewed: true });
    expect(await store.refund(second.generationId, 'the writer failed')).toBe(500);
    expect((await credits(me)).remaining).toBe(500);
  });

  it('falls back to the standard model when the plan period is spent', async () => {
    now = new Date('2025-07-01T10:00:00Z');
    const me = testIdentity();
    await announce(plan(me, 'basic', 1, '2025-07-01T00:00:00.000Z', '2025-08-01T00:00:00.000Z'));
    for (let i = 0; i < 10; i++) await generate(me, `post ${i}`);
    expect((await credits(me)).remaining).toBe(0);
    const draft = (await generate(me, 'one more')).json().data;
    expect(draft.credits).toEqual({ remaining: 0, premium: false });
  });
});
