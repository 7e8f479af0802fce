import { z } from 'zod';
import { text } from '../text.js';
import { creatorSchema, ENGAGE_LANGUAGES, feedPostSchema } from './index.js';

/**
 * What Engage can do with the network the user's account is on. The hosted API (and the sandbox)
 * read members' posts, search and comment; the official API cannot read other members' posts, so
 * there Engage only works from a post address the user pastes (and comments on it).
 */
export const ENGAGE_NETWORK_PROVIDERS = ['sandbox', 'unipile', 'linkedin'] as const;
export type EngageNetworkProvider = (typeof ENGAGE_NETWORK_PROVIDERS)[number];

export const engageNetworkSchema = z.object({
  provider: z.enum(ENGAGE_NETWORK_PROVIDERS),
  /**
   * `full`: following people and topics, the feed, search and sending. `by_url`: the official API;
   * a post is reached by its address, and its comment is sent by the linkedin service (which holds
   * the member's tokens) through the official API. `not_connected`:
   * no account of the user is known yet.
   */
  mode: z.enum(['full', 'by_url', 'not_connected']),
  features: z.object({
    follow: z.boolean(),
    search: z.boolean(),
    byUrl: z.boolean(),
    send: z.boolean(),
  }),
});
export type EngageNetwork = z.infer<typeof engageNetworkSchema>;
export const engageNetworkResponseSchema = z.object({ success: z.literal(true), network: engageNetworkSchema });

export const ENGAGE_SEARCH_LIMITS = { queryLength: 100, results: 20 } as const;

export const peopleSearchQuerySchema = z.object({
  q: text().trim().min(1).max(ENGAGE_SEARCH_LIMITS.queryLength).describe('Words of a name or headline'),
});
export const peopleSearchResponseSchema = z.object({
  success: z.literal(true),
  people: z.array(creatorSchema).max(ENGAGE_SEARCH_LIMITS.results),
});

export const POST_URL_LENGTH = 500;
/** What the user may add when the network cannot give the post's words (the official API). */
export const POST_TEXT_LENGTH = 3000;

export const postByUrlRequestSchema = z
  .object({
    url: text().trim().min(1).max(POST_URL_LENGTH),
    /** The post's words, pasted by the user, used for suggestions when the network cannot read them. */
    text: text().trim().max(POST_TEXT_LENGTH).optional(),
    /** The language the suggestions are written in (the screen's). */
    lang: z.enum(ENGAGE_LANGUAGES).optional(),
  })
  .strict();
export const postByUrlResponseSchema = z.object({ success: z.literal(true), post: feedPostSchema });

/** A post address, reduced to what names the post on the network. */
export interface PostRef {
  url: string;
  /** `urn:li:activity:…`, `urn:li:share:…` or `urn:li:ugcPost:…` on the network; the id in the sandbox. */
  id: string;
  /** The author's handle when the address carries it (`/posts/{handle}_…`). */
  handle: string | null;
}

const HOST = /^(?:[a-z]{2,3}\.)?linkedin\.com$/;
const SANDBOX_HOST = 'sandbox.nashr.example';

/**
 * The post an address names, or null when it is not a post address. Accepted: the network's
 * `/feed/update/urn:li:{activity|share|ugcPost}:{id}`, `/posts/{handle}_{words}-activity-{id}-…`
 * and `/embed/feed/update/…` addresses, and the sandbox's own `/posts/{id}`.
 */
export function postRefOf(raw: string): PostRef | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const path = decodeURIComponent(url.pathname);
  if (url.hostname === SANDBOX_HOST) {
    const match = /^\/posts\/(sbx-[a-z0-9-]+-\d+)\/?$/.exec(path);
    return match?.[1] ? { url: url.href, id: match[1], handle: null } : null;
  }
  if (!HOST.test(url.hostname)) return null;
  const update = /^\/(?:embed\/)?feed\/update\/(urn:li:(?:activity|share|ugcPost):\d{6,25})\/?$/.exec(path);
  if (update?.[1]) return { url: url.href, id: update[1], handle: null };
  const post =
    /^\/posts\/([A-Za-z0-9\-_%.]{2,100}?)_[^/]*?-(activity|share|ugcPost)-(\d{6,25})(?:-[A-Za-z0-9]{2,8})?\/?$/.exec(
      path,
    );
  if (post?.[1] && post[2] && post[3]) {
    return { url: url.href, id: `urn:li:${post[2]}:${post[3]}`, handle: post[1].toLowerCase() };
  }
  return null;
}
