import { QUEUES } from '@nashr/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asGateway, fromGateway, type Harness, me, signInByMail, startHarness } from './test-harness.js';

let h: Harness;
let sid: string;

beforeAll(async () => {
  h = await startHarness();
  sid = await signInByMail(h, 'personal@example.com');
});
afterAll(async () => {
  await h?.close();
});

const valid = {
  jobTitle: '  Product designer  ',
  language: 'Arabic',
  accent: 'Gulf',
  goals: ['Establish expertise', 'Grow Network'],
  interests: ['Innovation', 'Leadership'],
  tones: ['Inspirational'],
  styles: ['Simple Language'],
};

async function save(body: unknown, who: string | undefined = sid) {
  return h.app.inject({
    method: 'PUT',
    url: '/api/v1/personalization',
    headers: await asGateway(h, who),
    payload: body as object,
  });
}

const aiInbox = () => h.queues.get(QUEUES.aiInbox);
const aiEvents = async () => (await aiInbox().getJobs(['waiting', 'delayed', 'active', 'completed', 'failed'])) ?? [];

describe('PUT /api/v1/personalization', () => {
  it('refuses an anonymous caller with 401', async () => {
    const res = await h.app.inject({
      method: 'PUT',
      url: '/api/v1/personalization',
      headers: fromGateway(),
      payload: valid,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false });
  });

  it.each([
    ['an empty job title', { jobTitle: '' }, /jobTitle/],
    ['a job title of spaces', { jobTitle: '    ' }, /jobTitle/],
    ['a job title over 120 characters', { jobTitle: 'x'.repeat(121) }, /jobTitle/],
    ['a missing job title', { jobTitle: undefined }, /jobTitle/],
    ['an empty language', { language: '' }, /language/],
    ['a language outside the list', { language: 'Klingon' }, /language/],
    ['an accent over 60 characters', { accent: 'a'.repeat(61) }, /accent/],
    ['no goal', { goals: [] }, /goals/],
    ['a goal outside the list', { goals: ['Get rich'] }, /goals/],
    ['the same goal twice', { goals: ['Grow Network', 'Grow Network'] }, /goals/],
    ['no interest', { interests: [] }, /interests/],
    ['an interest outside the list', { interests: ['Cooking'] }, /interests/],
    ['no tone', { tones: [] }, /tones/],
    ['two tones', { tones: ['Casual', 'Bold'] }, /tones/],
    ['a tone outside the list', { tones: ['Grumpy'] }, /tones/],
    ['no style', { styles: [] }, /styles/],
    ['a style outside the list', { styles: ['Shouting'] }, /styles/],
    ['a list that is not a list', { goals: 'Grow Network' }, /goals/],
  ])('refuses %s with 400, changes nothing and publishes nothing', async (_label, change, field) => {
    const before = await me(h, sid);
    const eventsBefore = (await aiEvents()).length;
    const res = await save({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(field) });
    expect(res.json().issues.length).toBeGreaterThan(0);
    expect((await me(h, sid)).json()).toEqual(before.json());
    expect((await aiEvents()).length).toBe(eventsBefore);
  });

  it('refuses a body that is not an object', async () => {
    const res = await h.app.inject({
      method: 'PUT',
      url: '/api/v1/personalization',
      headers: { ...(await asGateway(h, sid)), 'content-type': 'application/json' },
      payload: 'not json',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
  });

  it('saves a valid personalization, reads it back under details and tells the ai service', async () => {
    const res = await save(valid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: expect.any(String) });

    const expected = {
      jobTitle: 'Product designer',
      language: 'Arabic',
      accent: 'Gulf',
      // Not chosen: Modern Standard Arabic, formal.
      arabicVariety: 'msa',
      register: 'formal',
      details: {
        goals: ['Establish expertise', 'Grow Network'],
        interests: ['Innovation', 'Leadership'],
        tones: ['Inspirational'],
        styles: ['Simple Language'],
      },
    };
    expect((await me(h, sid)).json().data.user.personalization).toEqual(expected);

    const userId = (await asGateway(h, sid))['x-user-id'];
    const events = await aiEvents();
    const event = events.find((j) => j.name === 'personalization-updated');
    expect(event?.data).toMatchObject({ userId, personalization: expected, requestId: expect.any(String) });
  });

  it('keeps the Arabic variety and register the user chose, and refuses unknown ones', async () => {
    expect((await save({ ...valid, arabicVariety: 'gulf', register: 'conversational' })).statusCode).toBe(200);
    expect((await me(h, sid)).json().data.user.personalization).toMatchObject({
      arabicVariety: 'gulf',
      register: 'conversational',
    });
    const refused = await save({ ...valid, arabicVariety: 'klingon' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('Choose a variety of Arabic');
  });

  it('accepts a missing accent as empty, and publishes every saved change once', async () => {
    const before = (await aiEvents()).length;
    const { accent: _ignored, ...withoutAccent } = valid;
    expect((await save({ ...withoutAccent, tones: ['Bold'] })).statusCode).toBe(200);
    expect((await save({ ...withoutAccent, tones: ['Formal'] })).statusCode).toBe(200);
    const user = (await me(h, sid)).json().data.user;
    expect(user.personalization.accent).toBe('');
    expect(user.personalization.details.tones).toEqual(['Formal']);
    const events = await aiEvents();
    expect(events.length).toBe(before + 2);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
  });

  it('keeps one user out of another user’s personalization', async () => {
    const other = await signInByMail(h, 'someone-else@example.com');
    expect((await save({ ...valid, jobTitle: 'Someone else' }, other)).statusCode).toBe(200);
    expect((await me(h, sid)).json().data.user.personalization.jobTitle).not.toBe('Someone else');
  });
});
