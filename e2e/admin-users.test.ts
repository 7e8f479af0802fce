/**
 * The admin area's look at a user, against the built stack: an administrator finds an account by
 * its address, reads its plan, when its trial ends and its credits left, and grants AI credits the
 * user then has. An unknown address is said so, in Arabic too.
 */
import { schema as authSchema, UserStore } from '@nashr/auth';
import { type Role, userCreatedEvent } from '@nashr/contracts';
import { createDatabase, createRedis, Queues, waitForRedis } from '@nashr/platform';
import { createCapturingLogger } from '@nashr/platform/testing';
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Language, launchBrowser, openPage } from './support/browser';
import { createSession, type TestSession } from './support/session';

let stack: Stack;
let browser: Browser;
let admin: TestSession;
const POLL = { timeout: 20_000, interval: 250 };
const DAY = 24 * 3600 * 1000;

async function signIn(email: string, roles: Role[]): Promise<{ id: string; session: TestSession }> {
  const database = createDatabase({ url: stack.databaseUrl, schema: authSchema, applicationName: 'e2e-admin-users' });
  try {
    const user = await new UserStore(database.db, null).signIn(email, roles);
    return { id: user.id, session: await createSession(stack, { userId: user.id, email: user.email, roles }) };
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startStack({ services: ['auth', 'content', 'billing', 'ai'], workers: ['billing', 'ai'] }),
    launchBrowser(),
  ]);
  admin = (await signIn('users-admin@example.test', ['user', 'admin'])).session;
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** Text as read, without the bidi isolates around numbers. */
const visible = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).textContent()) ?? '').replace(/[\u2066-\u2069]/g, '');

async function lookUp(lang: Language, email: string): Promise<Page> {
  const page = await openPage(browser, `${stack.url}/admin/dashboard`, { lang, cookies: [admin.browserCookie] });
  await page.getByTestId('admin-user-email').fill(email);
  await page.getByTestId('admin-user-find').click();
  return page;
}

describe("the admin area: a user's plan and credits", () => {
  it("shows the user's trial, its end and credits left, and grants AI credits", async () => {
    const member = await signIn('trial-member@example.test', ['user']);
    const createdAt = new Date(Date.now() - 2 * DAY);
    // Billing starts the trial from auth's event, as on a first sign-in; ai learns the plan from billing.
    const redis = createRedis(stack.redisUrl, 'request');
    await waitForRedis(redis);
    const queues = new Queues({ connection: redis, prefix: stack.redisPrefix }, createCapturingLogger().logger);
    await queues.publish(userCreatedEvent, { userId: member.id, createdAt: createdAt.toISOString() });
    await queues.close();
    redis.disconnect();

    const page = await lookUp('en', 'Trial-Member@example.test');
    const card = page.getByTestId('admin-user-card');
    await card.getByText('trial-member@example.test').waitFor();
    await expect.poll(() => visible(page, 'admin-user-plan'), POLL).toBe('Trial · on trial');
    expect(await visible(page, 'admin-user-period-end')).toMatch(/\d{4}/);
    await card.getByText('Trial ends').waitFor();
    await expect.poll(() => visible(page, 'admin-user-ai-credits'), POLL).toBe('100 of 100');
    expect(await visible(page, 'admin-user-commenting-credits')).toBe('0 of 0');

    // An amount outside what a grant may give is refused in words before anything is sent.
    const amount = page.getByLabel('AI credits to grant');
    for (const wrong of ['0', '100001']) {
      await amount.fill(wrong);
      await page.getByTestId('admin-grant').click();
      await page
        .getByTestId('admin-grant-problem')
        .getByText(/^Enter a whole number of credits from \u2068?1\u2069? to \u2068?100,000\u2069?\.$/)
        .waitFor();
      expect(await amount.getAttribute('aria-invalid')).toBe('true');
    }
    expect(await visible(page, 'admin-user-ai-credits')).toBe('100 of 100');

    await amount.fill('250');
    await page.getByTestId('admin-grant').click();
    await page
      .locator('[data-sonner-toast][data-type="success"]', { hasText: /Credits granted: \u2068?350\u2069? left now\./ })
      .waitFor();
    expect(await visible(page, 'admin-user-ai-credits')).toBe('350 of 100');
    // The field is emptied for the next grant, with no problem left said.
    expect(await amount.inputValue()).toBe('');
    expect(await page.getByTestId('admin-grant-problem').count()).toBe(0);

    // The user has them: their own balance says so.
    const own = await fetch(`${stack.url}/api/v1/ai/credits`, { headers: { cookie: member.session.cookieHeader } });
    expect((await own.json()).data).toMatchObject({ remaining: 350, plan: 'trial' });
    await page.context().close();
  });

  it('says in Arabic when an address is not one, or no account has it', async () => {
    // Not an address: said in the page's language before anything is asked.
    const wrong = await lookUp('ar', 'nobody-at-all');
    await wrong
      .getByTestId('admin-user-email-problem')
      .getByText(/^يلزم بريد إلكتروني صحيح، مثل \u2068?name@example\.com\u2069?\.$/)
      .waitFor();
    expect(await wrong.getByTestId('admin-user-email').getAttribute('aria-invalid')).toBe('true');
    expect(await wrong.getByTestId('admin-user-error').count()).toBe(0);
    await wrong.context().close();

    const page = await lookUp('ar', 'nobody-at-all@example.test');
    await page
      .getByTestId('admin-user-error')
      .getByText('لا يوجد حساب بهذا البريد الإلكتروني. تحقّق منه وحاول مرة أخرى.')
      .waitFor();
    expect(await page.getByTestId('admin-user-card').count()).toBe(0);
    await page.context().close();
  });
});
