import { COMMON_ERROR_CODES } from '../common-errors.js';
import {
  MEDIA_ERROR_CODES as codes,
  mediaIdParamsSchema,
  mediaResponseSchema,
  mediaUploadQuerySchema,
} from '../posts/media.js';
import { defineEndpoint } from './define.js';
import { LINK_PATHS } from './link-paths.js';

/** Images and documents for posts: uploaded once, then attached to posts and drafts by id. */
export const mediaApi = {
  upload: defineEndpoint({
    method: 'POST',
    path: '/api/v1/media',
    workspace: 'contributor',
    owner: 'posts',
    access: 'signed-in',
    summary: 'Upload an image or a PDF document for a post',
    description:
      'The body is the file itself (any content type), recognised by its content: the name and the declared type ' +
      'are ignored. An image (JPEG, PNG, GIF or WebP, at most 5 MB) is decoded and re-encoded without its ' +
      'metadata (no GPS position, no camera serial) and a thumbnail is made. A PDF document (at most 20 MB and ' +
      '300 pages, not password-protected, not unpacking to more than 256 MiB nor taking more than a few seconds ' +
      'to read) needs `title`; its pages are counted and its first page drawn as the ' +
      'thumbnail. The body streams to a temporary file: it is never held whole in memory. Attach the file to a ' +
      'post or draft with `mediaIds` (images, or one document alone).',
    query: mediaUploadQuerySchema,
    rawBody: {
      contentType: '*/*',
      description: 'The file itself, not a form: its bytes as the whole body, under any content type',
      schema: { type: 'string', format: 'binary' },
    },
    responses: { 201: { description: 'Stored', schema: mediaResponseSchema } },
    errors: {
      400: [
        codes.empty,
        codes.unsupportedType,
        codes.undecodable,
        codes.documentUnreadable,
        codes.documentEncrypted,
        codes.documentTooComplex,
        codes.documentTitleRequired,
        codes.tooManyPages,
        'text.unstorable',
        'text.lone_surrogate',
        'text.bidi_override',
      ],
      413: [codes.imageTooLarge, codes.documentTooLarge, COMMON_ERROR_CODES.tooLarge],
      429: [codes.dailyLimit],
    },
  }),
  file: defineEndpoint({
    method: 'GET',
    path: LINK_PATHS.mediaFile,
    owner: 'posts',
    access: 'signed-in',
    summary: 'One of the caller’s files, as stored (an image without metadata, or a PDF document)',
    params: mediaIdParamsSchema,
    responses: { 200: { description: 'The image or the document', contentType: 'image/*' } },
    errors: { 404: [codes.notFound] },
  }),
  thumbnail: defineEndpoint({
    method: 'GET',
    path: LINK_PATHS.mediaThumbnail,
    owner: 'posts',
    access: 'signed-in',
    summary: 'The thumbnail of one of the caller’s files (a document’s first page)',
    params: mediaIdParamsSchema,
    responses: {
      200: { description: 'A WebP thumbnail, at most 400 pixels on its longest side', contentType: 'image/webp' },
    },
    errors: { 404: [codes.notFound] },
  }),
} as const;
