import { accountConnectedEvent, accountDisconnectedEvent, meResponseSchema, QUEUES } from '@nashr/contracts';
import { SESSION_MAX_AGE_SECONDS } from '@nashr/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asGateway,
  fromGateway,
  type Harness,
  me,
  openLink,
  requestLink,
  sessionCookieOf,
  signInByMail,
  startHarness,
  storedUserId,
  waitForMail,
} from './test-harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ env: { ADMIN_EMAILS: ' Boss@Example.com ,second-admin@example.com' } });
});
afterAll(async () => {
  await h?.close();
});

async function userIdOf(sid: string): Promise<string> {
  const headers = await asGateway(h, sid);
  return headers['x-user-id'] as string;
}

describe('GET /api/v1/auth/me', () => {
  it('answers 401 with the error shape before sign-in', async () => {
    const res = await me(h);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
  });

  it('answers the signed-in user in the contract shape after sign-in', async () => {
    const sid = await signInByMail(h, 'first.timer@example.com');
    const res = await me(h, sid);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = meResponseSchema.parse(res.json());
    expect(body.data.user).toEqual({
      id: await storedUserId(h, 'first.timer@example.com'),
      email: 'first.timer@example.com',
      linkedinConnected: false,
      linkedinLost: false,
      personalization: null,
      roles: ['user'],
      newAccount: true,
      teamMember: false,
    });
  });

  it('keeps one account per address, whatever its case', async () => {
    const lower = await signInByMail(h, 'casey@example.com');
    const upperLink = await requestLink(h, { destination: 'CASEY@Example.COM' });
    expect(upperLink.statusCode).toBe(200);
    const { link } = await waitForMail(h, 'casey@example.com', 1);
    const opened = await openLink(h, link);
    const upper = opened.cookies.find((c) => c.name === 'sid')?.value as string;
    expect(await userIdOf(upper)).toBe(await userIdOf(lower));
  });
});

describe('the session cookie', () => {
  it('is signed, httpOnly, SameSite=Lax, Path=/, lasts 30 days and is not Secure outside production', async () => {
    await requestLink(h, { destination: 'cookie@example.com' });
    const { link } = await waitForMail(h, 'cookie@example.com');
    const res = await openLink(h, link);
    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: SESSION_MAX_AGE_SECONDS });
    expect(cookie?.secure).toBeFalsy();
    // Signed: the value is `<session id>.<signature>`, and a forged signature resolves nobody.
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{20,}\.[A-Za-z0-9+/_-]+$/);
    const forged = `${cookie?.value.split('.')[0]}.forged`;
    expect((await me(h, forged)).statusCode).toBe(401);
  });

  describe('in production', () => {
    let prod: Harness;
    beforeAll(async () => {
      prod = await startHarness({ env: { NODE_ENV: 'production' } });
    });
    afterAll(async () => {
      await prod?.close();
    });

    it('is Secure', async () => {
      await requestLink(prod, { destination: 'secure@example.com' });
      const { link } = await waitForMail(prod, 'secure@example.com');
      const res = await openLink(prod, link);
      expect(res.cookies.find((c) => c.name === 'sid')).toMatchObject({
        secure: true,
        httpOnly: true,
        sameSite: 'Lax',
      });
    });
  });

  describe('behind an https public address, outside production mode', () => {
    let tls: Harness;
    beforeAll(async () => {
      tls = await startHarness({ env: { NODE_ENV: 'development', PUBLIC_URL: 'https://nashr.example' } });
    });
    afterAll(async () => {
      await tls?.close();
    });

    it('is Secure, and so is the cookie that clears it at logout', async () => {
      await requestLink(tls, { destination: 'tls@example.com' });
      const { link } = await waitForMail(tls, 'tls@example.com');
      const res = await openLink(tls, link);
      expect(res.cookies.find((c) => c.name === 'sid')).toMatchObject({ secure: true, httpOnly: true });
      const sid = sessionCookieOf(res);
      const out = await tls.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: { ...(await asGateway(tls, sid)), 'sec-fetch-site': 'same-origin' },
      });
      expect(out.statusCode).toBe(200);
      expect(out.cookies.find((c) => c.name === 'sid')).toMatchObject({ value: '', secure: true });
    });
  });
});

describe('POST /api/v1/auth/logout', () => {
  it('ends the session on the server and clears the cookie', async () => {
    const sid = await signInByMail(h, 'leaving@example.com');
    const headers = await asGateway(h, sid);
    const sessionId = headers['x-session-id'] as string;
    expect(await h.sessions.get(sessionId)).not.toBeNull();

    const res = await h.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
    const cleared = res.cookies.find((c) => c.name === 'sid');
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/');
    expect(new Date(cleared?.expires as Date).getTime()).toBeLessThan(Date.now());

    expect(await h.sessions.get(sessionId)).toBeNull();
    // Someone who kept a copy of the cookie is signed out too.
    expect((await me(h, sid)).statusCode).toBe(401);
  });

  it.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
    ['an Origin of another site', { origin: 'https://evil.example' }],
  ])('refuses a logout that another site started (%s) and keeps the session', async (_label, extra) => {
    const sid = await signInByMail(h, `kept-${Object.keys(extra)[0]}-${Object.values(extra)[0]?.length}@example.com`);
    const headers = await asGateway(h, sid);
    const res = await h.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { ...headers, ...extra } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'session.cross_site_logout',
      message: expect.any(String),
    });
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect((await me(h, sid)).statusCode).toBe(200);
  });

  it.each([
    ['a page of ours (Sec-Fetch-Site: same-origin)', { 'sec-fetch-site': 'same-origin' }],
    ['the address bar or a bookmark (Sec-Fetch-Site: none)', { 'sec-fetch-site': 'none' }],
    ['our own Origin', { origin: 'http://localhost:8080', 'sec-fetch-site': 'same-origin' }],
  ])('signs out when the request comes from %s', async (_label, extra) => {
    const sid = await signInByMail(
      h,
      `own-${Object.values(extra)[0]?.length}-${Object.keys(extra).length}@example.com`,
    );
    const headers = await asGateway(h, sid);
    const res = await h.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { ...headers, ...extra } });
    expect(res.statusCode).toBe(200);
    expect((await me(h, sid)).statusCode).toBe(401);
  });

  it('answers success without a session too', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: fromGateway() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
  });

  it.each([
    ['no Sec-Fetch headers and a Referer of another site', { referer: 'https://evil.example/page' }],
    ['a page of ours', { 'sec-fetch-site': 'same-origin' }],
  ])('never signs out on a GET (%s): it only leads to the app', async (_label, extra) => {
    const sid = await signInByMail(h, `stays-${Object.keys(extra)[0]}@example.com`);
    const headers = await asGateway(h, sid);
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/auth/logout', headers: { ...headers, ...extra } });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect(await h.sessions.get(headers['x-session-id'] as string)).not.toBeNull();
    expect((await me(h, sid)).statusCode).toBe(200);
  });
});

describe('roles', () => {
  it('makes the addresses in ADMIN_EMAILS admins, whatever their case', async () => {
    const sid = await signInByMail(h, 'boss@example.com');
    expect((await me(h, sid)).json().data.user.roles).toEqual(['user', 'admin']);
    expect((await asGateway(h, sid))['x-user-roles']).toBe('user,admin');
  });

  it('leaves everyone else a plain user', async () => {
    const sid = await signInByMail(h, 'not-the-boss@example.com');
    expect((await me(h, sid)).json().data.user.roles).toEqual(['user']);
    expect((await asGateway(h, sid))['x-user-roles']).toBe('user');
  });
});

describe('linkedinConnected', () => {
  const connected = async (sid: string) => (await me(h, sid)).json().data.user.linkedinConnected as boolean;

  it('cannot be set by the client', async () => {
    const sid = await signInByMail(h, 'sneaky@example.com');
    await h.app.inject({
      method: 'PUT',
      url: '/api/v1/personalization',
      headers: await asGateway(h, sid),
      payload: {
        jobTitle: 'Founder',
        language: 'English',
        goals: ['Grow Network'],
        interests: ['Innovation'],
        tones: ['Bold'],
        styles: ['Simple Language'],
        linkedinConnected: true,
      },
    });
    expect((await me(h, sid)).json().data.user.personalization).not.toBeNull();
    expect(await connected(sid)).toBe(false);
  });

  it('follows the account events of the linkedin service', async () => {
    const sid = await signInByMail(h, 'networker@example.com');
    const userId = await userIdOf(sid);
    const lost = async () => (await me(h, sid)).json().data.user.linkedinLost as boolean;
    expect(await lost()).toBe(false);
    await h.queues.publish(accountConnectedEvent, { userId });
    await expect.poll(() => connected(sid), { timeout: 10_000 }).toBe(true);
    expect(await lost()).toBe(false);
    // The network dropped a working connection: the app is told it was lost, not never made.
    await h.queues.publish(accountDisconnectedEvent, { userId, reason: 'The network refused the stored credentials' });
    await expect.poll(() => connected(sid), { timeout: 10_000 }).toBe(false);
    expect(await lost()).toBe(true);
    await h.queues.publish(accountConnectedEvent, { userId });
    await expect.poll(() => connected(sid), { timeout: 10_000 }).toBe(true);
    expect(await lost()).toBe(false);
  });

  it('ignores an event that was published before the one already applied', async () => {
    const sid = await signInByMail(h, 'late-event@example.com');
    const userId = await userIdOf(sid);
    await h.queues.publish(accountConnectedEvent, { userId });
    await expect.poll(() => connected(sid), { timeout: 10_000 }).toBe(true);
    // A disconnect from a minute ago, delivered only now (a retried job, say).
    const late = await h.queues
      .get(QUEUES.authInbox)
      .add(accountDisconnectedEvent.name, { userId, reason: 'old' }, { timestamp: Date.now() - 60_000 });
    await expect.poll(async () => (await late.getState()) === 'completed', { timeout: 10_000 }).toBe(true);
    expect(await connected(sid)).toBe(true);
  });

  it('completes events for an unknown user without changing anyone', async () => {
    const job = await h.queues
      .get(QUEUES.authInbox)
      .add(accountConnectedEvent.name, { userId: '00000000-0000-4000-8000-000000000000' });
    await expect.poll(async () => job.getState(), { timeout: 10_000 }).toBe('completed');
  });
});
