/**
 * Signed-in screens rendered by the gateway with their data (services/gateway/src/app-screen.ts,
 * web/src/app-ssr): what the HTML holds, when the gateway serves index.html instead, and that the
 * browser takes the screen over as it is (no difference, nothing fetched again, live afterwards).
 */
import { WORKSPACE_COOKIE } from '@nashr/contracts';
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Language, launchBrowser, newContext } from './support/browser';
import { callAs, fullUser, type StackUser, signedInUser } from './support/full-user';

let stack: Stack;
let browser: Browser;
let user: StackUser;
let admin: StackUser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startStack({
      services: ['auth', 'linkedin', 'posts', 'content', 'billing', 'ai'],
      workers: ['auth', 'linkedin', 'posts'],
      // What is asked here is the screen rendered and taken over, not how fast: on a busy machine
      // the gateway's usual deadline would serve index.html instead.
      env: { gateway: { RENDER_SCREEN_WITHIN_MS: '30000' } },
    }),
    launchBrowser(),
  ]);
  [user, admin] = await Promise.all([fullUser(stack, 'maha'), signedInUser(stack, 'root', ['user', 'admin'])]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** A page as a browser holding the session, language and time zone cookies asks for it. */
async function fetchScreen(path: string, cookies: { lang?: Language; tz?: string } = {}, as: StackUser = user) {
  const cookie = [
    as.session.cookieHeader,
    ...(cookies.lang ? [`lang=${cookies.lang}`] : []),
    ...(cookies.tz ? [`tz=${encodeURIComponent(cookies.tz)}`] : []),
  ].join('; ');
  const response = await fetch(`${stack.url}${path}`, { headers: { cookie, accept: 'text/html' } });
  expect(response.status).toBe(200);
  return { html: await response.text(), cacheControl: response.headers.get('cache-control') };
}

/** The JSON the gateway writes beside a screen it rendered. */
function screenData(html: string): {
  url: string;
  lang: string;
  timeZone: string;
  workspace?: string | null;
  state: { queries: { queryKey: unknown[] }[] };
} {
  const match = /<script type="application\/json" id="app-screen-data">([^<]*)<\/script>/.exec(html);
  expect(match, 'the page carries its data').not.toBeNull();
  return JSON.parse(match?.[1] ?? '');
}

const profileName = async () => {
  const profile = await fetch(`${stack.url}/linkedln/getUserProfile`, {
    method: 'POST',
    headers: { cookie: user.session.cookieHeader, 'content-type': 'application/json' },
    body: '{}',
  });
  const body = (await profile.json()) as { data: { first_name: string; last_name: string } };
  return `${body.data.first_name} ${body.data.last_name}`.trim();
};

describe('a signed-in screen rendered by the gateway', () => {
  it.each(['ar', 'en'] as const)('holds the screen with its data, private, in %s', async (lang) => {
    const { html, cacheControl } = await fetchScreen('/profile', { lang, tz: 'Asia/Riyadh' });
    expect(cacheControl).toBe('private, no-store');
    expect(html).toContain(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`);
    // The screen itself, inert until the app has it, with the user's own profile.
    expect(html).toMatch(/<div id="root" inert><!--\$-->/);
    expect(html).toContain('data-testid="profile-cover"');
    expect(html).toContain(await profileName());
    // Styles in the page, the app's code only by the boot script, the main font asked for at once.
    // Each sheet written in, and named by a disabled link the app's chunk loader sees (not fetched).
    expect(html).not.toMatch(/<link rel="stylesheet"(?![^>]*\sdisabled>)/);
    expect(html).toMatch(/<style>[^<]+<\/style><link rel="stylesheet" href="\/assets\/[^"]+\.css" disabled>/);
    expect(html).not.toMatch(/<script type="module"/);
    expect(html).toMatch(/<script defer src="\/app-boot\.js" data-app="[^"]+">/);
    expect(html).toMatch(/<link rel="preload" as="font" type="font\/woff2" crossorigin href="\/assets\/[^"]+\.woff2">/);
    const data = screenData(html);
    expect(data).toMatchObject({ url: '/profile', lang, timeZone: 'Asia/Riyadh' });
    const keys = data.state.queries.map((query) => JSON.stringify(query.queryKey));
    expect(keys).toContain(JSON.stringify(['auth', 'session']));
    expect(keys.some((key) => key.startsWith('["linkedin","profile-data"'))).toBe(true);
  });

  it('renders times in the time zone the browser keeps', async () => {
    const { html } = await fetchScreen('/dashboard', { lang: 'en', tz: 'Asia/Riyadh' });
    const keys = screenData(html).state.queries.map((query) => JSON.stringify(query.queryKey));
    expect(keys).toContain(JSON.stringify(['analytics', 'summary', 30, 'Asia/Riyadh']));
  });

  it('is index.html without a known time zone or language, or without a session', async () => {
    for (const cookies of [{ lang: 'en' as const }, { lang: 'en' as const, tz: 'Mars/Olympus' }, { tz: 'UTC' }]) {
      const { html } = await fetchScreen('/profile', cookies);
      expect(html, JSON.stringify(cookies)).not.toContain('id="app-screen-data"');
      expect(html).toContain('<script type="module"');
    }
    const visitor = await fetch(`${stack.url}/profile`, { headers: { cookie: 'lang=en; tz=UTC' } });
    expect(await visitor.text()).not.toContain('id="app-screen-data"');
  });

  it('holds sign-in and the legal pages for a visitor without a session, signed out', async () => {
    for (const lang of ['ar', 'en'] as const) {
      const response = await fetch(`${stack.url}/signup`, { headers: { cookie: `lang=${lang}; tz=UTC` } });
      const html = await response.text();
      expect(html).toContain(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`);
      expect(html).toContain('id="signup-email"');
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      const session = screenData(html).state.queries.find(
        (query) => JSON.stringify(query.queryKey) === JSON.stringify(['auth', 'session']),
      ) as { state?: { data?: unknown } } | undefined;
      // Asked by the gateway as the visitor: nobody, so the browser need not ask (and see a 401).
      expect(session?.state && 'data' in session.state).toBe(true);
      expect(session?.state?.data).toBeNull();
    }
    // And the legal pages, the same for everyone.
    for (const path of ['/terms', '/privacy']) {
      const legal = await fetch(`${stack.url}${path}`, { headers: { cookie: 'lang=ar; tz=UTC' } });
      expect(screenData(await legal.text()).url, path).toBe(path);
    }
  });

  it.each(['ar', 'en'] as const)(
    "holds the landing editors for an admin, in %s, with both languages' copy",
    async (lang) => {
      const { html } = await fetchScreen('/admin/dashboard', { lang, tz: 'UTC' }, admin);
      expect(html).toMatch(/<div id="root" inert><!--\$-->/);
      expect(html).toContain(lang === 'ar' ? 'محتوى الصفحة الرئيسية' : 'Landing page content');
      const keys = screenData(html).state.queries.map((query) => JSON.stringify(query.queryKey));
      expect(keys).toContain(JSON.stringify(['auth', 'session']));
      expect(keys.some((key) => key.startsWith('["admin-content"'))).toBe(true);
      // Someone without the role gets the refusal, rendered the same way.
      const refused = await fetchScreen('/admin/dashboard', { lang, tz: 'UTC' });
      expect(refused.html).toContain(user.email);
      expect(refused.html).not.toContain('Landing page content');
    },
  );

  it("finds every read a screen makes in its route's loader, rendering it once", async () => {
    // A screen whose code this process has not loaded yet takes one more render: each is asked twice.
    const rounds = async (path: string, as = user) => {
      const response = await fetch(`${stack.url}${path}`, {
        headers: { cookie: `${as.session.cookieHeader}; lang=en; tz=Asia%2FRiyadh`, accept: 'text/html' },
      });
      await response.arrayBuffer();
      return /data-rounds;desc=(\d+)/.exec(response.headers.get('server-timing') ?? '')?.[1];
    };
    const screens = [
      '/dashboard',
      '/posts',
      '/generate-post',
      '/profile',
      '/personalization',
      '/ideas',
      '/inspiration',
      '/engage',
      '/billing',
      '/hooks',
      '/api-tokens',
      '/webhooks',
      '/sessions',
      '/workspaces',
    ];
    const found: Record<string, string | undefined> = {};
    for (const path of screens) {
      await rounds(path);
      found[path] = await rounds(path);
    }
    // And the sign-in and connect screens of an account that has not connected yet.
    for (const path of ['/signup', '/connect-linkedIn']) {
      await rounds(path, admin);
      found[path] = await rounds(path, admin);
    }
    expect(found).toEqual(Object.fromEntries([...screens, '/signup', '/connect-linkedIn'].map((path) => [path, '0'])));
    // Not the landing editors (/admin/dashboard): each reads its block fresh as it opens, by design.
  });

  it('is index.html for a screen the visitor would be sent away from', async () => {
    // A full user opening the onboarding page goes on to the dashboard: the browser does that.
    const { html } = await fetchScreen('/connect-linkedIn', { lang: 'en', tz: 'UTC' });
    expect(html).not.toContain('id="app-screen-data"');
  });
});

const inertAtStart = (page: Page) =>
  page.evaluate(() => (window as unknown as { rootInertAtStart?: boolean }).rootInertAtStart);

async function openScreen(
  lang: Language,
  path: string,
  viewport: 'phone' | 'desktop' = 'phone',
  as: StackUser | 'visitor' = user,
  workspace?: string,
  timeZone = 'Asia/Riyadh',
): Promise<{ page: Page; api: string[]; styles: string[]; problems: string[] }> {
  const context = await newContext(browser, { lang, viewport, timezoneId: timeZone });
  await context.addCookies([
    ...(as === 'visitor' ? [] : [as.session.browserCookie]),
    ...(workspace ? [{ name: WORKSPACE_COOKIE, value: workspace, url: stack.url }] : []),
    { name: 'lang', value: lang, url: stack.url },
    { name: 'tz', value: encodeURIComponent(timeZone), url: stack.url },
  ]);
  // Whether the screen from the HTML was inert before any of the app ran: read as the document is
  // parsed (the app's code is imported by a deferred script, so it always runs later). Read after
  // the page has loaded instead, a fast take-over may already have made it live.
  // And the controls on it that were not React's yet at the moment it stopped being inert: taken
  // over, a screen is declared live only once all of it is (text typed sooner could be lost).
  await context.addInitScript(() => {
    const seen = window as unknown as { rootInertAtStart?: boolean; notReactsAtLift?: string[] };
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root');
      seen.rootInertAtStart = root?.hasAttribute('inert') ?? false;
      if (!root) return;
      new MutationObserver((_, observer) => {
        if (root.hasAttribute('inert')) return;
        observer.disconnect();
        seen.notReactsAtLift = [...root.querySelectorAll('button, input, textarea, select, a[href]')]
          .filter((control) => !Object.keys(control).some((key) => key.startsWith('__reactFiber')))
          .map((control) => control.getAttribute('data-testid') ?? control.outerHTML.slice(0, 80));
      }).observe(root, { attributes: true, attributeFilter: ['inert'] });
    });
  });
  const page = await context.newPage();
  const api: string[] = [];
  const styles: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/linkedln/')) api.push(url.pathname);
    if (request.resourceType() === 'stylesheet') styles.push(url.pathname);
  });
  page.on('console', (message) => {
    // The test browser's own word on the app's service worker, which it blocks (support/browser.ts).
    if (message.text() === 'Service Worker registration blocked by Playwright') return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${stack.url}${path}`);
  return { page, api, styles, problems };
}

/** The controls of the screen that were not React's when it stopped being inert (see openScreen). */
const notReactsAtLift = async (page: Page) => {
  await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('inert'));
  return page.evaluate(() => (window as unknown as { notReactsAtLift?: string[] }).notReactsAtLift);
};

describe.each(['ar', 'en'] as const)('the browser taking a server screen over, in %s', (lang) => {
  it('keeps the server screen as it is, fetches none of its data again and is live afterwards', async () => {
    const { page, api, styles, problems } = await openScreen(lang, '/dashboard');
    try {
      // The screen from the HTML, before any script: inert.
      expect(await inertAtStart(page)).toBe(true);
      expect(await notReactsAtLift(page)).toEqual([]);
      // The same elements React found, not new ones, and no difference reported.
      expect(problems).toEqual([]);
      // Nothing the server already answered is asked again (the bell may ask for news later).
      for (const path of [
        '/api/v1/auth/me',
        '/api/v1/analytics/summary',
        '/linkedln/getUserInfo',
        '/linkedln/getPosts',
      ]) {
        expect(api, path).not.toContain(path);
      }
      // Nor the styles written into the page (fetched again, they restyled the whole screen).
      expect(styles).toEqual([]);
      // Live: another period changes the figures' period (and is asked for then).
      await page
        .getByTestId('period-picker')
        .locator('label', { has: page.locator('input[data-value="7"]') })
        .click();
      await expect.poll(() => new URL(page.url()).searchParams.get('days')).toBe('7');
      await page.locator('[data-testid="period-figures"][data-days="7"]').waitFor();
      expect(api).toContain('/api/v1/analytics/summary');
      // A difference React reported while taking over reaches the console a moment later: none came.
      expect(problems).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('takes a legal page over for a visitor with no difference', async () => {
    const { page, problems } = await openScreen(lang, '/privacy', 'phone', 'visitor');
    try {
      expect(await inertAtStart(page)).toBe(true);
      expect(await notReactsAtLift(page)).toEqual([]);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it("takes a visitor's sign-in screen over without asking who they are, and sends the link", async () => {
    const { page, api, problems } = await openScreen(lang, '/signup', 'phone', 'visitor');
    try {
      expect(await inertAtStart(page)).toBe(true);
      expect(await notReactsAtLift(page)).toEqual([]);
      await page.locator('#signup-email').fill(`visitor-${lang}@example.test`);
      await page.locator('#signup-email').press('Enter');
      await expect.poll(() => api).toContain('/api/v1/auth/magic-login');
      expect(api).not.toContain('/api/v1/auth/me');
      expect(problems).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it("takes an admin's landing editors over with no difference, and they edit", async () => {
    const { page, api, problems } = await openScreen(lang, '/admin/dashboard', 'phone', admin);
    try {
      expect(await inertAtStart(page)).toBe(true);
      expect(await notReactsAtLift(page)).toEqual([]);
      expect(problems).toEqual([]);
      expect(api).not.toContain('/api/v1/auth/me');
      // Live: a change to the headline is one the editor offers to save.
      const headline = page.locator('[name="headline"]').first();
      await headline.fill(`${await headline.inputValue()} ✓`);
      await page.getByTestId('editor-dirty').waitFor();
      expect(await page.getByTestId('save-changes').isEnabled()).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('moves on to another screen in the browser', async () => {
    const { page, problems } = await openScreen(lang, '/profile', 'desktop');
    try {
      await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('inert'));
      await page
        .getByTestId('sidebar')
        .getByRole('link', { name: lang === 'ar' ? 'لوحة التحكم' : 'Dashboard' })
        .last()
        .click();
      await page.waitForURL(/\/dashboard/);
      await page.getByTestId('screen-dashboard').waitFor();
      expect(problems).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});

describe('the composer with a post kept in this browser', () => {
  it('takes the server screen over with no difference, then brings the kept post back', async () => {
    const { page, problems } = await openScreen('en', '/generate-post', 'phone');
    try {
      await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('inert'));
      const composer = page.getByTestId('composer-page');
      await composer.getByTestId('composer-text').fill('Kept across a reload');
      // Saved on the server too: the draft's id is kept beside the text and comes back with it.
      await expect
        .poll(() => composer.getByTestId('draft-save-state').getAttribute('data-state'), { timeout: 20_000 })
        .toBe('saved');
      await page.reload();
      // The server's screen (an empty composer) is taken over as it is; the kept text comes after.
      expect(await inertAtStart(page)).toBe(true);
      await composer.getByTestId('composer-restored').waitFor();
      expect(await composer.getByTestId('composer-text').inputValue()).toBe('Kept across a reload');
      // A difference React reported while taking over reaches the console a moment later: none came.
      await expect
        .poll(() => composer.getByTestId('draft-save-state').getAttribute('data-state'), { timeout: 20_000 })
        .toBe('saved');
      expect(problems).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});

describe('a screen rendered in a shared workspace', () => {
  it('is rendered in the workspace the browser works in, and taken over as it is', async () => {
    const member = await fullUser(stack, 'tariq');
    const made = await callAs(stack, member, 'POST', '/api/v1/workspaces', { name: 'Newsroom' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id: string = made.body.data.workspace.id;
    const rendered = async (cookie: string) => {
      const response = await fetch(`${stack.url}/dashboard`, {
        headers: { cookie: `${member.session.cookieHeader}; lang=en; tz=UTC${cookie}`, accept: 'text/html' },
      });
      return response.text();
    };
    const inTeam = await rendered(`; ${WORKSPACE_COOKIE}=${id}`);
    expect(screenData(inTeam).workspace).toBe(id);
    expect(inTeam).toMatch(/data-testid="workspace-switcher-name"[^>]*>Newsroom</);
    const personal = await rendered('');
    expect(screenData(personal).workspace).toBeNull();
    expect(personal).toMatch(/data-testid="workspace-switcher-name"[^>]*>Personal workspace</);
    // Anything but a workspace's id in the cookie is the personal workspace.
    expect(screenData(await rendered(`; ${WORKSPACE_COOKIE}=nonsense`)).workspace).toBeNull();

    const { page, api, problems } = await openScreen('en', '/dashboard', 'desktop', member, id);
    try {
      expect(await inertAtStart(page)).toBe(true);
      await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('inert'));
      expect(await page.getByTestId('workspace-switcher-name').textContent()).toBe('Newsroom');
      expect(problems).toEqual([]);
      for (const path of ['/api/v1/auth/me', '/api/v1/workspaces', '/api/v1/analytics/summary']) {
        expect(api, path).not.toContain(path);
      }
    } finally {
      await page.context().close();
    }
  });
});

describe("the calendar for a browser whose day is not the server's", () => {
  it("is rendered on the browser's day and taken over with no difference", async () => {
    // Fourteen hours ahead of UTC, or eleven behind it before 10:00 UTC: either way the browser's
    // day is not the server's (which runs in UTC here), so a day worked out in the server's zone shows.
    const timeZone = new Date().getUTCHours() < 10 ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';
    const browserDay = () => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
    const before = browserDay();
    const { html } = await fetchScreen('/posts', { lang: 'en', tz: timeZone });
    const today = /aria-current="date"[^>]*data-date="([\d-]+)"/.exec(html)?.[1];
    expect([before, browserDay()]).toContain(today);

    const { page, problems } = await openScreen('ar', '/posts', 'desktop', user, undefined, timeZone);
    try {
      expect(await inertAtStart(page)).toBe(true);
      expect(await notReactsAtLift(page)).toEqual([]);
      expect(await page.locator('[aria-current="date"]').getAttribute('data-date')).toBe(today);
      // A difference React reported while taking over reaches the console before the next frame's answer.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      expect(problems).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
