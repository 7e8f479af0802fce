/**
 * The gateway's memory of signed-in callers, through the real gateway in front of the real auth
 * service (its PostgreSQL, Redis and workers): `/me` is answered from memory after the first call,
 * and every way an account or a session changes is seen on the next call.
 */
import fastifyCookie from '@fastify/cookie';
import { applyConfiguredRoles } from '@nashr/auth';
import { COOKIE_SECRET, type Harness, signInByMail, startHarness, storedUserId } from '@nashr/auth/testing';
import { accountConnectedEvent } from '@nashr/contracts';
import {
  createRedis,
  identityChangesChannel,
  parseIdentityChange,
  type Redis,
  type ServiceApp,
  waitForRedis,
} from '@nashr/platform';
import { createCapturingLogger, TEST_INTERNAL_SECRET } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/**
 * Signs a new user in by mail and has the gateway remember their `/me`. Signing in announces a
 * change of the user, which makes the gateway forget them whenever it arrives: wait until this
 * process has heard it (the gateway under test listens in this process too) before remembering.
 */
async function rememberedUser(email: string): Promise<{ cookie: string; userId: string }> {
  const heard: string[] = [];
  const listener = gatewayRedis.duplicate();
  listener.on('message', (_channel: string, message: string) => {
    const change = parseIdentityChange(message);
    if (change && 'userId' in change) heard.push(change.userId);
  });
  await waitForRedis(listener);
  await listener.subscribe(identityChangesChannel(h.config.REDIS_PREFIX));
  try {
    const cookie = await signInByMail(h, email);
    const userId = await storedUserId(h, email);
    await expect.poll(() => heard.includes(userId), { timeout: 10_000, interval: 10 }).toBe(true);
    expect((await me(cookie)).statusCode).toBe(200);
    return { cookie, userId };
  } finally {
    listener.disconnect();
  }
}

/** Asks `/me` until `check` holds, for up to `ms`. */
async function eventually(
  cookie: string,
  check: (body: Record<string, unknown>, status: number) => boolean,
  ms = 10_000,
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

  it('keeps no admin role once the auth service starts with the address taken out of ADMIN_EMAILS', async () => {
    const { cookie } = await rememberedUser('demoted@example.com');
    const restartAuthWith = (admins: string[]) =>
      applyConfiguredRoles({
        config: { ...h.config, ADMIN_EMAILS: new Set(admins) },
        database: h.database,
        redis: gatewayRedis,
      });
    await restartAuthWith(['demoted@example.com']);
    await eventually(cookie, (body) => JSON.stringify(body).includes('"roles":["user","admin"]'));
    const before = authMeCalls;
    expect((await me(cookie)).json().data.user.roles).toEqual(['user', 'admin']);
    expect(authMeCalls).toBe(before); // remembered

    await restartAuthWith([]);
    // Well within the minute the gateway would otherwise remember it.
    await eventually(cookie, (body) => JSON.stringify(body).includes('"roles":["user"]'), 2000);
    const forwarded = await h.sessions.get(fastifyCookie.unsign(cookie, COOKIE_SECRET).value as string);
    expect(forwarded?.roles).toEqual(['user']);
  });

  it('refuses a logout another site started, through the gateway, and keeps the session', async () => {
    const { cookie } = await rememberedUser('not-leaving@example.com');
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }]) {
      const res = await gateway.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: { cookie: `sid=${cookie}`, ...headers },
      });
      expect(res.statusCode).toBe(403);
      // The gateway refuses some cross-site writes itself, before the auth service sees them.
      expect(['request.cross_site', 'session.cross_site_logout']).toContain(res.json().code);
    }
    expect((await me(cookie)).statusCode).toBe(200);
    const own = await gateway.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { cookie: `sid=${cookie}`, 'sec-fetch-site': 'same-origin' },
    });
    expect(own.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
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
      method: 'POST',
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
    // And once subscribed again (the reconnection takes what it takes), it remembers again: a
    // /me then answers without asking the auth service.
    const deadline = Date.now() + 10_000;
    for (;;) {
      await me(cookie);
      const before = authMeCalls;
      expect((await me(cookie)).statusCode).toBe(200);
      if (authMeCalls === before) break;
      if (Date.now() > deadline) throw new Error('the gateway never remembered the session again');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  });
});
