import { MEDIA_ERROR_CODES } from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../db/schema.js';
import { readerThreads } from '../media/pdf-document.js';
import { PostsHarness } from '../testing/harness.js';
import { pdfBomb } from '../testing/pdf-bomb.js';

const MiB = 1024 * 1024;
let h: PostsHarness;
beforeAll(async () => {
  // The size limit lowered, so that bombs of a few MB (quick to make) are bombs here (the default
  // is 256 MiB). The time budget raised: these files are refused by their size, and a busy machine
  // may read one under the cap slower than the product's 8 s; the budget has its own test below.
  h = await PostsHarness.start({ pdfLimits: { maxUnpackedBytes: 16 * MiB, timeBudgetMs: 60_000 } });
});
afterAll(async () => {
  await h.close();
});

const mine = (userId: string) => h.database.db.select().from(media).where(eq(media.userId, userId));

describe('a PDF that unpacks to far more than it weighs', () => {
  it('is refused from its size unpacked, before pdf.js unpacks it', async () => {
    const me = testIdentity();
    const bomb = await pdfBomb(64 * MiB);
    expect(bomb.length).toBeLessThan(MiB / 8);
    const answer = await h.upload(me, bomb, 'application/pdf', { title: 'Harmless slides' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: MEDIA_ERROR_CODES.documentTooComplex });
    expect(await mine(me.userId)).toEqual([]);
    expect(readerThreads.busy).toBe(0);
  });

  it('takes one under the cap', async () => {
    const me = testIdentity();
    const answer = await h.upload(me, await pdfBomb(4 * MiB), 'application/pdf', { title: 'Plain page' });
    expect(answer.statusCode).toBe(201);
    expect(answer.json().data).toMatchObject({ pageCount: 1, width: 540, height: 675 });
  });
});

describe('a PDF that takes too long to read', () => {
  it('is refused once its time is up, and the thread reading it is stopped', async () => {
    // The cap out of the way and the budget far below what pdf.js takes to parse 48 MiB of page
    // content (seconds): only the time budget can refuse it.
    const slow = await PostsHarness.start({ pdfLimits: { maxUnpackedBytes: 1024 * MiB, timeBudgetMs: 200 } });
    try {
      const me = testIdentity();
      const stoppedBefore = readerThreads.stopped;
      const answer = await slow.upload(me, await pdfBomb(48 * MiB), 'application/pdf', { title: 'Slow slides' });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: MEDIA_ERROR_CODES.documentTooComplex });
      expect(readerThreads.stopped).toBe(stoppedBefore + 1);
      expect(readerThreads.busy).toBe(0);
      expect(await slow.database.db.select().from(media).where(eq(media.userId, me.userId))).toEqual([]);
    } finally {
      await slow.close();
    }
  });
});

describe('serving a document', () => {
  it('sends it as an attachment, sandboxed and not sniffed, so a PDF’s scripts never run on the app’s origin', async () => {
    const me = testIdentity();
    const document = await PDFDocument.create();
    document.addPage([540, 675]);
    // What the finding was about: a PDF asking its viewer to run a script when it opens.
    const script = document.context.obj({ Type: 'Action', S: 'JavaScript', JS: document.context.obj('app.alert(1)') });
    document.catalog.set(document.context.obj('OpenAction') as never, script);
    const answer = await h.upload(me, Buffer.from(await document.save()), 'application/pdf', { title: 'Slides' });
    expect(answer.statusCode).toBe(201);
    const { id } = answer.json().data as { id: string };

    const stored = await h.request(me, 'GET', `/api/v1/media/${id}`);
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['content-type']).toBe('application/pdf');
    expect(stored.headers['content-disposition']).toMatch(/^attachment\b/);
    expect(stored.headers['content-security-policy']).toBe('sandbox');
    expect(stored.headers['x-content-type-options']).toBe('nosniff');

    const thumbnail = await h.request(me, 'GET', `/api/v1/media/${id}/thumbnail`);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(thumbnail.headers['x-content-type-options']).toBe('nosniff');
  });
});
