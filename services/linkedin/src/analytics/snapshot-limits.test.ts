import { QUEUES } from '@nashr/contracts';
import { NetworkAccountRate, networkAccountKey } from '@nashr/platform';
import { testIdentity } from '@nashr/platform/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsPosts } from '../db/schema.js';
import type { NetworkProvider } from '../providers/network-provider.js';
import { ProviderError } from '../providers/provider-error.js';
import { sandboxAccountId } from '../providers/sandbox/sandbox-provider.js';
import { connectAndImport, giveSandboxHistory, runAnalyticsJob, startAnalyticsWorkers } from '../testing/analytics.js';
import { createHarness, type Harness } from '../testing/harness.js';

/** Every call the snapshots make to the network, by account: when it started. */
const calls = new Map<string, number[]>();
/** Accounts whose next post list the network refuses with a 429 asking to wait this long. */
const refuseNext = new Map<string, number>();
const WINDOW_MS = 1000;
const MAX_CALLS = 2;

let h: Harness;
let workers: { close: () => Promise<unknown> };

beforeAll(async () => {
  h = await createHarness({
    analytics: { rate: { limit: MAX_CALLS, windowMs: WINDOW_MS } },
    provider: (_db, sandbox): NetworkProvider => {
      const seen = (account: string) => calls.set(account, [...(calls.get(account) ?? []), Date.now()]);
      return {
        name: 'sandbox',
        connect: (c) => sandbox.connect(c),
        solveCheckpoint: (a, c) => sandbox.solveCheckpoint(a, c),
        resendCheckpoint: (a) => sandbox.resendCheckpoint(a),
        checkInAppValidation: (a) => sandbox.checkInAppValidation(a),
        getOwnProfile: (a) => sandbox.getOwnProfile(a),
        getFullProfile: (a) => {
          seen(a);
          return sandbox.getFullProfile(a);
        },
        listPosts: (a, p) => {
          seen(a);
          const wait = refuseNext.get(a);
          if (wait !== undefined) {
            refuseNext.delete(a);
            return Promise.reject(new ProviderError('rate_limited', undefined, { status: 429, retryAfterMs: wait }));
          }
          return sandbox.listPosts(a, p);
        },
        disconnect: (a) => sandbox.disconnect(a),
        publish: (a, p) => sandbox.publish(a, p),
        comment: (a, p, t) => sandbox.comment(a, p, t),
      };
    },
  });
  workers = startAnalyticsWorkers(h, () => new Date());
});
afterAll(async () => {
  await workers?.close();
  await h?.close();
});

/** Most calls any one window of the limiter saw for an account. */
const busiestWindow = (times: number[]) => {
  const perWindow = new Map<number, number>();
  for (const t of times) perWindow.set(Math.floor(t / WINDOW_MS), (perWindow.get(Math.floor(t / WINDOW_MS)) ?? 0) + 1);
  return Math.max(...perWindow.values());
};

describe("each account's network calls", () => {
  it('stay within the per-account limit while a long history is imported page by page', async () => {
    const username = 'prolific@example.com';
    const start = Date.now();
    await giveSandboxHistory(
      h,
      username,
      Array.from({ length: 250 }, (_, i) => ({
        text: `Post ${i}`,
        createdAt: new Date(start - (i + 1) * 86_400_000),
        impressions: 100 + i,
      })),
    );
    const user = testIdentity();
    await connectAndImport(h, user, username);
    // The profile and three pages of posts: four calls, at most two a window.
    const times = calls.get(sandboxAccountId(username)) ?? [];
    expect(times).toHaveLength(4);
    expect(busiestWindow(times)).toBeLessThanOrEqual(MAX_CALLS);
    expect((times.at(-1) ?? 0) - (times[0] ?? 0)).toBeGreaterThan(0);
    const kept = await h.database.db.select().from(analyticsPosts).where(eq(analyticsPosts.userId, user.userId));
    expect(kept).toHaveLength(250);
  });

  it("leave another account's snapshot alone while one is held back", async () => {
    const busy = testIdentity();
    const free = testIdentity();
    await connectAndImport(h, busy, 'busy@example.com');
    await connectAndImport(h, free, 'free@example.com');
    const busyId = sandboxAccountId('busy@example.com');
    const freeId = sandboxAccountId('free@example.com');
    calls.clear();
    // Two snapshots of the busy account at once need four calls: the second waits a window.
    const both = Promise.all([
      runAnalyticsJob(h, { name: 'snapshot', userId: busy.userId }),
      runAnalyticsJob(h, { name: 'snapshot', userId: busy.userId }),
    ]);
    await runAnalyticsJob(h, { name: 'snapshot', userId: free.userId });
    await both;
    expect(busiestWindow(calls.get(busyId) ?? [])).toBeLessThanOrEqual(MAX_CALLS);
    expect(calls.get(busyId)).toHaveLength(4);
    expect(calls.get(freeId)).toHaveLength(2);
  });

  it('wait out a 429 for as long as the network asked, then take the snapshot', async () => {
    const user = testIdentity();
    const username = 'limited@example.com';
    await connectAndImport(h, user, username);
    const networkId = sandboxAccountId(username);
    calls.clear();
    refuseNext.set(networkId, 1500);
    const started = Date.now();
    const outcome = await runAnalyticsJob(h, { name: 'snapshot', userId: user.userId });
    expect(outcome).toMatchObject({ status: 'taken', imported: false });
    const times = calls.get(networkId) ?? [];
    // The profile, the refused list, then (after the wait) the profile and the list again.
    expect(times).toHaveLength(4);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(1400);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    const jobs = await h.queues.get(QUEUES.linkedinAnalytics).getJobs(['failed']);
    expect(jobs.filter((job) => job.data.userId === user.userId)).toEqual([]);
  });

  it("share the account's one budget with Engage: a 429 Engage met as the account holds the snapshot back too", async () => {
    const user = testIdentity();
    const username = 'shared@example.com';
    await connectAndImport(h, user, username);
    const networkId = sandboxAccountId(username);
    // Engage's sandbox provider calls as the user's account under this key, in the same Redis.
    const engage = new NetworkAccountRate(h.redis.redis, {
      prefix: h.redis.prefix,
      limit: MAX_CALLS,
      windowMs: WINDOW_MS,
    });
    const account = networkAccountKey({ provider: 'sandbox', userId: user.userId });

    // Engage met a 429 as the account: the snapshot waits it out too.
    calls.clear();
    const heldAt = Date.now();
    await engage.holdOff(account, 3000);
    const outcome = await runAnalyticsJob(h, { name: 'snapshot', userId: user.userId });
    expect(outcome).toMatchObject({ status: 'taken' });
    expect((calls.get(networkId)?.[0] ?? 0) - heldAt).toBeGreaterThanOrEqual(2900);
  });
});
