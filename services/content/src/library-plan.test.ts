import {
  type EntitlementChanged,
  entitlementChangedEvent,
  type Identity,
  LIBRARY_LOCKED_COUNT_CAP,
  QUEUES,
  userDeletedEvent,
} from '@nashr/contracts';
import { identityHeaders, type Queues, type ServiceApp } from '@nashr/platform';
import { TEST_INTERNAL_SECRET, testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LibraryStore } from './library-store.js';
import { librarySeed } from './seed/library.js';
import { type Harness, startHarness } from './testing/harness.js';

let h: Harness;
let database: Harness['database'];
let app: ServiceApp;
let queues: Queues;

beforeAll(async () => {
  h = await startHarness();
  ({ database, app, queues } = h);
});
afterAll(async () => {
  await h?.close();
});

const search = async (me: Identity, query: Record<string, string> = {}) => {
  const res = await app.inject({
    method: 'GET',
    url: '/api/v1/library/posts',
    query: { limit: '50', ...query },
    headers: identityHeaders(me, TEST_INTERNAL_SECRET),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    posts: { id: string; body: string }[];
    hasMore: boolean;
    plan: { shown: number | null; locked: number; lockedMore: boolean };
  };
};

/** What the billing service announces when a plan changes, through the real content inbox. */
const entitlement = async (me: Identity, change: Partial<EntitlementChanged> & { version: number }) => {
  await queues.publish(
    entitlementChangedEvent,
    {
      userId: me.userId,
      plan: 'trial',
      status: 'trialing',
      active: true,
      limits: {
        weeklyPosts: 10,
        aiCredits: 100,
        commentingCredits: 0,
        engage: false,
        library: 3,
        workspaces: 1,
        seats: 1,
        pages: 1,
      },
      periodStart: null,
      periodEnd: null,
      ...change,
    },
    { id: `${me.userId}-${change.version}` },
  );
};

describe("the plan's share of the library", () => {
  it('shows the whole library to someone billing has not spoken of', async () => {
    const all = await search(testIdentity());
    expect(all.posts.length).toBe(librarySeed.length);
    expect(all.plan).toEqual({ shown: null, locked: 0, lockedMore: false });
  });

  it('shows the newest posts a plan allows, says how many more a search found, and follows plan changes', async () => {
    const me = testIdentity();
    const everything = await search(testIdentity());
    await entitlement(me, { version: 1 });
    await expect.poll(async () => (await search(me)).plan.shown, { timeout: 10_000 }).toBe(3);
    const limited = await search(me);
    expect(limited.posts.map((p) => p.id)).toEqual(everything.posts.slice(0, 3).map((p) => p.id));
    expect(limited.hasMore).toBe(false);
    expect(limited.plan).toEqual({ shown: 3, locked: librarySeed.length - 3, lockedMore: false });

    // A search finds within the share, and counts its matches beyond it.
    const oldest =
      everything.posts
        .at(-1)
        ?.body.split(/\s+/)
        .find((word) => word.length > 5) ?? '';
    const found = await search(me, { q: oldest });
    expect(found.posts.map((p) => p.id)).not.toContain(everything.posts.at(-1)?.id);
    expect(found.plan.locked).toBeGreaterThanOrEqual(1);
    // Paging cannot reach past the share either.
    expect((await search(me, { offset: '3' })).posts).toEqual([]);

    // Pro: the whole library. An older event arriving late changes nothing.
    await entitlement(me, {
      version: 3,
      plan: 'pro',
      status: 'active',
      limits: {
        weeklyPosts: null,
        aiCredits: 5000,
        commentingCredits: 1500,
        engage: true,
        library: null,
        workspaces: 1,
        seats: 1,
        pages: 1,
      },
    });
    await expect.poll(async () => (await search(me)).plan.shown, { timeout: 10_000 }).toBeNull();
    await entitlement(me, { version: 2 });
    await entitlement(me, { version: 4, plan: 'pro', status: 'expired', active: false });
    // The ended plan shows nothing; the late version 2 was ignored on the way.
    await expect
      .poll(async () => (await search(me)).plan, { timeout: 10_000 })
      .toEqual({
        shown: 0,
        locked: librarySeed.length,
        lockedMore: false,
      });
    expect((await search(me)).posts).toEqual([]);
    const late = await queues.get(QUEUES.contentInbox).getJob(`${entitlementChangedEvent.name}-${me.userId}-2`);
    await expect.poll(async () => late?.getState(), { timeout: 10_000 }).toBe('completed');
    expect((await search(me)).plan.shown).toBe(0);
  });

  it(`counts up to ${LIBRARY_LOCKED_COUNT_CAP} posts beyond the share, then says there are more`, async () => {
    const me = testIdentity();
    await entitlement(me, { version: 1 });
    await expect.poll(async () => (await search(me)).plan.shown, { timeout: 10_000 }).toBe(3);
    const added = await new LibraryStore(database.db).seed(
      Array.from({ length: LIBRARY_LOCKED_COUNT_CAP }, (_, i) => ({
        lang: 'en' as const,
        author: 'Counting',
        body: `Counted post number ${i + 1}.`,
        topic: 'learning' as const,
        format: 'lesson' as const,
        hidden: false,
        seedKey: `count-${i}`,
        createdAt: new Date(Date.UTC(2020, 0, 1) - i * 60_000),
      })),
    );
    expect(added).toBe(LIBRARY_LOCKED_COUNT_CAP);
    expect((await search(me)).plan).toEqual({ shown: 3, locked: LIBRARY_LOCKED_COUNT_CAP, lockedMore: true });
    // A search finding fewer says exactly how many.
    expect((await search(me, { q: 'counted' })).plan).toEqual({
      shown: 3,
      locked: LIBRARY_LOCKED_COUNT_CAP,
      lockedMore: false,
    });
  });

  it("forgets a deleted account's favourites and plan copy", async () => {
    const me = testIdentity();
    const [post] = (await search(me)).posts;
    const headers = identityHeaders(me, TEST_INTERNAL_SECRET);
    expect(
      (await app.inject({ method: 'PUT', url: `/api/v1/library/favourites/${post?.id}`, headers })).statusCode,
    ).toBe(200);
    await entitlement(me, { version: 1 });
    await expect.poll(async () => (await search(me)).plan.shown, { timeout: 10_000 }).toBe(3);

    await queues.publish(userDeletedEvent, { userId: me.userId, email: 'leaver@example.test' });
    await expect.poll(async () => (await search(me)).plan.shown, { timeout: 10_000 }).toBeNull();
    expect((await search(me, { favourites: '1' })).posts).toEqual([]);
  });
});
