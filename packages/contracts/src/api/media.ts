import { COMMON_ERROR_CODES } from '../errors.js';
import { MEDIA_ERROR_CODES as codes, mediaIdParamsSchema, mediaResponseSchema } from '../posts/media.js';
import { defineEndpoint } from './define.js';

/** Images for posts: uploaded once, then attached to posts and drafts by id. */
export const mediaApi = {
  upload: defineEndpoint({
    method: 'POST',
    path: '/api/v1/media',
    owner: 'posts',
    access: 'signed-in',
    summary: 'Upload an image for a post',
    description:
      'The body is the file itself (any content type). JPEG, PNG, GIF or WebP, at most 5 MB, recognised by its ' +
      'content: the name and the declared type are ignored. The image is decoded and re-encoded without its ' +
      'metadata (no GPS position, no camera serial) and a thumbnail is made. Attach it to a post or draft with `mediaIds`.',
    responses: { 201: { description: 'Stored', schema: mediaResponseSchema } },
    errors: {
      400: [codes.empty, codes.unsupportedType, codes.undecodable],
      413: [codes.imageTooLarge, COMMON_ERROR_CODES.tooLarge],
      429: [codes.dailyLimit],
    },
  }),
  file: defineEndpoint({
    method: 'GET',
    path: '/api/v1/media/{id}',
    owner: 'posts',
    access: 'signed-in',
    summary: 'One of the caller’s images, as stored (without metadata)',
    params: mediaIdParamsSchema,
    responses: { 200: { description: 'The image', contentType: 'image/*' } },
    errors: { 404: [codes.notFound] },
  }),
  thumbnail: defineEndpoint({
    method: 'GET',
    path: '/api/v1/media/{id}/thumbnail',
    owner: 'posts',
    access: 'signed-in',
    summary: 'The thumbnail of one of the caller’s images',
    params: mediaIdParamsSchema,
    responses: {
      200: { description: 'A WebP thumbnail, at most 400 pixels on its longest side', contentType: 'image/webp' },
    },
    errors: { 404: [codes.notFound] },
  }),
} as const;
