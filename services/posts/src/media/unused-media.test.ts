import { API, WORKSPACE_HEADER } from '@nashr/contracts';
import { createCapturingLogger, testIdentity } from '@nashr/platform/testing';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../db/schema.js';
import { instantToLocal } from '../schedule/local-time.js';
import { PostsHarness } from '../testing/harness.js';
import { deleteUnusedMedia } from './unused-media.js';

let h: PostsHarness;
beforeAll(async () => {
  h = await PostsHarness.start();
});
afterAll(async () => {
  await h.close();
});

const DAY = 86_400_000;
const me = testIdentity();

async function upload(identity = me): Promise<{ id: string; storageKey: string; thumbnailKey: string }> {
  const id = await h.uploadImage(identity);
  const [row] = await h.database.db
    .select()
    .from(media)
    .where(inArray(media.id, [id]));
  return { id, storageKey: row?.storageKey as string, thumbnailKey: row?.thumbnailKey as string };
}

const fileExists = (key: string) =>
  h.storage.read(key).then(
    () => true,
    () => false,
  );

describe('images no post or draft uses', () => {
  it('are deleted, rows and files, once uploaded over a day ago; used and recent ones stay', async () => {
    const [onPost, onDraft, onDeletedDraft, neverUsed, recent] = [
      await upload(),
      await upload(),
      await upload(),
      await upload(),
      await upload(),
    ] as const;
    const scheduled = await h.call(me, API.posts.schedule, {
      body: {
        userId: me.userId,
        content: 'A post with its picture',
        date: instantToLocal(new Date(Date.now() + 3 * DAY), 'UTC').date,
        time: '10:00 AM',
        timeZone: 'UTC',
        mediaIds: [onPost.id],
      },
    });
    expect(scheduled.statusCode).toBe(201);
    const kept = await h.call(me, API.posts.createDraft, { body: { content: 'kept', mediaIds: [onDraft.id] } });
    expect(kept.statusCode).toBe(201);
    const dropped = await h.call(me, API.posts.createDraft, {
      body: {
        content: 'dropped',
        mediaIds: [onDeletedDraft.id],
      },
    });
    expect(dropped.statusCode).toBe(201);
    expect((await h.request(me, 'DELETE', `/api/v1/drafts/${dropped.json().data.id}`)).statusCode).toBeLessThan(300);

    // Every upload but the recent one was made two days ago.
    const old = [onPost, onDraft, onDeletedDraft, neverUsed].map((upload) => upload.id);
    await h.database.db.update(media).set({ createdAt: sql`now() - interval '2 days'` }).where(inArray(media.id, old));

    const { logger } = createCapturingLogger();
    const deleted = await deleteUnusedMedia(h.database.db, h.storage, new Date(Date.now() - DAY), logger);
    expect(deleted).toBe(2);

    for (const gone of [onDeletedDraft, neverUsed]) {
      expect((await h.request(me, 'GET', `/api/v1/media/${gone.id}`)).statusCode).toBe(404);
      expect(await fileExists(gone.storageKey)).toBe(false);
      expect(await fileExists(gone.thumbnailKey)).toBe(false);
    }
    for (const stays of [onPost, onDraft, recent]) {
      expect((await h.request(me, 'GET', `/api/v1/media/${stays.id}`)).statusCode).toBe(200);
      expect(await fileExists(stays.storageKey)).toBe(true);
      expect(await fileExists(stays.thumbnailKey)).toBe(true);
    }
    // Nothing left to do: a second sweep (or another worker's) deletes nothing more.
    expect(await deleteUnusedMedia(h.database.db, h.storage, new Date(Date.now() - DAY), logger)).toBe(0);
  });

  it("keep a teammate's image on a post made from their draft in a shared workspace", async () => {
    await h.startWorker(); // to hear of the team
    const t = await h.team();
    const image = await upload(t.contributor);
    const draft = await h.call(t.contributor, API.posts.createDraft, {
      body: { content: 'Our offsite, in pictures', mediaIds: [image.id] },
      headers: { [WORKSPACE_HEADER]: t.id },
    });
    expect(draft.statusCode, draft.body).toBe(201);
    // The editor schedules it with the contributor's image; the draft is deleted once scheduled.
    const post = await h.call(t.editor, API.posts.schedule, {
      body: {
        userId: t.editor.userId,
        content: 'Our offsite, in pictures',
        date: instantToLocal(new Date(Date.now() + 3 * DAY), 'UTC').date,
        time: '10:00 AM',
        timeZone: 'UTC',
        mediaIds: [image.id],
        draftId: draft.json().data.id,
      },
      headers: { [WORKSPACE_HEADER]: t.id },
    });
    expect(post.statusCode, post.body).toBe(201);
    await h.database.db
      .update(media)
      .set({ createdAt: sql`now() - interval '2 days'` })
      .where(inArray(media.id, [image.id]));

    const { logger } = createCapturingLogger();
    await deleteUnusedMedia(h.database.db, h.storage, new Date(Date.now() - DAY), logger);

    expect((await h.request(t.editor, 'GET', `/api/v1/media/${image.id}`)).statusCode).toBe(200);
    expect(await fileExists(image.storageKey)).toBe(true);
  });
});
