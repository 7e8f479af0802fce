/**
 * Push notifications over the whole stack: a device registered with the app's key (as the browser
 * registers it, against a local Web Push service that checks the VAPID signature) receives a post
 * the sandbox network refused, encrypted to the device, titled in the user's language and opening
 * that post; the post page it opens shows the post with its Retry. In Chromium, the settings list
 * a push channel per kind; a browser without the app's service worker says push needs the
 * installed app, and one with it offers the switch. With the browser's subscription played by the
 * test (headless Chromium has no push service), the switch turns push on through the app's own
 * code, the device gets a refused post, and the switch turns it off again. On a phone in Arabic,
 * the settings list the devices that get push notifications, and one is removed from there after a
 * confirmation.
 */
import type { PushPayload } from '@nashr/contracts';
import {
  decryptPushMessage,
  type PushService,
  pushSubscriptionKeys,
  startPushService,
} from '@nashr/fakes/push-service';
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, openPage } from './support/browser';
import { callAs, fullUser as fullUserOf, type StackUser } from './support/full-user';
import { until } from './support/until';

let stack: Stack;
let browser: Browser;
let pushService: PushService;

beforeAll(async () => {
  [stack, browser, pushService] = await Promise.all([
    startStack({
      services: ['auth', 'linkedin', 'posts'],
      workers: ['auth', 'linkedin', 'posts'],
      helpers: ['mail'],
    }),
    launchBrowser(),
    startPushService(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await pushService?.close();
});

const call = (user: StackUser, method: string, path: string, body?: unknown) => callAs(stack, user, method, path, body);

/** The waits fail with what the auth worker wrote by then. */
const authWorker = { logs: () => stack.output('auth-worker') };

describe('push notifications', () => {
  it('push a refused post to the device, in the reader’s language, opening the post with its Retry', async () => {
    const user = await fullUserOf(stack, 'push-device', undefined, 'English');
    const keys = pushSubscriptionKeys();
    const endpoint = pushService.endpoint();
    const key = await call(user, 'GET', '/api/v1/notifications/push/key');
    expect(key.status).toBe(200);
    const registered = await call(user, 'PUT', '/api/v1/notifications/push/subscription', {
      endpoint,
      expirationTime: null,
      keys: { p256dh: keys.p256dh, auth: keys.auth },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);

    const posted = await call(user, 'POST', '/linkedln/createPost', { text: 'A thought on leadership [refuse]' });
    const postId = posted.body?.data?.id as string;
    expect(typeof postId, JSON.stringify(posted.body)).toBe('string');

    const [message] = await until(
      'the push',
      () => pushService.messages(endpoint),
      (messages) => messages.length > 0,
      authWorker,
    );
    if (!message) throw new Error('no push');
    expect(message.vapid.publicKey).toBe(key.body.data.publicKey);
    const payload = JSON.parse(decryptPushMessage(message.body, keys)) as PushPayload;
    // Arabic is the default language of the account's notifications.
    expect(payload).toMatchObject({
      kind: 'post_failed',
      title: 'تعذّر نشر منشورك المجدول على لينكدإن.',
      url: `/posts?post=${postId}`,
      lang: 'ar',
      dir: 'rtl',
    });
    expect(JSON.stringify(payload)).not.toContain('leadership');

    // Tapping it opens the post, with its Retry.
    const page = await openPage(browser, `${stack.url}${payload.url}`, {
      lang: 'en',
      cookies: [user.session.browserCookie],
    });
    await page.locator(`[data-post-id="${postId}"]`).getByTestId('retry-post').waitFor();
    await page.context().close();
  });

  it('lists push per kind in the settings, and says push needs the installed app without its service worker', async () => {
    const user = await fullUserOf(stack, 'push-settings', undefined, 'English');
    const page = await openPage(browser, `${stack.url}/personalization#notifications`, {
      lang: 'en',
      cookies: [user.session.browserCookie],
    });
    const device = page.getByTestId('push-device');
    await device.and(page.locator('[data-state="needs-app"]')).waitFor();
    await device.getByText('Push notifications need the installed app').waitFor();
    expect(await page.getByTestId('push-device-switch').isDisabled()).toBe(true);
    expect(await page.getByTestId('push-device-switch').getAttribute('aria-checked')).toBe('false');

    expect(await page.getByTestId('pref-post_failed-push').isChecked()).toBe(true);
    const published = page.getByTestId('pref-post_published-push');
    expect(await published.isChecked()).toBe(false);
    await published.check();
    await page.getByTestId('save-notification-preferences').click();
    await until(
      'the push choice saved',
      async () => (await call(user, 'GET', '/api/v1/notifications/preferences')).body?.data?.kinds?.post_published,
      (channels) => channels?.push === true,
      authWorker,
    );
    expect((await call(user, 'GET', '/api/v1/notifications/preferences')).body.data.kinds.post_published).toEqual({
      app: true,
      email: true,
      push: true,
    });
    await page.context().close();
  });

  it('offers the switch once the app’s service worker runs', async () => {
    const user = await fullUserOf(stack, 'push-worker', undefined, 'English');
    const withWorker = await launchBrowser({ serviceWorkers: 'allow', full: true });
    try {
      // A first visit on a slow device: the worker's script arrives after the screen has given up
      // waiting for it and said push needs the installed app. Once it is active, the switch is offered.
      const context = await newContext(withWorker, { lang: 'en', cookies: [user.session.browserCookie] });
      let releaseWorker: () => void = () => {};
      const workerHeld = new Promise<void>((resolve) => {
        releaseWorker = resolve;
      });
      await context.route('**/sw.js', async (route) => {
        await workerHeld;
        await route.continue();
      });
      const page = await context.newPage();
      await page.goto(`${stack.url}/personalization#notifications`, { waitUntil: 'domcontentloaded' });
      await page.getByTestId('push-device').and(page.locator('[data-state="needs-app"]')).waitFor();
      releaseWorker();
      await page.getByTestId('push-device').and(page.locator('[data-state="off"]')).waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('push-device-switch').isEnabled()).toBe(true);
      expect(await page.getByTestId('push-device-switch').getAttribute('aria-checked')).toBe('false');
      await page.context().close();
    } finally {
      await withWorker.close();
    }
  });

  it('turns push on from the settings switch in Arabic on a phone, delivers a refused post to it, and turns it off', async () => {
    const user = await fullUserOf(stack, 'push-switch');
    const keys = pushSubscriptionKeys();
    const endpoint = pushService.endpoint();
    const withWorker = await launchBrowser({ serviceWorkers: 'allow', full: true });
    try {
      const context = await newContext(withWorker, { viewport: 'phone', cookies: [user.session.browserCookie] });
      await context.grantPermissions(['notifications'], { origin: stack.url });
      // Headless Chromium has no push service: the browser's subscription is played here, with the
      // test's push service as its endpoint and keys the test can decrypt with. It lives in
      // sessionStorage, as a browser keeps its subscription across reloads.
      await context.addInitScript(
        ({ endpoint, p256dh, auth }) => {
          if (typeof PushManager === 'undefined') return;
          const STORE = 'e2e:push-subscription';
          const stored = () => {
            try {
              return sessionStorage.getItem(STORE) !== null;
            } catch {
              return false;
            }
          };
          const subscription = (applicationServerKey: ArrayBuffer | null) => ({
            endpoint,
            expirationTime: null,
            options: { userVisibleOnly: true, applicationServerKey },
            getKey: () => null,
            toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
            unsubscribe: async () => {
              sessionStorage.removeItem(STORE);
              return true;
            },
          });
          PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
            sessionStorage.setItem(STORE, '1');
            const key = options?.applicationServerKey;
            const bytes =
              key && typeof key !== 'string' ? new Uint8Array(ArrayBuffer.isView(key) ? key.buffer : key) : null;
            return subscription(bytes ? bytes.slice().buffer : null) as unknown as PushSubscription;
          };
          PushManager.prototype.getSubscription = async function getSubscription() {
            return (stored() ? subscription(null) : null) as unknown as PushSubscription | null;
          };
        },
        { endpoint, p256dh: keys.p256dh, auth: keys.auth },
      );
      const page = await context.newPage();
      await page.goto(`${stack.url}/personalization#notifications`, { waitUntil: 'domcontentloaded' });
      const device = page.getByTestId('push-device');
      const toggle = page.getByTestId('push-device-switch');
      const list = page.getByTestId('push-devices');
      await device.and(page.locator('[data-state="off"]')).waitFor({ timeout: 20_000 });
      await list.getByTestId('push-devices-empty').waitFor();

      await toggle.click();
      await device.and(page.locator('[data-state="on"]')).waitFor({ timeout: 15_000 });
      expect(await toggle.getAttribute('aria-checked')).toBe('true');
      await page.getByText('فُعّلت الإشعارات الفورية على هذا الجهاز').waitFor();
      const row = list.getByTestId('push-device-row');
      await row.waitFor({ timeout: 15_000 });
      expect(await row.count()).toBe(1);
      await row.getByText('هذا الجهاز').waitFor();
      const [registered] = (await call(user, 'GET', '/api/v1/notifications/push/devices')).body.data.devices;
      expect(registered?.label).toMatch(/ on /);

      // A post the sandbox network refuses reaches this device, encrypted to its keys.
      const posted = await call(user, 'POST', '/linkedln/createPost', { text: 'A thought on hiring [refuse]' });
      const postId = posted.body?.data?.id as string;
      expect(typeof postId, JSON.stringify(posted.body)).toBe('string');
      const [message] = await until(
        'the push',
        () => pushService.messages(endpoint),
        (messages) => messages.length > 0,
        authWorker,
      );
      if (!message) throw new Error('no push');
      const payload = JSON.parse(decryptPushMessage(message.body, keys)) as PushPayload;
      expect(payload).toMatchObject({ kind: 'post_failed', url: `/posts?post=${postId}`, lang: 'ar' });

      // Off again: the server forgets the device, and the list is empty.
      await toggle.click();
      await device.and(page.locator('[data-state="off"]')).waitFor({ timeout: 15_000 });
      expect(await toggle.getAttribute('aria-checked')).toBe('false');
      await list.getByTestId('push-devices-empty').waitFor({ timeout: 15_000 });
      expect((await call(user, 'GET', '/api/v1/notifications/push/devices')).body.data.devices).toEqual([]);
      await context.close();
    } finally {
      await withWorker.close();
    }
  });

  it('lists the devices that get push notifications in Arabic on a phone, and removes one after asking', async () => {
    const user = await fullUserOf(stack, 'push-devices');
    const page = await openPage(browser, `${stack.url}/personalization#notifications`, {
      viewport: 'phone',
      cookies: [user.session.browserCookie],
    });
    const list = page.getByTestId('push-devices');
    await list.getByText('الأجهزة التي تصلها الإشعارات الفورية').waitFor();
    await list.getByTestId('push-devices-empty').waitFor();

    // Registered from this browser, as the switch registers it: the device is named by its User-Agent.
    const keys = pushSubscriptionKeys();
    const status = await page.evaluate(
      async (body) => {
        const answer = await fetch('/api/v1/notifications/push/subscription', {
          method: 'PUT',
          credentials: 'include',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
        });
        return answer.status;
      },
      { endpoint: pushService.endpoint(), expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.auth } },
    );
    expect(status).toBe(200);
    const [registered] = (await call(user, 'GET', '/api/v1/notifications/push/devices')).body.data.devices;
    expect(registered.label).toMatch(/ on /);
    const [browserName, os] = (registered.label as string).split(' on ');

    await page.reload({ waitUntil: 'domcontentloaded' });
    const row = list.getByTestId('push-device-row');
    await row.waitFor();
    expect(await row.count()).toBe(1);
    const rowText = ((await row.textContent()) ?? '').replace(/[\u200e\u200f\u2068\u2069]/g, '');
    expect(rowText).toContain(`${browserName} على ${os}`);
    expect(rowText).toContain('أُضيف في');
    expect(rowText).toContain('لم يصله إشعار بعد');
    expect(await list.getByTestId('push-devices-count').textContent()).toBe('جهاز واحد');

    // Remove asks first; Escape keeps the device.
    const remove = row.getByTestId('push-device-remove');
    await remove.click();
    const dialog = page.getByTestId('discard-dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').textContent()).toContain('إيقاف الإشعارات الفورية على');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await row.count()).toBe(1);
    await remove.click();
    // The question opens on Cancel (the safe answer); Tab reaches Remove, and Enter removes.
    await dialog.getByTestId('discard-keep').and(page.locator(':focus')).waitFor();
    await page.keyboard.press('Tab');
    await dialog.getByTestId('discard-confirm').and(page.locator(':focus')).waitFor();
    await page.keyboard.press('Enter');
    await list.getByTestId('push-devices-empty').waitFor();
    expect((await call(user, 'GET', '/api/v1/notifications/push/devices')).body.data.devices).toEqual([]);
    await page.context().close();
  });
});
