import { API, userDeletedEvent } from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../db/schema.js';
import { instantToLocal } from '../schedule/local-time.js';
import { PostsHarness } from '../testing/harness.js';

let h: PostsHarness;
beforeAll(async () => {
  h = await PostsHarness.start();
  await h.startWorker();
});
afterAll(async () => {
  await h.close();
});

const fileExists = (key: string) =>
  h.storage.read(key).then(
    () => true,
    () => false,
  );

describe("a deleted account's uploads", () => {
  it('leave the object store with the account, not with the sweep a day later; others stay', async () => {
    const leaver = testIdentity();
    const stayer = testIdentity();
    const attached = await h.uploadImage(leaver);
    await h.uploadImage(leaver);
    await h.uploadImage(stayer);
    const scheduled = await h.call(leaver, API.posts.schedule, {
      body: {
        userId: leaver.userId,
        content: 'A post with its picture',
        date: instantToLocal(new Date(Date.now() + 3 * 86_400_000), 'UTC').date,
        time: '10:00 AM',
        timeZone: 'UTC',
        mediaIds: [attached],
      },
    });
    expect(scheduled.statusCode).toBe(201);
    const keysOf = async (userId: string) =>
      (await h.database.db.select().from(media).where(eq(media.userId, userId))).flatMap((row) => [
        row.storageKey,
        row.thumbnailKey,
      ]);
    const leaverKeys = await keysOf(leaver.userId);
    const stayerKeys = await keysOf(stayer.userId);
    expect(leaverKeys).toHaveLength(4);

    await h.queues.queues.publish(userDeletedEvent, { userId: leaver.userId, email: 'leaver@example.test' });

    await expect.poll(() => keysOf(leaver.userId)).toEqual([]);
    for (const key of leaverKeys) expect(await fileExists(key), key).toBe(false);
    for (const key of stayerKeys) expect(await fileExists(key), key).toBe(true);
  });
});
