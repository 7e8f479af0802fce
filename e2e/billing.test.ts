/**
 * Plans and billing as a new user meets them, against the built stack with the offline
 * test-payments provider: the trial, the weekly post limit and why, subscribing to Pro through
 * the test checkout page, cancelling in the test portal, and a failed payment's banner.
 */
import { API, userCreatedEvent } from '@nashr/contracts';
import { createRedis, Queues, waitForRedis } from '@nashr/platform';
import { createCapturingLogger } from '@nashr/platform/testing';
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from './support/browser';
import { callAs, callEndpointAs, fullUser } from './support/full-user';

let stack: Stack;
let browser: Browser;
const POLL = { timeout: 20_000, interval: 250 };

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startStack({
      services: ['auth', 'linkedin', 'posts', 'billing', 'ai'],
      workers: ['auth', 'posts', 'billing', 'ai'],
    }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** Text as read, without the bidi isolates around numbers. */
const visible = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069]/g, '');

/** A date in the week after next, in the user's zone. */
const nextWeek = () => new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);

describe('plans and billing', () => {
  it('starts on the trial, meets the weekly limit with its reason, subscribes to Pro and cancels', async () => {
    const user = await fullUser(stack, 'trialist');
    // The account was made directly in auth's tables: tell billing as auth does on a first sign-in.
    const redis = createRedis(stack.redisUrl, 'request');
    await waitForRedis(redis);
    const queues = new Queues({ connection: redis, prefix: stack.redisPrefix }, createCapturingLogger().logger);
    await queues.publish(userCreatedEvent, { userId: user.userId, createdAt: new Date().toISOString() });
    await queues.close();
    redis.disconnect();
    await expect
      .poll(async () => (await callAs(stack, user, 'GET', '/api/v1/billing/me')).body.entitlement.version, POLL)
      .toBe(1);
    const me = await callAs(stack, user, 'GET', '/api/v1/billing/me');
    expect(me.body.entitlement).toMatchObject({ plan: 'trial', status: 'trialing', limits: { weeklyPosts: 10 } });

    // The posts service learns the trial's limit from billing's event: the week fills at 10.
    const date = nextWeek();
    const schedule = () =>
      callEndpointAs(stack, user, API.posts.schedule, {
        body: {
          userId: user.userId,
          content: 'A week of lessons',
          date,
          time: '10:30 AM',
          status: 'scheduled',
          timeZone: 'UTC',
        },
      });
    let refused: Awaited<ReturnType<typeof callAs>> | null = null;
    await expect
      .poll(async () => {
        const res = await schedule();
        if (res.status === 403) refused = res;
        return res.status;
      }, POLL)
      .toBe(403);
    expect(refused!.body).toMatchObject({ code: 'plan.weekly_posts_limit', params: { limit: 10, plan: 'trial' } });

    const page = await openPage(browser, `${stack.url}/billing`, { lang: 'en', cookies: [user.session.browserCookie] });
    await page.getByText(/Your free trial ends in [67] days/).waitFor();
    expect(visible(await page.getByTestId('billing-team').textContent())).toBe('A team of 2 people, 2 workspaces');
    await page.getByTestId('choose-pro').click();
    await page.waitForURL(/\/test-payments\/checkout\//);
    await page.getByText('Test payments: no money moves.').waitFor();
    await page.getByRole('button', { name: /Pay \(test\)/ }).click();
    await page.waitForURL(/\/billing\?checkout=done/);
    // The ai service follows the plan billing announced: Pro's 5,000 credits, all left.
    await expect
      .poll(async () => visible(await page.getByTestId('billing-ai-credits').textContent()), POLL)
      .toBe('5,000 of 5,000');
    expect(visible(await page.getByTestId('billing-commenting-credits').textContent())).toBe('1,500 of 1,500');
    expect(visible(await page.getByTestId('billing-team').textContent())).toBe('A team of 10 people, 10 workspaces');
    await page.getByText(/Renews on/).waitFor();

    // Pro lifts the weekly limit.
    await expect.poll(async () => (await schedule()).status, POLL).toBe(201);

    await page.getByTestId('billing-manage').click();
    await page.waitForURL(/\/test-payments\/portal\//);
    await page.getByRole('button', { name: /Cancel at period end/ }).click();
    await page.waitForURL(/\/billing\?portal=cancelled/);
    await page.getByText(/Cancelled: your plan stays until/).waitFor();
    const after = await callAs(stack, user, 'GET', '/api/v1/billing/me');
    expect(after.body.entitlement).toMatchObject({ plan: 'pro', status: 'canceled', cancelAtPeriodEnd: true });
  });

  it('shows the failed-payment banner in Arabic with the way to fix the card, until it is paid', async () => {
    const user = await fullUser(stack, 'late-payer');
    const page = await openPage(browser, `${stack.url}/billing`, { lang: 'ar', cookies: [user.session.browserCookie] });
    await page.getByTestId('choose-pro').click();
    await page.waitForURL(/\/test-payments\/checkout\//);
    await page.getByRole('button', { name: /Pay \(test\)/ }).click();
    await page.waitForURL(/\/billing\?checkout=done/);
    await page.getByTestId('billing-manage').click();
    await page.waitForURL(/\/test-payments\/portal\//);
    await page.getByRole('button', { name: /Simulate a failed payment/ }).click();
    await page.waitForURL(/\/billing\?portal=payment-failed/);

    // Every screen of the app says it, with the day access ends; the plan stays meanwhile.
    const banner = page.getByTestId('payment-banner');
    await banner.waitFor();
    const text = (await banner.textContent()) ?? '';
    expect(text).toContain('تعذّر تحصيل آخر دفعة');
    expect(text).toContain('الاحترافية');
    const me = (await callAs(stack, user, 'GET', '/api/v1/billing/me')).body.entitlement;
    expect(me).toMatchObject({ plan: 'pro', status: 'past_due', active: true });
    expect(new Date(me.graceEndsAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    await page.goto(`${stack.url}/dashboard`);
    await banner.waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await screenshot(page, 'billing-payment-failed-ar', { fullPage: false });

    // Its button opens the provider's portal, where the card is fixed: the banner goes.
    await page.getByTestId('payment-banner-fix').click();
    await page.waitForURL(/\/test-payments\/portal\//);
    await page.getByText('The last payment failed.').waitFor();
    await page.getByRole('button', { name: /Update card and pay/ }).click();
    await page.waitForURL(/\/billing\?portal=paid/);
    await page
      .getByTestId('billing-status')
      .getByText(/يتجدد الاشتراك/)
      .waitFor();
    expect(await page.getByTestId('payment-banner').count()).toBe(0);
  });
});
