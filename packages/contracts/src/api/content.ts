import { z } from 'zod';
import {
  contentBlockResponseSchema,
  contentBlockSchemas,
  contentQuerySchema,
  contentSaveQuerySchema,
} from '../content/blocks.js';
import { CONTENT_ERROR_CODES } from '../content/errors.js';
import { defineEndpoint } from './define.js';

const blockNames = Object.keys(contentBlockSchemas) as [keyof typeof contentBlockSchemas];
/** Any block's content: the service checks it against the named block's own schema. */
export const anyContentBlockSchema = z.union(
  Object.values(contentBlockSchemas) as unknown as [z.ZodType, z.ZodType, ...z.ZodType[]],
);
const blockParams = z.object({
  blockName: z
    .enum(blockNames)
    .describe(
      "The block: hero, feature, why-choose, testimonials, pricing, faq (the landing page) or signup (the sign-up page's side panel)",
    ),
});

/** The landing page's and sign-up panel's blocks, read by visitors and replaced by administrators. */
export const contentApi = {
  block: defineEndpoint({
    method: 'GET',
    path: '/content/{blockName}',
    owner: 'content',
    access: 'visitor',
    summary: 'A block of the landing page, in one language',
    params: blockParams,
    query: contentQuerySchema,
    responses: {
      200: {
        description: "The block's content and version",
        schema: contentBlockResponseSchema(anyContentBlockSchema),
      },
    },
    errors: { 404: [CONTENT_ERROR_CODES.blockNotFound] },
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/content/{blockName}/save_content/',
    owner: 'content',
    access: 'admin',
    summary: 'Replace a block of the landing page',
    description:
      "The body is the block's whole content, validated by the block's schema (images as data URLs, 5 MB in all). With `version`, a stale save is refused with 409.",
    params: blockParams,
    query: contentSaveQuerySchema,
    body: anyContentBlockSchema,
    responses: {
      200: {
        description: 'Saved, with the new version',
        schema: contentBlockResponseSchema(anyContentBlockSchema).extend({ message: z.string() }),
      },
    },
    errors: {
      404: [CONTENT_ERROR_CODES.blockNotFound],
      409: [CONTENT_ERROR_CODES.stale],
      413: [CONTENT_ERROR_CODES.tooLarge],
    },
  }),
} as const;
