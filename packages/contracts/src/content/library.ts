import { z } from 'zod';
import { localeSchema } from '../http.js';
import type { WorkspaceRole } from '../workspaces.js';

/** What an inspiration post is about. */
export const LIBRARY_TOPICS = [
  'career',
  'leadership',
  'entrepreneurship',
  'marketing',
  'sales',
  'technology',
  'productivity',
  'personal_brand',
  'hiring',
  'learning',
] as const;
export type LibraryTopic = (typeof LIBRARY_TOPICS)[number];

/** How an inspiration post is built: what 'Write a post like this' borrows from it. */
export const LIBRARY_FORMATS = [
  'story',
  'list',
  'lesson',
  'contrarian',
  'question',
  'number',
  'announcement',
  'howto',
  'milestone',
  'behind',
] as const;
export type LibraryFormat = (typeof LIBRARY_FORMATS)[number];

/** The longest search the library runs: a longer one is refused with `library.query_too_long`. */
export const MAX_LIBRARY_QUERY_CHARS = 200;
/** The longest post the library keeps (the network's own limit). */
export const MAX_LIBRARY_POST_CHARS = 3000;
/** The longest author's name a library post keeps. */
export const LIBRARY_AUTHOR_LENGTH = 120;
export const LIBRARY_PAGE_SIZE = 20;

/**
 * The least role that saves or removes a workspace's library favourites: the role that writes its
 * drafts, for whom the favourites are kept. Viewers read the list.
 */
export const LIBRARY_FAVOURITE_ROLE: WorkspaceRole = 'contributor';

export const LIBRARY_ERROR_MESSAGES = {
  postNotFound: 'There is no such post in the library',
  favouriteNotFound: 'This post is not among your favourites',
  queryTooLong: (limit: number) => `A search can be at most ${limit} characters long`,
} as const;

export const LIBRARY_ERROR_CODES = {
  postNotFound: 'library.post_not_found',
  favouriteNotFound: 'library.favourite_not_found',
  /** params: limit */
  queryTooLong: 'library.query_too_long',
} as const;

const id = z.uuid();
const flag = z.enum(['1', 'true', '0', 'false']).transform((value) => value === '1' || value === 'true');

/** A search of the library: words (operators are taken as words), filters, and a page. */
export const librarySearchQuerySchema = z.object({
  q: z
    .string()
    .max(20_000)
    .optional()
    .describe(
      `Words to find, in Arabic or English (at most ${MAX_LIBRARY_QUERY_CHARS} characters); other forms of a word match too`,
    ),
  topic: z.enum(LIBRARY_TOPICS).optional(),
  format: z.enum(LIBRARY_FORMATS).optional(),
  lang: localeSchema.optional(),
  favourites: flag.optional().describe("Only the workspace's favourites"),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(LIBRARY_PAGE_SIZE),
});

export const adminLibrarySearchQuerySchema = librarySearchQuerySchema.omit({ favourites: true }).extend({
  hidden: flag.optional().describe('Only hidden posts (true) or only visible ones (false)'),
});

const postText = z.string().trim().min(1).max(MAX_LIBRARY_POST_CHARS);

/** What an admin writes of a library post. */
export const libraryPostInputSchema = z.object({
  lang: localeSchema,
  author: z.string().trim().min(1).max(LIBRARY_AUTHOR_LENGTH),
  body: postText,
  topic: z.enum(LIBRARY_TOPICS),
  format: z.enum(LIBRARY_FORMATS),
  hidden: z.boolean().default(false),
});
export const libraryPostPatchSchema = libraryPostInputSchema.partial();
export type LibraryPostInput = z.infer<typeof libraryPostInputSchema>;

export const libraryPostSchema = z.object({
  id,
  lang: localeSchema,
  author: z.string(),
  body: z.string(),
  topic: z.enum(LIBRARY_TOPICS),
  format: z.enum(LIBRARY_FORMATS),
  /** Whether it is among the favourites of the workspace the caller acts in. */
  favourite: z.boolean(),
  createdAt: z.string(),
});
export type LibraryPost = z.infer<typeof libraryPostSchema>;

export const adminLibraryPostSchema = libraryPostSchema.omit({ favourite: true }).extend({
  hidden: z.boolean(),
  updatedAt: z.string(),
});
export type AdminLibraryPost = z.infer<typeof adminLibraryPostSchema>;

/** Matches beyond the plan's share are counted up to this many (the screen says 'more than'). */
export const LIBRARY_LOCKED_COUNT_CAP = 100;

/** How much of the library the caller's plan shows, and what this search found beyond it. */
export const libraryPlanShareSchema = z.object({
  /** How many of the newest posts the plan shows; null: the whole library. */
  shown: z.number().int().nonnegative().nullable(),
  /** Posts matching this search that a plan with a bigger library would show (at most LIBRARY_LOCKED_COUNT_CAP). */
  locked: z.number().int().nonnegative(),
  /** True when there are more locked posts than `locked` says. */
  lockedMore: z.boolean(),
});
export type LibraryPlanShare = z.infer<typeof libraryPlanShareSchema>;

export const libraryPageSchema = z.object({
  success: z.literal(true),
  data: z.object({ posts: z.array(libraryPostSchema), hasMore: z.boolean(), plan: libraryPlanShareSchema }),
});
export const adminLibraryPageSchema = z.object({
  success: z.literal(true),
  data: z.object({ posts: z.array(adminLibraryPostSchema), hasMore: z.boolean() }),
});
export const adminLibraryPostAnswerSchema = z.object({ success: z.literal(true), data: adminLibraryPostSchema });
export const libraryFavouriteAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({ postId: id, favourite: z.boolean() }),
});
export const libraryPostParams = z.object({ postId: id.describe('A library post') });
