/**
 * Nashr as an installable app, in Chromium on a phone: the manifest in each language (Arabic the
 * default, right to left), its icons, shortcuts and share target; the service worker that keeps
 * the app's shell (and no answer of the API), opens the app offline, offers a new version instead
 * of swapping it under the reader, and shows a push notification; and sharing a link into the app
 * opening the composer with it.
 */
import { appendFile, copyFile, mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from './support/browser';
import { callAs, fullUser, type StackUser } from './support/full-user';

let stack: Stack;
let browser: Browser;
let user: StackUser;
/** The web build this stack serves: web/dist's files linked, its sw.js a copy a test deploys anew. */
let webBuild: string;

const WEB = join(import.meta.dirname, '..', 'web');

async function deployableWebBuild(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'nashr-web-'));
  await mkdir(join(dir, 'dist'));
  for (const entry of await readdir(join(WEB, 'dist'))) {
    // The worker only as itself: its compressed copies would be served instead of a new version.
    if (entry.startsWith('sw.js')) continue;
    await symlink(join(WEB, 'dist', entry), join(dir, 'dist', entry));
  }
  await copyFile(join(WEB, 'dist', 'sw.js'), join(dir, 'dist', 'sw.js'));
  await symlink(join(WEB, 'dist-ssr'), join(dir, 'dist-ssr'));
  return dir;
}

beforeAll(async () => {
  webBuild = await deployableWebBuild();
  [stack, browser] = await Promise.all([
    startStack({
      services: ['auth', 'linkedin', 'posts', 'content'],
      workers: ['auth', 'linkedin', 'posts'],
      env: { gateway: { WEB_DIST: join(webBuild, 'dist') } },
    }),
    launchBrowser({ serviceWorkers: 'allow', full: true }),
  ]);
  user = await fullUser(stack, 'installable', undefined, 'Arabic');
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (webBuild) await rm(webBuild, { recursive: true, force: true });
});

interface Manifest {
  name: string;
  lang: string;
  dir: string;
  start_url: string;
  display: string;
  icons: Array<{ src: string; sizes: string; purpose?: string }>;
  shortcuts: Array<{ name: string; url: string }>;
  share_target: { action: string; method: string; params: Record<string, string> };
}

async function manifest(path: string): Promise<Manifest> {
  const response = await fetch(`${stack.url}${path}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
  return (await response.json()) as Manifest;
}

/** The signed-in user's phone, with the app's worker allowed. */
async function phone(lang: 'ar' | 'en' = 'ar'): Promise<BrowserContext> {
  return newContext(browser, { lang, viewport: 'phone', cookies: [user.session.browserCookie] });
}

/** Waits until the page's worker is active and controls the page (after one reload). */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  }
}

describe('the manifest', () => {
  it('is Arabic and right to left by default, English for English readers, with the same app', async () => {
    const [ar, en] = await Promise.all([manifest('/manifest.webmanifest'), manifest('/manifest.en.webmanifest')]);
    expect(ar).toMatchObject({ name: 'نشر', lang: 'ar', dir: 'rtl', display: 'standalone', start_url: '/dashboard' });
    expect(en).toMatchObject({ name: 'Nashr', lang: 'en', dir: 'ltr', display: 'standalone', start_url: '/dashboard' });
    expect(ar.shortcuts.map((s) => s.url)).toEqual(['/generate-post', '/posts?tab=calendar']);
    expect(en.shortcuts.map((s) => s.name)).toEqual(['Write a post', 'Calendar']);
    expect(ar.shortcuts.map((s) => s.name)).toEqual(['إنشاء منشور', 'التقويم']);
    expect(ar.share_target).toEqual(en.share_target);
    expect(ar.share_target).toMatchObject({ action: '/generate-post', method: 'GET' });
    // Installable: a 192 and a 512 icon, and a maskable one, each served as a PNG.
    for (const size of ['192x192', '512x512']) {
      expect(ar.icons.some((icon) => icon.sizes === size && icon.purpose === 'any')).toBe(true);
      expect(ar.icons.some((icon) => icon.sizes === size && icon.purpose === 'maskable')).toBe(true);
    }
    for (const icon of ar.icons) {
      const response = await fetch(`${stack.url}${icon.src}`);
      expect(response.status, icon.src).toBe(200);
      expect(response.headers.get('content-type'), icon.src).toMatch(/^image\//);
    }
  });

  it('is the page’s language’s, and follows the language switched in the app', async () => {
    const context = await phone('en');
    const page = await context.newPage();
    await page.goto(`${stack.url}/dashboard`);
    await page.getByTestId('screen-dashboard').waitFor();
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.en.webmanifest');
    await page.evaluate(() => localStorage.setItem('lang', 'ar'));
    await page.reload();
    await page.getByTestId('screen-dashboard').waitFor();
    await expect.poll(() => page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    await context.close();
  });
});

describe('the service worker', () => {
  it('keeps the shell and no answer of the API, and opens the app without a network', async () => {
    const context = await phone();
    const page = await context.newPage();
    await page.goto(`${stack.url}/dashboard`);
    await page.getByTestId('screen-dashboard').waitFor();
    await controlled(page);
    const kept = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls: string[] = [];
      for (const name of names) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return { names, urls };
    });
    expect(kept.names).toHaveLength(1);
    expect(kept.urls).toContain('/index.html');
    expect(kept.urls).toContain('/manifest.webmanifest');
    expect(kept.urls.some((url) => /^\/assets\/.+\.js$/.test(url))).toBe(true);
    expect(kept.urls.filter((url) => url.startsWith('/api/'))).toEqual([]);
    expect(kept.urls.filter((url) => /^\/assets\/pdf/.test(url))).toEqual([]);

    // Without a network the app still opens (from the kept shell), instead of the browser's error
    // page; it cannot tell whether the reader is signed in, so it says it is offline (not the
    // sign-in page), and goes on by itself when the network returns.
    await context.setOffline(true);
    await page.goto(`${stack.url}/posts`);
    const offline = page.getByTestId('offline-screen');
    await offline.waitFor();
    expect(await offline.getByRole('heading').textContent()).toBe('لا يوجد اتصال');
    expect(new URL(page.url()).pathname).toBe('/posts');
    await screenshot(page, 'installable-offline-ar');
    await context.setOffline(false);
    await page.getByTestId('posts-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/posts');
    await context.close();
  });

  it('offers a new version and reloads on it only when asked', async () => {
    const context = await phone('en');
    const page = await context.newPage();
    await page.goto(`${stack.url}/dashboard`);
    await page.getByTestId('screen-dashboard').waitFor();
    await controlled(page);
    const first = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    // A deployment: the worker's script changes (as every build's list and version do).
    await appendFile(join(webBuild, 'dist', 'sw.js'), '\n// the next build\n');
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    const banner = page.getByTestId('app-update');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('A new version of Nashr is ready.');
    await screenshot(page, 'installable-update-en', { fullPage: false });
    // Nothing changed under the reader: the old version still runs this page.
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(first);
    const waitingBefore = await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).waiting));
    expect(waitingBefore).toBe(true);
    await Promise.all([page.waitForEvent('load'), banner.getByRole('button', { name: 'Reload' }).click()]);
    await page.getByTestId('screen-dashboard').waitFor();
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).waiting))).toBe(false);
    expect(await page.getByTestId('app-update').count()).toBe(0);
    await context.close();
  });

  it('shows a push message as a notification in the reader’s language, with no post text', async () => {
    // A push reaches the tray through the worker, which a busy machine may first have to start.
    const TRAY = { timeout: 15_000 };
    const context = await phone();
    await context.grantPermissions(['notifications'], { origin: stack.url });
    const page = await context.newPage();
    await page.goto(`${stack.url}/dashboard`);
    await page.getByTestId('screen-dashboard').waitFor();
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('ServiceWorker.enable');
    const registrationId = await new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${stack.url}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    const trayCount = () =>
      page.evaluate(async () => (await navigator.serviceWorker.ready).getNotifications().then((n) => n.length));
    /**
     * Delivers a push as the push service would, and again while the tray stays empty: on a busy
     * machine the browser may drop a push it hands a worker it is restarting. The notification's
     * tag makes a repeat replace the one shown, never add a second.
     */
    const pushUntilShown = (message: object) =>
      expect
        .poll(
          async () => {
            const shown = await trayCount();
            if (shown === 0) {
              await cdp.send('ServiceWorker.deliverPushMessage', {
                origin: stack.url,
                registrationId,
                data: JSON.stringify(message),
              });
            }
            return shown;
          },
          { timeout: 30_000, interval: 3_000 },
        )
        .toBe(1);
    await pushUntilShown({
      kind: 'post_failed',
      title: 'لم يُنشر منشورك',
      url: '/posts?post=00000000-0000-4000-8000-000000000001',
      lang: 'ar',
      dir: 'rtl',
    });
    await expect
      .poll(
        () =>
          page.evaluate(async () =>
            (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
              title: n.title,
              dir: n.dir,
              url: (n.data as { url?: string }).url,
            })),
          ),
        TRAY,
      )
      .toEqual([{ title: 'لم يُنشر منشورك', dir: 'rtl', url: '/posts?post=00000000-0000-4000-8000-000000000001' }]);

    // The tap: a test cannot click a system notification, so the worker is handed the same
    // notificationclick event the browser would fire. The open window goes to the post.
    // The worker as it runs now: the browser may have stopped and started it again meanwhile.
    const tap = async () => {
      const worker = context.serviceWorkers().at(-1) ?? (await context.waitForEvent('serviceworker'));
      await worker.evaluate(async () => {
        // The worker's own globals are not in the DOM types this file is checked with.
        const scope = self as unknown as {
          registration: ServiceWorkerRegistration;
          NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
        };
        const [notification] = await scope.registration.getNotifications();
        if (!notification) throw new Error('no notification to tap');
        self.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
      });
    };
    await Promise.all([page.waitForURL(`${stack.url}/posts?post=00000000-0000-4000-8000-000000000001`), tap()]);
    // Tapped, it is gone from the tray.
    await expect.poll(trayCount, TRAY).toBe(0);

    // A payload naming another site opens the dashboard: a push can never send the reader away.
    await pushUntilShown({
      kind: 'post_failed',
      title: 'x',
      url: 'https://elsewhere.example/',
      lang: 'en',
      dir: 'ltr',
    });
    await Promise.all([page.waitForURL(`${stack.url}/dashboard`), tap()]);
    await context.close();
  });
});

describe('writing offline', () => {
  const POLL = { timeout: 20_000 };

  it('keeps typing offline, saves by itself when the network returns, and asks when the draft changed elsewhere meanwhile', async () => {
    const writer = await fullUser(stack, 'offline-writer', undefined, 'English');
    const drafts = async (): Promise<Array<{ id: string; content: string; version: number }>> =>
      (await callAs(stack, writer, 'GET', '/api/v1/drafts')).body.data;
    const context = await newContext(browser, {
      lang: 'en',
      viewport: 'phone',
      cookies: [writer.session.browserCookie],
    });
    const page = await context.newPage();
    await page.goto(`${stack.url}/generate-post`);
    const composer = page.getByTestId('composer-page');
    const box = composer.getByTestId('composer-text');
    const saveState = () => composer.getByTestId('draft-save-state').getAttribute('data-state');
    await box.fill('Lessons from a year of remote work');
    await expect
      .poll(async () => (await drafts()).map((d) => d.content), POLL)
      .toEqual(['Lessons from a year of remote work']);

    // Offline: the typing goes on, kept on this device, and it says so.
    await context.setOffline(true);
    await box.fill('Lessons from a year of remote work, written on the train');
    await expect.poll(saveState, POLL).toBe('unsaved');
    expect(await composer.getByTestId('draft-save-reason').textContent()).toContain('Kept on this device');
    // The network returns: saved without another keystroke.
    await context.setOffline(false);
    await expect
      .poll(async () => (await drafts()).map((d) => d.content), POLL)
      .toEqual(['Lessons from a year of remote work, written on the train']);
    await expect.poll(saveState, POLL).toBe('saved');

    // Offline again, while another device changes the same draft: back online, nothing is
    // overwritten; the writer chooses.
    await context.setOffline(true);
    await box.fill('My version, from the train');
    await expect.poll(saveState, POLL).toBe('unsaved');
    const [stored] = await drafts();
    if (!stored) throw new Error('the draft should be stored');
    const elsewhere = await callAs(stack, writer, 'PATCH', `/api/v1/drafts/${stored.id}`, {
      content: 'Their version, from the laptop',
      version: stored.version,
    });
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(200);
    await context.setOffline(false);
    const notice = composer.getByTestId('draft-conflict');
    await notice.waitFor({ timeout: 20_000 });
    expect((await drafts()).map((d) => d.content)).toEqual(['Their version, from the laptop']);
    await notice.getByTestId('draft-conflict-mine').click();
    await expect.poll(async () => (await drafts()).map((d) => d.content), POLL).toEqual(['My version, from the train']);
    await context.close();
  });
});

describe('sharing into the app', () => {
  it('opens the composer with the shared title, text and link, each once', async () => {
    const context = await phone('en');
    const page = await context.newPage();
    const shared = new URLSearchParams({
      title: 'Remote teams',
      text: 'Worth reading https://example.com/remote-teams',
      url: 'https://example.com/remote-teams',
    });
    await page.goto(`${stack.url}/generate-post?${shared}`);
    const box = page.getByTestId('composer-page').locator('textarea').first();
    await expect.poll(() => box.inputValue()).toBe('Remote teams\n\nWorth reading https://example.com/remote-teams');
    // The address forgets it: a reload goes on with the draft rather than starting over.
    await page.waitForURL((url) => url.pathname === '/generate-post' && url.search === '');
    await context.close();
  });
});
