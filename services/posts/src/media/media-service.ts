import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  type AttachedMedia,
  isDocumentType,
  MAX_DAILY_UPLOADS,
  MAX_DOCUMENT_PAGES,
  MAX_DOCUMENT_TITLE_LENGTH,
  MAX_DOCUMENT_UPLOAD_BYTES,
  MAX_IMAGE_UPLOAD_BYTES,
  MAX_POST_IMAGES,
  MEDIA_DOCUMENT_TYPE,
  MEDIA_ERROR_CODES,
  MEDIA_MESSAGES,
  type MediaImageType,
  type MediaType,
  mediaMixProblem,
  mediaStorageKey,
  SNIFF_BYTES,
  sniffMediaType,
  TEXT_PROBLEMS,
  THUMBNAIL_SIZE,
  textProblem,
  thumbnailStorageKey,
} from '@nashr/contracts';
import { AppError, type ErrorCode, type ErrorParams, type Logger, type ObjectStore } from '@nashr/platform';
import { and, count, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import sharp from 'sharp';
import { inAdvisoryLock, type Queryable } from '../db/advisory-lock.js';
import { drafts, type MediaRow, media, posts, type schema, workspaceMembers } from '../db/schema.js';
import { carriedIn } from './carried.js';
import { inspectPdf, PDF_LIMITS, PdfError, type PdfLimits } from './pdf-document.js';

type Db = PostgresJsDatabase<typeof schema>;
type MediaRefusal = keyof typeof MEDIA_ERROR_CODES;

/** The answer for a refusal about a file: its declared code, its English message and its values. */
export function mediaRefusal(kind: ErrorCode, key: MediaRefusal, params?: ErrorParams): AppError {
  return new AppError(kind, MEDIA_MESSAGES[key], { code: MEDIA_ERROR_CODES[key], params });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Larger images are refused before they are decoded (a 5 MB file can unpack to gigabytes of pixels). */
const MAX_INPUT_PIXELS = 50_000_000;
const megabytes = (bytes: number) => `${bytes / 1024 / 1024} MB`;

/** What a file of each kind may weigh, and the refusal past it. */
const sizeLimit = (type: MediaType) =>
  isDocumentType(type)
    ? ({ limit: MAX_DOCUMENT_UPLOAD_BYTES, refusal: 'documentTooLarge' } as const)
    : ({ limit: MAX_IMAGE_UPLOAD_BYTES, refusal: 'imageTooLarge' } as const);

/**
 * Copies an upload to `path`, checking it on the way: the first bytes must be an accepted image
 * format or a PDF, and it must stay within that kind's size limit. The body streams to disk (it is
 * never held whole in memory); on a refusal the rest of it is read and dropped, so the answer
 * still reaches the caller. `accept` may refuse a kind as soon as it is known.
 */
function receive(
  body: Readable,
  path: string,
  accept: (type: MediaType) => AppError | null,
): Promise<{ type: MediaType; bytes: number }> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(path);
    let head = Buffer.alloc(0);
    let type: MediaType | null = null;
    let bytes = 0;
    let settled = false;
    const stop = (error: Error) => {
      if (settled) return;
      settled = true;
      body.off('data', onData);
      body.off('end', onEnd);
      body.resume();
      out.destroy();
      reject(error);
    };
    const decide = () => {
      type = sniffMediaType(head);
      if (!type) return stop(mediaRefusal('BAD_REQUEST', 'unsupportedType'));
      const refused = accept(type);
      if (refused) stop(refused);
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (!type) {
        head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES)]).subarray(0, SNIFF_BYTES);
        if (head.length >= SNIFF_BYTES) decide();
        if (settled) return;
      }
      const { limit, refusal } = sizeLimit(type ?? MEDIA_DOCUMENT_TYPE);
      if (bytes > limit) {
        stop(mediaRefusal('PAYLOAD_TOO_LARGE', refusal, { limit: megabytes(limit) }));
        return;
      }
      if (!out.write(chunk)) {
        body.pause();
        out.once('drain', () => body.resume());
      }
    };
    const onEnd = () => {
      if (settled) return;
      if (bytes === 0) return stop(mediaRefusal('BAD_REQUEST', 'empty'));
      if (!type) decide();
      if (settled || !type) return;
      const found = type;
      settled = true;
      out.end(() => resolve({ type: found, bytes }));
    };
    body.on('data', onData);
    body.on('end', onEnd);
    body.on('error', (error) => stop(error));
    out.on('error', (error) => stop(error));
  });
}

/** Decodes the image and encodes it again in its own format, keeping the pixels and nothing else. */
async function reencode(path: string, type: MediaImageType) {
  const animated = type === 'image/gif' || type === 'image/webp';
  try {
    const source = sharp(path, { animated, failOn: 'warning', limitInputPixels: MAX_INPUT_PIXELS });
    // Turned upright by its EXIF orientation first, since that tag goes with the rest of the metadata.
    const upright = animated ? source : source.rotate();
    const encoded =
      type === 'image/jpeg'
        ? upright.jpeg({ quality: 90 })
        : type === 'image/png'
          ? upright.png()
          : type === 'image/webp'
            ? upright.webp({ quality: 90 })
            : upright.gif();
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(data, { failOn: 'none' })
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    // An animation's height is that of all its frames stacked.
    const height = info.pageHeight ?? info.height;
    return { data, thumbnail, width: info.width, height };
  } catch {
    throw mediaRefusal('BAD_REQUEST', 'undecodable');
  }
}

/** A document's title: required, trimmed, a few words, under the one rule for typed text. */
function documentTitle(title: string | undefined): string | AppError {
  const trimmed = title?.trim() ?? '';
  if (!trimmed || trimmed.length > MAX_DOCUMENT_TITLE_LENGTH) {
    return mediaRefusal('BAD_REQUEST', 'documentTitleRequired', { limit: MAX_DOCUMENT_TITLE_LENGTH });
  }
  const problem = textProblem(trimmed);
  if (problem) return new AppError('BAD_REQUEST', TEXT_PROBLEMS[problem].message, { code: problem });
  return trimmed;
}

const PDF_REFUSALS = {
  unreadable: 'documentUnreadable',
  encrypted: 'documentEncrypted',
  too_complex: 'documentTooComplex',
} as const satisfies Record<PdfError['problem'], MediaRefusal>;

/** Counts the document's pages and draws its first page, refusing what is not a readable PDF. */
async function inspectDocument(path: string, bytes: number, limits: PdfLimits, logger: Logger) {
  try {
    const facts = await inspectPdf(path, bytes, MAX_DOCUMENT_PAGES, limits);
    if (facts.tooMany) {
      throw mediaRefusal('BAD_REQUEST', 'tooManyPages', { limit: MAX_DOCUMENT_PAGES, pages: facts.pageCount });
    }
    return facts;
  } catch (error) {
    if (error instanceof PdfError) {
      if (error.reason) logger.warn({ reason: error.reason, bytes }, 'document refused: too costly to read');
      throw mediaRefusal('BAD_REQUEST', PDF_REFUSALS[error.problem]);
    }
    throw error;
  }
}

/** The user's uploads in the past 24 hours. */
async function uploadsToday(db: Queryable, userId: string): Promise<number> {
  const [today] = await db
    .select({ uploads: count() })
    .from(media)
    .where(and(eq(media.userId, userId), gt(media.createdAt, sql`now() - interval '1 day'`)));
  return today?.uploads ?? 0;
}

const dailyLimitReached = () => mediaRefusal('RATE_LIMITED', 'dailyLimit', { limit: MAX_DAILY_UPLOADS });

export const toAttached = (row: MediaRow): AttachedMedia => ({
  id: row.id,
  contentType: row.contentType,
  width: row.width,
  height: row.height,
  ...(row.title !== null ? { title: row.title } : {}),
  ...(row.pageCount !== null ? { pageCount: row.pageCount } : {}),
});

/** Files users upload for their posts: checked, cleaned, stored, and lent to posts by id. */
export class MediaService {
  constructor(
    private readonly db: Db,
    private readonly storage: ObjectStore,
    private readonly logger: Logger,
    /** How long reading a PDF may take and what it may unpack to (lowered by tests). */
    private readonly pdfLimits: PdfLimits = PDF_LIMITS,
  ) {}

  /** Stores an image or (with its title) a PDF document sent as `body`. */
  async upload(userId: string, body: Readable, options: { title?: string } = {}): Promise<MediaRow> {
    // Refused before the file is read when the day is already full; counted again as it is saved.
    if ((await uploadsToday(this.db, userId)) >= MAX_DAILY_UPLOADS) {
      body.resume(); // Read and dropped, so the answer reaches the caller.
      throw dailyLimitReached();
    }
    const folder = await mkdtemp(join(tmpdir(), 'nashr-upload-'));
    try {
      const path = join(folder, 'upload');
      let title: string | undefined;
      const { type, bytes } = await receive(body, path, (found) => {
        if (!isDocumentType(found)) return null;
        const checked = documentTitle(options.title);
        if (typeof checked !== 'string') return checked;
        title = checked;
        return null;
      });
      const id = randomUUID();
      const storageKey = mediaStorageKey(userId, id, type);
      const thumbnailKey = thumbnailStorageKey(userId, id);
      let values: typeof media.$inferInsert;
      if (isDocumentType(type)) {
        const document = await inspectDocument(path, bytes, this.pdfLimits, this.logger);
        // The document is kept as sent (the network shows its pages), streamed from the temporary file.
        await this.storage.put(storageKey, createReadStream(path));
        await this.storage.put(thumbnailKey, document.thumbnail);
        values = {
          id,
          userId,
          kind: 'document',
          contentType: type,
          bytes,
          width: document.width,
          height: document.height,
          title,
          pageCount: document.pageCount,
          storageKey,
          thumbnailKey,
        };
      } else {
        const image = await reencode(path, type);
        await this.storage.put(storageKey, image.data);
        await this.storage.put(thumbnailKey, image.thumbnail);
        values = {
          id,
          userId,
          kind: 'image',
          contentType: type,
          bytes: image.data.length,
          width: image.width,
          height: image.height,
          storageKey,
          thumbnailKey,
        };
      }
      try {
        // Parallel uploads all pass the first count: the count and the insert take turns under
        // the user's lock, so exactly the day's last places are filled.
        const row = await inAdvisoryLock(this.db, `uploads:${userId}`, async (tx) => {
          if ((await uploadsToday(tx, userId)) >= MAX_DAILY_UPLOADS) throw dailyLimitReached();
          const [inserted] = await tx.insert(media).values(values).returning();
          return inserted;
        });
        if (!row) throw new Error('media row not written');
        return row;
      } catch (error) {
        await Promise.all([this.storage.delete(storageKey), this.storage.delete(thumbnailKey)]).catch((err) =>
          this.logger.warn({ err, mediaId: id }, 'could not remove the files of an unsaved upload'),
        );
        throw error;
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  /** Every file the user uploaded, oldest first ('Download my data'). */
  async byUser(userId: string): Promise<MediaRow[]> {
    return this.db.select().from(media).where(eq(media.userId, userId)).orderBy(media.createdAt);
  }

  /** The caller's file, or 404 for one that does not exist or belongs to someone else. */
  async owned(userId: string, id: string): Promise<MediaRow> {
    const [row] = UUID.test(id)
      ? await this.db
          .select()
          .from(media)
          .where(and(eq(media.id, id), eq(media.userId, userId)))
      : [];
    if (!row) throw mediaRefusal('NOT_FOUND', 'notFound');
    return row;
  }

  /**
   * A file the caller may see: their own, or one a draft or post of a workspace they belong to
   * carries (a contributor's images on a draft its reviewers open). Found by the caller's
   * memberships, not by a workspace header: an `<img>` sends none. Others answer 404.
   */
  async readable(userId: string, id: string): Promise<MediaRow> {
    if (!UUID.test(id)) throw mediaRefusal('NOT_FOUND', 'notFound');
    const theirs = this.db
      .select({ id: workspaceMembers.workspaceId })
      .from(workspaceMembers)
      .where(eq(workspaceMembers.userId, userId));
    const [row] = await this.db
      .select()
      .from(media)
      .where(
        and(
          eq(media.id, id),
          or(
            eq(media.userId, userId),
            carriedIn(drafts, id, inArray(drafts.workspaceId, theirs)),
            carriedIn(posts, id, inArray(posts.workspaceId, theirs)),
          ),
        ),
      );
    if (!row) throw mediaRefusal('NOT_FOUND', 'notFound');
    return row;
  }

  /**
   * The files a post or draft is to carry, in the order given: undefined when none were sent;
   * refused when there are too many, one repeats, or one is neither the caller's nor `kept`.
   * `kept`: what the post or draft being changed already carries, which may be another member's
   * files in a shared workspace: whoever may change it may keep them on it.
   */
  async attachments(
    who: { userId: string; workspaceId: string },
    ids: readonly string[] | undefined,
    kept: readonly AttachedMedia[] = [],
  ): Promise<AttachedMedia[] | undefined> {
    if (ids === undefined) return undefined;
    if (ids.length > MAX_POST_IMAGES) throw mediaRefusal('BAD_REQUEST', 'tooMany', { limit: MAX_POST_IMAGES });
    if (new Set(ids).size !== ids.length) throw mediaRefusal('BAD_REQUEST', 'duplicate');
    if (!ids.length) return [];
    // The caller's own files, and those a draft or post of this workspace already carries: an
    // editor scheduling a contributor's draft sends its images along.
    const rows = await this.db
      .select()
      .from(media)
      .where(
        and(
          inArray(media.id, [...ids]),
          or(
            eq(media.userId, who.userId),
            carriedIn(drafts, media.id, eq(drafts.workspaceId, who.workspaceId)),
            carriedIn(posts, media.id, eq(posts.workspaceId, who.workspaceId)),
          ),
        ),
      );
    const byId = new Map<string, AttachedMedia>([
      ...kept.map((file) => [file.id, file] as const),
      ...rows.map((row) => [row.id, toAttached(row)] as const),
    ]);
    const attached = ids.map((id) => {
      const file = byId.get(id);
      if (!file) throw mediaRefusal('BAD_REQUEST', 'unknownMedia');
      return file;
    });
    // Images (at most nine) or one document alone.
    const problem = mediaMixProblem(attached);
    if (problem)
      throw mediaRefusal('BAD_REQUEST', problem, problem === 'tooMany' ? { limit: MAX_POST_IMAGES } : undefined);
    return attached;
  }
}
