import { AUTOPILOT_LIMITS, type FeedMedia, type VoiceTraits } from '@nashr/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const engageSchema = pgSchema('engage');

/** The people and creators each user engages with: theirs only. */
export const people = engageSchema.table(
  'people',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    handle: text('handle').notNull(),
    profileUrl: text('profile_url').notNull(),
    name: text('name').notNull(),
    headline: text('headline').notNull(),
    language: text('language').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('people_user_handle_idx').on(t.userId, t.handle)],
);

/** Topics or keywords: a post mentioning one joins the feed. */
export const topics = engageSchema.table(
  'topics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    topic: text('topic').notNull(),
    /** Lower-cased: one topic per user whatever its case. */
    topicKey: text('topic_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('topics_user_key_idx').on(t.userId, t.topicKey)],
);

/**
 * Per user: the language suggestions are written in (null until the user reads the feed in one:
 * the writer's own language is used until then), and when the feed was last refreshed.
 */
export const settings = engageSchema.table('settings', {
  userId: uuid('user_id').primaryKey(),
  language: text('language'),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
});

/** The posts of a user's feed, as the provider gave them at the last refresh. */
export const feedItems = engageSchema.table(
  'feed_items',
  {
    userId: uuid('user_id').notNull(),
    postId: text('post_id').notNull(),
    url: text('url').notNull(),
    authorHandle: text('author_handle').notNull(),
    authorName: text('author_name').notNull(),
    authorHeadline: text('author_headline').notNull(),
    text: text('text').notNull(),
    language: text('language').notNull(),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull(),
    reactions: integer('reactions').notNull().default(0),
    comments: integer('comments').notNull().default(0),
    reposts: integer('reposts').notNull().default(0),
    matchedPerson: boolean('matched_person').notNull().default(false),
    matchedTopics: jsonb('matched_topics').$type<string[]>().notNull().default([]),
    /** Its images and documents, as the provider described them. */
    media: jsonb('media').$type<FeedMedia[]>().notNull().default([]),
    /** The user brought the post in by its address: kept across refreshes (until it leaves the window). */
    byUrl: boolean('by_url').notNull().default(false),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index('feed_items_user_posted_idx').on(t.userId, t.postedAt)],
);

/** The three suggestions shown for a post, prepared ahead; `generation` rises with every 'Others'. */
export const suggestions = engageSchema.table(
  'suggestions',
  {
    userId: uuid('user_id').notNull(),
    postId: text('post_id').notNull(),
    language: text('language').notNull(),
    source: text('source').notNull(),
    items: jsonb('items').$type<{ kind: 'question' | 'experience' | 'counterpoint'; text: string }[]>().notNull(),
    generation: integer('generation').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] })],
);

/**
 * The suggestions asked of the ai service and not yet answered, one per post: `generation` names
 * the newest request, and only its answer is kept (an older one arriving late is dropped).
 */
export const suggestionRequests = engageSchema.table(
  'suggestion_requests',
  {
    userId: uuid('user_id').notNull(),
    postId: text('post_id').notNull(),
    generation: integer('generation').notNull(),
    language: text('language').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] })],
);

/** Suggestion sets written per user and UTC day: free up to a daily limit. */
export const suggestionUsage = engageSchema.table(
  'suggestion_usage',
  {
    userId: uuid('user_id').notNull(),
    day: date('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** Every comment the user sent (or tried to), by the key the client made for it. */
export const comments = engageSchema.table(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    key: uuid('key').notNull(),
    postId: text('post_id').notNull(),
    postUrl: text('post_url').notNull(),
    authorName: text('author_name').notNull(),
    text: text('text').notNull(),
    /** sending | sent | unconfirmed (no answer came: looked up before any resend) | failed */
    status: text('status').notNull(),
    /** user | autopilot: who sent it. */
    origin: text('origin').notNull().default('user'),
    networkCommentId: text('network_comment_id'),
    url: text('url'),
    reason: text('reason'),
    /** A failed comment's engage error code (the words the screen shows), and its parameters. */
    code: text('code'),
    params: jsonb('params').$type<Record<string, string | number>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('comments_user_key_idx').on(t.userId, t.key),
    index('comments_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/** Engage's copy of each user's plan, from billing's entitlement-changed events (the highest version kept). */
export const plans = engageSchema.table('plans', {
  userId: uuid('user_id').primaryKey(),
  plan: text('plan').notNull(),
  status: text('status').notNull(),
  active: boolean('active').notNull(),
  engage: boolean('engage').notNull(),
  commentingCredits: integer('commenting_credits').notNull(),
  periodStart: timestamp('period_start', { withTimezone: true }),
  periodEnd: timestamp('period_end', { withTimezone: true }),
  version: integer('version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Engage's copy of how each user writes, so comment suggestions sound like them: from auth's
 * personalization-updated events (language, tone, register; the highest version kept) and the ai
 * service's voice-changed events (the measured traits in effect; the newest kept).
 */
export const writers = engageSchema.table('writers', {
  userId: uuid('user_id').primaryKey(),
  /** 'ar' or 'en' when the user writes in one of the languages suggestions are written in. */
  language: text('language'),
  register: text('register'),
  tone: text('tone'),
  personalizationVersion: integer('personalization_version').notNull().default(-1),
  personalizationAt: timestamp('personalization_at', { withTimezone: true }).notNull().default(sql`to_timestamp(0)`),
  voice: jsonb('voice').$type<VoiceTraits>(),
  voiceAt: timestamp('voice_at', { withTimezone: true }).notNull().default(sql`to_timestamp(0)`),
});

/**
 * The sandbox network's own store: the comments posted on its posts. Like a real network it keeps
 * every call (a repeated call is a second comment); the sender's key is kept so a lost answer can
 * be looked up.
 */
export const sandboxComments = engageSchema.table(
  'sandbox_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    postId: text('post_id').notNull(),
    userId: uuid('user_id').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_comments_post_idx').on(t.postId), index('sandbox_comments_key_idx').on(t.key)],
);

/**
 * Engage's copy of each user's network account, from the linkedin service's account-connected and
 * account-disconnected events (the newest change kept): which network holds it and, for the
 * hosted API, its account id, sealed (AES-256-GCM, bound to the user).
 */
export const networkAccounts = engageSchema.table('network_accounts', {
  userId: uuid('user_id').primaryKey(),
  provider: text('provider').notNull(),
  /** The hosted API's account id, sealed; null for the sandbox and the official API. */
  sealedAccountId: text('sealed_account_id'),
  connected: boolean('connected').notNull(),
  /** The linkedin service's stamp of the change (ms): an older event changes nothing. */
  changedAt: timestamp('changed_at', { withTimezone: true, precision: 3 }).notNull(),
});

/**
 * Each user's autopilot (no row: off). `next_at` is the earliest the next comment may go (the
 * last one's time plus the spacing); the row is locked while a comment is chosen and sent, so a
 * user's autopilot sends one comment at a time whatever the number of workers, and a pause waits
 * for a send in flight and then holds.
 */
export const autopilotSettings = engageSchema.table('autopilot_settings', {
  userId: uuid('user_id').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  paused: boolean('paused').notNull().default(false),
  dailyCap: integer('daily_cap').notNull().default(AUTOPILOT_LIMITS.defaultDailyCap),
  /** Working hours, HH:MM in `time_zone`, start included and end excluded; days 0 (Sunday) to 6. */
  hoursStart: text('hours_start').notNull().default(AUTOPILOT_LIMITS.defaultStart),
  hoursEnd: text('hours_end').notNull().default(AUTOPILOT_LIMITS.defaultEnd),
  days: jsonb('days').$type<number[]>().notNull().default([0, 1, 2, 3, 4, 5, 6]),
  timeZone: text('time_zone').notNull().default('UTC'),
  /** The kind of prepared suggestion sent. */
  suggestion: text('suggestion').notNull().default('question'),
  nextAt: timestamp('next_at', { withTimezone: true }),
  /** Why it stopped by itself (the send path's refusal code and values), until the user turns it on again. */
  stoppedCode: text('stopped_code'),
  stoppedParams: jsonb('stopped_params').$type<Record<string, string | number>>(),
  stoppedAt: timestamp('stopped_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The followed people whose posts autopilot comments on (gone with the person when unfollowed). */
export const autopilotPeople = engageSchema.table(
  'autopilot_people',
  {
    userId: uuid('user_id').notNull(),
    personId: uuid('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.personId] })],
);

/**
 * Every post autopilot took for a comment, recorded before the comment is sent. The primary key
 * is what makes it never comment twice on one post. `day` is the user's own day (in their zone)
 * the comment counts against; a `failed` one (the post was gone, the network refused) does not.
 */
export const autopilotSends = engageSchema.table(
  'autopilot_sends',
  {
    userId: uuid('user_id').notNull(),
    postId: text('post_id').notNull(),
    key: uuid('key').notNull(),
    day: date('day').notNull(),
    /** claimed (being sent, or sent without an answer) | sent | failed */
    outcome: text('outcome').notNull().default('claimed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index('autopilot_sends_user_day_idx').on(t.userId, t.day)],
);

export const schema = {
  people,
  topics,
  settings,
  feedItems,
  suggestions,
  suggestionRequests,
  suggestionUsage,
  comments,
  plans,
  writers,
  sandboxComments,
  networkAccounts,
  autopilotSettings,
  autopilotPeople,
  autopilotSends,
};
