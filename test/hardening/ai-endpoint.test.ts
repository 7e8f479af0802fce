/**
 * The AI endpoint hangs, stalls mid-stream or fails, seen from the browser's side: through the
 * real gateway, with a session. Each request must end within a bound with a message a person
 * can act on, stream or not; no generation is left 'pending' (the composer's 'Generating...'
 * would spin forever) and the credits spent are given back. The ai service's own tests cover
 * its provider in detail; this checks the whole path, gateway included.
 */

import { type FakeOpenAi, startFakeOpenAi } from '@nashr/ai/testing';
import { testIdentity } from '@nashr/platform/testing';
import { type Stack, startStack } from '@nashr/tools/in-process-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemWith } from './support/answers.js';
import { send } from './support/gateway-client.js';

const TIMEOUT_MS = 600;
const RETRIES = 1;
/** Two attempts of 600 ms, the SDK's pause between them, and the way through the gateway. */
const BOUND_MS = 5_000;

let fake: FakeOpenAi;
let stack: Stack;
let cookie: string;
const alice = testIdentity(['user']);

beforeAll(async () => {
  fake = await startFakeOpenAi();
  stack = await startStack({
    gateway: true,
    env: {
      ai: {
        AI_PROVIDER: 'openai',
        OPENAI_API_KEY: 'fake-key',
        OPENAI_BASE_URL: fake.url,
        OPENAI_TIMEOUT_MS: String(TIMEOUT_MS),
        OPENAI_MAX_RETRIES: String(RETRIES),
      },
    },
  });
  cookie = await stack.cookieFor(alice);
}, 60_000);

afterAll(async () => {
  await stack?.close();
  await fake?.close();
});

const credits = async () =>
  (await send(stack, 'GET', '/api/v1/ai/credits', { cookie })).json().data?.remaining as number;

const pendingGenerations = async () =>
  (await stack.sql<{ n: number }[]>`select count(*)::int as n from ai.generations where status = 'pending'`)[0]?.n;

/** Reads a server-sent-events answer to its end: the event names in order, and the last data. */
async function readStream(path: string, body: unknown) {
  const started = Date.now();
  const res = await fetch(`${stack.gatewayUrl}${path}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  const events = [...text.matchAll(/^event: (.*)\ndata: (.*)$/gm)].map((m) => ({
    event: m[1],
    data: JSON.parse(m[2] ?? 'null'),
  }));
  return { status: res.status, events, ms: Date.now() - started };
}

describe('the AI endpoint misbehaving, through the gateway', () => {
  it('never answers: a clear 503 within the bound, credits given back, nothing pending', async () => {
    const before = await credits();
    fake.behave({ kind: 'hang' });
    const res = await send(stack, 'POST', '/api/v1/ai/generate', { cookie, body: { topic: 'Patience', lang: 'en' } });
    expect(res.status, res.body).toBe(503);
    expect(problemWith(res, [503])).toBeNull();
    expect(res.json().message).toMatch(/did not answer within/);
    expect(res.ms).toBeLessThan(BOUND_MS);
    expect(fake.requests.length).toBeGreaterThanOrEqual(RETRIES + 1);
    expect(await credits()).toBe(before);
    expect(await pendingGenerations()).toBe(0);
  });

  it('never answers a stream: the stream ends with an error event within the bound', async () => {
    fake.behave({ kind: 'hang' });
    const { status, events, ms } = await readStream('/api/v1/ai/rewrite', { text: 'A draft to improve', lang: 'en' });
    expect(status).toBe(200);
    expect(events[0]?.event).toBe('meta');
    expect(events.at(-1)).toMatchObject({ event: 'error', data: { success: false } });
    expect(String(events.at(-1)?.data.message)).toMatch(/did not answer within/);
    expect(ms).toBeLessThan(BOUND_MS);
    expect(await pendingGenerations()).toBe(0);
  });

  it('goes silent in the middle of a stream: the words so far, then an error, not an endless spinner', async () => {
    const before = await credits();
    fake.behave({ kind: 'stall', first: 'The first words' });
    const { events, ms } = await readStream('/api/v1/ai/generate', { topic: 'Silence', lang: 'en' });
    expect(events.map((e) => e.event)).toContain('token');
    expect(events.at(-1)?.event).toBe('error');
    expect(String(events.at(-1)?.data.message).length).toBeGreaterThan(10);
    expect(ms).toBeLessThan(BOUND_MS);
    expect(await pendingGenerations()).toBe(0);
    expect(await credits()).toBe(before);
  });

  it('fails with a server error: a clear refusal at once, not a 500 from us', async () => {
    fake.behave({ kind: 'status', status: 500, message: 'upstream exploded' });
    const res = await send(stack, 'POST', '/api/v1/ai/modify', {
      cookie,
      body: { text: 'Make this shorter please', action: 'shorter' },
    });
    expect([502, 503]).toContain(res.status);
    expect(problemWith(res, [502, 503])).toBeNull();
    expect(res.json().message).not.toContain('upstream exploded');
    expect(res.ms).toBeLessThan(BOUND_MS);
    expect(await pendingGenerations()).toBe(0);
  });

  it('works again as soon as the endpoint does', async () => {
    fake.behave({ kind: 'ok', text: 'A calm and finished draft.' });
    const res = await send(stack, 'POST', '/api/v1/ai/generate', { cookie, body: { topic: 'Recovery', lang: 'en' } });
    expect(res.status, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ text: 'A calm and finished draft.' });
  });
});
