import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asGateway,
  fromGateway,
  type Harness,
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

/**
 * A browser going through 'Continue with Google': the app's answers come from the auth service
 * (as the gateway forwards them), the provider's over real HTTP. Stops when the app redirects
 * the browser to one of its own pages.
 */
async function continueWithGoogle(
  email: string,
  options: { verified?: boolean; cancel?: boolean; tamper?: (callback: URL) => URL } = {},
) {
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

  const start = await appRequest('/api/v1/auth/google');
  expect(start.statusCode).toBe(302);
  let url = new URL(start.headers.location as string);
  expect(url.origin).toBe(h.provider?.issuer);
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  expect(url.searchParams.get('state')).toBeTruthy();
  expect(url.searchParams.get('nonce')).toBeTruthy();
  const formsSeen: string[] = [];

  for (let step = 0; step < 12; step++) {
    if (url.origin === APP_ORIGIN) {
      const target = options.tamper ? options.tamper(url) : url;
      const res = await appRequest(`${target.pathname}${target.search}`);
      return { res, jar, formsSeen, callbackUrl: url };
    }
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header(url.origin) } });
    jar.store(url.origin, res.headers.getSetCookie());
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location') as string, url);
      continue;
    }
    const html = await res.text();
    expect(res.status, html).toBe(200);
    formsSeen.push(html);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form on ${url.pathname}`);
    if (options.cancel) {
      url = new URL(/href="([^"]*\/abort)"/.exec(html)?.[1] as string, url);
      continue;
    }
    const body = new URLSearchParams({ email });
    if (options.verified !== false) body.set('verified', 'yes');
    const posted = await fetch(new URL(action, url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(url.origin), 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    jar.store(url.origin, posted.headers.getSetCookie());
    expect(posted.status).toBe(303);
    url = new URL(posted.headers.get('location') as string, url);
  }
  throw new Error('the sign-in did not come back to the app');
}

describe('Continue with Google', () => {
  it('signs a new user in through the provider’s form and lands on /verify?status=verified', async () => {
    const { res, formsSeen, callbackUrl } = await continueWithGoogle('Google.User@Example.com');
    expect(formsSeen).toHaveLength(1);
    expect(formsSeen[0]).toContain('type="email"');
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
      personalization: null,
      roles: ['user'],
    });
  });

  it('signs a returning user into the same account, with roles from ADMIN_EMAILS', async () => {
    const first = await continueWithGoogle('google-admin@example.com');
    const second = await continueWithGoogle('google-admin@example.com');
    const a = await asGateway(h, sessionCookieOf(first.res));
    const b = await asGateway(h, sessionCookieOf(second.res));
    expect(a['x-user-id']).toBe(b['x-user-id']);
    expect(b['x-user-roles']).toBe('user,admin');
  });

  it('refuses an address the provider has not verified', async () => {
    const { res } = await continueWithGoogle('unverified@example.com', { verified: false });
    expect(res.headers.location).toBe('/signup?error=google');
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it('sends the user back to /signup when they cancel at the provider', async () => {
    const { res } = await continueWithGoogle('cancelled@example.com', { cancel: true });
    expect(res.headers.location).toBe('/signup?error=google');
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it('refuses an answer whose state does not match', async () => {
    const { res } = await continueWithGoogle('forged-state@example.com', {
      tamper: (callback) => {
        const forged = new URL(callback);
        forged.searchParams.set('state', 'forged');
        return forged;
      },
    });
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
    const { res, callbackUrl } = await continueWithGoogle('quiet@example.com');
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
    expect(config.json()).toEqual({ success: true, data: { googleEnabled: false, mailInboxUrl: null } });
  });

  it('says Google is available when a provider is configured', async () => {
    const config = await h.app.inject({ method: 'GET', url: '/api/v1/auth/client-config', headers: fromGateway() });
    expect(config.json().data.googleEnabled).toBe(true);
  });
});
