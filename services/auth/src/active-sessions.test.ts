import { activeSessionsResponseSchema } from '@nashr/contracts';
import { createRedis, identityChangesChannel, waitForRedis } from '@nashr/platform';
import { createCapturingLogger } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyConfiguredRoles, buildApp } from './app.js';
import { asGateway, type Harness, me, signInByMail, startHarness, storedUserId } from './test-harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ env: { ADMIN_EMAILS: 'former-admin@example.com' } });
});
afterAll(async () => {
  await h?.close();
});

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const LAPTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

const signInWith = (email: string, userAgent: string, ip: string) =>
  signInByMail(h, email, ip, { 'user-agent': userAgent });

async function listSessions(sid: string) {
  return h.app.inject({ method: 'GET', url: '/api/v1/auth/sessions', headers: await asGateway(h, sid) });
}

describe('GET /api/v1/auth/sessions', () => {
  it("lists the user's own sessions with device, coarse place and last use, marking the current one", async () => {
    const phone = await signInWith('traveller@example.com', PHONE_UA, '203.0.113.77');
    const laptop = await signInWith('traveller@example.com', LAPTOP_UA, '2001:db8:aa:bb::5');
    await signInWith('someone-else@example.com', LAPTOP_UA, '198.51.100.1');

    const res = await listSessions(laptop);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { sessions } = activeSessionsResponseSchema.parse(res.json()).data;
    expect(sessions).toHaveLength(2);
    const [current, other] = [sessions.find((s) => s.current), sessions.find((s) => !s.current)];
    expect(current).toMatchObject({
      device: { browser: 'Chrome', os: 'Windows', type: 'desktop' },
      place: '2001:db8:aa::/48',
    });
    expect(other).toMatchObject({ device: { browser: 'Safari', os: 'iOS', type: 'mobile' }, place: '203.0.113.0/24' });
    expect(Date.parse(other?.lastUsedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(other?.signedInAt ?? '') - 1000);
    // Neither the session ids nor the full addresses leave the server.
    const body = res.body;
    for (const sid of [phone, laptop]) expect(body).not.toContain(sid.slice(0, sid.lastIndexOf('.')));
    expect(body).not.toContain('203.0.113.77');
  });

  it('answers 401 without a session', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/auth/sessions', headers: await asGateway(h) });
    expect(res.statusCode).toBe(401);
  });
});

describe('DELETE /api/v1/auth/sessions/:id', () => {
  it('ends another session of the user at once, and says so for one already ended', async () => {
    const phone = await signInWith('ender@example.com', PHONE_UA, '203.0.113.8');
    const laptop = await signInWith('ender@example.com', LAPTOP_UA, '203.0.113.9');
    const { sessions } = (await listSessions(laptop)).json().data as { sessions: { id: string; current: boolean }[] };
    const phoneHandle = sessions.find((s) => !s.current)?.id as string;

    const ended = await h.app.inject({
      method: 'DELETE',
      url: `/api/v1/auth/sessions/${phoneHandle}`,
      headers: await asGateway(h, laptop),
    });
    expect(ended.statusCode).toBe(200);
    expect((await me(h, phone)).statusCode).toBe(401);
    expect((await me(h, laptop)).statusCode).toBe(200);
    expect((await listSessions(laptop)).json().data.sessions).toHaveLength(1);

    const again = await h.app.inject({
      method: 'DELETE',
      url: `/api/v1/auth/sessions/${phoneHandle}`,
      headers: await asGateway(h, laptop),
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ success: false, code: 'session.not_found' });
  });

  it("cannot end another user's session", async () => {
    const victim = await signInWith('victim@example.com', PHONE_UA, '203.0.113.10');
    const intruder = await signInWith('intruder@example.com', LAPTOP_UA, '203.0.113.11');
    const handle = (await listSessions(victim)).json().data.sessions[0].id as string;
    const res = await h.app.inject({
      method: 'DELETE',
      url: `/api/v1/auth/sessions/${handle}`,
      headers: await asGateway(h, intruder),
    });
    expect(res.statusCode).toBe(404);
    expect((await me(h, victim)).statusCode).toBe(200);
  });
});

describe('an address removed from ADMIN_EMAILS', () => {
  it('loses the admin role at once: in its live sessions, in /me, and gateways are told', async () => {
    const sid = await signInByMail(h, 'former-admin@example.com');
    expect((await asGateway(h, sid))['x-user-roles']).toBe('user,admin');
    const userId = await storedUserId(h, 'former-admin@example.com');

    const listener = createRedis(h.config.REDIS_URL, 'worker');
    await waitForRedis(listener);
    const heard: string[] = [];
    listener.on('message', (_channel: string, message: string) => heard.push(message));
    await listener.subscribe(identityChangesChannel(h.config.REDIS_PREFIX));

    // The auth service starts again with the address taken out of ADMIN_EMAILS.
    const redis = createRedis(h.config.REDIS_URL, 'request');
    await waitForRedis(redis);
    const config = { ...h.config, ADMIN_EMAILS: new Set<string>() };
    await applyConfiguredRoles({ config, database: h.database, redis });
    const restarted = await buildApp({ config, logger: createCapturingLogger().logger, database: h.database, redis });
    try {
      expect((await asGateway(h, sid))['x-user-roles']).toBe('user');
      const res = await restarted.inject({ method: 'GET', url: '/api/v1/auth/me', headers: await asGateway(h, sid) });
      expect(res.json().data.user.roles).toEqual(['user']);
      await expect.poll(() => heard, { timeout: 5_000 }).toContain(JSON.stringify({ userId }));
    } finally {
      await restarted.close();
      redis.disconnect();
      listener.disconnect();
    }
  });
});

describe('POST /api/v1/auth/sessions/sign-out-everywhere', () => {
  const signOutEverywhere = async (sid: string, body: unknown) =>
    h.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sessions/sign-out-everywhere',
      headers: { ...(await asGateway(h, sid)), 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  it("ends every other session of the user at once, keeps the one in use, and leaves other users' alone", async () => {
    const phone = await signInWith('everywhere@example.com', PHONE_UA, '203.0.113.20');
    const tablet = await signInWith('everywhere@example.com', PHONE_UA, '203.0.113.21');
    const laptop = await signInWith('everywhere@example.com', LAPTOP_UA, '203.0.113.22');
    const neighbour = await signInWith('neighbour@example.com', LAPTOP_UA, '203.0.113.23');

    const res = await signOutEverywhere(laptop, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { ended: 2, keptCurrent: true } });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await me(h, phone)).statusCode).toBe(401);
    expect((await me(h, tablet)).statusCode).toBe(401);
    expect((await me(h, laptop)).statusCode).toBe(200);
    expect((await me(h, neighbour)).statusCode).toBe(200);
    expect((await listSessions(laptop)).json().data.sessions).toHaveLength(1);
  });

  it('ends the session in use too when asked, clearing its cookie', async () => {
    const phone = await signInWith('leave-all@example.com', PHONE_UA, '203.0.113.30');
    const laptop = await signInWith('leave-all@example.com', LAPTOP_UA, '203.0.113.31');

    const res = await signOutEverywhere(laptop, { keepCurrent: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ended: 2, keptCurrent: false });
    expect(String(res.headers['set-cookie'])).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect((await me(h, phone)).statusCode).toBe(401);
    expect((await me(h, laptop)).statusCode).toBe(401);
  });

  it('refuses an unknown field with a 400, and answers 401 without a session', async () => {
    const laptop = await signInWith('careful@example.com', LAPTOP_UA, '203.0.113.40');
    expect((await signOutEverywhere(laptop, { keepCurrent: 'yes' })).statusCode).toBe(400);
    const anonymous = await h.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sessions/sign-out-everywhere',
      headers: { ...(await asGateway(h)), 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await me(h, laptop)).statusCode).toBe(200);
  });
});
