import { accountConnectedEvent, QUEUES } from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostsHarness } from '../testing/harness.js';
import type { PostsWorker } from './posts-worker.js';

const DAY = 86_400_000;
let h: PostsHarness;
let worker: PostsWorker;

beforeAll(async () => {
  h = await PostsHarness.start();
  worker = await h.startWorker();
});
afterAll(async () => {
  await worker?.close();
  await h?.close();
});

const inDays = (days: number) => new Date(Date.now() + days * DAY);

/** What the posts service told the auth service about the user's scheduled posts. */
const told = async (userId: string) =>
  (await h.queues.queues.get(QUEUES.authInbox).getJobs(['waiting', 'delayed', 'completed', 'failed']))
    .filter((j) => j.name === 'post-needs-attention' && j.data.userId === userId)
    .map((j) => ({ id: j.id, postId: j.data.postId, cause: j.data.cause }))
    .sort((a, b) => String(a.id).localeCompare(String(b.id)));

/** Announces a (re)connection as the linkedin service does, and waits until the posts worker handled it. */
async function connected(userId: string, expiresAt: Date | null, changedAt: number) {
  const inbox = h.queues.queues.get(QUEUES.postsInbox);
  const id = `${userId}-${changedAt}`;
  await h.queues.queues.publish(
    accountConnectedEvent,
    { userId, changedAt, accessExpiresAt: expiresAt?.toISOString() ?? null },
    { id },
  );
  await expect
    .poll(async () => (await inbox.getJob(`account-connected-${id}`))?.finishedOn ?? null, { timeout: 15_000 })
    .not.toBeNull();
  expect((await inbox.getJob(`account-connected-${id}`))?.failedReason).toBeUndefined();
}

const schedule = (userId: string, instant: Date, content: string) =>
  h.service.schedule(userId, content, { instant, timeZone: 'Asia/Riyadh' });

describe('a scheduled post due after the connection expires', () => {
  it('needs attention as soon as the expiry is known, once per post and expiry; a reconnection tells no more', async () => {
    const user = testIdentity();
    const before = await schedule(user.userId, inDays(5), 'Before the end');
    const after = await schedule(user.userId, inDays(20), 'After the end');
    expect(await told(user.userId)).toEqual([]);

    const ends = inDays(10);
    await connected(user.userId, ends, Date.now() - 2000);
    const expected = [
      {
        id: `post-needs-attention-${after.id}-connection_expires-${ends.getTime()}`,
        postId: after.id,
        cause: 'connection_expires',
      },
    ];
    expect(await told(user.userId)).toEqual(expected);

    // The same announcement again, or an older one arriving late, tells nothing more.
    await connected(user.userId, inDays(1), Date.now() - 5000);
    expect(await told(user.userId)).toEqual(expected);

    // Reconnected: the new end is after both posts.
    await connected(user.userId, inDays(60), Date.now() - 1000);
    expect(await told(user.userId)).toEqual(expected);
    expect(before.id).not.toBe(after.id);
  });

  it('needs attention when scheduled or moved past the known expiry, and not before it', async () => {
    const user = testIdentity();
    const ends = inDays(10);
    await connected(user.userId, ends, Date.now());

    const inTime = await schedule(user.userId, inDays(3), 'In time');
    expect(await told(user.userId)).toEqual([]);

    const tooLate = await schedule(user.userId, inDays(12), 'Too late');
    const moved = await h.service.edit(user.userId, inTime.id, {
      reschedule: () => ({ instant: inDays(11), timeZone: 'Asia/Riyadh', enteredDate: '', enteredTime: '' }),
    });
    expect(moved.status).toBe('scheduled');
    expect(await told(user.userId)).toEqual(
      [tooLate, inTime]
        .map((post) => ({
          id: `post-needs-attention-${post.id}-connection_expires-${ends.getTime()}`,
          postId: post.id,
          cause: 'connection_expires',
        }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    );
  });
});
