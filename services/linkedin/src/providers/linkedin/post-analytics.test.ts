import { randomBytes, randomUUID } from 'node:crypto';
import { linkedinPostsResponseSchema, postDeletedOnNetworkEvent, QUEUES } from '@nashr/contracts';
import { NetworkRateBusy } from '@nashr/platform';
import { testIdentity } from '@nashr/platform/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { analyticsMemberDays, analyticsPostSnapshots, analyticsPosts } from '../../db/schema.js';
import { Sealer } from '../../sealer.js';
import { type FakeLinkedin, fakeMember, startFakeLinkedin } from '../../testing/fake-linkedin.js';
import { createHarness, type Harness } from '../../testing/harness.js';
import { FAKE_REDIRECT, fakeLinkedinProvider } from '../../testing/official-network.js';
import { ProviderError } from '../provider-error.js';
import { ProviderRouter } from '../provider-router.js';
import type { LinkedinProvider } from './linkedin-provider.js';
import { memberAnalyticsRequest, parseRestli, postAnalyticsRequest, restli } from './linkedin-requests.js';
import { TokenVault } from './token-vault.js';

const REDIRECT = FAKE_REDIRECT;

let fake: FakeLinkedin;
let h: Harness;
let vault: TokenVault;
/** An app granted the "Member Post Analytics API": its consent asks for r_member_postAnalytics. */
let withAnalytics: LinkedinProvider;
/** An app without it (or a member who declined it): the consent asks only for posting. */
let postingOnly: LinkedinProvider;

const make = (extraScopes: string[]) => fakeLinkedinProvider(fake, vault, { extraScopes });

beforeAll(async () => {
  fake = await startFakeLinkedin({ redirectUris: [REDIRECT] });
  h = await createHarness({
    provider: (db, sandbox) => {
      vault = new TokenVault(db, new Sealer(randomBytes(32).toString('base64')));
      withAnalytics = make(['r_member_postAnalytics']);
      postingOnly = make([]);
      return new ProviderRouter(withAnalytics, sandbox);
    },
  });
});
afterAll(async () => {
  await h.close();
  await fake.close();
});

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

/** Consents as `member` (a fresh one by default) through `provider`'s authorization page; answers the author URN. */
async function connected(provider: LinkedinProvider, as = fakeMember()): Promise<string> {
  fake.member = as;
  const start = provider.authorization();
  const back = new URL((await fetch(start.url, { redirect: 'manual' })).headers.get('location') ?? '');
  const member = await provider.completeAuthorization(back.searchParams.get('code') ?? '', start.codeVerifier);
  return member.accountId;
}

/** A user of this service whose account is the member `provider` connects. */
async function connectedUser(provider: LinkedinProvider) {
  const user = testIdentity();
  const accountId = await connected(provider);
  await h.services.accounts.markConnected(user.userId, 'linkedin', accountId, new Date(Date.now() + 86_400_000));
  return { user, accountId };
}

describe('Rest.li 2.0 query values', () => {
  it('writes records, lists and URNs escaped, and reads them back', () => {
    const value = { share: 'urn:li:share:7100', list: ['a,b', 'urn:li:person:x(y)'], n: 3 };
    const text = restli(value);
    expect(text).toBe('(share:urn%3Ali%3Ashare%3A7100,list:List(a%2Cb,urn%3Ali%3Aperson%3Ax%28y%29),n:3)');
    expect(parseRestli(text)).toEqual({ ...value, n: '3' });
    expect(parseRestli('List()')).toEqual([]);
    expect(() => parseRestli('(share:urn%3Ali')).toThrow();
  });

  it('builds the Member Post Analytics requests: q=entity for a post, q=me by day over a range', () => {
    expect(postAnalyticsRequest('urn:li:ugcPost:1', 'POST_SAVE').query).toBe(
      'q=entity&entity=(ugc:urn%3Ali%3AugcPost%3A1)&queryType=POST_SAVE&aggregation=TOTAL',
    );
    const range = { start: new Date('2025-07-01T00:00:00Z'), end: new Date('2025-07-31T00:00:00Z') };
    expect(memberAnalyticsRequest('IMPRESSION', 'DAILY', range, { start: 100, count: 100 }).query).toBe(
      'q=me&queryType=IMPRESSION&aggregation=DAILY' +
        '&dateRange=(start:(year:2025,month:7,day:1),end:(year:2025,month:7,day:31))&start=100&count=100',
    );
  });
});

describe('post analytics from the official network', () => {
  it('asks for r_member_postAnalytics when the app has it, keeps the grant, and reads every metric of a post', async () => {
    const start = new URL(withAnalytics.authorization().url);
    expect(start.searchParams.get('scope')).toBe('openid profile email w_member_social r_member_postAnalytics');
    const accountId = await connected(withAnalytics);
    expect((await vault.get(accountId))?.scope).toContain('r_member_postAnalytics');
    expect(await withAnalytics.analyticsCapabilities(accountId)).toMatchObject({
      postCounters: true,
      perPostAnalytics: true,
    });

    const { postId } = await withAnalytics.publish(accountId, { text: 'الأرقام الحقيقية' });
    const urn = postId ?? '';
    fake.postFigures.set(urn, { IMPRESSION: 1234, REACTION: 56, COMMENT: 7, RESHARE: 3, POST_SAVE: 9, POST_SEND: 4 });
    const before = fake.calls.length;
    expect(await withAnalytics.postAnalytics(accountId, urn)).toEqual({
      impressions: 1234,
      membersReached: fake.figuresOf(urn).MEMBERS_REACHED,
      reactions: 56,
      comments: 7,
      reposts: 3,
      saves: 9,
      sends: 4,
    });
    const calls = fake.calls.slice(before);
    expect(calls).toHaveLength(7);
    for (const call of calls) {
      expect(call).toMatchObject({
        call: 'GET /rest/memberCreatorPostAnalytics',
        version: '202601',
        restli: '2.0.0',
        authorization: true,
      });
    }
  });

  it('gives no post counters to a member who declined the scope, and the network refuses the call (403)', async () => {
    const accountId = await connected(postingOnly);
    expect((await vault.get(accountId))?.scope).not.toContain('r_member_postAnalytics');
    expect(await postingOnly.analyticsCapabilities(accountId)).toMatchObject({ postCounters: false });
    const { postId } = await postingOnly.publish(accountId, { text: 'no analytics' });
    const refused = await failure(postingOnly.postAnalytics(accountId, postId ?? ''));
    expect(refused.kind).toBe('insufficient_privileges');
    expect(refused.status).toBe(403);
  });

  it('keeps the granted scopes when the token is refreshed', async () => {
    const accountId = await connected(withAnalytics);
    fake.expire(fake.member.sub);
    const tokens = await vault.get(accountId);
    if (!tokens) throw new Error('no tokens');
    await vault.put(accountId, { ...tokens, expiresAt: new Date(Date.now() - 1000) });
    const { postId } = await withAnalytics.publish(accountId, { text: 'after refresh' });
    expect(fake.tokenRequests.at(-1)).toMatchObject({ grant_type: 'refresh_token' });
    expect((await vault.get(accountId))?.scope).toContain('r_member_postAnalytics');
    expect((await withAnalytics.postAnalytics(accountId, postId ?? '')).impressions).toBeGreaterThan(0);
  });

  it('says how long to wait on a 429, and tells a post deleted on the network (404)', async () => {
    const accountId = await connected(withAnalytics);
    const { postId } = await withAnalytics.publish(accountId, { text: 'soon gone' });
    fake.options.failures.memberCreatorPostAnalytics = { status: 429, times: 1, retryAfterSeconds: 42 };
    const limited = await failure(withAnalytics.postAnalytics(accountId, postId ?? ''));
    expect(limited).toMatchObject({ kind: 'rate_limited', retryAfterMs: 42_000, status: 429 });
    fake.deletePost(postId ?? '');
    const gone = await failure(withAnalytics.postAnalytics(accountId, postId ?? ''));
    expect(gone.kind).toBe('not_found');
  });

  it("reads the member's days, history before connecting included, over every page", async () => {
    const accountId = await connected(withAnalytics);
    const today = new Date();
    const day = (back: number) => new Date(today.getTime() - back * 86_400_000).toISOString().slice(0, 10);
    fake.memberHistory.clear();
    fake.memberHistory.set(day(150), { IMPRESSION: 500, REACTION: 20, POST_SAVE: 2, POST_SEND: 1 });
    fake.memberHistory.set(day(3), { IMPRESSION: 80, REACTION: 4 });
    const range = { start: new Date(today.getTime() - 179 * 86_400_000), end: today };
    const days = await withAnalytics.memberDailyAnalytics(accountId, range);
    // 180 days: two pages of each metric.
    expect(days).toHaveLength(180);
    expect(days.find((d) => d.date === day(150))).toMatchObject({
      impressions: 500,
      reactions: 20,
      saves: 2,
      sends: 1,
    });
    expect(days.find((d) => d.date === day(3))).toMatchObject({ impressions: 80, reactions: 4, saves: 0 });
    expect(days.filter((d) => d.impressions > 0)).toHaveLength(2);
    fake.memberHistory.clear();
  });
});

describe("snapshots of an official account's posts", () => {
  const stored = (userId: string, postId: string) =>
    h.database.db
      .select()
      .from(analyticsPosts)
      .where(and(eq(analyticsPosts.userId, userId), eq(analyticsPosts.postId, postId)));

  it('fill the counters, saves and sends from the network, count a gain once, and survive a deleted post', async () => {
    const { user, accountId } = await connectedUser(withAnalytics);
    const { postId } = await withAnalytics.publish(accountId, { text: `snapshot ${randomUUID()}` });
    const urn = postId ?? '';
    fake.postFigures.set(urn, { IMPRESSION: 300, REACTION: 10, COMMENT: 2, RESHARE: 1, POST_SAVE: 5, POST_SEND: 3 });

    const first = await h.services.collector.take(user.userId);
    expect(first).toMatchObject({ status: 'taken', imported: true, posts: 1 });
    expect((await stored(user.userId, urn))[0]).toMatchObject({
      impressions: 300,
      reactions: 10,
      comments: 2,
      reposts: 1,
      saves: 5,
      sends: 3,
    });

    // The same figures again: a snapshot, but nothing gained twice.
    await h.services.collector.take(user.userId);
    fake.postFigures.set(urn, { IMPRESSION: 350, REACTION: 12, COMMENT: 2, RESHARE: 1, POST_SAVE: 6, POST_SEND: 3 });
    await h.services.collector.take(user.userId);
    const gains = await h.database.db
      .select()
      .from(analyticsPostSnapshots)
      .where(and(eq(analyticsPostSnapshots.userId, user.userId), eq(analyticsPostSnapshots.postId, urn)));
    expect(gains.map((g) => g.engagementGained)).toEqual([13, 0, 2]);
    expect(gains.reduce((sum, g) => sum + g.impressionsGained, 0)).toBe(350);

    const answer = await h.call(user, 'GET', `/api/v1/analytics/posts/${encodeURIComponent(urn)}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().post).toMatchObject({ impressions: 350, reactions: 12, saves: 6, sends: 3 });

    const summary = (await h.call(user, 'GET', '/api/v1/analytics/summary?days=7')).json();
    expect(summary.cards.impressions).toMatchObject({ sample: false, value: 350 });
    // The top posts carry saves and sends beside the other figures.
    expect(summary.topPosts[0]).toMatchObject({ id: urn, impressions: 350, reactions: 12, saves: 6, sends: 3 });
    expect(summary.cards.postEngagement.sample).toBe(false);
    // What the connection cannot give keeps its badge, card by card.
    expect(summary.cards.profileViews.sample).toBe(true);
    expect(summary.cards.networkSize.sample).toBe(true);

    // Deleted on the network: the snapshot goes on, the post keeps its last figures.
    fake.deletePost(urn);
    expect(await h.services.collector.take(user.userId)).toMatchObject({ status: 'taken', posts: 0 });
    expect((await stored(user.userId, urn))[0]).toMatchObject({ impressions: 350, saves: 6 });
  });

  it("list the member's posts with the figures the snapshots read, and the others as unknown, never zero", async () => {
    const { user, accountId } = await connectedUser(withAnalytics);
    const { postId } = await withAnalytics.publish(accountId, { text: `listed ${randomUUID()}` });
    const urn = postId ?? '';
    fake.postFigures.set(urn, { IMPRESSION: 420, REACTION: 15, COMMENT: 4, RESHARE: 2 });
    const listed = async () =>
      linkedinPostsResponseSchema.parse((await h.call(user, 'POST', '/linkedln/getPosts', { data: {} })).json()).data
        .items;
    // Not read yet: the network lists the post without its figures.
    expect((await listed()).find((post) => post.id === urn)).toMatchObject({
      reaction_counter: null,
      impressions_counter: null,
    });
    await h.services.collector.take(user.userId);
    expect((await listed()).find((post) => post.id === urn)).toMatchObject({
      reaction_counter: 15,
      comment_counter: 4,
      repost_counter: 2,
      impressions_counter: 420,
    });

    // A member who declined post analytics: the snapshot read no figures, so none are shown.
    const declined = await connectedUser(postingOnly);
    const { postId: theirs } = await postingOnly.publish(declined.accountId, { text: `declined ${randomUUID()}` });
    await h.services.collector.take(declined.user.userId);
    const answer = (await h.call(declined.user, 'POST', '/linkedln/getPosts', { data: {} })).json();
    expect(linkedinPostsResponseSchema.parse(answer).data.items.find((post) => post.id === theirs)).toMatchObject({
      reaction_counter: null,
      comment_counter: null,
      repost_counter: null,
      impressions_counter: null,
    });
  });

  it('mark a post deleted on LinkedIn once, keep its figures and snapshots, and stop asking about it', async () => {
    const { user, accountId } = await connectedUser(withAnalytics);
    const kept = (await withAnalytics.publish(accountId, { text: `kept ${randomUUID()}` })).postId ?? '';
    const gone = (await withAnalytics.publish(accountId, { text: `gone ${randomUUID()}` })).postId ?? '';
    const never = (await withAnalytics.publish(accountId, { text: `never seen ${randomUUID()}` })).postId ?? '';
    fake.postFigures.set(kept, { IMPRESSION: 100, REACTION: 4, COMMENT: 1, RESHARE: 0, POST_SAVE: 1, POST_SEND: 0 });
    fake.postFigures.set(gone, { IMPRESSION: 200, REACTION: 8, COMMENT: 2, RESHARE: 1, POST_SAVE: 3, POST_SEND: 2 });
    // Deleted before any snapshot saw its figures.
    fake.deletePost(never);
    const analyticsCalls = () => fake.calls.filter((c) => c.call === 'GET /rest/memberCreatorPostAnalytics').length;
    const snapshotsOf = (postId: string) =>
      h.database.db
        .select()
        .from(analyticsPostSnapshots)
        .where(and(eq(analyticsPostSnapshots.userId, user.userId), eq(analyticsPostSnapshots.postId, postId)));

    expect(await h.services.collector.take(user.userId)).toMatchObject({ status: 'taken', posts: 2, deletedPosts: 1 });
    expect((await stored(user.userId, never))[0]?.deletedAt).toBeInstanceOf(Date);
    expect(await snapshotsOf(never)).toHaveLength(0);
    const summaryBefore = (await h.call(user, 'GET', '/api/v1/analytics/summary?days=7')).json();
    expect(summaryBefore.cards.impressions.value).toBe(300);

    fake.deletePost(gone);
    expect(await h.services.collector.take(user.userId)).toMatchObject({ status: 'taken', posts: 1, deletedPosts: 1 });
    const [marked] = await stored(user.userId, gone);
    expect(marked).toMatchObject({ impressions: 200, reactions: 8, saves: 3, sends: 2 });
    expect(marked?.deletedAt).toBeInstanceOf(Date);
    // Told as it was found: no later snapshot tells it again.
    expect(marked?.deletionToldAt).toEqual(marked?.deletedAt);
    expect(await snapshotsOf(gone)).toHaveLength(1);

    // Later snapshots read only the live post (7 metrics), and the deletion keeps its first time.
    fake.postFigures.set(gone, { IMPRESSION: 999, REACTION: 99 });
    for (let i = 0; i < 2; i++) {
      const calls = analyticsCalls();
      expect(await h.services.collector.take(user.userId)).toMatchObject({
        status: 'taken',
        posts: 1,
        deletedPosts: 0,
      });
      expect(analyticsCalls() - calls).toBe(7);
    }
    expect((await stored(user.userId, gone))[0]?.deletedAt).toEqual(marked?.deletedAt);
    expect(await snapshotsOf(gone)).toHaveLength(1);

    // Nothing is counted twice, and the post says it was deleted.
    const summary = (await h.call(user, 'GET', '/api/v1/analytics/summary?days=7')).json();
    expect(summary.cards.impressions.value).toBe(300);
    expect(summary.cards.postEngagement.value).toBe(summaryBefore.cards.postEngagement.value);
    const top = summary.topPosts.find((post: { id: string }) => post.id === gone);
    expect(top).toMatchObject({ impressions: 200, deletedAt: marked?.deletedAt?.toISOString() });
    expect(summary.topPosts.find((post: { id: string }) => post.id === kept)).toMatchObject({ deletedAt: null });
    const page = await h.call(user, 'GET', `/api/v1/analytics/posts/${encodeURIComponent(gone)}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().post).toMatchObject({ impressions: 200, deletedAt: marked?.deletedAt?.toISOString() });
    expect(page.json().points).toHaveLength(1);
    // The post deleted before any figure was read teaches the best times nothing.
    const best = await h.call(user, 'GET', '/api/v1/analytics/best-times?timeZone=UTC');
    expect(best.json().postsConsidered).toBe(2);

    // The posts service is told once of each deletion, with the time it was marked.
    const told = (await h.jobsOn(QUEUES.postsInbox, postDeletedOnNetworkEvent.name))
      .filter((job) => job.data.userId === user.userId)
      .map((job) => [job.data.networkPostId, job.data.deletedAt])
      .sort();
    const markedAt = async (postId: string) => (await stored(user.userId, postId))[0]?.deletedAt?.toISOString();
    expect(told).toEqual(
      [
        [gone, await markedAt(gone)],
        [never, await markedAt(never)],
      ].sort(),
    );
  });

  it('tell the posts service at the next snapshot of a deletion found before it was told of any, once', async () => {
    const { user, accountId } = await connectedUser(withAnalytics);
    const earlier = (await withAnalytics.publish(accountId, { text: `earlier ${randomUUID()}` })).postId ?? '';
    fake.postFigures.set(earlier, { IMPRESSION: 50, REACTION: 2, COMMENT: 0, RESHARE: 0, POST_SAVE: 0, POST_SEND: 0 });
    await h.services.collector.take(user.userId);
    // Marked deleted as it was before the posts service was told of deletions: no time told.
    const deletedAt = new Date(Date.now() - 3 * 86_400_000);
    await h.database.db
      .update(analyticsPosts)
      .set({ deletedAt, deletionToldAt: null })
      .where(and(eq(analyticsPosts.userId, user.userId), eq(analyticsPosts.postId, earlier)));
    const toldOf = async () =>
      (await h.jobsOn(QUEUES.postsInbox, postDeletedOnNetworkEvent.name))
        .filter((job) => job.data.userId === user.userId)
        .map((job) => [job.data.networkPostId, job.data.deletedAt]);
    expect(await toldOf()).toEqual([]);

    const publish = vi.spyOn(h.queues, 'publish');
    try {
      await h.services.collector.take(user.userId);
      expect(await toldOf()).toEqual([[earlier, deletedAt.toISOString()]]);
      expect((await stored(user.userId, earlier))[0]?.deletionToldAt).toBeInstanceOf(Date);
      // Told once: the snapshots after it do not tell it again.
      await h.services.collector.take(user.userId);
      const deletions = publish.mock.calls.filter(([event]) => event.name === postDeletedOnNetworkEvent.name);
      expect(deletions).toHaveLength(1);
    } finally {
      publish.mockRestore();
    }
  });

  it('import the days from before the connection through q=me once, beside the tracked posts, counting nothing twice', async () => {
    const { user, accountId } = await connectedUser(withAnalytics);
    const today = new Date();
    const day = (back: number) => new Date(today.getTime() - back * 86_400_000).toISOString().slice(0, 10);
    fake.memberHistory.clear();
    fake.memberHistory.set(day(300), {
      IMPRESSION: 900,
      REACTION: 30,
      COMMENT: 5,
      RESHARE: 2,
      POST_SAVE: 4,
      POST_SEND: 1,
    });
    fake.memberHistory.set(day(150), {
      IMPRESSION: 500,
      REACTION: 20,
      COMMENT: 3,
      RESHARE: 1,
      POST_SAVE: 2,
      POST_SEND: 1,
    });
    fake.memberHistory.set(day(40), { IMPRESSION: 80, REACTION: 4 });
    // Within the tracked posts' window: the posts' own snapshots count those days.
    fake.memberHistory.set(day(3), { IMPRESSION: 70, REACTION: 7 });
    const { postId } = await withAnalytics.publish(accountId, { text: `tracked ${randomUUID()}` });
    fake.postFigures.set(postId ?? '', { IMPRESSION: 300, REACTION: 10, COMMENT: 2, RESHARE: 1 });
    try {
      const analyticsCalls = () => fake.calls.filter((c) => c.call === 'GET /rest/memberCreatorPostAnalytics').length;
      // The network says "too many" midway: the account is held, the snapshot put off, and the
      // import is not done yet.
      fake.options.failures['q=me'] = { status: 429, times: 1, retryAfterSeconds: 1 };
      const putOff = await h.services.collector.take(user.userId).catch((e: unknown) => e);
      expect(putOff).toBeInstanceOf(NetworkRateBusy);
      expect((await h.services.snapshots.state(user.userId))?.importedAt ?? null).toBeNull();
      const before = analyticsCalls();
      expect(await h.services.collector.take(user.userId)).toMatchObject({
        status: 'taken',
        imported: true,
        posts: 1,
        memberDays: 3,
      });
      // The post's 7 metrics, and 4 windows of 100 days of 7 metrics each, paged.
      expect(analyticsCalls() - before).toBeGreaterThanOrEqual(7 + 4 * 7);

      const summary = (await h.call(user, 'GET', '/api/v1/analytics/summary?days=365&timeZone=UTC')).json();
      const on = (date: string) => summary.days.find((d: { date: string }) => d.date === date);
      expect(on(day(300))).toMatchObject({ impressions: 900, engagement: 37 });
      expect(on(day(150))).toMatchObject({ impressions: 500, engagement: 24 });
      expect(on(day(40))).toMatchObject({ impressions: 80, engagement: 4 });
      expect(on(day(3))).toMatchObject({ impressions: 0, engagement: 0 });
      expect(summary.cards.impressions.value).toBe(900 + 500 + 80 + 300);

      // Later snapshots do not import them again, and nothing adds up twice.
      const calls = analyticsCalls();
      expect(await h.services.collector.take(user.userId)).toMatchObject({ imported: false, memberDays: 0 });
      expect(analyticsCalls() - calls).toBe(7);
      const again = (await h.call(user, 'GET', '/api/v1/analytics/summary?days=365&timeZone=UTC')).json();
      expect(again.cards.impressions.value).toBe(1780);
      // The week before has figures: the 7-day card compares against it.
      const year = (await h.call(user, 'GET', '/api/v1/analytics/summary?days=90&timeZone=UTC')).json();
      expect(year.cards.impressions.previous).toBe(500);

      // 'Download my data' carries them, and deleting the account deletes them.
      const mine = (await h.call(user, 'GET', '/api/v1/linkedin/export')).json().data;
      expect(mine.analytics.memberDays.map((d: { day: string }) => d.day)).toEqual([day(300), day(150), day(40)]);
      await h.services.accounts.deleteUser(user.userId);
      const left = await h.database.db
        .select()
        .from(analyticsMemberDays)
        .where(eq(analyticsMemberDays.userId, user.userId));
      expect(left).toHaveLength(0);
    } finally {
      fake.memberHistory.clear();
    }
  });

  it('keep the sample badge on the post cards of a member who declined the analytics scope', async () => {
    const user = testIdentity();
    const accountId = await connected(postingOnly);
    await h.services.accounts.markConnected(user.userId, 'linkedin', accountId, new Date(Date.now() + 86_400_000));
    await postingOnly.publish(accountId, { text: 'declined' });
    const before = fake.calls.filter((c) => c.call === 'GET /rest/memberCreatorPostAnalytics').length;
    await h.services.collector.take(user.userId);
    expect(fake.calls.filter((c) => c.call === 'GET /rest/memberCreatorPostAnalytics')).toHaveLength(before);
    const summary = (await h.call(user, 'GET', '/api/v1/analytics/summary?days=7')).json();
    expect(summary.cards.impressions.sample).toBe(true);
    expect(summary.cards.postEngagement.sample).toBe(true);
  });

  it('keep the posts of a member who declined without figures, never zeros, and count them from their publishing day once allowed', async () => {
    const member = fakeMember();
    const user = testIdentity();
    const accountId = await connected(postingOnly, member);
    await h.services.accounts.markConnected(user.userId, 'linkedin', accountId, new Date(Date.now() + 86_400_000));
    const urn = (await postingOnly.publish(accountId, { text: `declined, then allowed ${randomUUID()}` })).postId ?? '';
    fake.postFigures.set(urn, { IMPRESSION: 500, REACTION: 20, COMMENT: 5, RESHARE: 1 });
    const snapshotsOf = () =>
      h.database.db
        .select()
        .from(analyticsPostSnapshots)
        .where(and(eq(analyticsPostSnapshots.userId, user.userId), eq(analyticsPostSnapshots.postId, urn)));
    const unknown = { reactions: null, comments: null, reposts: null, impressions: null };

    await h.services.collector.take(user.userId);
    expect((await stored(user.userId, urn))[0]).toMatchObject(unknown);
    expect(await snapshotsOf()).toHaveLength(0);
    const summary = (await h.call(user, 'GET', '/api/v1/analytics/summary?days=7')).json();
    // The post counts as published; its figures are unknown, not zero.
    expect(summary.topPosts).toEqual([expect.objectContaining({ id: urn, ...unknown, engagementRate: null })]);
    expect(summary.days.reduce((sum: number, day: { posts: number }) => sum + day.posts, 0)).toBe(1);
    const one = (await h.call(user, 'GET', `/api/v1/analytics/posts/${encodeURIComponent(urn)}`)).json();
    expect(one).toMatchObject({ post: unknown, points: [] });

    // The member allows post analytics: the figures are read, and what the post gathered counts on its day.
    expect(await connected(withAnalytics, member)).toBe(accountId);
    await h.services.collector.take(user.userId);
    const [read] = await stored(user.userId, urn);
    expect(read).toMatchObject({ impressions: 500, reactions: 20, comments: 5, reposts: 1 });
    const gains = await snapshotsOf();
    expect(gains).toEqual([expect.objectContaining({ engagementGained: 26, impressionsGained: 500 })]);
    expect(gains[0]?.gainedAt).toEqual(read?.publishedAt);
    const allowed = (await h.call(user, 'GET', '/api/v1/analytics/summary?days=7')).json();
    expect(allowed.cards.impressions).toMatchObject({ sample: false, value: 500 });

    // Declined again: a snapshot that reads no figures keeps those read before.
    await connected(postingOnly, member);
    await h.services.collector.take(user.userId);
    expect((await stored(user.userId, urn))[0]).toMatchObject({ impressions: 500, reactions: 20 });
    expect(await snapshotsOf()).toHaveLength(1);
  });
});
