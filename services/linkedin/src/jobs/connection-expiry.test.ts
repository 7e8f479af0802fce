import { connectionExpiryTickJob, QUEUES } from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../testing/harness.js';
import { startInboxWorker } from './linkedin-inbox.js';

const DAY = 86_400_000;
let h: Harness;
let now = new Date('2026-11-25T10:00:00Z');
let worker: ReturnType<typeof startInboxWorker>;

beforeAll(async () => {
  h = await createHarness();
  worker = startInboxWorker(
    {
      userData: h.services.userData,
      accounts: h.services.accounts,
      profiles: h.services.profiles,
      schedules: h.services.analyticsSchedules,
      queues: h.queues,
      clock: () => now,
    },
    { connection: h.redis.redis.duplicate({ maxRetriesPerRequest: null }), prefix: h.redis.prefix },
    { logger: h.deps.logger },
  );
});
afterAll(async () => {
  await worker?.close();
  await h?.close();
});

/** Runs one hourly look through the real queue and waits for it to finish. */
async function tick(): Promise<void> {
  const job = await h.queues.enqueue(connectionExpiryTickJob, {});
  for (let i = 0; i < 300; i++) {
    const state = await job.getState();
    if (state === 'completed') return;
    if (state === 'failed') throw new Error('the expiry look failed');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the expiry look did not finish');
}

const reminders = async (userId: string) =>
  (await h.jobsOn(QUEUES.authInbox, 'connection-expiring'))
    .filter((job) => job.data.userId === userId)
    .map((job) => ({ reminder: job.data.reminder, expiresAt: job.data.expiresAt }))
    .sort((a, b) => `${a.expiresAt}${a.reminder}`.localeCompare(`${b.expiresAt}${b.reminder}`));

describe('reminders before a connection expires', () => {
  it('tells once a week before and once the day before, and starts again after a reconnection', async () => {
    const user = testIdentity();
    const later = testIdentity();
    const expires = new Date(now.getTime() + 10 * DAY);
    await h.services.accounts.markConnected(user.userId, 'linkedin', 'member-1', expires);
    // A connection far from its expiry is not reminded.
    await h.services.accounts.markConnected(later.userId, 'linkedin', 'member-2', new Date(now.getTime() + 50 * DAY));

    await tick();
    expect(await reminders(user.userId)).toEqual([]);

    now = new Date(expires.getTime() - 7 * DAY + 60_000);
    await tick();
    await tick(); // the next hour repeats nothing
    expect(await reminders(user.userId)).toEqual([{ reminder: '7d', expiresAt: expires.toISOString() }]);

    now = new Date(expires.getTime() - DAY + 60_000);
    await tick();
    expect(await reminders(user.userId)).toEqual([
      { reminder: '1d', expiresAt: expires.toISOString() },
      { reminder: '7d', expiresAt: expires.toISOString() },
    ]);

    // Reconnecting gives a new token: its own reminders, later.
    const renewed = new Date(now.getTime() + 60 * DAY);
    await h.services.accounts.markConnected(user.userId, 'linkedin', 'member-1', renewed);
    await tick();
    expect(await reminders(user.userId)).toHaveLength(2);
    now = new Date(renewed.getTime() - 6 * DAY);
    await tick();
    expect((await reminders(user.userId)).at(-1)).toEqual({ reminder: '7d', expiresAt: renewed.toISOString() });
    expect(await reminders(later.userId)).toEqual([]);
  });

  it('does not remind a connection that is already lost', async () => {
    const user = testIdentity();
    const row = await h.services.accounts.markConnected(
      user.userId,
      'linkedin',
      'member-3',
      new Date(now.getTime() + 3 * DAY),
    );
    await h.services.accounts.markDisconnected(row, 'revoked');
    await tick();
    expect(await reminders(user.userId)).toEqual([]);
  });
});
