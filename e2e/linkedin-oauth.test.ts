/**
 * "Continue with LinkedIn" in a real browser against the whole stack, with a local server
 * speaking the network's official wire format: the real redirect flow (the service's start
 * endpoint, the network's authorization page, the callback), the same connected ending as the
 * password sign-in, then a post whose text holds every reserved character, Arabic and emoji,
 * published through the composer and stored whole by the network.
 */
import { randomUUID } from 'node:crypto';
import {
  FAKE_LINKEDIN_CLIENT_ID,
  FAKE_LINKEDIN_CLIENT_SECRET,
  type FakeLinkedin,
  startFakeLinkedin,
} from '@nashr/linkedin/testing';
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { callAs, signedInUser } from './support/full-user';

let stack: Stack;
let browser: Browser;
let fake: FakeLinkedin;

beforeAll(async () => {
  fake = await startFakeLinkedin();
  const official = {
    NETWORK_PROVIDERS: 'linkedin,sandbox',
    LINKEDIN_CLIENT_ID: FAKE_LINKEDIN_CLIENT_ID,
    LINKEDIN_CLIENT_SECRET: FAKE_LINKEDIN_CLIENT_SECRET,
    LINKEDIN_API_URL: fake.url,
  };
  [stack, browser] = await Promise.all([
    startStack({
      services: ['auth', 'linkedin', 'posts', 'content', 'ai'],
      workers: ['auth', 'linkedin', 'posts'],
      env: { ai: { AI_PROVIDER: 'offline' }, linkedin: official, 'linkedin-worker': official },
    }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await fake?.close();
});

describe('Continue with LinkedIn', () => {
  it('connects through the network’s own page, then publishes reserved characters, Arabic and emoji whole', async () => {
    const user = await signedInUser(stack, 'oauth');
    const personalized = await callAs(stack, user, 'PUT', '/api/v1/personalization', {
      jobTitle: 'Founder',
      language: 'Arabic',
      accent: '',
      goals: ['Grow Network'],
      interests: ['Leadership'],
      tones: ['Professional'],
      styles: ['Simple Language'],
    });
    expect(personalized.status).toBe(200);

    const page = await openPage(browser, `${stack.url}/connect-linkedIn`, {
      lang: 'en',
      viewport: 'desktop',
      cookies: [user.session.browserCookie],
    });
    const oauth = page.getByTestId('oauth-button');
    await oauth.waitFor();
    expect(await oauth.textContent()).toContain('Continue with LinkedIn');
    // Recommended first; the password sign-in stays as the alternative.
    const buttons = await page
      .locator('[data-testid="oauth-button"], [data-testid="connect-button"]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')));
    expect(buttons).toEqual(['oauth-button', 'connect-button']);

    const popupOpened = page.waitForEvent('popup');
    await oauth.click();
    const popup = await popupOpened;
    // The popup goes to the network's page and comes back, then tells this page (the opener may be
    // out of its reach after another origin: it also speaks on this origin's channel).
    await popup.waitForURL(/\/linkedln-connect-screen\?oauth=connected/, { timeout: 30_000 });
    const banner = page.getByTestId('connected-banner');
    await banner.waitFor({ timeout: 20_000 });
    await expect.poll(() => banner.getAttribute('data-confirmed'), { timeout: 30_000 }).toBe('true');
    expect(fake.tokenRequests.filter((r) => r.grant_type === 'authorization_code')).toHaveLength(1);
    expect(fake.tokenRequests[0]).toMatchObject({ client_secret: 'right', code_verifier: expect.any(String) });

    const marker = randomUUID().slice(0, 8);
    const text = `إطلاق (نشر) [${marker}] \\ | { } @mona < > #نشر *مهم* _جديد_ ~تجربة~ 🚀👩🏽‍💻 #AI`;
    await page.goto(`${stack.url}/generate-post`, { waitUntil: 'domcontentloaded' });
    const composer = page.getByTestId('composer-page');
    await composer.waitFor();
    await composer.getByTestId('composer-text').fill(text);
    await composer.getByTestId('composer-post').click();
    await page.getByTestId('publish-confirm-post').click();

    await expect
      .poll(() => fake.posts.filter((post) => post.shown.includes(marker)).map((post) => post.shown), {
        timeout: 30_000,
        interval: 250,
      })
      .toEqual([text]);
    const post = fake.posts.find((p) => p.shown.includes(marker));
    expect(post?.author).toBe(`urn:li:person:${fake.member.sub}`);
    expect(post?.commentary).toContain('{hashtag|\\#|نشر}');

    // The profile says when the connection ends and what the granted access cannot show.
    await page.goto(`${stack.url}/profile`, { waitUntil: 'domcontentloaded' });
    await page.getByTestId('profile-name').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('profile-name').textContent()).toBe('منى الفقيه');
    expect(await page.getByTestId('profile-limited-access').textContent()).toContain('cannot be shown here');
    const expiry = page.getByTestId('connection-expiry');
    await expiry.waitFor();
    expect(await expiry.getAttribute('data-soon')).toBe('false');
    expect(await expiry.textContent()).toContain('Reconnect');
  });
});
