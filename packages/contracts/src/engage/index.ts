import { z } from 'zod';
import { text } from '../text.js';

/**
 * Engage: the people and topics a user comments around, the feed of their posts with comment
 * suggestions, and the comments sent. The engage service owns all of it.
 */
export const ENGAGE_LIMITS = {
  /** The best recent posts of followed creators shown on the inspiration page. */
  followedPosts: 6,
  /** People and creators one user may follow in Engage. */
  people: 200,
  /** Topics or keywords one user may follow. */
  topics: 50,
  topicLength: 60,
  profileUrlLength: 300,
  /** The network's own limit on a comment's length. */
  commentLength: 1250,
  /** Suggestions offered for each post. */
  suggestionsPerPost: 3,
  /** Posts a feed answer carries, newest first. */
  feedPage: 50,
  /** Images and documents shown with one post (the network allows 20 images). */
  mediaPerPost: 20,
} as const;

export const ENGAGE_LANGUAGES = ['ar', 'en'] as const;
export type EngageLanguage = (typeof ENGAGE_LANGUAGES)[number];

/** What each suggestion adds to the conversation. */
export const SUGGESTION_KINDS = ['question', 'experience', 'counterpoint'] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

/**
 * A profile address on the network: `https://www.linkedin.com/in/{handle}`, with or without
 * `www.`, a trailing slash or a query. The handle is what Engage keeps.
 */
const PROFILE_URL = /^https?:\/\/(?:[a-z]{2,3}\.)?linkedin\.com\/in\/([A-Za-z0-9\-_%]{2,100})\/?(?:[?#].*)?$/;
export function profileHandleOf(url: string): string | null {
  const match = PROFILE_URL.exec(url.trim());
  return match?.[1] ? decodeURIComponent(match[1]).toLowerCase() : null;
}

export const personSchema = z.object({
  id: z.string().uuid(),
  handle: z.string(),
  profileUrl: z.string(),
  name: z.string(),
  headline: z.string(),
  language: z.enum(ENGAGE_LANGUAGES),
  createdAt: z.string().datetime(),
});
export type EngagePerson = z.infer<typeof personSchema>;

export const topicSchema = z.object({ id: z.string().uuid(), topic: z.string(), createdAt: z.string().datetime() });
export type EngageTopic = z.infer<typeof topicSchema>;

export const targetsResponseSchema = z.object({
  success: z.literal(true),
  people: z.array(personSchema),
  topics: z.array(topicSchema),
  limits: z.object({ people: z.number().int(), topics: z.number().int() }),
});

export const addPersonRequestSchema = z
  .object({ profileUrl: text().trim().min(1).max(ENGAGE_LIMITS.profileUrlLength) })
  .strict();
export const addTopicRequestSchema = z.object({ topic: text().trim().min(1).max(ENGAGE_LIMITS.topicLength) }).strict();
export const personResponseSchema = z.object({ success: z.literal(true), person: personSchema });
export const topicResponseSchema = z.object({ success: z.literal(true), topic: topicSchema });
export const removedResponseSchema = z.object({ success: z.literal(true), removed: z.boolean() });

/** A creator the provider knows, offered to pick from (the sandbox lists its invented creators). */
export const creatorSchema = z.object({
  handle: z.string(),
  profileUrl: z.string(),
  name: z.string(),
  headline: z.string(),
  language: z.enum(ENGAGE_LANGUAGES),
});
export const creatorsResponseSchema = z.object({
  success: z.literal(true),
  provider: z.string(),
  creators: z.array(creatorSchema),
});

export const suggestionSchema = z.object({ kind: z.enum(SUGGESTION_KINDS), text: z.string() });
export type Suggestion = z.infer<typeof suggestionSchema>;

/**
 * Who wrote a set of suggestions: a model through the ai service, or its offline writer, either
 * because no AI answered (`offline`) or because the AI's answer could not be used (`unusable`):
 * the label says which.
 */
export const SUGGESTION_SOURCES = ['ai', 'offline', 'unusable'] as const;
export type SuggestionSource = (typeof SUGGESTION_SOURCES)[number];

/** A stored source as the API says it; anything unknown was the offline writer's. */
export const suggestionSourceOf = (stored: string): SuggestionSource =>
  (SUGGESTION_SOURCES as readonly string[]).includes(stored) ? (stored as SuggestionSource) : 'offline';

/**
 * Where a post's image or document is: an https address, or a path on this site (the sandbox's
 * invented images ship with the web app). Anything else is not shown.
 */
const mediaUrl = z
  .string()
  .max(2000)
  .refine((url) => /^https:\/\/[^\s]+$/.test(url) || /^\/(?!\/)[^\s]*$/.test(url), 'an https address or a path');

/** An image or a document attached to a post of the network. */
export const feedMediaSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('image'),
    url: mediaUrl,
    /** What the image shows, in the post's language; empty when the network gives none. */
    alt: z.string().max(1000),
    width: z.number().int().positive().optional(),
    height: z.number().int().positive().optional(),
  }),
  z.object({
    kind: z.literal('document'),
    title: z.string().max(300),
    pages: z.number().int().positive().optional(),
    url: mediaUrl.optional(),
  }),
]);
export type FeedMedia = z.infer<typeof feedMediaSchema>;

export const COMMENT_STATUSES = ['sending', 'sent', 'unconfirmed', 'failed'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];
/** Who sent a comment: the user, or autopilot on their behalf. */
export const COMMENT_ORIGINS = ['user', 'autopilot'] as const;
export type CommentOrigin = (typeof COMMENT_ORIGINS)[number];

export const commentSchema = z.object({
  id: z.string().uuid(),
  key: z.string(),
  postId: z.string(),
  postUrl: z.string(),
  authorName: z.string(),
  text: z.string(),
  status: z.enum(COMMENT_STATUSES),
  origin: z.enum(COMMENT_ORIGINS),
  url: z.string().nullable(),
  reason: z.string().nullable(),
  /** Why a failed comment was not posted, as a declared code (the screen's words) with its parameters. */
  code: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  createdAt: z.string().datetime(),
  sentAt: z.string().datetime().nullable(),
});
export type EngageComment = z.infer<typeof commentSchema>;

export const feedPostSchema = z.object({
  postId: z.string(),
  url: z.string(),
  author: z.object({ handle: z.string(), name: z.string(), headline: z.string(), profileUrl: z.string() }),
  text: z.string(),
  language: z.enum(ENGAGE_LANGUAGES),
  postedAt: z.string().datetime(),
  counters: z.object({ reactions: z.number().int(), comments: z.number().int(), reposts: z.number().int() }),
  /** Its images and documents, in the order the network gives them. */
  media: z.array(feedMediaSchema).max(ENGAGE_LIMITS.mediaPerPost),
  /** Why the post is in the feed: a followed person, the topics it mentions, or its address given by the user. */
  matched: z.object({ person: z.boolean(), topics: z.array(z.string()), byUrl: z.boolean().optional() }),
  /** Prepared ahead; null while they are being written. */
  suggestions: z
    .object({
      language: z.enum(ENGAGE_LANGUAGES),
      /**
       * `ai`: written by the AI service's model; `offline`: by its offline writer (no AI endpoint
       * set up, or it failed), from the post's words and the user's profile; `unusable`: by the
       * offline writer because the AI's answer could not be used.
       */
      source: z.enum(SUGGESTION_SOURCES),
      items: z.array(suggestionSchema),
    })
    .nullable(),
  /** Newer suggestions are being written (asked for, or the user's voice changed): they replace these. */
  suggestionsWriting: z.boolean(),
  /** The user's own comments on this post. */
  myComments: z.array(commentSchema),
});
export type FeedPost = z.infer<typeof feedPostSchema>;

export const feedQuerySchema = z.object({ lang: z.enum(ENGAGE_LANGUAGES).optional() });
export const feedResponseSchema = z.object({
  success: z.literal(true),
  posts: z.array(feedPostSchema),
  refreshedAt: z.string().datetime().nullable(),
});

/** A recent post of a creator the user follows, among their best by reactions (for the inspiration page). */
export const followedPostSchema = feedPostSchema.pick({
  postId: true,
  url: true,
  author: true,
  text: true,
  language: true,
  postedAt: true,
  counters: true,
});
export type FollowedPost = z.infer<typeof followedPostSchema>;
export const followedPostsResponseSchema = z.object({
  success: z.literal(true),
  posts: z.array(followedPostSchema),
  /** Whether the user follows anyone yet (the page then explains how to). */
  following: z.boolean(),
});

export const suggestionsRequestSchema = z.object({ lang: z.enum(ENGAGE_LANGUAGES) }).strict();
export const suggestionsResponseSchema = z.object({
  success: z.literal(true),
  suggestions: feedPostSchema.shape.suggestions.unwrap(),
});
/** Other suggestions take longer than the request waits: the feed shows them once written. */
export const suggestionsPendingResponseSchema = z.object({ success: z.literal(true), pending: z.literal(true) });

export const sendCommentRequestSchema = z
  .object({
    postId: z.string().min(1).max(200),
    /** Made by the client once per comment: sending it again never comments twice. */
    key: z.string().uuid(),
    text: z.string().max(10_000),
  })
  .strict();
export const commentResponseSchema = z.object({ success: z.literal(true), comment: commentSchema });
export const historyResponseSchema = z.object({ success: z.literal(true), comments: z.array(commentSchema) });

export const engageAllowanceSchema = z.object({
  /** Whether the user's plan includes Engage. */
  included: z.boolean(),
  plan: z.string().nullable(),
  credits: z.object({ total: z.number().int(), used: z.number().int(), remaining: z.number().int() }),
  suggestions: z.object({ today: z.number().int(), dailyLimit: z.number().int() }),
});
export type EngageAllowance = z.infer<typeof engageAllowanceSchema>;
export const allowanceResponseSchema = z.object({ success: z.literal(true), allowance: engageAllowanceSchema });

export const ENGAGE_ERROR_CODES = {
  invalidProfileUrl: 'engage.invalid_profile_url',
  /** The provider knows no such profile, or it is private. */
  unknownProfile: 'engage.unknown_profile',
  /** params: limit */
  tooManyPeople: 'engage.too_many_people',
  /** params: limit */
  tooManyTopics: 'engage.too_many_topics',
  personExists: 'engage.person_exists',
  topicExists: 'engage.topic_exists',
  notFound: 'engage.not_found',
  postNotFound: 'engage.post_not_found',
  commentEmpty: 'engage.comment_empty',
  /** params: limit */
  commentTooLong: 'engage.comment_too_long',
  /** The same key was sent with another post or text. */
  keyReused: 'engage.key_reused',
  /** The network did not answer: the comment is checked before anything is sent again. */
  sendUnconfirmed: 'engage.send_unconfirmed',
  sendFailed: 'engage.send_failed',
  /** params: plan */
  notIncluded: 'engage.not_included',
  /** params: limit, plan */
  creditsExhausted: 'engage.credits_exhausted',
  /** params: limit */
  suggestionsLimit: 'engage.suggestions_limit',
  /** Not the address of a post on the network. */
  invalidPostUrl: 'engage.invalid_post_url',
  /** The network knows no post at this address (deleted, or the address is incomplete). */
  unknownPost: 'engage.unknown_post',
  /** The post exists but only its author's connections (or a group) can see it. */
  privatePost: 'engage.private_post',
  /** The network the service uses cannot search for people (the official API). */
  searchNotOffered: 'engage.search_not_offered',
  /** The official API cannot read other members' posts: following people and topics is not offered. */
  feedNotOffered: 'engage.feed_not_offered',
  /** This installation cannot send the comment for the user (no way to hand it to the network): copy it and send it on the network. */
  sendNotOffered: 'engage.send_not_offered',
  /** No network account of the user is known to Engage yet (connect it first). */
  notConnected: 'engage.not_connected',
  /** The network asked to slow down; params: seconds */
  networkBusy: 'engage.network_busy',
  /** The network did not answer a read. */
  networkUnavailable: 'engage.network_unavailable',
} as const;
