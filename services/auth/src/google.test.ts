import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asGateway,
  fromGateway,
  type Harness,
  mailsTo,
  me,
  PUBLIC_URL,
  sessionCookieOf,
  startHarness,
  storedUserId,
} from './test-harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ oidc: true, env: { ADMIN_EMAILS: 'google-admin@example.com' } });
});
afterAll(async () => {
  await h?.close();
});

/** Cookies per origin, as a browser keeps them (paths are ignored: extra cookies do no harm here). */
class CookieJar {
  private readonly byOrigin = new Map<string, Map<string, string>>();

  store(origin: string, setCookies: string[]) {
    const jar = this.byOrigin.get(origin) ?? new Map<string, string>();
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const name = pair.slice(0, pair.indexOf('=')).trim();
      const value = pair.slice(pair.indexOf('=') + 1).trim();
      const expired = attributes.some((a) => {
        const [key = '', val = ''] = a.trim().split('=');
        if (key.toLowerCase() === 'max-age') return Number(val) <= 0;
        if (key.toLowerCase() === 'expires') return new Date(val).getTime() < Date.now();
        return false;
      });
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    this.byOrigin.set(origin, jar);
  }

  header(origin: string): string {
    return [...(this.byOrigin.get(origin) ?? new Map()).entries()].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  get(origin: string, name: string): string | undefined {
    return this.byOrigin.get(origin)?.get(name);
  }
}

const APP_ORIGIN = new URL(PUBLIC_URL).origin;

/** The code the provider mailed to `email` once more than `before` mails reached it, read from the catcher. */
async function mailedCode(email: string, before: number): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mine = mailsTo(h, email);
    const code = mine.length > before ? /\b(\d{6})\b/.exec(mine[0]?.text ?? '')?.[1] : undefined;
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no code reached ${email} within 10 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface GoogleOptions {
  cancel?: boolean;
  tamper?: (callback: URL) => URL;
  /** Typed in the code form instead of the mailed code; 'unproven' follows the link that skips the proof. */
  code?: string;
}

/**
 * A browser going through 'Continue with Google': the app's answers come from the auth service
 * (as the gateway forwards them), the provider's over real HTTP. The person types the address,
 * then the code mailed to it. Stops when the app redirects the browser to one of its own pages
 * (`res`), or when the provider refuses a form (`refusedForm`).
 */
async function continueWithGoogle(email: string, options: GoogleOptions = {}) {
  const jar = new CookieJar();
  const appRequest = async (path: string) => {
    const headers: Record<string, string> = { ...fromGateway() };
    const cookie = jar.header(APP_ORIGIN);
    if (cookie) headers.cookie = cookie;
    const res = await h.app.inject({ method: 'GET', url: path, headers });
    const setCookie = res.headers['set-cookie'];
    jar.store(APP_ORIGIN, Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []);
    return res;
  };
  const providerRequest = async (target: URL, form?: URLSearchParams) => {
    const res = await fetch(target, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(target.origin),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: form } : {}),
    });
    jar.store(target.origin, res.headers.getSetCookie());
    return res;
  };
  const mailsBefore = mailsTo(h, email.toLowerCase()).length;

  const start = await appRequest('/api/v1/auth/google');
  expect(start.statusCode).toBe(302);
  let url = new URL(start.headers.location as string);
  expect(url.origin).toBe(h.provider?.issuer);
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  expect(url.searchParams.get('state')).toBeTruthy();
  expect(url.searchParams.get('nonce')).toBeTruthy();
  const formsSeen: string[] = [];
  let answer: Response | null = null;

  for (let step = 0; step < 12; step++) {
    if (url.origin === APP_ORIGIN) {
      const target = options.tamper ? options.tamper(url) : url;
      const res = await appRequest(`${target.pathname}${target.search}`);
      return { res, jar, formsSeen, callbackUrl: url, refusedForm: null };
    }
    const current: Response = answer ?? (await providerRequest(url));
    answer = null;
    if (current.status >= 300 && current.status < 400) {
      url = new URL(current.headers.get('location') as string, url);
      continue;
    }
    const html = await current.text();
    if (current.status === 400) return { res: null, jar, formsSeen, callbackUrl: url, refusedForm: html };
    expect(current.status, html).toBe(200);
    formsSeen.push(html);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form on ${url.pathname}`);
    const askingCode = html.includes('name="code"');
    if (options.cancel || (askingCode && options.code === 'unproven')) {
      const link = options.cancel ? /href="([^"]*\/abort)"/ : /href="([^"]*\/unproven)"/;
      url = new URL(link.exec(html)?.[1] as string, url);
      continue;
    }
    const form = askingCode
      ? new URLSearchParams({ code: options.code ?? (await mailedCode(email.toLowerCase(), mailsBefore)) })
      : new URLSearchParams({ email });
    url = new URL(action, url);
    answer = await providerRequest(url, form);
  }
  throw new Error('the sign-in did not come back to the app');
}

/** The app's answer that ended a sign-in which was expected to come back to the app. */
function arrived<T>(result: { res: T | null }): T {
  if (!result.res) throw new Error('the sign-in did not come back to the app');
  return result.res;
}

describe('Continue with Google', () => {
  it('signs a new user in through the provider’s form and lands on /verify?status=verified', async () => {
    const result = await continueWithGoogle('Google.User@Example.com');
    const { formsSeen, callbackUrl } = result;
    const res = arrived(result);
    expect(formsSeen).toHaveLength(2);
    expect(formsSeen[0]).toContain('type="email"');
    expect(formsSeen[1]).toContain('name="code"');
    expect(mailsTo(h, 'google.user@example.com')[0]?.subject).toMatch(/^Your sign-in code: \d{6}$/);
    expect(callbackUrl.pathname).toBe('/api/v1/auth/google/callback');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/verify?status=verified');
    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // The short-lived transaction cookie is cleared once used.
    expect(res.cookies.find((c) => c.name === 'oidc_tx')?.value).toBe('');

    const user = (await me(h, sessionCookieOf(res))).json().data.user;
    expect(user).toEqual({
      id: await storedUserId(h, 'google.user@example.com'),
      email: 'google.user@example.com',
      linkedinConnected: false,
      linkedinLost: false,
      personalization: null,
      roles: ['user'],
      newAccount: true,
      teamMember: false,
    });
  });

  it('signs a returning user into the same account, with roles from ADMIN_EMAILS', async () => {
    const first = await continueWithGoogle('google-admin@example.com');
    const second = await continueWithGoogle('google-admin@example.com');
    const a = await asGateway(h, sessionCookieOf(arrived(first)));
    const b = await asGateway(h, sessionCookieOf(arrived(second)));
    expect(a['x-user-id']).toBe(b['x-user-id']);
    expect(b['x-user-roles']).toBe('user,admin');
  });

  it('refuses an address the provider has not verified', async () => {
    const res = arrived(await continueWithGoogle('unverified@example.com', { code: 'unproven' }));
    expect(res.headers.location).toBe('/signup?error=google');
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it('signs nobody in, the admin address included, without the code mailed to the address', async () => {
    const before = mailsTo(h, 'google-admin@example.com').length;
    const wrong = await continueWithGoogle('google-admin@example.com', { code: '000000' });
    expect(wrong.res).toBeNull();
    expect(wrong.refusedForm).toContain('That code is not right');
    // The code went to the mailbox, not to whoever typed the address.
    expect(mailsTo(h, 'google-admin@example.com').length).toBe(before + 1);
    const skipped = await continueWithGoogle('google-admin@example.com', { code: 'unproven' });
    expect(arrived(skipped).headers.location).toBe('/signup?error=google');
    expect(sessionCookieOf(arrived(skipped))).toBeUndefined();
  });

  it('sends the user back to /signup when they cancel at the provider', async () => {
    const res = arrived(await continueWithGoogle('cancelled@example.com', { cancel: true }));
    expect(res.headers.location).toBe('/signup?error=google');
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it('refuses an answer whose state does not match', async () => {
    const res = arrived(
      await continueWithGoogle('forged-state@example.com', {
        tamper: (callback) => {
          const forged = new URL(callback);
          forged.searchParams.set('state', 'forged');
          return forged;
        },
      }),
    );
    expect(res.headers.location).toBe('/signup?error=google');
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it('refuses a callback replayed after use, and one from a browser that never started', async () => {
    const { callbackUrl, jar } = await continueWithGoogle('replay@example.com');
    const replay = await h.app.inject({
      method: 'GET',
      url: `${callbackUrl.pathname}${callbackUrl.search}`,
      headers: { ...fromGateway(), cookie: `oidc_tx=${jar.get(APP_ORIGIN, 'oidc_tx') ?? ''}` },
    });
    expect(replay.headers.location).toBe('/signup?error=google');
    const stranger = await h.app.inject({
      method: 'GET',
      url: `${callbackUrl.pathname}${callbackUrl.search}`,
      headers: fromGateway(),
    });
    expect(stranger.statusCode).toBe(302);
    expect(stranger.headers.location).toBe('/signup?error=google');
  });

  it('keeps codes, state and cookies out of the logs', async () => {
    const result = await continueWithGoogle('quiet@example.com');
    const { callbackUrl } = result;
    const res = arrived(result);
    const sid = sessionCookieOf(res) as string;
    const logs = h.logs().join('\n');
    expect(logs).toContain('google/callback?code=[redacted]');
    expect(logs).not.toContain(callbackUrl.searchParams.get('code') as string);
    expect(logs).not.toContain(callbackUrl.searchParams.get('state') as string);
    expect(logs).not.toContain(sid.slice(0, sid.lastIndexOf('.')));
  });
});

describe('without an OpenID provider configured', () => {
  let bare: Harness;
  beforeAll(async () => {
    bare = await startHarness();
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('sends the browser back to /signup with an error instead of showing JSON', async () => {
    const res = await bare.app.inject({ method: 'GET', url: '/api/v1/auth/google', headers: fromGateway() });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/signup?error=google');
    const config = await bare.app.inject({ method: 'GET', url: '/api/v1/auth/client-config', headers: fromGateway() });
    expect(config.json()).toEqual({
      success: true,
      data: { googleEnabled: false, mailInboxUrl: null, memberCount: null },
    });
  });

  it('says Google is available when a provider is configured', async () => {
    const config = await h.app.inject({ method: 'GET', url: '/api/v1/auth/client-config', headers: fromGateway() });
    expect(config.json().data.googleEnabled).toBe(true);
  });
});
