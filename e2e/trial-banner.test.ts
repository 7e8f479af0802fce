/**
 * The trial banner as a user meets it, against the built stack: it shows in the trial's last two
 * days, in Arabic and in English, and leads to the plans on the Billing page; earlier in the trial
 * it stays away. The trial is made to end soon the way it starts in production: the auth service's
 * `user-created` event, here published with an account created six days ago (no test-only route).
 */
import { userCreatedEvent } from '@nashr/contracts';
import { createRedis, Queues, waitForRedis } from '@nashr/platform';
import { createCapturingLogger } from '@nashr/platform/testing';
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { callAs, fullUser, type StackUser } from './support/full-user';

let stack: Stack;
let browser: Browser;
const POLL = { timeout: 20_000, interval: 250 };
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startStack({ services: ['auth', 'linkedin', 'posts', 'billing'], workers: ['auth', 'posts', 'billing'] }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** Tells billing the account was created at `createdAt`, as auth does, and waits for the trial it starts. */
async function startTrial(user: StackUser, createdAt: Date) {
  const redis = createRedis(stack.redisUrl, 'request');
  await waitForRedis(redis);
  const queues = new Queues({ connection: redis, prefix: stack.redisPrefix }, createCapturingLogger().logger);
  await queues.publish(userCreatedEvent, { userId: user.userId, createdAt: createdAt.toISOString() });
  await queues.close();
  redis.disconnect();
  await expect
    .poll(async () => (await callAs(stack, user, 'GET', '/api/v1/billing/me')).body.entitlement.version, POLL)
    .toBe(1);
}

describe('the trial banner', () => {
  it('shows in English a day before the trial ends and leads to the plans', async () => {
    const user = await fullUser(stack, 'lastday');
    await startTrial(user, new Date(Date.now() - 6 * DAY - 2 * HOUR));
    const page = await openPage(browser, `${stack.url}/posts`, { lang: 'en', cookies: [user.session.browserCookie] });
    const banner = page.getByTestId('trial-banner');
    await banner.getByText('Your free trial ends in 1 day. Choose a plan to keep scheduling posts.').waitFor();
    const link = banner.getByRole('link', { name: 'Choose a plan' });
    expect(await link.getAttribute('href')).toBe('/billing#plans');
    await link.click();
    await page.waitForURL(/\/billing#plans$/);
    await page.getByTestId('plan-picker').waitFor();
    await page.getByTestId('billing-status').getByText('Your free trial ends in 1 day.').waitFor();
    await page.context().close();
  });

  it('shows in Arabic, right to left, two days before the trial ends', async () => {
    const user = await fullUser(stack, 'twodays');
    await startTrial(user, new Date(Date.now() - 5 * DAY - 2 * HOUR));
    const page = await openPage(browser, `${stack.url}/posts`, { lang: 'ar', cookies: [user.session.browserCookie] });
    const banner = page.getByTestId('trial-banner');
    await banner.getByText('بقي يومان على نهاية فترتك التجريبية. اختر خطة لتواصل جدولة منشوراتك.').waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    const link = banner.getByRole('link', { name: 'اختر خطة' });
    expect(await link.getAttribute('href')).toBe('/billing#plans');
    await link.click();
    await page.waitForURL(/\/billing#plans$/);
    await page.getByTestId('plan-picker').waitFor();
    await page.context().close();
  });

  it('stays away earlier in the trial', async () => {
    const user = await fullUser(stack, 'midtrial');
    await startTrial(user, new Date(Date.now() - 3 * DAY));
    const page = await openPage(browser, `${stack.url}/posts`, { lang: 'en', cookies: [user.session.browserCookie] });
    // The sidebar's plan line comes from the same entitlement the banner reads: once it shows, the banner has decided.
    await page.getByTestId('credits-plan').first().waitFor();
    expect(await page.getByTestId('trial-banner').count()).toBe(0);
    await page.context().close();
  });
});
