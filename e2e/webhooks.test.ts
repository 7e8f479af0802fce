/**
 * Webhooks on their screen, in Arabic on a phone, against the real auth service and worker: an
 * endpoint pointing at a receiver this test runs is added with its events, its secret shown once;
 * "Send a test event" reaches the receiver signed with that secret, and the delivery log shows it
 * delivered; the endpoint is removed after a confirmation.
 */
import { createHmac } from 'node:crypto';
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from './support/browser';
import { fullUser } from './support/full-user';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

let stack: Stack;
let browser: Browser;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  [stack, browser] = await Promise.all([
    startStack({ services: ['auth', 'linkedin', 'posts', 'content'], workers: ['auth'] }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  receiver?.close();
});

describe('webhooks in Arabic on a phone', () => {
  it('adds an endpoint, sends it a test event it receives signed, shows it delivered, and removes it', async () => {
    const hookUrl = receiver.url('/nashr-hook');
    const user = await fullUser(stack, 'webhooks-ar');
    const context = await newContext(browser, { lang: 'ar', viewport: 'phone', cookies: [user.session.browserCookie] });
    const page = await context.newPage();
    // Reached from the access tokens screen.
    await page.goto(`${stack.url}/api-tokens`);
    await page.getByTestId('webhooks-link').click();
    await page.getByTestId('webhooks-empty').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('خطافات الويب');
    expect(await page.getByTestId('webhooks-empty').textContent()).toBe('لا توجد خطافات ويب بعد.');

    // Without an address: said, and nothing added.
    await page.getByTestId('webhook-url').fill('');
    await page.getByTestId('webhook-create').click();
    expect(await page.getByTestId('webhook-problem').textContent()).toBe('يلزم إدخال العنوان.');
    // Not an address: said before anything is sent, by the API's own rule.
    await page.getByTestId('webhook-url').fill('example.com/hook');
    await page.getByTestId('webhook-create').click();
    await expect
      .poll(() => page.getByTestId('webhook-problem').textContent())
      .toBe('يلزم عنوان كامل يبدأ بـ \u2066https://\u2069.');

    await page.getByTestId('webhook-url').fill(hookUrl);
    await page.locator('[data-event="post.scheduled"]').check();
    await page.getByTestId('webhook-create').click();
    const secret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const row = page.getByTestId('webhook-row');
    await row.waitFor();
    expect(await row.textContent()).toContain(hookUrl);
    expect(await row.textContent()).toContain('جدولة منشور');
    expect(await row.textContent()).not.toContain(secret);
    expect(await page.getByTestId('webhooks-count').textContent()).toBe('خطاف ويب واحد من 10');

    // The test event: received, signed with the secret shown, and delivered in the log.
    await page.getByTestId('webhook-test').click();
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
    const [delivery] = receiver.received;
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(delivery?.headers['nashr-signature'])) ?? [];
    expect(createHmac('sha256', secret).update(`${t}.${delivery?.body}`).digest('hex')).toBe(v1);
    expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({ type: 'webhook.test' });
    const logged = page.getByTestId('webhook-delivery');
    await expect.poll(() => logged.first().getAttribute('data-status'), { timeout: 15_000 }).toBe('delivered');
    const entry = (await logged.first().textContent()) ?? '';
    expect(entry).toContain('حدث تجريبي');
    expect(entry).toContain('وصل');
    expect(entry).toContain('محاولة واحدة');
    expect(entry).toContain('received');
    await screenshot(page, 'webhooks-ar-phone');

    // The secret is shown once: gone after a reload.
    await page.reload();
    await row.waitFor();
    expect(await page.locator('body').textContent()).not.toContain(secret);

    // Removed only after the confirmation.
    await page.getByTestId('webhook-remove').click();
    await page.getByTestId('discard-confirm').click();
    await page.getByText('حُذف خطاف الويب: لن يُرسل إليه شيء بعد الآن.').waitFor();
    await page.getByTestId('webhooks-empty').waitFor();
    await context.close();
  });
});
