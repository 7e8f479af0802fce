/**
 * PostgreSQL stops for a few seconds. The machine's server is shared, so every service reaches it
 * through a TCP proxy this test cuts (open connections dropped, new ones refused) and restores.
 * Through the real gateway: APIs answer 503 with a clear message at once (not 500, not a hang),
 * every `/readyz` fails, nothing the refused requests carried is written (a content save among
 * them), and once the proxy is back everything answers again by itself, without a restart.
 *
 * A cut in the middle of a transaction is in bench/faults/postgres-mid-transaction.ts: it
 * crashes the process (postgres.js 3.4.9, porsager/postgres#1154), so it cannot run in here.
 */
import { testIdentity } from '@nashr/platform/testing';
import { SERVICES, type Stack, startStack } from '@nashr/tools/in-process-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemWith } from './support/answers.js';
import { type Sent, send } from './support/gateway-client.js';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.js';

/** How long any answer may take while PostgreSQL is down (its connect timeout is 5 s). */
const ANSWER_WITHIN_MS = 3_000;

let proxy: TcpProxy;
let stack: Stack;
let user: string;
let admin: string;
const alice = testIdentity(['user']);

/** Requests a signed-in user and an admin make all day, one per service. */
const calls = () =>
  [
    ['GET', '/api/v1/auth/me', user],
    [
      'PUT',
      '/api/v1/personalization',
      user,
      {
        jobTitle: 'x',
        language: 'English',
        goals: ['Establish expertise'],
        interests: ['Productivity'],
        tones: ['Professional'],
        styles: ['Highly Technical Language'],
      },
    ],
    ['POST', '/linkedln/getUserInfo', user, {}],
    ['POST', '/api/v1/linkedin/accounts', user, { username: 'someone@sandbox.test', password: 'pw' }],
    ['GET', '/api/v1/posts', user],
    [
      'POST',
      '/linkedln/saveSchedulePost',
      user,
      {
        userId: alice.userId,
        content: 'Written during the outage',
        date: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
        time: '10:00 AM',
        status: 'scheduled',
      },
    ],
    ['POST', '/linkedln/createPost', user, { text: 'Posted during the outage' }],
    ['GET', '/content/hero', undefined],
    ['POST', '/content/hero/save_content/?lang=en', admin, { headline: 'Saved in the outage', subheadline: 'x' }],
    ['GET', '/api/v1/ai/credits', user],
    ['POST', '/api/v1/ai/generate', user, { topic: 'Resilience', lang: 'en' }],
    [
      'PUT',
      '/api/v1/ai/choices',
      user,
      {
        goals: ['Establish expertise'],
        styles: ['Highly Technical Language'],
        tones: ['Professional'],
        postFrequency: 'Daily',
        interests: ['Productivity'],
      },
    ],
  ] as const satisfies readonly (readonly [string, string, string | undefined, unknown?])[];

const hero = () => stack.sql<{ version: number; data: { headline: string } }[]>`
  select version, data from content.blocks where name = 'hero' and lang = 'en'`;

beforeAll(async () => {
  proxy = await startTcpProxy(process.env.DATABASE_URL ?? '');
  stack = await startStack({ gateway: true, databaseUrl: (url) => proxy.via(url) });
  user = await stack.cookieFor(alice);
  admin = await stack.cookieFor(testIdentity(['user', 'admin']));
  // The user exists in auth, so /me answers 200 when the database is up.
  await stack.sql`insert into auth.users (id, email) values (${alice.userId}, ${alice.email})`;
  const first = await send(stack, 'POST', '/content/hero/save_content/?lang=en', {
    cookie: admin,
    body: { headline: 'Before the outage', subheadline: 'x' },
  });
  expect(first.status, first.body).toBe(200);
}, 60_000);

afterAll(async () => {
  await proxy?.restore();
  await stack?.close();
  await proxy?.close();
});

describe('PostgreSQL down', () => {
  it('every API answers 503 with a clear message within 3 s, and every /readyz fails', async () => {
    const before = await stack.snapshot();
    await proxy.cut();
    try {
      for (const [method, path, cookie, body] of calls()) {
        const res: Sent = await send(stack, method, path, { cookie, body });
        const context = `${method} ${path}: ${res.status} ${res.body.slice(0, 200)} in ${res.ms} ms`;
        expect(res.status, context).toBe(503);
        expect(problemWith(res, [503]), context).toBeNull();
        expect(res.json().message, context).toMatch(/temporarily unavailable/i);
        expect(res.ms, context).toBeLessThan(ANSWER_WITHIN_MS);
      }
      for (const service of SERVICES) {
        const ready = await fetch(`${stack.urls[service]}/readyz`);
        expect(ready.status, service).toBe(503);
        expect(await ready.json()).toMatchObject({ success: false, checks: { postgres: 'unavailable' } });
      }
      const gatewayReady = await send(stack, 'GET', '/readyz');
      expect(gatewayReady.status).toBe(503);
      expect(gatewayReady.json().message).toMatch(/Not ready/);
    } finally {
      await proxy.restore();
    }
    // Nothing the refused requests carried was written.
    expect(await stack.snapshot()).toEqual(before);
  });

  it('recovers by itself once PostgreSQL is back: the same requests succeed, /readyz passes', async () => {
    await proxy.cut();
    expect((await send(stack, 'GET', '/content/hero')).status).toBe(503);
    await proxy.restore();
    await expect.poll(async () => (await send(stack, 'GET', '/readyz')).status, { timeout: 10_000 }).toBe(200);
    for (const [method, path, cookie, body] of calls()) {
      const res = await send(stack, method, path, { cookie, body });
      // Success, or the refusal the data calls for (no account connected yet): never 5xx again.
      expect(res.status, `${method} ${path}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
    }
    const [after] = await hero();
    expect(after?.data.headline).toBe('Saved in the outage');
  });
});
