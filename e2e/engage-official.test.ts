/**
 * Engage on an account connected with "Continue with LinkedIn" (the official API), in a real
 * browser against the whole stack and the local server speaking the network's official wire
 * format: a post brought in by its address (its words pasted), a suggested comment sent with the
 * normal Send button, posted on the network once by the linkedin service (which holds the token),
 * and shown in the history with its link.
 */
import { randomInt } from 'node:crypto';
import { type FakeLinkedin, startFakeLinkedin } from '@nashr/linkedin/testing';
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, waitUntilLive } from './support/browser';
import { continueWithLinkedIn, officialNetworkEnv } from './support/connect';
import { callAs, personalize, signedInUser } from './support/full-user';
import { startTrial, takeStarter } from './support/plans';

let stack: Stack;
let browser: Browser;
let fake: FakeLinkedin;
const POLL = { timeout: 30_000, interval: 250 };

beforeAll(async () => {
  fake = await startFakeLinkedin();
  const engage = { ENGAGE_PROVIDER: 'linkedin' };
  [stack, browser] = await Promise.all([
    startStack({
      services: ['auth', 'linkedin', 'posts', 'billing', 'engage', 'content', 'ai'],
      workers: ['auth', 'linkedin', 'billing', 'engage', 'ai'],
      env: {
        ...officialNetworkEnv(fake),
        engage,
        'engage-worker': engage,
      },
    }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await fake?.close();
});

describe('engage through the official API', () => {
  it('sends a comment on a post brought in by its address, once, and shows it with its link', async () => {
    const user = await signedInUser(stack, 'official-engage');
    await personalize(stack, user);
    await startTrial(stack, user);
    await takeStarter(stack, user);

    const page = await openPage(browser, `${stack.url}/connect-linkedIn`, {
      lang: 'en',
      viewport: 'desktop',
      cookies: [user.session.browserCookie],
    });
    await continueWithLinkedIn(page);

    // Another member's post on the network.
    const urn = `urn:li:activity:${7_300_000_000_000_000_000n + BigInt(randomInt(1, 2 ** 47))}`;
    fake.addPost(urn);

    // The screen is opened once Engage knows the connection can send (the page may come with its data).
    await expect
      .poll(async () => (await callAs(stack, user, 'GET', '/api/v1/engage/network')).body.network.features.send, POLL)
      .toBe(true);
    await page.goto(`${stack.url}/engage`, { waitUntil: 'domcontentloaded' });
    await waitUntilLive(page);
    await page.getByTestId('engage-official-notice').waitFor();
    const byUrl = page.getByTestId('engage-by-url');
    await byUrl.getByLabel('Post address').fill(`https://www.linkedin.com/feed/update/${urn}/`);
    await byUrl.getByTestId('engage-url-text').fill('Good design starts with understanding the user.');
    await byUrl.getByTestId('engage-url-submit').click();
    const post = byUrl.getByTestId('engage-post');
    await post.getByTestId('engage-suggestion-text').nth(2).waitFor({ timeout: 30_000 });
    await post.getByTestId('engage-use').first().click();
    const suggested = await post.getByTestId('engage-editor').inputValue();
    expect(suggested.length).toBeGreaterThan(0);
    // The normal Send button, not copy-and-open.
    expect(await byUrl.getByTestId('engage-copy-open').count()).toBe(0);
    await post.getByTestId('engage-send').click();

    const history = page.getByTestId('engage-history');
    await history.getByText(suggested).waitFor({ timeout: 30_000 });
    const link = history.getByTestId('engage-history-link').first();
    await link.waitFor();
    expect(await link.getAttribute('href')).toContain(`/feed/update/${urn}/?commentUrn=`);
    expect(fake.comments.filter((comment) => comment.object === urn).map((comment) => comment.shown)).toEqual([
      suggested,
    ]);
    const comments = await callAs(stack, user, 'GET', '/api/v1/engage/comments');
    expect(comments.body.comments).toEqual([expect.objectContaining({ status: 'sent', text: suggested })]);
    await page.context().close();
  });
});
