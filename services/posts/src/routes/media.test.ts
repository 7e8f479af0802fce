import { API, MAX_DAILY_UPLOADS, MAX_POST_IMAGES, MEDIA_ERROR_CODES, POST_ERROR_CODES } from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../db/schema.js';
import { instantToLocal } from '../schedule/local-time.js';
import type { FakeLinkedin } from '../testing/fake-linkedin.js';
import { PostsHarness } from '../testing/harness.js';

let h: PostsHarness;
let linkedin: FakeLinkedin;
beforeAll(async () => {
  h = await PostsHarness.start();
  linkedin = h.startFakeLinkedin();
  await h.startWorker();
});
afterAll(async () => {
  await h.close();
});

const SERIAL = 'SN-7731-NASHR';
/** A photo as a phone writes it: the camera's serial and the place it was taken in its EXIF. */
const photoWithGps = () =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'NashrCam', Model: SERIAL },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '24/1 42/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '46/1 40/1 0/1' },
    })
    .toBuffer();
const png = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 4, background: '#22aa55ff' } })
    .png()
    .toBuffer();

async function uploadImage(identity = testIdentity()): Promise<string> {
  const answer = await h.upload(identity, await png(), 'image/png');
  expect(answer.statusCode).toBe(201);
  return answer.json().data.id as string;
}

const inThreeDays = () => instantToLocal(new Date(Date.now() + 3 * 86_400_000), 'Asia/Riyadh').date;

describe('uploading an image', () => {
  it('keeps the pixels and drops the metadata: no GPS position, no camera serial', async () => {
    const me = testIdentity();
    const original = await photoWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    expect(original.includes(Buffer.from(SERIAL))).toBe(true);

    // The declared type is ignored: the content says what the file is.
    const answer = await h.upload(me, original, 'text/plain');
    expect(answer.statusCode).toBe(201);
    const uploaded = answer.json().data;
    expect(uploaded).toMatchObject({ kind: 'image', contentType: 'image/jpeg', width: 320, height: 200 });

    const stored = await h.request(me, 'GET', `/api/v1/media/${uploaded.id}`);
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['content-type']).toBe('image/jpeg');
    const cleaned = stored.rawPayload;
    const meta = await sharp(cleaned).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(320);
    expect(cleaned.includes(Buffer.from(SERIAL))).toBe(false);
    expect(cleaned.includes(Buffer.from('NashrCam'))).toBe(false);

    const thumbnail = await h.request(me, 'GET', `/api/v1/media/${uploaded.id}/thumbnail`);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    const thumb = await sharp(thumbnail.rawPayload).metadata();
    expect(thumb.format).toBe('webp');
    expect(Math.max(thumb.width ?? 0, thumb.height ?? 0)).toBeLessThanOrEqual(400);
  });

  it('refuses a renamed executable, whatever type it claims', async () => {
    const me = testIdentity();
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4096, 0x90)]);
    const answer = await h.upload(me, elf, 'image/jpeg');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe(MEDIA_ERROR_CODES.unsupportedType);
    const windows = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(2048, 1)]);
    expect((await h.upload(me, windows, 'image/png')).json().code).toBe(MEDIA_ERROR_CODES.unsupportedType);
    // A browser sends no type at all for a file it does not know.
    expect((await h.upload(me, windows, null)).json().code).toBe(MEDIA_ERROR_CODES.unsupportedType);
    const declaredJson = await h.upload(me, Buffer.from('{"a":1}'), 'application/json');
    expect(declaredJson.json().code).toBe(MEDIA_ERROR_CODES.unsupportedType);
    expect(await h.database.db.select().from(media).where(eq(media.userId, me.userId))).toEqual([]);
  });

  it('refuses an image over 5 MB, an empty file and a truncated one', async () => {
    const me = testIdentity();
    // A real PNG header followed by 6 MB: refused by size as soon as the limit is passed.
    const big = Buffer.concat([(await png()).subarray(0, 16), Buffer.alloc(6 * 1024 * 1024, 1)]);
    const tooBig = await h.upload(me, big, 'image/png');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: MEDIA_ERROR_CODES.imageTooLarge, params: { limit: '5 MB' } });

    const empty = await h.upload(me, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe(MEDIA_ERROR_CODES.empty);

    const photo = await photoWithGps();
    const truncated = await h.upload(me, photo.subarray(0, Math.floor(photo.length / 2)), 'image/jpeg');
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().code).toBe(MEDIA_ERROR_CODES.undecodable);
    expect(await h.database.db.select().from(media).where(eq(media.userId, me.userId))).toEqual([]);
  });

  it("answers 404 for another user's image", async () => {
    const id = await uploadImage();
    const other = testIdentity();
    for (const path of [`/api/v1/media/${id}`, `/api/v1/media/${id}/thumbnail`]) {
      const answer = await h.request(other, 'GET', path);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().code).toBe(MEDIA_ERROR_CODES.notFound);
    }
  });
  it("refuses an upload past the day's limit, counting the last 24 hours only", async () => {
    const me = testIdentity();
    // Earlier uploads of the day, written straight to the table (their files do not matter here).
    await h.database.db.insert(media).values(
      Array.from({ length: MAX_DAILY_UPLOADS }, (_, n) => ({
        userId: me.userId,
        kind: 'image' as const,
        contentType: 'image/png' as const,
        bytes: 1,
        width: 1,
        height: 1,
        storageKey: `earlier/${me.userId}/${n}.png`,
        thumbnailKey: `earlier/${me.userId}/${n}.webp`,
      })),
    );
    const refused = await h.upload(me, await png(), 'image/png');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: MEDIA_ERROR_CODES.dailyLimit,
      params: { limit: MAX_DAILY_UPLOADS },
    });
    const mine = () => h.database.db.select().from(media).where(eq(media.userId, me.userId));
    expect(await mine()).toHaveLength(MAX_DAILY_UPLOADS);

    // A day later those no longer count.
    await h.database.db
      .update(media)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(media.userId, me.userId));
    expect((await h.upload(me, await png(), 'image/png')).statusCode).toBe(201);
    expect(await mine()).toHaveLength(MAX_DAILY_UPLOADS + 1);
  });
});

describe('posts and drafts carry images', () => {
  it('schedules a post with images in order and shows them on the post', async () => {
    const me = testIdentity();
    const ids: [string, string, string] = [await uploadImage(me), await uploadImage(me), await uploadImage(me)];
    const answer = await h.call(me, API.posts.schedule, {
      body: {
        userId: me.userId,
        content: 'Three pictures from the conference',
        date: inThreeDays(),
        time: '10:00 AM',
        timeZone: 'Asia/Riyadh',
        mediaIds: [ids[2], ids[0], ids[1]],
      },
    });
    expect(answer.statusCode).toBe(201);
    const post = await h.call(me, API.posts.get, { params: { id: answer.json().data.id } });
    expect(post.json().data.media.map((m: { id: string }) => m.id)).toEqual([ids[2], ids[0], ids[1]]);
    expect(post.json().data.media[0]).toMatchObject({ contentType: 'image/png', width: 40, height: 30 });
  });

  it("refuses another user's image, ten images and the same image twice; nothing is stored", async () => {
    const me = testIdentity();
    const theirs = await uploadImage();
    const base = { userId: me.userId, content: 'With pictures', date: inThreeDays(), time: '11:00 AM' };
    const stolen = await h.call(me, API.posts.schedule, { body: { ...base, mediaIds: [theirs] } });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().code).toBe(MEDIA_ERROR_CODES.unknownMedia);

    const mine = await uploadImage(me);
    const ten = await h.call(me, API.posts.schedule, {
      body: {
        ...base,
        mediaIds: Array.from({ length: MAX_POST_IMAGES + 1 }, () => crypto.randomUUID()),
      },
    });
    expect(ten.statusCode).toBe(400);
    expect(ten.json()).toMatchObject({ code: MEDIA_ERROR_CODES.tooMany, params: { limit: 9 } });
    const twice = await h.call(me, API.posts.schedule, { body: { ...base, mediaIds: [mine, mine] } });
    expect(twice.json().code).toBe(MEDIA_ERROR_CODES.duplicate);

    const listed = await h.call(me, API.posts.scheduled, { params: { id: me.userId } });
    expect(listed.json().data).toEqual([]);

    const draft = await h.call(me, API.posts.createDraft, { body: { content: 'draft', mediaIds: [theirs] } });
    expect(draft.statusCode).toBe(400);
    expect(draft.json().code).toBe(MEDIA_ERROR_CODES.unknownMedia);
  });

  it('publishes now with images: the network gets the stored, cleaned files in order', async () => {
    const me = testIdentity();
    const [a, b] = [await uploadImage(me), await uploadImage(me)];
    const answer = await h.call(me, API.posts.publishNow, {
      body: {
        text: 'Now, with two pictures',
        mediaIds: [b, a],
      },
    });
    expect(answer.statusCode).toBe(200);
    const postId = answer.json().data.id as string;
    const [sent] = linkedin.published(postId);
    expect(sent?.attachments).toHaveLength(2);
    expect(sent?.attachments[0]).toContain(b);
    expect(sent?.attachments[1]).toContain(a);
    for (const key of sent?.attachments ?? []) expect((await h.storage.read(key)).length).toBeGreaterThan(0);
    expect(linkedin.deliveriesOf(postId)).toBe(1);
  });

  it('keeps images with a draft, and an image alone is a draft worth keeping', async () => {
    const me = testIdentity();
    const id = await uploadImage(me);
    const created = await h.call(me, API.posts.createDraft, { body: { mediaIds: [id] } });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.media.map((m: { id: string }) => m.id)).toEqual([id]);
    const second = await uploadImage(me);
    const saved = await h.request(me, 'PATCH', `/api/v1/drafts/${created.json().data.id}`, {
      content: 'Now with words',
      mediaIds: [second, id],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.media.map((m: { id: string }) => m.id)).toEqual([second, id]);
  });

  it('edits the images of a scheduled post, and refuses to change a published one', async () => {
    const me = testIdentity();
    const [a, b] = [await uploadImage(me), await uploadImage(me)];
    const scheduled = await h.call(me, API.posts.schedule, {
      body: {
        userId: me.userId,
        content: 'Before the edit',
        date: inThreeDays(),
        time: '09:00 AM',
        mediaIds: [a],
      },
    });
    const id = scheduled.json().data.id as string;
    const edited = await h.call(me, API.posts.update, { params: { id }, body: { mediaIds: [b, a] } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.media.map((m: { id: string }) => m.id)).toEqual([b, a]);

    const post = await h.store.getIn(id, me.userId);
    await h.store.change(post!, { status: 'published' });
    const late = await h.call(me, API.posts.update, { params: { id }, body: { mediaIds: [a] } });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe(POST_ERROR_CODES.publishedCannotChange);
    const after = await h.call(me, API.posts.get, { params: { id } });
    expect(after.json().data.media.map((m: { id: string }) => m.id)).toEqual([b, a]);
  });
});
