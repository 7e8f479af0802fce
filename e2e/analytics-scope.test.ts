/**
 * The dashboard's sample badges on an account connected with "Continue with LinkedIn" (the
 * official API), in a real browser against the whole stack and the local server speaking the
 * network's official wire format, its app granted the Member Post Analytics API. A member who
 * declined that scope at consent keeps the sample badge on the cards it would fill; a member who
 * granted it sees those cards as their own figures. The official API gives no profile views,
 * followers or connections: those cards are samples either way. A post LinkedIn lists without
 * its figures shows them only once they are read, never as zeros.
 */
import { randomUUID } from 'node:crypto';
import type { AnalyticsSummaryResponse } from '@nashr/contracts';
import { type FakeLinkedin, fakeMember, POST_ANALYTICS_SCOPE, startFakeLinkedin } from '@nashr/linkedin/testing';
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { continueWithLinkedIn, officialNetworkEnv } from './support/connect';
import { callAs, personalize, signedInUser } from './support/full-user';

let stack: Stack;
let browser: Browser;
let fake: FakeLinkedin;
const POLL = { timeout: 30_000, interval: 250 };

/** The cards the post analytics scope fills; the others no official figure fills. */
const SCOPE_CARDS = ['postEngagement', 'impressions', 'engagementRate'];
const PROFILE_CARDS = ['profileViews', 'networkSize', 'followerGrowth'];

beforeAll(async () => {
  fake = await startFakeLinkedin();
  [stack, browser] = await Promise.all([
    startStack({
      services: ['auth', 'linkedin', 'posts', 'content', 'ai'],
      workers: ['auth', 'linkedin'],
      env: {
        ai: { AI_PROVIDER: 'offline' },
        ...officialNetworkEnv(fake, { LINKEDIN_EXTRA_SCOPES: POST_ANALYTICS_SCOPE }),
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

/** Which cards the dashboard marks as sample data, read from the page and the badges it shows. */
async function sampleCards(declined: boolean): Promise<{
  shown: string[];
  badges: string[];
  api: string[];
  counters: number;
  unknown: number;
  topUnknown: number;
}> {
  const user = await signedInUser(stack, declined ? 'scope-declined' : 'scope-granted');
  await personalize(stack, user);
  fake.options.declineScopes = declined ? [POST_ANALYTICS_SCOPE] : [];
  // Each Nashr user signs in as a member of their own: one member is connected in one account.
  fake.member = fakeMember();
  // A post the member published on LinkedIn before connecting.
  const text = `Published before connecting ${randomUUID().slice(0, 8)}`;
  fake.posts.push({
    id: `urn:li:share:9${Date.now()}`,
    author: `urn:li:person:${fake.member.sub}`,
    commentary: text,
    shown: text,
    body: {},
    createdAt: Date.now() - 3_600_000,
  });
  const page = await openPage(browser, `${stack.url}/connect-linkedIn`, {
    lang: 'en',
    viewport: 'desktop',
    cookies: [user.session.browserCookie],
  });
  await continueWithLinkedIn(page);
  await page.getByTestId('period-figures').waitFor({ timeout: 30_000 });
  await expect.poll(() => page.getByTestId('history-importing').count(), POLL).toBe(0);
  await expect.poll(() => page.getByTestId('period-figures').getAttribute('aria-busy'), POLL).toBe('false');

  const summary = (await callAs(stack, user, 'GET', '/api/v1/analytics/summary?days=30'))
    .body as AnalyticsSummaryResponse;
  const cards = Object.keys(summary.cards);
  const shown: string[] = [];
  const badges: string[] = [];
  for (const id of cards) {
    const card = page.getByTestId(`stat-${id}`);
    if ((await card.getAttribute('data-sample')) === 'true') shown.push(id);
    if ((await card.getByTestId('sample-badge').count()) === 1) badges.push(id);
  }
  // The post's counters once the history import read what it could: the figures, or none at all.
  await page.reload({ waitUntil: 'domcontentloaded' });
  const post = page.getByTestId('post-card').filter({ hasText: text });
  await post.waitFor();
  const counters = await post.locator('[data-counter]').count();
  const unknown = await post.getByTestId('figures-unknown').count();
  // The period's top posts hold it too: with its figures, or saying they were not read.
  const top = page.getByTestId('top-post').filter({ hasText: text });
  await top.waitFor();
  const topUnknown = await top.getByTestId('top-post-figures-unknown').count();
  await page.context().close();
  const api = cards.filter((id) => summary.cards[id as keyof typeof summary.cards].sample);
  return { shown: shown.sort(), badges: badges.sort(), api: api.sort(), counters, unknown, topUnknown };
}

describe('sample badges on the official network', () => {
  it('mark the cards the declined analytics scope would fill, and only those it does not', async () => {
    const declined = await sampleCards(true);
    expect(declined.badges).toEqual([...SCOPE_CARDS, ...PROFILE_CARDS].sort());
    expect(declined.shown).toEqual(declined.badges);
    expect(declined.api).toEqual(declined.badges);
    expect({ counters: declined.counters, unknown: declined.unknown, topUnknown: declined.topUnknown }).toEqual({
      counters: 0,
      unknown: 1,
      topUnknown: 1,
    });

    const granted = await sampleCards(false);
    expect(granted.badges).toEqual([...PROFILE_CARDS].sort());
    expect(granted.shown).toEqual(granted.badges);
    expect(granted.api).toEqual(granted.badges);
    expect({ counters: granted.counters, unknown: granted.unknown, topUnknown: granted.topUnknown }).toEqual({
      counters: 4,
      unknown: 0,
      topUnknown: 0,
    });
  });
});
