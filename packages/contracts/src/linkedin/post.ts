import { z } from 'zod';

/** A post on the network (spec section 3, published post), as `/linkedln/getPosts` lists it. */
export const linkedinPostSchema = z.object({
  id: z.string(),
  social_id: z.string().nullable(),
  share_url: z.string().nullable(),
  text: z.string(),
  /** The network's own short date text ("2d", "3w"), when it gives one. */
  date: z.string().nullable(),
  /** ISO 8601 date and time of the post. */
  parsed_datetime: z.string(),
  /**
   * The post's counters. Null when they are not known: LinkedIn's official API lists posts
   * without figures, and they are read (with the member's consent to post analytics) for the
   * member's own recent posts only. Never a zero that is not one.
   */
  reaction_counter: z.number().int().min(0).nullable(),
  comment_counter: z.number().int().min(0).nullable(),
  repost_counter: z.number().int().min(0).nullable(),
  impressions_counter: z.number().int().min(0).nullable(),
  author: z.object({
    name: z.string(),
    headline: z.string().nullable(),
  }),
  /** The post's images, in order, where the browser can load them. */
  images: z.array(z.object({ url: z.string() })).optional(),
  /** The post's document (a PDF shown as a carousel), where the browser can load it. */
  document: z.object({ url: z.string(), title: z.string() }).optional(),
});
export type LinkedinPost = z.infer<typeof linkedinPostSchema>;

export const MAX_LINKEDIN_POSTS_PAGE = 100;
export const DEFAULT_LINKEDIN_POSTS_PAGE = 50;

/** Paging inside the `data` of `/linkedln/getPosts`, both optional. */
export const linkedinPostsPageSchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_LINKEDIN_POSTS_PAGE).optional(),
  cursor: z.string().min(1).max(2000).nullish(),
  /** A company page added to the account (its identity): that page's posts instead of the member's. */
  identity: z.string().min(1).max(64).nullish(),
});

/** `POST /linkedln/getPosts`: newest first; `cursor` fetches the next page, null at the end. */
export const linkedinPostsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    items: z.array(linkedinPostSchema),
    cursor: z.string().nullable(),
  }),
});
