/**
 * The plan's share of the inspiration library against the whole stack: a new account's trial
 * (billing's entitlement event, through the content worker) shows the library's newest posts, and
 * the /inspiration screen says plainly how many more a bigger plan would show, with the way to the
 * plans; in Arabic with the dual form, and in English.
 */
import { userCreatedEvent } from '@nashr/contracts';
import { createRedis, Queues, waitForRedis } from '@nashr/platform';
import { createCapturingLogger } from '@nashr/platform/testing';
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { callAs, fullUser } from './support/full-user';

let stack: Stack;
let browser: Browser;
const POLL = { timeout: 20_000, interval: 250 };

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startStack({
      services: ['auth', 'linkedin', 'posts', 'content', 'billing'],
      workers: ['auth', 'billing', 'content'],
    }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe("the plan's share of the inspiration library", () => {
  it('a trial shows the newest posts and says how many more a bigger plan shows, with a link to the plans', async () => {
    const user = await fullUser(stack, 'library-trial');
    const everything = await callAs(stack, user, 'GET', '/api/v1/library/posts?limit=50');
    const total = everything.body.data.posts.length as number;
    expect(everything.body.data.plan.shown).toBeNull();

    // The account was made directly in auth's tables: tell billing as auth does on a first sign-in.
    const redis = createRedis(stack.redisUrl, 'request');
    await waitForRedis(redis);
    const queues = new Queues({ connection: redis, prefix: stack.redisPrefix }, createCapturingLogger().logger);
    await queues.publish(userCreatedEvent, { userId: user.userId, createdAt: new Date().toISOString() });
    await queues.close();
    redis.disconnect();
    const trial = (await callAs(stack, user, 'GET', '/api/v1/billing/me')).body.entitlement.limits.library as number;
    expect(trial).toBeLessThan(total);
    await expect
      .poll(async () => (await callAs(stack, user, 'GET', '/api/v1/library/posts?limit=50')).body.data.plan, POLL)
      .toEqual({ shown: trial, locked: total - trial, lockedMore: false });

    const page = await openPage(browser, `${stack.url}/inspiration`, {
      lang: 'ar',
      cookies: [user.session.browserCookie],
    });
    await page.getByTestId('screen-inspiration').waitFor();
    const notice = page.getByTestId('library-plan');
    await notice.waitFor({ timeout: 20_000 });
    expect(await notice.textContent()).toContain('تعرض خطتك أحدث');
    expect(total - trial).toBe(2);
    expect(await notice.textContent()).toContain('منشوران آخران يطابقان هذا البحث');
    await expect.poll(() => page.getByTestId('library-post').count()).toBe(trial);

    await page.getByTestId('library-plan-link').click();
    await page.waitForURL(`${stack.url}/billing`);

    const english = await openPage(browser, `${stack.url}/inspiration`, {
      lang: 'en',
      cookies: [user.session.browserCookie],
    });
    const said = english.getByTestId('library-plan');
    await said.waitFor({ timeout: 20_000 });
    expect(await said.textContent()).toContain(`Your plan shows the library's ${trial} newest posts.`);
    expect(await said.textContent()).toContain('2 more posts match this search in a plan with a bigger library.');
  });
});
