import { CREDITS, type PersonalizationInput, QUEUES } from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreditStore } from '../credits/credit-store.js';
import { creditAccounts } from '../db/schema.js';
import { type Harness, readEventStream, startHarness } from '../testing/harness.js';

let h: Harness;
let baseUrl: string;

beforeAll(async () => {
  h = await startHarness({ AI_OFFLINE_TOKEN_DELAY_MS: '5' });
  baseUrl = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await h?.close();
});

const arabicWriter: PersonalizationInput = {
  jobTitle: 'مهندسة برمجيات',
  language: 'Arabic',
  accent: '',
  goals: ['Grow Network'],
  interests: ['Leadership'],
  tones: ['Casual'],
  styles: ['Simple Language'],
};

const post = (identity = testIdentity(), url: string, payload: unknown, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...h.as(identity), ...headers } });

const ARABIC_LETTERS = /[\u0600-\u06FF]/g;
const arabicShare = (text: string) => (text.match(ARABIC_LETTERS)?.length ?? 0) / text.replace(/\s/g, '').length;

describe('drafts (offline writer)', () => {
  it('requires a session on every endpoint (401)', async () => {
    for (const [method, url] of [
      ['POST', '/api/v1/ai/generate'],
      ['POST', '/api/v1/ai/rewrite'],
      ['POST', '/api/v1/ai/modify'],
      ['GET', '/api/v1/ai/credits'],
      ['GET', '/api/v1/ai/choices'],
    ] as const) {
      const res = await h.app.inject({
        method,
        url,
        payload: method === 'POST' ? { topic: 'x', text: 'x', action: 'shorter' } : undefined,
        headers: { 'x-internal-secret': h.config.INTERNAL_SECRET },
      });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toMatchObject({ success: false, message: 'Please sign in to continue' });
    }
  });

  it('refuses unbounded or malformed input with a readable 400 and spends nothing', async () => {
    const me = testIdentity();
    const cases: [string, unknown, RegExp][] = [
      ['/api/v1/ai/generate', { topic: 'x'.repeat(501) }, /topic.*500/i],
      ['/api/v1/ai/generate', { topic: '   ' }, /what the post should be about/],
      ['/api/v1/ai/rewrite', { text: 'y'.repeat(3001) }, /3,000/],
      ['/api/v1/ai/modify', { text: 'Hello', action: 'louder' }, /shorter, longer, casual, formal/],
      ['/api/v1/ai/generate', { topic: 'ok', choices: { tones: ['Grumpy'] } }, /choices\.tones/],
    ];
    for (const [url, payload, message] of cases) {
      const res = await post(me, url, payload);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().message).toMatch(message);
      expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    }
    const credits = await h.app.inject({ method: 'GET', url: '/api/v1/ai/credits', headers: h.as(me) });
    expect(credits.json().data).toMatchObject({ remaining: 100, total: 100, plan: 'trial', renewsAt: null });
  });

  it('writes in Arabic for an Arabic personalization, whatever the interface language', async () => {
    const me = testIdentity();
    await h.personalize(me, arabicWriter);
    const res = await post(me, '/api/v1/ai/generate', { topic: 'التعلم المستمر في العمل', lang: 'en' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ offline: true, model: 'offline-writer', language: 'Arabic', kind: 'generate' });
    expect(arabicShare(data.text)).toBeGreaterThan(0.8);
    expect(data.text).toContain('التعلم المستمر في العمل');
    expect(data.text).toContain('مهندسة برمجيات');
    expect(data.text).toContain('#القيادة');
  });

  it('uses the interface language when no personalization is stored', async () => {
    const english = await post(testIdentity(), '/api/v1/ai/generate', { topic: 'remote onboarding', lang: 'en' });
    expect(english.json().data.language).toBe('English');
    expect(english.json().data.text).toContain('remote onboarding');
    expect(arabicShare(english.json().data.text)).toBe(0);
    const arabic = await post(testIdentity(), '/api/v1/ai/generate', { topic: 'remote onboarding' });
    expect(arabic.json().data.language).toBe('Arabic');
    expect(arabicShare(arabic.json().data.text)).toBeGreaterThan(0.5);
  });

  it('rewrites and adjusts a draft with each action', async () => {
    const me = testIdentity();
    const text =
      'We shipped our first release today. It took six months of work. The team did not give up. I am proud of them!';
    const rewrite = await post(me, '/api/v1/ai/rewrite', { text, lang: 'en' });
    expect(rewrite.statusCode).toBe(200);
    expect(rewrite.json().data.kind).toBe('rewrite');
    expect(rewrite.json().data.text).not.toBe(text);
    expect(rewrite.json().data.text).toContain('six months of work');

    const results: Record<string, string> = {};
    for (const action of ['shorter', 'longer', 'casual', 'formal'] as const) {
      const res = await post(me, '/api/v1/ai/modify', { text, action, lang: 'en' });
      expect(res.statusCode, action).toBe(200);
      expect(res.json().data).toMatchObject({ kind: 'modify', action });
      results[action] = res.json().data.text;
    }
    expect(results.shorter!.length).toBeLessThan(text.length);
    expect(results.longer!.length).toBeGreaterThan(text.length);
    expect(results.casual).toContain("I'm proud");
    expect(results.formal).not.toContain('!');
    expect(new Set(Object.values(results)).size).toBe(4);
  });

  it('streams tokens as server-sent events on a real port, then the final draft', async () => {
    const me = testIdentity();
    const started = Date.now();
    const response = await fetch(`${baseUrl}/api/v1/ai/generate`, {
      method: 'POST',
      headers: { ...h.as(me), 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ topic: 'mentoring junior engineers', lang: 'en' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = await readEventStream(response, started);
    expect(events[0]?.event).toBe('meta');
    expect(events[0]?.data).toMatchObject({ offline: true, credits: { premium: true, remaining: 90 } });
    const tokens = events.filter((e) => e.event === 'token');
    expect(tokens.length).toBeGreaterThan(20);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    const draft = (done.data as { data: { text: string } }).data;
    expect(tokens.map((t) => (t.data as { text: string }).text).join('')).toBe(draft.text);
    // Words arrive over time, not in one burst at the end.
    expect(done.at - tokens[0]!.at).toBeGreaterThan(50);
  });

  it('says so when it writes English instead of the personalization language', async () => {
    const me = testIdentity();
    await h.personalize(me, { ...arabicWriter, language: 'Spanish', jobTitle: 'Arquitecta' });
    const response = await fetch(`${baseUrl}/api/v1/ai/generate?stream=1`, {
      method: 'POST',
      headers: { ...h.as(me), 'content-type': 'application/json' },
      body: JSON.stringify({ topic: 'ciudades sostenibles' }),
    });
    const events = await readEventStream(response);
    expect(events[0]?.data).toMatchObject({ language: 'English' });
    expect(events.at(-1)?.data).toMatchObject({
      data: { language: 'English', note: expect.stringMatching(/instead of Spanish/) },
    });
  });

  it('streams with ?stream=1 too', async () => {
    const response = await fetch(`${baseUrl}/api/v1/ai/modify?stream=1`, {
      method: 'POST',
      headers: { ...h.as(testIdentity()), 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Short note. Another sentence here.', action: 'longer', lang: 'en' }),
    });
    const events = await readEventStream(response);
    expect(events.map((e) => e.event)).toContain('token');
    expect(events.at(-1)?.event).toBe('done');
  });
});

describe('credits', () => {
  /** A draft paid for straight from the ledger, as the composer's routes pay for one. */
  const RESERVE = {
    kind: 'generate',
    action: null,
    promptVersion: 't',
    models: { premium: 'p', standard: 's' },
  } as const;

  it('start at 100 and fall by 10 per premium post, then switch to the standard model at zero', async () => {
    const me = testIdentity();
    const before = await h.app.inject({ method: 'GET', url: '/api/v1/ai/credits', headers: h.as(me) });
    expect(before.json()).toEqual({
      success: true,
      data: {
        remaining: 100,
        total: 100,
        costPerPost: 10,
        premiumModel: 'gpt-4o',
        standardModel: 'gpt-3.5-turbo',
        plan: 'trial',
        renewsAt: null,
        provider: 'offline',
        freeToday: { remaining: 15, limit: 15 },
      },
    });
    const seen: { remaining: number; premium: boolean }[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await post(me, '/api/v1/ai/generate', { topic: `idea ${i}`, lang: 'en' });
      expect(res.statusCode).toBe(200);
      seen.push(res.json().data.credits);
    }
    expect(seen.map((c) => c.remaining)).toEqual([90, 80, 70, 60, 50, 40, 30, 20, 10, 0, 0]);
    expect(seen.map((c) => c.premium)).toEqual([...Array(10).fill(true), false]);
    const after = await h.app.inject({ method: 'GET', url: '/api/v1/ai/credits', headers: h.as(me) });
    expect(after.json().data).toMatchObject({ remaining: 0, total: 100 });
  });

  it('fifteen concurrent generations with 30 credits spend exactly 30', async () => {
    const me = testIdentity();
    for (let i = 0; i < 7; i++) await post(me, '/api/v1/ai/generate', { topic: `warm-up ${i}`, lang: 'en' });
    const start = await h.app.inject({ method: 'GET', url: '/api/v1/ai/credits', headers: h.as(me) });
    expect(start.json().data.remaining).toBe(30);

    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) => post(me, '/api/v1/ai/generate', { topic: `burst ${i}`, lang: 'en' })),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const premium = answers.filter((a) => a.json().data.credits.premium);
    expect(premium).toHaveLength(3);
    expect(answers.length - premium.length).toBe(12);
    expect(premium.map((a) => a.json().data.credits.remaining).sort()).toEqual([0, 10, 20]);
    const end = await h.app.inject({ method: 'GET', url: '/api/v1/ai/credits', headers: h.as(me) });
    expect(end.json().data.remaining).toBe(0);
  });

  it('tell the user once when they run low (20 of 100), not once per draft', async () => {
    const me = testIdentity();
    const lowEvents = async () =>
      (await h.queues.get(QUEUES.authInbox).getJobs(['waiting', 'delayed', 'completed', 'failed'])).filter(
        (job) => job.name === 'credits-low' && job.data.userId === me.userId,
      );
    for (let i = 0; i < 7; i++) await post(me, '/api/v1/ai/generate', { topic: `idea ${i}`, lang: 'en' });
    expect(await lowEvents()).toEqual([]); // 30 left: not low yet
    for (let i = 7; i < 11; i++) await post(me, '/api/v1/ai/generate', { topic: `idea ${i}`, lang: 'en' });
    const told = await lowEvents();
    expect(told.map((job) => job.data)).toEqual([{ userId: me.userId, remaining: 20, total: 100 }]);
    expect(told[0]?.id).toMatch(new RegExp(`^credits-low-${me.userId}-trial-\\d+$`));
  });

  it('count a refund that lifts the balance back over the mark as the same grant running low', async () => {
    const store = new CreditStore(h.database.db);
    const userId = testIdentity().userId;
    const spends = [];
    for (let i = 0; i < 8; i++) spends.push(await store.reserve(userId, RESERVE));
    expect(spends.map((s) => s.low?.remaining ?? null)).toEqual([null, null, null, null, null, null, null, 20]);
    await store.refund(spends[7]?.generationId ?? '', 'the writer failed');
    const again = await store.reserve(userId, RESERVE);
    expect(again.low).toEqual(spends[7]?.low);
    expect((await store.reserve(userId, RESERVE)).low).toBeNull();
  });

  it("allow the day's free generations once the credits are spent, not counting failed ones, then refuse", async () => {
    const store = new CreditStore(h.database.db, 2);
    const userId = testIdentity().userId;
    await store.grant(userId, 0, new Date());
    await h.database.db.update(creditAccounts).set({ balance: 0 }).where(eq(creditAccounts.userId, userId));
    const freeToday = async () => (await store.balance(userId)).freeToday;
    expect(await freeToday()).toEqual({ remaining: 2, limit: 2 });

    const unusable = await store.reserve(userId, RESERVE);
    expect(unusable).toMatchObject({ premium: false, model: 's', remaining: 0 });
    await store.refund(unusable.generationId, 'the writer failed');
    expect(await freeToday()).toEqual({ remaining: 2, limit: 2 });

    await store.reserve(userId, RESERVE);
    expect(await freeToday()).toEqual({ remaining: 1, limit: 2 });
    await store.reserve(userId, RESERVE);
    expect(await freeToday()).toEqual({ remaining: 0, limit: 2 });
    await expect(store.reserve(userId, RESERVE)).rejects.toMatchObject({
      statusCode: 429,
      answerCode: 'ai.free_daily_limit',
      params: { limit: 2, count: 2 },
    });
    // Credits again (a grant, a renewal): premium drafts go on whatever the day's free count.
    await store.grant(userId, CREDITS.costPerPost, new Date());
    expect(await store.reserve(userId, RESERVE)).toMatchObject({ premium: true, remaining: 0 });
  });

  it('lets an admin read and grant credits, and only an admin; the plan is never set here', async () => {
    const me = testIdentity();
    const url = `/api/v1/ai/admin/credits/${me.userId}`;
    await post(me, '/api/v1/ai/generate', { topic: 'before the grant', lang: 'en' });
    const byUser = await h.app.inject({ method: 'POST', url, payload: { amount: 50 }, headers: h.as(me) });
    expect(byUser.statusCode).toBe(403);
    const readByUser = await h.app.inject({ method: 'GET', url, headers: h.as(me) });
    expect(readByUser.statusCode).toBe(403);
    const admin = testIdentity(['user', 'admin']);
    const granted = await h.app.inject({ method: 'POST', url, payload: { amount: 50 }, headers: h.as(admin) });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().data).toMatchObject({ remaining: 140, total: 100, plan: 'trial' });
    const read = await h.app.inject({ method: 'GET', url, headers: h.as(admin) });
    expect(read.json().data).toMatchObject({ remaining: 140, plan: 'trial' });
    const res = await post(me, '/api/v1/ai/generate', { topic: 'granted life', lang: 'en' });
    expect(res.json().data.credits).toEqual({ remaining: 130, premium: true });

    for (const payload of [{ amount: 0 }, { amount: 1.5 }, { amount: 100_001 }, { amount: 10, plan: 'pro' }, {}]) {
      const bad = await h.app.inject({ method: 'POST', url, payload, headers: h.as(admin) });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().code).toBeTruthy();
    }
    // Setting a plan here is gone: plans are billing's.
    const setPlan = await h.app.inject({
      method: 'PUT',
      url: `/api/v1/ai/admin/plans/${me.userId}`,
      payload: { plan: 'premium' },
      headers: h.as(admin),
    });
    expect(setPlan.statusCode).toBe(404);

    // Each grant is in the audit trail, newest first, which only administrators read.
    await h.app.inject({ method: 'POST', url, payload: { amount: 5 }, headers: h.as(admin) });
    const audit = await h.app.inject({ method: 'GET', url: '/api/v1/ai/admin/audit', headers: h.as(admin) });
    expect(audit.statusCode).toBe(200);
    const grants = audit.json().data.filter((entry: { target: string }) => entry.target.startsWith(me.userId));
    expect(grants.map((entry: { target: string }) => entry.target)).toEqual([
      `${me.userId}: +5, 135 credits`,
      `${me.userId}: +50, 140 credits`,
    ]);
    expect(grants[0]).toMatchObject({ action: 'credits.grant', actorId: admin.userId, actorEmail: admin.email });
    const refused = await h.app.inject({ method: 'GET', url: '/api/v1/ai/admin/audit', headers: h.as(me) });
    expect(refused.statusCode).toBe(403);
  });
});

describe('composer choices', () => {
  it('follow the personalization until the user saves their own, and apply to the next generation', async () => {
    const me = testIdentity();
    const empty = await h.app.inject({ method: 'GET', url: '/api/v1/ai/choices', headers: h.as(me) });
    expect(empty.json().data.source).toBe('defaults');
    expect(empty.json().data.choices).toEqual(empty.json().data.defaults);

    await h.personalize(me, { ...arabicWriter, language: 'English', jobTitle: 'Data analyst' });
    const fromProfile = await h.app.inject({ method: 'GET', url: '/api/v1/ai/choices', headers: h.as(me) });
    expect(fromProfile.json().data).toMatchObject({
      source: 'personalization',
      choices: { goals: ['Grow Network'], interests: ['Leadership'], tones: ['Casual'], postFrequency: 'Daily' },
    });

    const mine = {
      goals: ['Educate audience'],
      styles: ['Balanced Approach'],
      tones: ['Motivational', 'Bold'],
      postFrequency: 'Monthly',
      interests: ['Innovation'],
    };
    const saved = await h.app.inject({ method: 'PUT', url: '/api/v1/ai/choices', payload: mine, headers: h.as(me) });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ source: 'saved', choices: mine });

    const draft = (await post(me, '/api/v1/ai/generate', { topic: 'data literacy' })).json().data.text as string;
    expect(draft).toContain('Here is what I wish someone had told me earlier.');
    expect(draft).toContain('#Innovation');
    expect(draft).toContain('Consistency compounds.');

    const bad = await h.app.inject({
      method: 'PUT',
      url: '/api/v1/ai/choices',
      payload: { ...mine, postFrequency: 'Hourly' },
      headers: h.as(me),
    });
    expect(bad.statusCode).toBe(400);
  });
});
