import { EMAIL_MESSAGES, QUEUES, userCreatedEvent } from '@nashr/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asGateway,
  fromGateway,
  type Harness,
  mailsTo,
  me,
  openLink,
  PUBLIC_URL,
  requestLink,
  sessionCookieOf,
  signInByMail,
  startHarness,
  verifyStatus,
  waitForMail,
} from './test-harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ env: { MAGIC_LINK_MAX_PER_ADDRESS: '3', MAGIC_LINK_MAX_PER_IP: '6' } });
});
afterAll(async () => {
  await h?.close();
});

/** Each test asks from its own client address, so the per-IP limit of one test never bleeds into another. */
let nextIp = 1;
const freshIp = () => `198.51.100.${nextIp++}`;
const freshEmail = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}@example.com`;

describe('POST /api/v1/auth/magic-login: validation', () => {
  it.each([
    ['a missing body', undefined, EMAIL_MESSAGES.required],
    ['a missing destination', {}, EMAIL_MESSAGES.required],
    ['an empty destination', { destination: '' }, EMAIL_MESSAGES.required],
    ['a blank destination', { destination: '   ' }, EMAIL_MESSAGES.required],
    ['a destination that is not text', { destination: 42 }, EMAIL_MESSAGES.required],
    ['no at sign', { destination: 'salma.example.com' }, EMAIL_MESSAGES.invalid],
    ['no dot after the at sign', { destination: 'salma@example' }, EMAIL_MESSAGES.invalid],
    ['a space inside', { destination: 'sal ma@example.com' }, EMAIL_MESSAGES.invalid],
  ])('refuses %s with the spec message', async (_label, body, message) => {
    const res = await requestLink(h, body, freshIp());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: message === EMAIL_MESSAGES.required ? 'auth.email_required' : 'auth.email_invalid',
      message,
    });
  });

  it('refuses an unknown mail language', async () => {
    const res = await requestLink(h, { destination: freshEmail('lang'), lang: 'fr' }, freshIp());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^lang: /);
  });

  it('sends nothing for a refused request', async () => {
    const before = h.catcher.messages().length;
    await requestLink(h, { destination: 'not-an-address' }, freshIp());
    await new Promise((r) => setTimeout(r, 300));
    expect(h.catcher.messages().length).toBe(before);
  });

  it('refuses requests that did not come through the gateway', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/auth/magic-login',
      payload: { destination: freshEmail('direct') },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('the sign-in link', () => {
  it('answers the same for a new and an existing account', async () => {
    const existing = freshEmail('existing');
    await signInByMail(h, existing, freshIp());
    const forExisting = await requestLink(h, { destination: existing }, freshIp());
    const forNew = await requestLink(h, { destination: freshEmail('new') }, freshIp());
    expect(forExisting.statusCode).toBe(200);
    expect(forNew.statusCode).toBe(200);
    expect(forExisting.json()).toEqual(forNew.json());
    expect(forNew.json()).toMatchObject({ success: true, message: expect.any(String) });
  });

  it('arrives by SMTP in Arabic by default, as HTML and plain text, pointing at the public address', async () => {
    const email = freshEmail('arabic');
    await requestLink(h, { destination: email }, freshIp());
    const { mail, link } = await waitForMail(h, email);
    expect(mail.subject).toMatch(/[\u0600-\u06FF]/);
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain(link.replace(/&/g, '&amp;'));
    // The plain-text part stands on its own: the words and the link itself.
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('تسجيل الدخول إلى «نشر»');
    expect(mail.text).toContain('15 دقيقةً');
    expect(link.startsWith(`${PUBLIC_URL}/api/v1/auth/magic-login/verify?token=`)).toBe(true);
  });

  it('arrives in English when asked, to the lower-cased address', async () => {
    const email = freshEmail('english');
    await requestLink(h, { destination: email.toUpperCase(), lang: 'en' }, freshIp());
    const { mail } = await waitForMail(h, email);
    expect(mail.subject).toBe('Your Nashr sign-in link');
    expect(mail.html).toContain('lang="en"');
    expect(mail.text).toContain('expires in 15 minutes');
  });

  it('leaves no job holding the address in Redis once it is sent', async () => {
    const email = freshEmail('forgotten');
    await requestLink(h, { destination: email }, freshIp());
    await waitForMail(h, email);
    const queue = h.queues.get(QUEUES.authMail);
    const holding = async () =>
      (await queue.getJobs(['waiting', 'delayed', 'active', 'completed'])).filter((job) =>
        JSON.stringify(job?.data ?? {}).includes(email),
      ).length;
    await expect.poll(holding, { timeout: 5_000 }).toBe(0);
  });

  it('signs in once, with a cookie the gateway can resolve, and refuses a second use', async () => {
    const email = freshEmail('once');
    await requestLink(h, { destination: email }, freshIp());
    const { link } = await waitForMail(h, email);

    const first = await openLink(h, link);
    expect(first.statusCode).toBe(200);
    expect(verifyStatus(first)).toBe('verified');
    expect(first.headers['cache-control']).toBe('no-store');
    const sid = sessionCookieOf(first);
    expect(sid).toBeDefined();
    const res = await me(h, sid);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.email).toBe(email);
    // Billing is told of the new account with its address, to grant the trial once per person.
    const created = (await h.queues.get(QUEUES.billingInbox).getJobs(['waiting', 'delayed', 'completed'])).find(
      (job) => job?.name === userCreatedEvent.name && job.data.email === email,
    );
    expect(created?.data).toMatchObject({ userId: expect.any(String), email });

    const second = await openLink(h, link);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ success: false, code: 'magic_link.used', message: expect.any(String) });
    expect(verifyStatus(second)).toBe('used');
    expect(sessionCookieOf(second)).toBeUndefined();
  });

  it('creates exactly one session when the link is opened twice at the same moment', async () => {
    const email = freshEmail('race');
    await requestLink(h, { destination: email }, freshIp());
    const { link } = await waitForMail(h, email);
    const answers = await Promise.all(Array.from({ length: 4 }, () => openLink(h, link)));
    const statuses = answers.map(verifyStatus).sort();
    expect(statuses).toEqual(['used', 'used', 'used', 'verified']);
    expect(answers.filter((a) => sessionCookieOf(a)).length).toBe(1);
  });

  it('keeps an earlier link valid when a newer one is sent, each good for one sign-in', async () => {
    const email = freshEmail('two-links');
    await requestLink(h, { destination: email }, freshIp());
    const { link: older } = await waitForMail(h, email);
    await requestLink(h, { destination: email }, freshIp());
    const { link: newer } = await waitForMail(h, email, 1);
    expect(newer).not.toBe(older);
    expect(verifyStatus(await openLink(h, newer))).toBe('verified');
    expect(verifyStatus(await openLink(h, older))).toBe('verified');
  });

  it.each([
    ['a made-up token', 'A'.repeat(43)],
    ['a malformed token', 'not a token'],
    ['no token', ''],
  ])('answers invalid for %s', async (_label, token) => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/auth/magic-login/verify',
      headers: fromGateway(),
      payload: { token },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'magic_link.invalid' });
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it('sends a link without a token to the page that says it is not valid', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/auth/magic-login/verify', headers: fromGateway() });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/verify?status=invalid');
  });

  it('is not spent by opening it (HEAD or GET, as mail scanners do): the page spends it with a POST', async () => {
    const email = freshEmail('scanned');
    await requestLink(h, { destination: email }, freshIp());
    const { link } = await waitForMail(h, email);
    const url = new URL(link);
    const token = url.searchParams.get('token') as string;
    const head = await h.app.inject({ method: 'HEAD', url: `${url.pathname}${url.search}`, headers: fromGateway() });
    const get = await h.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: fromGateway() });
    for (const res of [head, get]) {
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`/verify#${new URLSearchParams({ token, email })}`);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(sessionCookieOf(res)).toBeUndefined();
    }
    // The person's real click still signs in.
    const clicked = await openLink(h, link);
    expect(verifyStatus(clicked)).toBe('verified');
    expect((await me(h, sessionCookieOf(clicked))).json().data.user.email).toBe(email);
  });

  it('refuses a POST without a token as a bad request, with a readable message', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/auth/magic-login/verify',
      headers: fromGateway(),
      payload: { token: 42 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
  });

  it('signs out whoever was signed in on the browser before', async () => {
    const before = await signInByMail(h, freshEmail('before'), freshIp());
    const email = freshEmail('after');
    await requestLink(h, { destination: email }, freshIp());
    const { link } = await waitForMail(h, email);
    const opened = await openLink(h, link, await asGateway(h, before));
    expect(verifyStatus(opened)).toBe('verified');
    expect((await me(h, before)).statusCode).toBe(401);
    expect((await me(h, sessionCookieOf(opened))).json().data.user.email).toBe(email);
  });
});

describe('rate limits', () => {
  it('refuses a fourth link for one address within the window, from any client, with a clear 429', async () => {
    const email = freshEmail('limited');
    for (let i = 0; i < 3; i++) expect((await requestLink(h, { destination: email }, freshIp())).statusCode).toBe(200);
    const refused = await requestLink(h, { destination: email.toUpperCase() }, freshIp());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'auth.too_many_links',
      params: { seconds: expect.any(Number) },
      message: expect.stringMatching(
        /^Too many sign-in links were requested\. Please wait \d+ minutes? and try again\.$/,
      ),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await expect.poll(() => mailsTo(h, email).length, { timeout: 10_000 }).toBe(3);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(h, email).length).toBe(3);
  });

  it('refuses a client address that asks for too many links, whatever the addresses', async () => {
    const ip = freshIp();
    for (let i = 0; i < 6; i++) {
      expect((await requestLink(h, { destination: freshEmail(`ip${i}`) }, ip)).statusCode).toBe(200);
    }
    const refused = await requestLink(h, { destination: freshEmail('ip-extra') }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Please wait/);
    // Another client is not affected.
    expect((await requestLink(h, { destination: freshEmail('other-client') }, freshIp())).statusCode).toBe(200);
  });
});

describe('logs', () => {
  it('never contain a token, a session id or a cookie', async () => {
    const email = freshEmail('logs');
    await requestLink(h, { destination: email }, freshIp());
    const { link } = await waitForMail(h, email);
    const token = new URL(link).searchParams.get('token') as string;
    const opened = await openLink(h, link);
    const sid = sessionCookieOf(opened) as string;
    const sessionId = sid.slice(0, sid.lastIndexOf('.'));
    await openLink(h, link);
    await me(h, sid);
    await h.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: await asGateway(h, sid) });

    const logs = h.logs().join('\n');
    expect(logs).toContain('magic-login/verify?token=[redacted]');
    expect(logs).toContain('sign-in link sent');
    expect(logs).not.toContain(token);
    expect(logs).not.toContain(encodeURIComponent(token));
    expect(logs).not.toContain(sessionId);
    expect(logs).not.toContain(email);
  });
});
