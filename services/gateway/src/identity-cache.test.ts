/**
 * The gateway's memory of signed-in callers, through the real gateway in front of the real auth
 * service (its PostgreSQL, Redis and workers): `/me` is answered from memory after the first call,
 * and every way an account or a session changes is seen on the next call.
 */
import { accountConnectedEvent } from '@nashr/contracts';
import { createRedis, type Redis, type ServiceApp, waitForRedis } from '@nashr/platform';
import { createCapturingLogger, TEST_INTERNAL_SECRET } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE_SECRET, type Harness, signInByMail, startHarness, storedUserId } from '../../auth/src/test-harness.js';
import { buildApp } from './app.js';
import { configSchema } from './config.js';

let h: Harness;
let gatewayRedis: Redis;
let gateway: ServiceApp;
/** Requests the auth service received for `/me`. */
let authMeCalls = 0;

beforeAll(async () => {
  h = await startHarness();
  h.app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/v1/auth/me')) authMeCalls += 1;
  });
  const authUrl = await h.app.listen({ host: '127.0.0.1', port: 0 });
  gatewayRedis = createRedis(h.config.REDIS_URL, 'request');
  await waitForRedis(gatewayRedis);
  const config = configSchema.parse({
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    COOKIE_SECRET,
    REDIS_URL: h.config.REDIS_URL,
    REDIS_PREFIX: h.config.REDIS_PREFIX,
    AUTH_URL: authUrl,
  });
  gateway = await buildApp({ config, logger: createCapturingLogger().logger, redis: gatewayRedis });
});

afterAll(async () => {
  await gateway?.close();
  gatewayRedis?.disconnect();
  await h?.close();
});

const me = (cookie: string) =>
  gateway.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { cookie: `sid=${cookie}` } });

/** Signs a new user in by mail and has the gateway remember their `/me`. */
async function rememberedUser(email: string): Promise<{ cookie: string; userId: string }> {
  const cookie = await signInByMail(h, email);
  expect((await me(cookie)).statusCode).toBe(200);
  return { cookie, userId: await storedUserId(h, email) };
}

/** Asks `/me` until `check` holds, for up to `ms`. */
async function eventually(
  cookie: string,
  check: (body: Record<string, unknown>, status: number) => boolean,
  ms = 3000,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const res = await me(cookie);
    if (check(res.json(), res.statusCode)) return res;
    if (Date.now() > deadline) throw new Error(`/me still answers ${res.statusCode} ${res.body}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Saves a personalization through the gateway, as the personalization screen does. */
const savePersonalization = (cookie: string) =>
  gateway.inject({
    method: 'PUT',
    url: '/api/v1/personalization',
    headers: { cookie: `sid=${cookie}` },
    payload: personalization,
  });

const personalization = {
  jobTitle: 'Product designer',
  language: 'English',
  accent: '',
  goals: ['Grow Network'],
  interests: ['Innovation'],
  tones: ['Inspirational'],
  styles: ['Simple Language'],
};

describe('the identity cache', () => {
  it('answers /me from memory after the first call, with the same body and headers', async () => {
    const { cookie } = await rememberedUser('remembered@example.com');
    const before = authMeCalls;
    const answers = await Promise.all([me(cookie), me(cookie), me(cookie)]);
    expect(authMeCalls).toBe(before);
    const first = await me(cookie);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(first.body);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    }
    expect(first.json().data.user.email).toBe('remembered@example.com');
  });

  it('shows a personalization saved through the gateway in the very next /me', async () => {
    const { cookie } = await rememberedUser('saves@example.com');
    expect((await savePersonalization(cookie)).statusCode).toBe(200);
    const next = await me(cookie);
    expect(next.json().data.user.personalization).toMatchObject({ jobTitle: 'Product designer' });
  });

  it('shows a change made by the auth service on its own (a connected network account) at once', async () => {
    const { cookie, userId } = await rememberedUser('connects@example.com');
    expect((await me(cookie)).json().data.user.linkedinConnected).toBe(false);
    await h.queues.publish(accountConnectedEvent, { userId });
    await eventually(cookie, (body) => (body.data as { user: { linkedinConnected: boolean } }).user.linkedinConnected);
  });

  it('refuses a session ended elsewhere (signed in again on another device) at once', async () => {
    const { cookie } = await rememberedUser('ended@example.com');
    const { value } = await import('@fastify/cookie').then((c) => c.default.unsign(cookie, COOKIE_SECRET));
    if (!value) throw new Error('the test cookie does not unsign');
    await h.sessions.destroy(value);
    await eventually(cookie, (_body, status) => status === 401, 1000);
    expect((await savePersonalization(cookie)).statusCode).toBe(401);
  });

  it('refuses the next /me after signing out through the gateway', async () => {
    const { cookie } = await rememberedUser('leaves@example.com');
    const out = await gateway.inject({
      method: 'GET',
      url: '/api/v1/auth/logout',
      headers: { cookie: `sid=${cookie}` },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('forgets everything when its subscription drops, so no announcement missed meanwhile can leave it stale', async () => {
    const { cookie, userId } = await rememberedUser('unheard@example.com');
    // A change nobody announces (as one made while the subscription is down would go unheard).
    await h.database.sql`update auth.users set linkedin_connected = true where id = ${userId}`;
    expect((await me(cookie)).json().data.user.linkedinConnected).toBe(false);

    const clients = (await gatewayRedis.call('CLIENT', 'LIST', 'TYPE', 'pubsub')) as string;
    const mine = clients
      .split('\n')
      .filter((line) => line.includes(`name=${h.config.REDIS_PREFIX}:identity-cache`))
      .map((line) => /id=(\d+)/.exec(line)?.[1]);
    expect(mine).toHaveLength(1);
    await gatewayRedis.client('KILL', 'ID', mine[0] as string);

    await eventually(cookie, (body) => (body.data as { user: { linkedinConnected: boolean } }).user.linkedinConnected);
    // And once subscribed again, it remembers again.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await me(cookie);
    const before = authMeCalls;
    expect((await me(cookie)).statusCode).toBe(200);
    expect(authMeCalls).toBe(before);
  });
});
