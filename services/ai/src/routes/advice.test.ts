import {
  dailyIdeasJob,
  dailyIdeasJobId,
  IDEAS_PER_DAY,
  ideasDailyTickJob,
  type PersonalizationInput,
  publishedPostsFetchedEvent,
  QUEUES,
  userDeletedEvent,
} from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../testing/harness.js';

let h: Harness;
let now = new Date('2026-03-10T09:00:00Z');
/** Workers share two busy cores with other test files: wait generously. */
const POLL = { timeout: 15_000 };

beforeAll(async () => {
  h = await startHarness({}, { clock: () => now });
});
afterAll(async () => {
  await h?.close();
});

type Identity = ReturnType<typeof testIdentity>;
const review = (identity: Identity, payload: unknown) =>
  h.app.inject({
    method: 'POST',
    url: '/api/v1/ai/profile-review',
    payload: payload as object,
    headers: h.as(identity),
  });
const ideas = (identity: Identity) => h.app.inject({ method: 'GET', url: '/api/v1/ai/ideas', headers: h.as(identity) });
const credits = async (identity: Identity) =>
  (await h.app.inject({ method: 'GET', url: '/api/v1/ai/credits', headers: h.as(identity) })).json().data;
const readyIdeas = async (identity: Identity) => {
  await expect.poll(async () => (await ideas(identity)).json().data.status, POLL).toBe('ready');
  return (await ideas(identity)).json().data;
};

const arabicWriter: PersonalizationInput = {
  jobTitle: 'مديرة تسويق',
  language: 'Arabic',
  goals: ['Grow Network'],
  interests: ['Leadership', 'Innovation'],
  tones: ['Inspirational'],
  styles: ['Simple Language'],
};
const englishWriter: PersonalizationInput = {
  jobTitle: 'Product designer',
  language: 'English',
  goals: ['Establish expertise', 'Educate audience'],
  interests: ['Productivity', 'Innovation'],
  tones: ['Casual'],
  styles: ['Simple Language'],
};

const profile = {
  headline: 'Product designer at Acme',
  about: 'I design tools for busy teams. Before that I worked in research.',
  skills: ['Figma', 'User Research', 'Process Improvement'],
};

describe('Optimize Profile', () => {
  it('charges a review like a generation and proposes a rewrite of each field, with its reason, in English', async () => {
    const me = testIdentity();
    await h.personalize(me, englishWriter);
    const res = await review(me, profile);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ offline: true, model: 'offline-writer', language: 'English' });
    expect(data.credits).toEqual({ remaining: 90, premium: true });
    expect((await credits(me)).remaining).toBe(90);
    const byField = Object.fromEntries(data.suggestions.map((s: { field: string }) => [s.field, s]));
    expect(Object.keys(byField).sort()).toEqual(['about', 'headline', 'skills']);
    // Built from the user's own data: their role, interests, goal and skills.
    expect(byField.headline.suggestion).toContain('Product designer at Acme');
    expect(byField.headline.suggestion).toContain('productivity');
    expect(byField.headline.suggestion.length).toBeLessThanOrEqual(220);
    expect(byField.headline.reason).toContain('establish expertise');
    expect(byField.about.suggestion).toContain('I design tools for busy teams.');
    expect(byField.about.suggestion).toContain('• Process Improvement');
    // The skill closest to the interests comes first; one the audience looks for is added.
    expect(byField.skills.suggestion.split('\n')[0]).toBe('Process Improvement');
    expect(byField.skills.suggestion).toContain('Time Management');
    // The ledger records it with the generations.
    const ledger = await h.database.sql`select kind, status, cost from ai.generations where user_id = ${me.userId}`;
    expect(ledger).toEqual([{ kind: 'profile-review', status: 'completed', cost: 10 }]);
    // The same data gives the same advice.
    expect((await review(me, profile)).json().data.suggestions).toEqual(data.suggestions);
  });

  it('writes the review in Arabic for an Arabic writer, even from an English interface', async () => {
    const me = testIdentity();
    await h.personalize(me, arabicWriter);
    const res = await review(me, { headline: '', about: '', skills: ['Leadership'], lang: 'en' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.language).toBe('Arabic');
    const headline = data.suggestions.find((s: { field: string }) => s.field === 'headline');
    expect(headline.suggestion).toContain('مديرة تسويق');
    expect(headline.suggestion).toContain('القيادة');
    expect(headline.reason).toContain('توسيع شبكة علاقاتك');
    const about = data.suggestions.find((s: { field: string }) => s.field === 'about');
    expect(about.reason).toContain('فارغ');
  });

  it('refuses bad input with a stable code and charges nothing', async () => {
    const me = testIdentity();
    await h.personalize(me, englishWriter);
    const empty = await review(me, { headline: '  ', about: '', skills: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ success: false, code: 'ai.profile_review_empty' });
    const long = await review(me, { headline: 'x'.repeat(221) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'ai.profile_field_too_long' });
    expect(long.json().message).toContain('220');
    const tooMany = await review(me, { skills: Array.from({ length: 51 }, (_, i) => `Skill ${i}`) });
    expect(tooMany.json()).toMatchObject({ code: 'ai.profile_field_too_long' });
    const wrongShape = await review(me, { headline: 'Designer', skills: 'Figma' });
    expect(wrongShape.statusCode).toBe(400);
    expect(wrongShape.json().code).toBe('request.invalid');
    const unknownField = await review(me, { headline: 'Designer', password: 'x' });
    expect(unknownField.statusCode).toBe(400);
    expect((await credits(me)).remaining).toBe(100);
  });
});

describe('daily ideas', () => {
  it('prepares the day in the background on first ask, then answers the same ideas', async () => {
    const me = testIdentity();
    await h.personalize(me, englishWriter);
    const first = await ideas(me);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'preparing', ideas: [], day: '2026-03-10' });
    const day = await readyIdeas(me);
    expect(day).toMatchObject({ status: 'ready', language: 'English', offline: true });
    expect(day.ideas).toHaveLength(IDEAS_PER_DAY);
    const topics = day.ideas.map((idea: { topic: string }) => idea.topic);
    expect(new Set(topics).size).toBe(IDEAS_PER_DAY);
    // Drawn from the job, the goals and the interests.
    const sources = new Set(day.ideas.map((idea: { source: string }) => idea.source));
    expect(sources).toEqual(new Set(['job', 'goal', 'interest']));
    expect(topics.join(' ')).toContain('Product designer');
    expect((await ideas(me)).json().data).toEqual(day);
    // Background ideas cost nothing.
    expect((await credits(me)).remaining).toBe(100);
  });

  it('runs a day once however often its job is enqueued', async () => {
    const me = testIdentity();
    await h.personalize(me, arabicWriter);
    const day = '2026-03-10';
    const jobId = dailyIdeasJobId(me.userId, day);
    const job = await h.queues.enqueue(dailyIdeasJob, { userId: me.userId, day }, { jobId });
    await expect
      .poll(async () => (await h.queues.get(QUEUES.aiInbox).getJob(jobId))?.returnvalue, POLL)
      .toEqual({
        prepared: true,
      });
    const again = await h.queues.enqueue(dailyIdeasJob, { userId: me.userId, day }, { jobId });
    expect(again.id).toBe(job.id);
    // Another job for the same day (as after Redis lost it) finds the day prepared and changes nothing.
    const other = await h.queues.enqueue(dailyIdeasJob, { userId: me.userId, day });
    await expect
      .poll(async () => (await h.queues.get(QUEUES.aiInbox).getJob(other.id!))?.returnvalue, POLL)
      .toEqual({
        prepared: false,
      });
    const rows = await h.database.sql`select count(*)::int as n from ai.daily_ideas where user_id = ${me.userId}`;
    expect(rows).toEqual([{ n: 1 }]);
    const data = (await ideas(me)).json().data;
    expect(data.language).toBe('Arabic');
    // The user's data export holds them; deleting the account removes them.
    const exported = await h.app.inject({ method: 'GET', url: '/api/v1/ai/export', headers: h.as(me) });
    expect(exported.json().data.dailyIdeas).toEqual([
      { day, ideas: data.ideas, language: 'Arabic', model: 'offline-writer' },
    ]);
    await h.queues.publish(userDeletedEvent, { userId: me.userId, email: 'gone@example.test' });
    await expect
      .poll(async () => (await h.database.sql`select 1 from ai.daily_ideas where user_id = ${me.userId}`).length, POLL)
      .toBe(0);
    expect(data.ideas.every((idea: { topic: string }) => /[\u0600-\u06FF]/.test(idea.topic))).toBe(true);
  });

  it('never repeats a recent post or an earlier day', async () => {
    const me = testIdentity();
    await h.personalize(me, englishWriter);
    // Their posts already cover two of the ideas the writer would give.
    const posts = [
      'Three myths about productivity, and what I have seen instead\n\nFirst...',
      'A lesson about innovation I learned the hard way.',
      'Our team shipped the new onboarding today.',
    ];
    await h.queues.publish(publishedPostsFetchedEvent, { userId: me.userId, posts });
    await expect
      .poll(async () => (await h.database.sql`select 1 from ai.writer_posts where user_id = ${me.userId}`).length, POLL)
      .toBe(1);
    const days: string[][] = [];
    for (const at of ['2026-03-10T09:00:00Z', '2026-03-11T09:00:00Z']) {
      now = new Date(at);
      days.push((await readyIdeas(me)).ideas.map((idea: { topic: string }) => idea.topic));
    }
    now = new Date('2026-03-10T09:00:00Z');
    const all = days.flat();
    // Not the two ideas their posts already cover.
    expect(all).not.toContain('Three myths about productivity, and what you have seen instead');
    expect(all).not.toContain('A lesson about innovation you learned the hard way');
    // Two days, ten different ideas, one of them following up the latest post.
    expect(new Set(all).size).toBe(all.length);
    expect(all.some((topic) => topic.includes('Three myths about productivity, and what I have seen'))).toBe(true);
  });

  it('the daily run asks for every writer, spread and keyed by user and day', async () => {
    const a = testIdentity();
    const b = testIdentity();
    await h.personalize(a, englishWriter);
    await h.personalize(b, arabicWriter);
    now = new Date('2026-03-20T02:00:00Z');
    const tick = await h.queues.enqueue(ideasDailyTickJob, {});
    const inbox = h.queues.get(QUEUES.aiInbox);
    await expect.poll(async () => (await inbox.getJob(tick.id!))?.finishedOn, POLL).toBeTruthy();
    for (const who of [a, b]) {
      const job = await inbox.getJob(dailyIdeasJobId(who.userId, '2026-03-20'));
      expect(job?.data).toMatchObject({ userId: who.userId, day: '2026-03-20' });
      expect(job?.opts.delay).toBeGreaterThanOrEqual(0);
      expect(job?.opts.delay).toBeLessThan(4 * 3600_000);
    }
    // Asking on the screen does not wait for the writer's turn in the spread.
    const asked = await ideas(a);
    expect(asked.json().data.status).toBe('preparing');
    const day = await readyIdeas(a);
    expect(day.day).toBe('2026-03-20');
    now = new Date('2026-03-10T09:00:00Z');
    // The schedule that fires the run daily is installed.
    const schedulers = await inbox.getJobSchedulers();
    expect(schedulers.map((s) => s.key)).toContain('ideas-daily-tick');
  });
});
