import { personalizationUpdatedEvent, QUEUES } from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, toPersonalization } from '../testing/harness.js';
import { CREDITS_RESET_SCHEDULE, creditsResetJob } from './credits-reset.js';

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

describe('ai worker: monthly Premium credits', () => {
  it('registers a repeatable reset job', async () => {
    const schedulers = await inbox().getJobSchedulers();
    expect(schedulers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: CREDITS_RESET_SCHEDULE.id, pattern: CREDITS_RESET_SCHEDULE.pattern }),
      ]),
    );
  });

  it('grants 5,000 again in a new month, once, and only to Premium accounts', async () => {
    now = new Date('2025-01-15T10:00:00Z');
    const premium = testIdentity();
    const free = testIdentity();
    const admin = testIdentity(['user', 'admin']);
    const grant = await h.app.inject({
      method: 'PUT',
      url: `/api/v1/ai/admin/plans/${premium.userId}`,
      payload: { plan: 'premium' },
      headers: h.as(admin),
    });
    expect(grant.json().data.remaining).toBe(5000);
    await generate(premium, 'one');
    await generate(premium, 'two');
    await generate(free, 'one');
    expect((await credits(premium)).remaining).toBe(4980);

    const runReset = async () => {
      const job = await inbox().add(creditsResetJob.name, {});
      await expect.poll(async () => (await inbox().getJob(job.id!))?.finishedOn, POLL).toBeTruthy();
    };

    // Still January: nothing to grant.
    await runReset();
    expect((await credits(premium)).remaining).toBe(4980);

    now = new Date('2025-02-01T00:07:00Z');
    await runReset();
    expect(await credits(premium)).toMatchObject({ remaining: 5000, total: 5000, plan: 'premium' });
    expect((await credits(free)).remaining).toBe(90);

    // A second run in February changes nothing, even after spending.
    await generate(premium, 'three');
    await runReset();
    expect((await credits(premium)).remaining).toBe(4990);
  });
});
