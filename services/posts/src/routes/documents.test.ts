import { API, MAX_DOCUMENT_PAGES, MEDIA_ERROR_CODES, POST_ERROR_CODES } from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { eq } from 'drizzle-orm';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../db/schema.js';
import { PDF_LIMITS } from '../media/pdf-document.js';
import { instantToLocal } from '../schedule/local-time.js';
import type { FakeLinkedin } from '../testing/fake-linkedin.js';
import { PostsHarness } from '../testing/harness.js';

let h: PostsHarness;
let linkedin: FakeLinkedin;
beforeAll(async () => {
  // Time is not what these tests check (document-limits.test.ts does): a busy machine may read
  // a PDF slower than the product's budget.
  h = await PostsHarness.start({ pdfLimits: { ...PDF_LIMITS, timeBudgetMs: 60_000 } });
  linkedin = h.startFakeLinkedin();
  await h.startWorker();
});
afterAll(async () => {
  await h.close();
});

/** A carousel as people make them: each page a coloured slide with its number. */
async function pdf(pages: number, options: { password?: boolean } = {}): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) {
    const page = document.addPage([540, 675]);
    page.drawRectangle({ x: 0, y: 0, width: 540, height: 675, color: rgb(0.1, 0.3, 0.7) });
    page.drawText(`Slide ${n}`, { x: 40, y: 600, size: 40, font, color: rgb(1, 1, 1) });
  }
  if (!options.password) return Buffer.from(await document.save());
  // pdf-lib writes no encryption: the trailer's /Encrypt entry is what makes a file ask for a
  // password, and a user key that no empty password produces is what makes it ask.
  const plain = Buffer.from(await document.save({ useObjectStreams: false })).toString('latin1');
  const key = (byte: string) => `<${byte.repeat(32)}>`;
  return Buffer.from(
    plain.replace(
      /trailer\s*<</,
      `trailer\n<<\n/Encrypt << /Filter /Standard /V 1 /R 2 /Length 40 /P -44 /O ${key('ab')} /U ${key('cd')} >>\n/ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>]\n`,
    ),
    'latin1',
  );
}
const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#22aa55' } })
    .png()
    .toBuffer();

const mine = (userId: string) => h.database.db.select().from(media).where(eq(media.userId, userId));

async function uploadDocument(identity = testIdentity(), pages = 3, title = 'Five lessons from ten years') {
  const answer = await h.upload(identity, await pdf(pages), 'application/pdf', { title });
  expect(answer.statusCode).toBe(201);
  return answer.json().data as { id: string; pageCount: number; title: string };
}
async function uploadImage(identity: ReturnType<typeof testIdentity>) {
  const answer = await h.upload(identity, await png(), 'image/png');
  expect(answer.statusCode).toBe(201);
  return answer.json().data.id as string;
}
const inThreeDays = () => instantToLocal(new Date(Date.now() + 3 * 86_400_000), 'Asia/Riyadh').date;

describe('uploading a PDF document', () => {
  it('keeps the file as sent, with its title, page count and first page as the thumbnail', async () => {
    const me = testIdentity();
    const original = await pdf(3);
    // The declared type is ignored, as for images.
    const answer = await h.upload(me, original, 'application/octet-stream', { title: '  Five lessons  ' });
    expect(answer.statusCode).toBe(201);
    const uploaded = answer.json().data;
    expect(uploaded).toMatchObject({
      kind: 'document',
      contentType: 'application/pdf',
      title: 'Five lessons',
      pageCount: 3,
      width: 540,
      height: 675,
      bytes: original.length,
    });
    const stored = await h.request(me, 'GET', `/api/v1/media/${uploaded.id}`);
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(stored.rawPayload, original)).toBe(0);

    // The thumbnail is page one drawn: the slide's blue, in the page's proportions.
    const thumbnail = await h.request(me, 'GET', `/api/v1/media/${uploaded.id}/thumbnail`);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumbnail.rawPayload).metadata();
    expect(meta.height).toBe(400);
    expect(meta.width).toBe(320);
    const { data } = await sharp(thumbnail.rawPayload)
      .extract({ left: 10, top: 380, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[2]).toBeGreaterThan(150);
    expect(data[0]).toBeLessThan(60);

    // Another user sees nothing of it.
    expect((await h.request(testIdentity(), 'GET', `/api/v1/media/${uploaded.id}`)).statusCode).toBe(404);
  });

  it('refuses a document without a title or with one too long or unsafe', async () => {
    const me = testIdentity();
    const file = await pdf(1);
    for (const title of [undefined, '   ', 'x'.repeat(101)]) {
      const answer = await h.upload(me, file, 'application/pdf', title === undefined ? {} : { title });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: MEDIA_ERROR_CODES.documentTitleRequired, params: { limit: 100 } });
    }
    const override = await h.upload(me, file, 'application/pdf', { title: 'exe\u202Efdp' });
    expect(override.statusCode).toBe(400);
    expect(override.json().code).toBe('text.bidi_override');
    expect(await mine(me.userId)).toEqual([]);
  });

  it(`refuses more than ${MAX_DOCUMENT_PAGES} pages, and takes ${MAX_DOCUMENT_PAGES}`, async () => {
    const me = testIdentity();
    const tooMany = await h.upload(me, await pdf(MAX_DOCUMENT_PAGES + 1), 'application/pdf', { title: 'Long' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      code: MEDIA_ERROR_CODES.tooManyPages,
      params: { limit: MAX_DOCUMENT_PAGES, pages: MAX_DOCUMENT_PAGES + 1 },
    });
    expect(await mine(me.userId)).toEqual([]);
    const most = await h.upload(me, await pdf(MAX_DOCUMENT_PAGES), 'application/pdf', { title: 'Long' });
    expect(most.statusCode).toBe(201);
    expect(most.json().data.pageCount).toBe(MAX_DOCUMENT_PAGES);
  });

  it('refuses a file over 20 MB as soon as it passes the limit', async () => {
    const me = testIdentity();
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(20 * 1024 * 1024 + 10, 0x20)]);
    const answer = await h.upload(me, big, 'application/pdf', { title: 'Big' });
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toMatchObject({ code: MEDIA_ERROR_CODES.documentTooLarge, params: { limit: '20 MB' } });
    expect(await mine(me.userId)).toEqual([]);
  });

  it('refuses a renamed PNG, a truncated PDF, a fake one, a protected one and an empty file', async () => {
    const me = testIdentity();
    const renamed = await h.upload(me, await png(), 'application/pdf', { title: 'Slides.pdf' });
    // A PNG named .pdf is an image, and an image is what it is taken for.
    expect(renamed.json().data.kind).toBe('image');
    await h.database.db.delete(media).where(eq(media.userId, me.userId));

    const whole = await pdf(4);
    const truncated = await h.upload(me, whole.subarray(0, Math.floor(whole.length / 2)), 'application/pdf', {
      title: 'Cut',
    });
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().code).toBe(MEDIA_ERROR_CODES.documentUnreadable);

    const fake = Buffer.from('%PDF-1.7\nnothing but words pretending to be a document\n%%EOF\n');
    const pretend = await h.upload(me, fake, 'application/pdf', { title: 'Fake' });
    expect(pretend.statusCode).toBe(400);
    expect(pretend.json().code).toBe(MEDIA_ERROR_CODES.documentUnreadable);

    const locked = await h.upload(me, await pdf(1, { password: true }), 'application/pdf', { title: 'Locked' });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().code).toBe(MEDIA_ERROR_CODES.documentEncrypted);

    const empty = await h.upload(me, Buffer.alloc(0), 'application/pdf', { title: 'Empty' });
    expect(empty.json().code).toBe(MEDIA_ERROR_CODES.empty);
    expect(await mine(me.userId)).toEqual([]);
  });
});

describe('a post with a document', () => {
  it('carries one document alone: with images or a second document it is refused and nothing changes', async () => {
    const me = testIdentity();
    const document = await uploadDocument(me);
    const second = await uploadDocument(me);
    const image = await uploadImage(me);
    const draft = await h.call(me, API.posts.createDraft, { body: { content: 'Slides', mediaIds: [document.id] } });
    expect(draft.statusCode).toBe(201);
    expect(draft.json().data.media).toEqual([
      expect.objectContaining({ id: document.id, contentType: 'application/pdf', pageCount: 3, title: document.title }),
    ]);
    const draftId = draft.json().data.id as string;

    const mixed = await h.request(me, 'PATCH', `/api/v1/drafts/${draftId}`, { mediaIds: [document.id, image] });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().code).toBe(MEDIA_ERROR_CODES.documentWithImages);
    const two = await h.call(me, API.posts.schedule, {
      body: {
        userId: me.userId,
        content: 'Two decks',
        date: inThreeDays(),
        time: '09:00 AM',
        mediaIds: [document.id, second.id],
      },
    });
    expect(two.statusCode).toBe(400);
    expect(two.json().code).toBe(MEDIA_ERROR_CODES.tooManyDocuments);
    const now = await h.call(me, API.posts.publishNow, { body: { text: 'Mixed', mediaIds: [image, document.id] } });
    expect(now.statusCode).toBe(400);
    expect(now.json().code).toBe(MEDIA_ERROR_CODES.documentWithImages);

    const drafts = await h.call(me, API.posts.drafts);
    const kept = drafts.json().data.find((d: { id: string }) => d.id === draftId);
    expect(kept.media.map((m: { id: string }) => m.id)).toEqual([document.id]);
    const posts = await h.request(me, 'GET', '/api/v1/posts');
    expect(JSON.stringify(posts.json())).not.toContain('Two decks');
  });

  it("refuses another user's document", async () => {
    const theirs = await uploadDocument();
    const me = testIdentity();
    const answer = await h.call(me, API.posts.createDraft, { body: { content: 'Not mine', mediaIds: [theirs.id] } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe(MEDIA_ERROR_CODES.unknownMedia);
  });

  it('publishes the document once with its title, and a published post cannot take another one', async () => {
    const me = testIdentity();
    const document = await uploadDocument(me, 5, 'How we hire');
    const answer = await h.call(me, API.posts.publishNow, {
      body: {
        text: 'Our hiring guide, page by page',
        mediaIds: [document.id],
      },
    });
    expect(answer.statusCode).toBe(200);
    const postId = answer.json().data.id as string;
    const [sent] = linkedin.published(postId);
    expect(sent?.attachments).toEqual([expect.stringContaining(`${document.id}/document.pdf`)]);
    expect((await h.storage.read(sent?.attachments[0] as string)).subarray(0, 5).toString()).toBe('%PDF-');
    expect(linkedin.deliveriesOf(postId)).toBe(1);

    const other = await uploadDocument(me, 2, 'Another');
    const late = await h.call(me, API.posts.update, { params: { id: postId }, body: { mediaIds: [other.id] } });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe(POST_ERROR_CODES.publishedCannotChange);
    const kept = await h.call(me, API.posts.get, { params: { id: postId } });
    expect(kept.json().data.media.map((m: { id: string }) => m.id)).toEqual([document.id]);
  });
});
