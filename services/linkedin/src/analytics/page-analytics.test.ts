import { randomUUID } from 'node:crypto';
import { pageAnalyticsResponseSchema } from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkedinProvider } from '../providers/linkedin/linkedin-provider.js';
import { PAGE_SCOPES, pageStatisticsRequest } from '../providers/linkedin/linkedin-requests.js';
import { type FakeLinkedin, fakeMember, startFakeLinkedin } from '../testing/fake-linkedin.js';
import type { Harness } from '../testing/harness.js';
import { createOfficialHarness, FAKE_REDIRECT } from '../testing/official-network.js';

let fake: FakeLinkedin;
let h: Harness;
let linkedin: LinkedinProvider;

beforeAll(async () => {
  fake = await startFakeLinkedin({ redirectUris: [FAKE_REDIRECT] });
  ({ h, linkedin } = await createOfficialHarness(fake, PAGE_SCOPES));
});
afterAll(async () => {
  await h.close();
  await fake.close();
});

type User = ReturnType<typeof testIdentity>;

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

/** A Nashr user connected as a fresh member who administers a page, with the page added. */
async function userWithPage() {
  const member = fakeMember();
  const organization = fake.addOrganization(`شركة ${randomUUID().slice(0, 6)}`, { [member.sub]: 'ADMINISTRATOR' });
  const page = fake.organizations.get(organization.split(':').at(-1) ?? '');
  if (!page) throw new Error('the page was not made');
  fake.member = member;
  const start = linkedin.authorization();
  const back = new URL((await fetch(start.url, { redirect: 'manual' })).headers.get('location') ?? '');
  const authorized = await linkedin.completeAuthorization(back.searchParams.get('code') ?? '', start.codeVerifier);
  const user = testIdentity();
  await h.services.connections.connectOfficial(user.userId, authorized.accountId, authorized.expiresAt);
  const added = await h.call(user, 'POST', '/api/v1/linkedin/pages', { organization });
  expect(added.statusCode, added.body).toBe(200);
  return { user, member, organization, page, accountId: authorized.accountId };
}

const pageFigures = async (user: User, organization: string, days = 30) => {
  const answer = await h.call(
    user,
    'GET',
    `/api/v1/analytics/page?organization=${encodeURIComponent(organization)}&days=${days}`,
  );
  expect(answer.statusCode, answer.body).toBe(200);
  return pageAnalyticsResponseSchema.parse(answer.json());
};

describe('company page analytics', () => {
  it("reads an added page's figures by day and its followers, and shows them against the period before", async () => {
    const { user, organization, page } = await userWithPage();
    page.baseFollowers = 1_000;
    page.history.set(daysAgo(10), {
      impressionCount: 500,
      clickCount: 20,
      likeCount: 30,
      commentCount: 5,
      shareCount: 2,
      organicFollowerGain: 7,
    });
    page.history.set(daysAgo(40), { impressionCount: 100, likeCount: 4, organicFollowerGain: 3 });

    const before = await pageFigures(user, organization);
    expect(before).toMatchObject({ state: 'waiting', readAt: null });

    const outcome = await h.services.collector.take(user.userId);
    expect(outcome).toMatchObject({ status: 'taken', companyPages: 1 });
    // Read in the network's versioned REST format, once each.
    const statistics = fake.calls.filter((call) => call.call.includes('organizationalEntity'));
    expect(statistics.map((call) => call.call).sort()).toEqual([
      'GET /rest/organizationalEntityFollowerStatistics',
      'GET /rest/organizationalEntityShareStatistics',
    ]);
    expect(statistics.every((call) => call.version === '202601' && call.restli === '2.0.0')).toBe(true);

    const read = await pageFigures(user, organization);
    expect(read.state).toBe('read');
    expect(read.readAt).not.toBeNull();
    expect(read.page).toMatchObject({ organization, name: page.name });
    expect(read.cards.impressions).toMatchObject({ value: 500, previous: 100, changePercent: 400, sample: false });
    expect(read.cards.clicks).toMatchObject({ value: 20, previous: 0 });
    expect(read.cards.engagement).toMatchObject({ value: 37, previous: 4 });
    expect(read.cards.followerGrowth).toMatchObject({ value: 7, previous: 3 });
    // 1,000 before any day the statistics name, and 10 gained since.
    expect(read.cards.followers).toMatchObject({ value: 1_010, previous: 1_003 });
    expect(read.days).toHaveLength(30);
    expect(read.days.at(-1)).toMatchObject({ date: daysAgo(0), followers: 1_010 });
    const tenDaysAgo = read.days.findIndex((day) => day.date === daysAgo(10));
    expect(read.days[tenDaysAgo]).toMatchObject({ impressions: 500, clicks: 20, engagement: 37, followers: 1_010 });
    expect(read.days[tenDaysAgo - 1]).toMatchObject({ impressions: 0, followers: 1_003 });
  });

  it('reads the last days again at each snapshot without counting any twice', async () => {
    const { user, organization, page } = await userWithPage();
    page.history.set(daysAgo(5), { impressionCount: 200 });
    await h.services.collector.take(user.userId);
    expect((await pageFigures(user, organization)).cards.impressions.value).toBe(200);

    // Yesterday's figures settle after the first read; the next snapshot reads them again.
    page.history.set(daysAgo(1), { impressionCount: 40, organicFollowerGain: 2 });
    await h.services.collector.take(user.userId);
    await h.services.collector.take(user.userId);
    const again = await pageFigures(user, organization);
    expect(again.cards.impressions.value).toBe(240);
    expect(again.cards.followerGrowth.value).toBe(2);
  });

  it('says when the network refuses the figures, and keeps those read before', async () => {
    const { user, member, organization, page } = await userWithPage();
    page.history.set(daysAgo(3), { impressionCount: 90 });
    await h.services.collector.take(user.userId);

    // The member lost their role on the page: the network answers 403.
    page.roles.delete(member.sub);
    const outcome = await h.services.collector.take(user.userId);
    expect(outcome).toMatchObject({ status: 'taken', companyPages: 0 });
    const refused = await pageFigures(user, organization);
    expect(refused.state).toBe('refused');
    expect(refused.cards.impressions.value).toBe(90);

    // Given back, the next read clears it.
    page.roles.set(member.sub, 'ADMINISTRATOR');
    await h.services.collector.take(user.userId);
    expect((await pageFigures(user, organization)).state).toBe('read');
  });

  it("lists the page's posts with their figures from its statistics, unknown where the network refuses them", async () => {
    const { organization, accountId } = await userWithPage();
    const urn = `urn:li:share:${Date.now()}`;
    fake.posts.push({
      id: urn,
      author: organization,
      commentary: 'From the page',
      shown: 'From the page',
      body: {},
      createdAt: Date.now(),
    });
    fake.postFigures.set(urn, { REACTION: 41, COMMENT: 6, RESHARE: 3, IMPRESSION: 900 });
    const listed = await linkedin.listPosts(accountId, { author: organization });
    expect(
      listed.items.map((post) => [
        post.id,
        post.reaction_counter,
        post.comment_counter,
        post.repost_counter,
        post.impressions_counter,
      ]),
    ).toEqual([[urn, 41, 6, 3, 900]]);

    // The network refuses the statistics (a role that may post but not read them): the post is
    // listed all the same, its figures unknown.
    fake.options.failures.organizationalEntityShareStatistics = { status: 403, times: 1 };
    const refused = await linkedin.listPosts(accountId, { author: organization });
    expect(refused.items.map((post) => [post.id, post.reaction_counter])).toEqual([[urn, null]]);
  });

  it("answers a page the user did not add, or another user's, as unknown", async () => {
    const { organization } = await userWithPage();
    const { user } = await userWithPage();
    for (const asked of [organization, 'urn:li:organization:1', 'nonsense']) {
      const answer = await h.call(user, 'GET', `/api/v1/analytics/page?organization=${encodeURIComponent(asked)}`);
      expect(answer.statusCode, asked).toBe(404);
      expect(answer.json().code).toBe('analytics.unknown_page');
    }
  });

  it('asks the statistics in Rest.li 2.0 syntax, a UTC day at a time', () => {
    const request = pageStatisticsRequest('share', 'urn:li:organization:123', {
      start: new Date('2026-03-01T15:00:00Z'),
      end: new Date('2026-03-03T08:00:00Z'),
    });
    expect(request.path).toBe('/rest/organizationalEntityShareStatistics');
    expect(request.query).toBe(
      `q=organizationalEntity&organizationalEntity=urn%3Ali%3Aorganization%3A123&timeIntervals=(timeRange:(start:${Date.UTC(2026, 2, 1)},end:${Date.UTC(2026, 2, 4)}),timeGranularityType:DAY)`,
    );
  });
});
