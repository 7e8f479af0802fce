import { request } from 'node:http';
import type { PersonalizationInput } from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../testing/fake-openai.js';
import { type Harness, readEventStream, startHarness } from '../testing/harness.js';

const KEY = 'sk-test-key-never-shown';
let fake: FakeOpenAi;
let h: Harness;
let baseUrl: string;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  h = await startHarness({ OPENAI_API_KEY: KEY, OPENAI_BASE_URL: fake.url, OPENAI_TIMEOUT_MS: '500' });
  baseUrl = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await h?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.behave({ kind: 'ok', text: 'Hello from the model.' });
});

const writer: PersonalizationInput = {
  jobTitle: 'Head of Growth',
  language: 'German',
  accent: 'Swiss',
  goals: ['Drive website traffic', 'Be a thought leader'],
  interests: ['Innovation', 'Work-Life Balance'],
  tones: ['Analytical'],
  styles: ['Balanced Approach', 'Simple Language'],
};

const post = (identity: ReturnType<typeof testIdentity>, url: string, payload: object) =>
  h.app.inject({ method: 'POST', url, payload, headers: h.as(identity) });
const creditsOf = async (identity: ReturnType<typeof testIdentity>) =>
  (await h.app.inject({ method: 'GET', url: '/api/v1/ai/credits', headers: h.as(identity) })).json().data;

describe('openai provider against a local chat-completions server', () => {
  it('sends the personalization from the service and returns the model text', async () => {
    const me = testIdentity();
    await h.personalize(me, writer);
    const res = await post(me, '/api/v1/ai/generate', { topic: 'four-day work weeks' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      text: 'Hello from the model.',
      model: 'gpt-4o',
      offline: false,
      language: 'German',
      credits: { remaining: 90, premium: true },
    });
    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent?.path).toBe('/v1/chat/completions');
    expect(sent?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent?.body.model).toBe('gpt-4o');
    const [system, user] = sent?.body.messages ?? [];
    expect(system?.role).toBe('system');
    for (const expected of [
      'Head of Growth',
      'German',
      'Swiss',
      'Drive website traffic',
      'Be a thought leader',
      'Innovation',
      'Work-Life Balance',
      'Analytical',
      'Balanced Approach',
      'Simple Language',
    ]) {
      expect(system?.content).toContain(expected);
    }
    expect(user?.content).toContain('four-day work weeks');
    expect(JSON.stringify(res.json())).not.toContain(KEY);
  });

  it('asks the endpoint for the Arabic variety and register the user chose', async () => {
    const me = testIdentity();
    await h.personalize(me, {
      ...writer,
      language: 'Arabic',
      accent: '',
      arabicVariety: 'gulf',
      register: 'conversational',
    });
    const before = fake.requests.length;
    expect((await post(me, '/api/v1/ai/generate', { topic: 'العمل عن بعد' })).statusCode).toBe(200);
    const system = fake.requests[before]?.body.messages[0]?.content ?? '';
    expect(system).toContain('Write the whole post in Gulf Arabic (الخليجية)');
    expect(system).toContain('Register: conversational');
  });

  it('sends the action of a quick adjustment and the per-post choices', async () => {
    const me = testIdentity();
    await post(me, '/api/v1/ai/modify', {
      text: 'Our team grew to 40 people.',
      action: 'formal',
      choices: { tones: ['Humorous'], postFrequency: 'Monthly' },
    });
    await post(me, '/api/v1/ai/modify', { text: 'Our team grew to 40 people.', action: 'shorter' });
    const [formal, shorter] = fake.requests.map((r) => r.body.messages);
    expect(formal?.[1]?.content).toMatch(/more formal/);
    expect(formal?.[1]?.content).toContain('Our team grew to 40 people.');
    expect(formal?.[0]?.content).toContain('Tone: Humorous');
    expect(formal?.[0]?.content).toContain('Post frequency: Monthly');
    expect(shorter?.[1]?.content).toMatch(/more concise/);
  });

  it('streams the model tokens through as server-sent events', async () => {
    fake.behave({ kind: 'ok', text: 'Streaming words arrive one piece at a time.', chunks: 6, chunkDelayMs: 40 });
    const response = await fetch(`${baseUrl}/api/v1/ai/rewrite`, {
      method: 'POST',
      headers: { ...h.as(testIdentity()), 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ text: 'An old post.' }),
    });
    const events = await readEventStream(response);
    expect(fake.requests[0]?.body.stream).toBe(true);
    expect(events[0]).toMatchObject({ event: 'meta', data: { model: 'gpt-4o', offline: false } });
    const tokens = events.filter((e) => e.event === 'token').map((e) => (e.data as { text: string }).text);
    expect(tokens.length).toBeGreaterThanOrEqual(6);
    expect(tokens.join('')).toBe('Streaming words arrive one piece at a time.');
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { success: true, data: { kind: 'rewrite' } } });
    expect(events.at(-1)!.at - events[1]!.at).toBeGreaterThan(100);
  });

  it('switches to the standard model when premium credits run out', async () => {
    const me = testIdentity();
    for (let i = 0; i < 11; i++) await post(me, '/api/v1/ai/generate', { topic: `t${i}` });
    expect(fake.requests.map((r) => r.body.model)).toEqual([...Array(10).fill('gpt-4o'), 'gpt-3.5-turbo']);
    expect(await creditsOf(me)).toMatchObject({ remaining: 0 });
  });

  it('answers 401 from the provider with a clear 502, without retrying, and refunds', async () => {
    fake.behave({ kind: 'status', status: 401, message: `Incorrect API key provided: ${KEY}` });
    const me = testIdentity();
    const res = await post(me, '/api/v1/ai/generate', { topic: 'anything' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'ai.provider_credentials',
      message: expect.stringMatching(/refused our credentials/),
    });
    expect(res.body).not.toContain(KEY);
    expect(fake.requests).toHaveLength(1);
    expect((await creditsOf(me)).remaining).toBe(100);
  });

  it('answers 429 with a clear 503 after at most two retries', async () => {
    fake.behave({ kind: 'status', status: 429, message: 'Rate limit reached' });
    const me = testIdentity();
    const res = await post(me, '/api/v1/ai/generate', { topic: 'anything' });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/too many requests/);
    expect(fake.requests).toHaveLength(3);
    expect((await creditsOf(me)).remaining).toBe(100);
  });

  it('answers 500 with a clear 502 after at most two retries', async () => {
    fake.behave({ kind: 'status', status: 500, message: 'The server had an error' });
    const me = testIdentity();
    const res = await post(me, '/api/v1/ai/rewrite', { text: 'A post.' });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/had a problem writing this draft/);
    expect(fake.requests).toHaveLength(3);
    expect((await creditsOf(me)).remaining).toBe(100);
  });

  it('answers a provider that never replies with a clear 503 timeout', async () => {
    fake.behave({ kind: 'hang' });
    const me = testIdentity();
    const started = Date.now();
    const res = await post(me, '/api/v1/ai/generate', { topic: 'anything' });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/did not answer within/);
    expect(fake.requests).toHaveLength(3);
    expect(Date.now() - started).toBeLessThan(8000);
    expect((await creditsOf(me)).remaining).toBe(100);
  });

  it('ends a stream that goes silent with an error event, and refunds', async () => {
    fake.behave({ kind: 'stall', first: 'The first words' });
    const me = testIdentity();
    const response = await fetch(`${baseUrl}/api/v1/ai/generate?stream=1`, {
      method: 'POST',
      headers: { ...h.as(me), 'content-type': 'application/json' },
      body: JSON.stringify({ topic: 'silence' }),
    });
    const events = await readEventStream(response);
    expect(events.map((e) => e.event)).toEqual(['meta', 'token', 'error']);
    expect(events[2]?.data).toMatchObject({
      success: false,
      code: 'ai.timeout',
      params: { seconds: expect.any(Number) },
      message: expect.stringMatching(/did not answer within/),
    });
    expect((await creditsOf(me)).remaining).toBe(100);
  });

  it('reports a refusal before the first token as an error event', async () => {
    fake.behave({ kind: 'status', status: 401, message: 'bad key' });
    const response = await fetch(`${baseUrl}/api/v1/ai/modify`, {
      method: 'POST',
      headers: { ...h.as(testIdentity()), 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ text: 'Some text', action: 'longer' }),
    });
    const events = await readEventStream(response);
    expect(events.map((e) => e.event)).toEqual(['meta', 'error']);
    expect(events[1]?.data).toMatchObject({
      success: false,
      code: 'ai.provider_credentials',
      message: expect.stringMatching(/refused our credentials/),
    });
  });

  it('stops the provider call and refunds when the client goes away', async () => {
    fake.behave({ kind: 'ok', text: 'This is a long answer in many slow pieces.', chunks: 10, chunkDelayMs: 150 });
    const me = testIdentity();
    // node:http rather than fetch: destroying its socket is exactly a browser tab closing.
    const url = new URL(`${baseUrl}/api/v1/ai/generate`);
    const firstChunk = await new Promise<string>((resolve, reject) => {
      const req = request(url, {
        method: 'POST',
        headers: { ...h.as(me), 'content-type': 'application/json', accept: 'text/event-stream' },
      });
      req.on('response', (res) => {
        res.once('data', (chunk: Buffer) => {
          resolve(chunk.toString());
          req.destroy();
        });
      });
      req.on('error', (error) => {
        if (!req.destroyed) reject(error);
      });
      req.end(JSON.stringify({ topic: 'leaving early' }));
    });
    // The charge is read from the meta event, written before the first token: asking the credits
    // endpoint now would race the refund, which may already have happened on a busy machine.
    const meta = /^event: meta\ndata: (.+)$/m.exec(firstChunk)?.[1];
    expect(JSON.parse(meta ?? '{}')).toMatchObject({ credits: { remaining: 90 } });
    await expect.poll(async () => (await creditsOf(me)).remaining, { timeout: 10_000 }).toBe(100);
  });
});
