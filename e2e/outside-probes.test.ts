/**
 * The outside test of issue 23 again, black-box: the built product running as `npm start` runs it
 * (gateway, auth API and worker, content, the local mail catcher and OpenID provider), probed only
 * over HTTP from outside, as the tester did. Deleting an account and finding nothing of it left
 * is the same kind of probe, in e2e/account-data.test.ts.
 *
 * The rate-limit probe spends this client's budget for a minute: it runs last.
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { DEFAULT_BODY_LIMIT, OPS_AUDIT_RECORD_PATH } from '@nashr/contracts';
import { type Stack, startStack } from '@nashr/tools/process-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromNewestMail as fromMail, mailsTo, signInLinkIn } from './support/mail';

const ADMIN = 'boss@outside.test';
const RATE_LIMIT = 600;

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({
    services: ['auth', 'content'],
    workers: ['auth'],
    helpers: ['mail', 'oidc'],
    env: {
      auth: { ADMIN_EMAILS: ADMIN },
      // The product's own budget per client (the e2e stack lifts it for browser tests).
      gateway: { RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) },
    },
  });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const newAddress = (name: string) => `${name}-${randomUUID().slice(0, 8)}@outside.test`;

/** Error lines (pino level 50 and above) any process of the stack wrote. */
const errorLines = () =>
  stack
    .output()
    .split('\n')
    .filter((line) => /"level":(5\d|60)\b/.test(line));

const sidOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('sid=') && !cookie.startsWith('sid=;'))
    ?.split(';')[0];

async function me(cookie: string | undefined) {
  return fetch(`${stack.url}/api/v1/auth/me`, { headers: cookie ? { cookie } : {} });
}

/** The newest mail to `address` once `count` have come, read by `find`. */
const fromNewestMail = (address: string, count: number, find: (text: string) => string | undefined) =>
  fromMail(stack, address, count, find, 20_000);

/** Asks for a sign-in link as the sign-up page does, and reads it from the mail. */
async function signInLink(address: string): Promise<string> {
  const ask = await fetch(`${stack.url}/api/v1/auth/magic-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: stack.url },
    body: JSON.stringify({ destination: address, lang: 'en' }),
  });
  expect(ask.status).toBe(200);
  return fromNewestMail(address, 1, signInLinkIn);
}

/** What the page opened by the link does: a POST of the token in the fragment. */
async function spend(token: string) {
  return fetch(`${stack.url}/api/v1/auth/magic-login/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: stack.url },
    body: JSON.stringify({ token }),
  });
}

/** Cookies per origin, as a browser keeps them across the provider's pages. */
function cookieJar() {
  const byOrigin = new Map<string, Map<string, string>>();
  return {
    store(origin: string, response: Response) {
      const jar = byOrigin.get(origin) ?? new Map<string, string>();
      for (const line of response.headers.getSetCookie()) {
        const pair = line.split(';')[0] ?? '';
        const name = pair.slice(0, pair.indexOf('='));
        const value = pair.slice(pair.indexOf('=') + 1);
        if (value) jar.set(name, value);
        else jar.delete(name);
      }
      byOrigin.set(origin, jar);
    },
    header: (origin: string) =>
      [...(byOrigin.get(origin) ?? new Map()).entries()].map(([name, value]) => `${name}=${value}`).join('; '),
  };
}

/**
 * Starts a POST of a body of `size` bytes and writes only what the gateway needs to refuse it:
 * announced (content-length), the first 64 kB; chunked, 64 kB at a time until the limit is
 * passed. Then it waits for the answer without writing more: the gateway answers 413 and closes
 * the connection, and a write after that close would fail with EPIPE and lose the answer unread.
 */
function sendOversized(path: string, size: number, { announce }: { announce: boolean }) {
  return new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (announce) headers['content-length'] = String(size);
    const req = httpRequest(`${stack.url}${path}`, { method: 'POST', headers });
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body, sent });
      });
    });
    req.on('error', () => {});
    req.on('close', () => {
      if (!answered) reject(new Error(`the connection closed after ${sent} bytes with no answer`));
    });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const writeNext = () => {
      const enough = announce ? sent > 0 : sent > DEFAULT_BODY_LIMIT;
      if (answered || req.destroyed || enough) return;
      sent += chunk.length;
      req.write(chunk, (error) => {
        if (!error) setImmediate(writeNext);
      });
    };
    writeNext();
  });
}

describe('the outside probes of issue 23, against the running product', () => {
  it('signs nobody in as the admin address through the local OpenID provider without its mailbox', async () => {
    const jar = cookieJar();
    const visit = async (url: URL, form?: URLSearchParams) => {
      const response = await fetch(url, {
        method: form ? 'POST' : 'GET',
        redirect: 'manual',
        headers: {
          cookie: jar.header(url.origin),
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded', origin: url.origin } : {}),
        },
        ...(form ? { body: form } : {}),
      });
      jar.store(url.origin, response);
      return response;
    };
    const mailsBefore = (await mailsTo(stack, ADMIN)).length;
    let url = new URL('/api/v1/auth/google', stack.url);
    let response = await visit(url);
    const steps: string[] = [];
    // Follow the provider's pages: type the admin address, then try to go on without the code.
    for (let step = 0; step < 12; step++) {
      if (response.status >= 300 && response.status < 400) {
        url = new URL(response.headers.get('location') as string, url);
        if (url.origin === new URL(stack.url).origin && !url.pathname.startsWith('/api/')) break;
        response = await visit(url);
        continue;
      }
      const html = await response.text();
      expect(response.status, html.slice(0, 300)).toBe(200);
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      expect(action, html.slice(0, 300)).toBeTruthy();
      if (html.includes('name="code"')) {
        steps.push('code');
        // A guessed code is refused, on the provider's own page.
        const guessed = await visit(new URL(action as string, url), new URLSearchParams({ code: '000000' }));
        expect(guessed.status).toBe(400);
        // Going on without proving the mailbox leads back to sign-up, signed out.
        url = new URL(/href="([^"]*\/unproven)"/.exec(html)?.[1] as string, url);
        response = await visit(url);
        continue;
      }
      steps.push('email');
      url = new URL(action as string, url);
      response = await visit(url, new URLSearchParams({ email: ADMIN }));
    }
    expect(steps).toEqual(['email', 'code']);
    expect(`${url.pathname}${url.search}`).toBe('/signup?error=google');
    const appCookies = jar.header(new URL(stack.url).origin);
    expect(appCookies).not.toMatch(/(?:^|; )sid=/);
    // The code went to the mailbox, not to whoever typed the address.
    await fromNewestMail(ADMIN, mailsBefore + 1, (text) => /\b\d{6}\b/.exec(text)?.[0]);
  });

  it('refuses a 6 MB anonymous body with 413 before reading it, and logs no error', async () => {
    const errorsBefore = errorLines().length;
    const size = 6 * 1024 * 1024;
    // Announced: the answer comes while most of the body is still unsent.
    const announced = await sendOversized('/api/v1/auth/magic-login', size, { announce: true });
    expect(announced.status).toBe(413);
    expect(announced.sent).toBeLessThan(size);
    expect(JSON.parse(announced.body)).toMatchObject({ success: false, code: 'request.too_large' });
    expect(JSON.parse(announced.body).message).toMatch(/the limit is \d/);

    // Chunked, with no size announced: refused once the limit is passed, not forwarded whole.
    const chunked = await sendOversized('/api/v1/auth/magic-login', size, { announce: false });
    expect(chunked.status).toBe(413);
    expect(chunked.sent).toBeLessThan(size);
    expect(JSON.parse(chunked.body)).toMatchObject({ success: false, code: 'request.too_large' });
    expect(errorLines().slice(errorsBefore)).toEqual([]);
  });

  it('lets neither a HEAD nor a GET of a sign-in link sign in: the POST of the page it opens does', async () => {
    const address = newAddress('scanned');
    const link = await signInLink(address);
    const head = await fetch(link, { method: 'HEAD', redirect: 'manual' });
    expect(head.status).toBeLessThan(400);
    expect(sidOf(head)).toBeUndefined();
    const get = await fetch(link, { redirect: 'manual' });
    expect(sidOf(get)).toBeUndefined();
    // The link opens /verify with the token in the fragment (never sent to a server or a log).
    const page = new URL(get.headers.get('location') as string, stack.url);
    expect(page.pathname).toBe('/verify');
    const token = new URLSearchParams(page.hash.slice(1)).get('token');
    expect(token).toBeTruthy();
    const spent = await spend(token as string);
    expect(spent.status).toBe(200);
    const sid = sidOf(spent);
    expect(sid).toBeTruthy();
    expect((await (await me(sid)).json()).data.user.email).toBe(address);
    // Spent once: a second POST of the same token signs nobody in.
    const again = await spend(token as string);
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(sidOf(again)).toBeUndefined();
  });

  it('refuses a logout from another site, and signs out from our own pages', async () => {
    const address = newAddress('logout');
    const token = new URLSearchParams(
      new URL(
        (await fetch(await signInLink(address), { redirect: 'manual' })).headers.get('location') as string,
        stack.url,
      ).hash.slice(1),
    ).get('token') as string;
    const sid = sidOf(await spend(token));
    expect((await me(sid)).status).toBe(200);

    // A GET (another site's link, without any Sec-Fetch header) signs nobody out.
    const link = await fetch(`${stack.url}/api/v1/auth/logout`, {
      headers: { cookie: sid as string, referer: 'https://elsewhere.example/' },
      redirect: 'manual',
    });
    expect(link.status).toBe(303);
    expect((await me(sid)).status).toBe(200);
    const crossSite = await fetch(`${stack.url}/api/v1/auth/logout`, {
      method: 'POST',
      headers: { cookie: sid as string, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
      redirect: 'manual',
    });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toMatchObject({ success: false });
    const otherOrigin = await fetch(`${stack.url}/api/v1/auth/logout`, {
      method: 'POST',
      headers: { cookie: sid as string, origin: 'https://elsewhere.example' },
    });
    expect(otherOrigin.status).toBe(403);
    expect((await me(sid)).status).toBe(200);

    const ours = await fetch(`${stack.url}/api/v1/auth/logout`, {
      method: 'POST',
      headers: { cookie: sid as string, 'sec-fetch-site': 'same-origin' },
    });
    expect(ours.status).toBe(200);
    expect((await me(sid)).status).toBe(401);
  });

  it("never forwards the gateway's own path to the audit trail, and the queue board refuses outsiders", async () => {
    const forged = await fetch(`${stack.url}${OPS_AUDIT_RECORD_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: stack.url },
      body: JSON.stringify({ action: 'ops.queue_change', target: 'PUT /forged' }),
    });
    expect(forged.status).toBe(404);
    const board = await fetch(`${stack.url}/api/v1/ops/queues/api/queues/auth-mail/pause`, {
      method: 'PUT',
      headers: { origin: stack.url },
    });
    expect(board.status).toBe(401);
    const text = await board.text();
    expect(text).not.toMatch(/node_modules|\.[cm]?[jt]s:\d+|stack/i);
  });

  it('limits one client spreading 700 calls a minute over many routes', async () => {
    const routes = [
      '/api/v1/auth/me',
      '/api/v1/auth/client-config',
      '/api/v1/content/landing?lang=en',
      '/api/v1/notifications',
      '/api/v1/personalization',
      '/api/v1/auth/sessions',
      '/api/v1/nothing-here',
    ];
    const statuses: number[] = [];
    // Twenty at a time: a client in a hurry, well within what the machine answers in a minute.
    for (let sent = 0; sent < 700; sent += 20) {
      const batch = Array.from({ length: 20 }, (_, i) => routes[(sent + i) % routes.length] as string);
      const answers = await Promise.all(batch.map((path) => fetch(`${stack.url}${path}`)));
      for (const answer of answers) {
        statuses.push(answer.status);
        await answer.body?.cancel();
      }
    }
    const refused = statuses.filter((status) => status === 429).length;
    expect(statuses.length - refused).toBeLessThanOrEqual(RATE_LIMIT);
    expect(refused).toBeGreaterThanOrEqual(700 - RATE_LIMIT);
    const limited = await fetch(`${stack.url}/api/v1/auth/me`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    expect(await limited.json()).toMatchObject({ success: false, code: 'request.rate_limited' });
  });
});
