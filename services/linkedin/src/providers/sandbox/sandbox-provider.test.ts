import { createDatabase } from '@nashr/platform';
import { createTestDatabase, type TestDatabase } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../app.js';
import { schema } from '../../db/schema.js';
import { ProviderError } from '../provider-error.js';
import { SandboxProvider } from './sandbox-provider.js';

let testDb: TestDatabase;
let apiDb: ReturnType<typeof createDatabase<typeof schema>>;
let workerDb: ReturnType<typeof createDatabase<typeof schema>>;

beforeAll(async () => {
  testDb = await createTestDatabase([{ migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'linkedin' }]);
  // Two pools, as the API and the worker processes have.
  apiDb = createDatabase({ url: testDb.url, schema });
  workerDb = createDatabase({ url: testDb.url, schema });
});
afterAll(async () => {
  await apiDb.close();
  await workerDb.close();
  await testDb.drop();
});

describe('sandbox network', () => {
  it('keeps its state where every process sees it', async () => {
    const api = new SandboxProvider(apiDb.db);
    const worker = new SandboxProvider(workerDb.db);
    const first = await api.connect({ username: '2fa@sandbox.test', password: 'x' });
    expect(first.status).toBe('checkpoint');
    expect(await worker.solveCheckpoint(first.accountId, '123456')).toEqual({
      status: 'connected',
      accountId: first.accountId,
    });
    const published = await worker.publish(first.accountId, { text: 'Seen by the API too' });
    const { items } = await api.listPosts(first.accountId, { limit: 5 });
    expect(items[0]).toMatchObject({ id: published.postId, text: 'Seen by the API too', impressions_counter: 0 });
  });

  it("administers one company page: posts as it apart from the member's posts, and gives its figures by day", async () => {
    const sandbox = new SandboxProvider(apiDb.db);
    const { accountId } = await sandbox.connect({ username: 'page-owner@example.com', password: 'x' });
    const { granted, pages } = await sandbox.listPages(accountId);
    expect(granted).toBe(true);
    expect(pages).toHaveLength(1);
    const organization = pages[0]?.organization ?? '';
    expect(organization).toMatch(/^urn:li:organization:\d+$/);
    const memberPosts = (await sandbox.listPosts(accountId, { limit: 100 })).items.length;

    const published = await sandbox.publish(accountId, { text: 'From the page', author: organization });
    expect(await sandbox.comment(accountId, published.postId ?? '', 'First comment', organization)).toMatchObject({
      commentId: expect.any(String),
    });
    const asPage = await sandbox.listPosts(accountId, { author: organization });
    expect(asPage.items.map((post) => [post.text, post.author.name])).toEqual([['From the page', pages[0]?.name]]);
    // The member's own list and figures leave the page's post out.
    expect((await sandbox.listPosts(accountId, { limit: 100 })).items).toHaveLength(memberPosts);
    const today = new Date().toISOString().slice(0, 10);
    const memberToday = await sandbox.memberDailyAnalytics(accountId, { start: new Date(), end: new Date() });
    expect(memberToday.map((day) => day.date)).toEqual([today]);

    const figures = await sandbox.pageAnalytics(accountId, organization, {
      start: new Date(Date.now() - 29 * 86_400_000),
      end: new Date(),
    });
    expect(figures.days).toHaveLength(30);
    expect(figures.days.at(-1)?.date).toBe(today);
    expect(figures.followers).toBeGreaterThan(0);
    // The same look gives the same figures.
    expect(
      await sandbox.pageAnalytics(accountId, organization, {
        start: new Date(Date.now() - 29 * 86_400_000),
        end: new Date(),
      }),
    ).toEqual(figures);

    // Another page is refused, as the network refuses a page the member does not administer.
    for (const refused of [
      () => sandbox.publish(accountId, { text: 'Not mine', author: 'urn:li:organization:1' }),
      () => sandbox.listPosts(accountId, { author: 'urn:li:organization:1' }),
      () => sandbox.pageAnalytics(accountId, 'urn:li:organization:1', { start: new Date(), end: new Date() }),
    ]) {
      await expect(refused()).rejects.toMatchObject({ kind: 'insufficient_privileges' });
    }
  });

  it("connects usernames that are names of an object's members like any other", async () => {
    const sandbox = new SandboxProvider(apiDb.db);
    for (const username of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect((await sandbox.connect({ username, password: 'a password' })).status).toBe('connected');
    }
  });

  it('gives the same person and posts to the same username every time', async () => {
    const a = new SandboxProvider(apiDb.db);
    const one = await a.connect({ username: 'same@example.com', password: 'x' });
    const profile = await a.getFullProfile(one.accountId);
    const again = await a.connect({ username: 'SAME@example.com ', password: 'x' });
    expect(again.accountId).toBe(one.accountId);
    expect(await a.getFullProfile(again.accountId)).toEqual(profile);
    const posts = await a.listPosts(one.accountId, { limit: 100 });
    expect(posts.items.length).toBeGreaterThanOrEqual(9);
  });

  it('adds latency when asked', async () => {
    const slow = new SandboxProvider(apiDb.db, { latencyMs: 150 });
    const started = Date.now();
    await slow.connect({ username: 'slow@example.com', password: 'x' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('injects failures at the configured rate', async () => {
    const broken = new SandboxProvider(apiDb.db, { failureRate: 1 });
    const error = await broken.connect({ username: 'x@example.com', password: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe('unavailable');
    const healthy = new SandboxProvider(apiDb.db, { failureRate: 0.5, random: () => 0.9 });
    expect((await healthy.connect({ username: 'x@example.com', password: 'x' })).status).toBe('connected');
  });

  it('expires a checkpoint after five minutes', async () => {
    let now = new Date('2030-01-01T10:00:00Z');
    const clock = new SandboxProvider(apiDb.db, { now: () => now });
    const first = await clock.connect({ username: 'otp@sandbox.test', password: 'x' });
    now = new Date('2030-01-01T10:06:00Z');
    const error = (await clock.solveCheckpoint(first.accountId, '123456').catch((e: unknown) => e)) as ProviderError;
    expect(error.kind).toBe('checkpoint_expired');
    expect(error.message).toBe('This verification step has expired. Please sign in again.');
  });

  it('answers the post analytics calls with daily figures, the same for the same post and day', async () => {
    let now = new Date('2031-03-10T15:00:00Z');
    const clock = new SandboxProvider(apiDb.db, { now: () => now });
    const { accountId } = await clock.connect({ username: 'daily@example.com', password: 'x' });
    expect(await clock.analyticsCapabilities()).toMatchObject({
      postCounters: true,
      postDaily: true,
      memberDaily: true,
    });
    const posts = (await clock.listPosts(accountId, { limit: 100 })).items;
    const ids = posts.map((post) => post.id);
    const days = await clock.postDailyAnalytics(accountId, [...ids, 'unknown']);
    expect([...days.keys()].sort()).toEqual([...ids].sort());
    const [first] = posts;
    const firstDays = days.get(first?.id ?? '') ?? [];
    expect(firstDays[0]?.date).toBe(first?.parsed_datetime.slice(0, 10));
    expect(firstDays.at(-1)?.date).toBe('2031-03-10');
    // The same answer from another process, and the total is the days summed.
    expect(
      (await new SandboxProvider(workerDb.db, { now: () => now }).postDailyAnalytics(accountId, ids)).get(
        first?.id ?? '',
      ),
    ).toEqual(firstDays);
    const totals = await clock.postAnalytics(accountId, first?.id ?? '');
    expect(totals.impressions).toBe(firstDays.reduce((sum, day) => sum + day.impressions, 0));
    expect(totals.impressions).toBeGreaterThan(0);

    // The member's days are every post's days summed, one entry a day of the range.
    const range = { start: new Date('2031-01-01T00:00:00Z'), end: new Date('2031-03-10T00:00:00Z') };
    const member = await clock.memberDailyAnalytics(accountId, range);
    expect(member).toHaveLength(69);
    const day = member.find((d) => d.impressions > 0);
    const expected = [...days.values()].flat().filter((d) => d.date === day?.date);
    expect(day?.impressions).toBe(expected.reduce((sum, d) => sum + d.impressions, 0));

    // Later, the figures have grown.
    now = new Date(now.getTime() + 30 * 3_600_000);
    expect((await clock.postAnalytics(accountId, first?.id ?? '')).impressions).toBeGreaterThan(totals.impressions);
    const gone = await clock.postAnalytics(accountId, 'unknown').catch((e: unknown) => e);
    expect((gone as ProviderError).kind).toBe('not_found');
  });

  it('grows the counters of a published post with its age', async () => {
    let now = new Date();
    const clock = new SandboxProvider(apiDb.db, { now: () => now });
    const { accountId } = await clock.connect({ username: 'growth@example.com', password: 'x' });
    const { postId } = await clock.publish(accountId, { text: 'Watch me grow' });
    now = new Date(now.getTime() + 6 * 3600 * 1000);
    const [post] = (await clock.listPosts(accountId, { limit: 1 })).items;
    expect(post?.id).toBe(postId);
    expect(post?.impressions_counter).toBeGreaterThan(1000);
    expect(post?.reaction_counter).toBeGreaterThan(0);
    expect(post?.date).toBe('6h');
  });
});
