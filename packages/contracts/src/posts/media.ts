import { z } from 'zod';
import { text } from '../text.js';

/** Images a post may carry: the network's own limits. */
export const MAX_POST_IMAGES = 9;
export const MAX_IMAGE_UPLOAD_BYTES = 5 * 1024 * 1024;
/**
 * Files (images and documents) one user may upload in 24 hours, attached or not: far above what posting needs, low
 * enough that nobody fills the store with files no post uses before they are swept away.
 */
export const MAX_DAILY_UPLOADS = 200;
/** The most any upload may send: a PDF document. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** A document (PDF, shown by the feed as a carousel): at most this many bytes and pages. */
export const MAX_DOCUMENT_UPLOAD_BYTES = MAX_UPLOAD_BYTES;
export const MAX_DOCUMENT_PAGES = 300;
/** A document's title, as the feed shows it above its pages. */
export const MAX_DOCUMENT_TITLE_LENGTH = 100;
/** The longest side of a thumbnail, in pixels. */
export const THUMBNAIL_SIZE = 400;

export const MEDIA_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export type MediaImageType = (typeof MEDIA_IMAGE_TYPES)[number];
export const MEDIA_DOCUMENT_TYPE = 'application/pdf';
/** Every type an uploaded file can be: an image, or a PDF document. */
export const MEDIA_TYPES = [...MEDIA_IMAGE_TYPES, MEDIA_DOCUMENT_TYPE] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export const isDocumentType = (contentType: string): contentType is typeof MEDIA_DOCUMENT_TYPE =>
  contentType === MEDIA_DOCUMENT_TYPE;

/** Where a file lives in the object store: the posts service writes it, the network worker reads it. */
export function mediaStorageKey(userId: string, mediaId: string, contentType: MediaType): string {
  if (isDocumentType(contentType)) return `media/${userId}/${mediaId}/document.pdf`;
  return `media/${userId}/${mediaId}/image.${contentType.slice('image/'.length)}`;
}
export function thumbnailStorageKey(userId: string, mediaId: string): string {
  return `media/${userId}/${mediaId}/thumbnail.webp`;
}

/** `POST /api/v1/media` answers under this path (the gateway lets its larger body through). */
export const MEDIA_UPLOAD_PATH = /^\/api\/v1\/media\/?(\?.*)?$/;

/**
 * What a file is, by its first bytes alone (the name and the declared type are never trusted).
 * Null for anything else (a PDF, an executable, a text file...).
 */
export function sniffImageType(head: Uint8Array): MediaImageType | null {
  const b = head;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d)
    return 'image/png';
  if (b.length >= 6 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38) return 'image/gif';
  if (
    b.length >= 12 &&
    b[0] === 0x52 &&
    b[1] === 0x49 &&
    b[2] === 0x46 &&
    b[3] === 0x46 &&
    b[8] === 0x57 &&
    b[9] === 0x45 &&
    b[10] === 0x42 &&
    b[11] === 0x50
  )
    return 'image/webp';
  return null;
}
/** Bytes `sniffImageType` needs to decide. */
export const SNIFF_BYTES = 12;

/** A PDF starts with `%PDF-` (the parse that follows decides whether it really is one). */
export function sniffMediaType(head: Uint8Array): MediaType | null {
  const pdf = [0x25, 0x50, 0x44, 0x46, 0x2d];
  if (head.length >= pdf.length && pdf.every((byte, i) => head[i] === byte)) return MEDIA_DOCUMENT_TYPE;
  return sniffImageType(head);
}

export const MEDIA_MESSAGES = {
  empty: 'This file is empty',
  unsupportedType:
    'This file is not a JPEG, PNG, GIF or WebP image nor a PDF document (files are checked by their content, not their name)',
  imageTooLarge: `An image can be at most ${MAX_IMAGE_UPLOAD_BYTES / 1024 / 1024} MB`,
  undecodable: 'This image is damaged or incomplete and cannot be read',
  tooMany: `A post can carry at most ${MAX_POST_IMAGES} images`,
  unknownMedia: 'One of the attached files does not exist or is not yours: upload it again',
  duplicate: 'The same file is attached twice',
  notFound: 'This file does not exist',
  dailyLimit: `At most ${MAX_DAILY_UPLOADS} files (images and documents) can be uploaded in 24 hours: try again later`,
  uploaded: 'File uploaded',
  documentTooLarge: `A document can be at most ${MAX_DOCUMENT_UPLOAD_BYTES / 1024 / 1024} MB`,
  tooManyPages: `A document can have at most ${MAX_DOCUMENT_PAGES} pages`,
  documentUnreadable: 'This PDF is damaged or incomplete and cannot be read',
  documentEncrypted: 'This PDF is protected by a password: save it without one and upload it again',
  documentTooComplex:
    'This PDF takes too long to read or unpacks to too much data: export it again, with simpler or fewer pages',
  documentTitleRequired: `A document needs a title of at most ${MAX_DOCUMENT_TITLE_LENGTH} characters`,
  documentWithImages: 'A post carries images or one document, not both',
  tooManyDocuments: 'A post can carry only one document',
} as const;

/** The stable code of each media refusal. */
export const MEDIA_ERROR_CODES = {
  empty: 'media.empty',
  /** Not one of the accepted formats, whatever its name or declared type says. */
  unsupportedType: 'media.unsupported_type',
  /** params: limit (`5 MB`) */
  imageTooLarge: 'media.image_too_large',
  undecodable: 'media.undecodable',
  /** params: limit */
  tooMany: 'media.too_many_images',
  unknownMedia: 'media.unknown',
  duplicate: 'media.duplicate',
  notFound: 'media.not_found',
  /** params: limit */
  dailyLimit: 'media.daily_limit',
  /** params: limit (`20 MB`) */
  documentTooLarge: 'media.document_too_large',
  /** params: limit, pages */
  tooManyPages: 'media.too_many_pages',
  /** Starts like a PDF but does not parse as one (damaged, truncated, renamed). */
  documentUnreadable: 'media.document_unreadable',
  documentEncrypted: 'media.document_encrypted',
  /**
   * Its streams unpack to more than the server reads (a "PDF bomb"), or reading it and drawing its
   * first page takes longer than the server allows.
   */
  documentTooComplex: 'media.document_too_complex',
  /** params: limit */
  documentTitleRequired: 'media.document_title_required',
  documentWithImages: 'media.document_with_images',
  tooManyDocuments: 'media.too_many_documents',
} as const;

/** One uploaded file as its owner sees it. */
export const mediaSchema = z.object({
  id: z.string().uuid(),
  kind: z.enum(['image', 'document']),
  contentType: z.enum(MEDIA_TYPES),
  /** Bytes of the stored file (an image re-encoded without metadata; a document as sent). */
  bytes: z.number().int(),
  /** An image's pixels; a document's first page, in points. */
  width: z.number().int(),
  height: z.number().int(),
  /** A document's title and number of pages. */
  title: z.string().optional(),
  pageCount: z.number().int().optional(),
  createdAt: z.string(),
});
export type Media = z.infer<typeof mediaSchema>;

export const mediaResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: mediaSchema,
});

export const mediaIdParamsSchema = z.object({ id: z.string().max(100) });

/** A document's title travels in the query (the body is the file itself); ignored for an image. */
export const mediaUploadQuerySchema = z.object({
  title: text().max(1000).optional(),
});

/** The media ids a post or draft carries, in the order they are shown. Ownership is checked by the service. */
export const mediaIdsInput = () => z.array(z.string().uuid()).max(MAX_POST_IMAGES * 4);

/** A post's attached file as posts, drafts and the publish job carry it. */
export const attachedMediaSchema = z.object({
  id: z.string().uuid(),
  contentType: z.enum(MEDIA_TYPES),
  width: z.number().int(),
  height: z.number().int(),
  /** A document's title and number of pages. */
  title: z.string().optional(),
  pageCount: z.number().int().optional(),
});
export type AttachedMedia = z.infer<typeof attachedMediaSchema>;

/**
 * Why a post's files cannot go together, or null: images (at most nine) or one document, never
 * both. The services answer with the code; the schemas below refuse such a list.
 */
export function mediaMixProblem(
  items: readonly { contentType: string }[],
): 'documentWithImages' | 'tooManyDocuments' | 'tooMany' | null {
  const documents = items.filter((item) => isDocumentType(item.contentType)).length;
  if (documents > 1) return 'tooManyDocuments';
  if (documents === 1 && items.length > 1) return 'documentWithImages';
  if (items.length > MAX_POST_IMAGES) return 'tooMany';
  return null;
}

/** A post's files: images, or one document alone. */
export const attachedMediaListSchema = z.array(attachedMediaSchema).superRefine((items, ctx) => {
  const problem = mediaMixProblem(items);
  if (problem) ctx.addIssue({ code: 'custom', message: MEDIA_MESSAGES[problem] });
});
