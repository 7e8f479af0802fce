import type { Checkpoint } from '@nashr/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
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

export const linkedinSchema = pgSchema('linkedin');

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * One network account per user. Its `id` is the account id the browser sees for the whole
 * sign-in flow and afterwards; the network's own ids are stored sealed (AES-256-GCM), never in
 * clear. A sign-in in progress lives in the `pending_*` columns, so reconnecting never drops the
 * working connection before the new one succeeds.
 */
export const ACCOUNT_IDENTITY_INDEX = 'accounts_connected_identity_idx';

export const accounts = linkedinSchema.table(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().unique(),
    /** `pending` until the first sign-in succeeds. */
    status: text('status', { enum: ['pending', 'connected', 'disconnected'] }).notNull(),
    /** Provider that holds `provider_account` (`sandbox` or `unipile`). */
    provider: text('provider').notNull(),
    providerAccount: text('provider_account'),
    pendingProvider: text('pending_provider'),
    pendingProviderAccount: text('pending_provider_account'),
    pendingCheckpoint: jsonb('pending_checkpoint').$type<Checkpoint>(),
    pendingExpiresAt: timestamp('pending_expires_at', { withTimezone: true }),
    /** Codes tried at the pending checkpoint (a wrong one stays counted): guessing is capped. */
    pendingAttempts: integer('pending_attempts').notNull().default(0),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    disconnectedAt: timestamp('disconnected_at', { withTimezone: true }),
    disconnectReason: text('disconnect_reason'),
    /** When the official network's access ends unless the member reconnects (null for other providers). */
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
    /** The network member it signs in as (`memberIdentity`); null when not known. */
    identity: text('identity'),
    /** When a company page was last added or removed: the stamp of the announcement that says so. */
    pagesChangedAt: timestamp('pages_changed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // One Nashr user holds a working connection to a network member at a time: a second is refused
    // (never a silent takeover), and the database says so even when two connect at once. Not the
    // sandbox: its logins are shared practice names (the checkpoint scenarios).
    uniqueIndex(ACCOUNT_IDENTITY_INDEX)
      .on(table.identity)
      .where(sql`${table.status} = 'connected' and ${table.provider} <> 'sandbox'`),
  ],
);
export type AccountRow = typeof accounts.$inferSelect;

export const PAGE_IDENTITY_INDEX = 'pages_identity_idx';

/**
 * The company pages a user added to their network account: posts may be written as each (the
 * network's author is the page; the member's token sends it). A page is added in one Nashr
 * account at a time, as a member is connected in one. `organization` is the page's public URN.
 */
export const pages = linkedinSchema.table(
  'pages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    organization: text('organization').notNull(),
    name: text('name').notNull(),
    /** The key its posts carry (`pageIdentity`), never the member's. */
    identity: text('identity').notNull(),
    /** The member who added it (`memberIdentity`): a reconnection as another member drops the page. */
    memberIdentity: text('member_identity'),
    /** When a snapshot last read the page's figures (`analytics_page_days`); null before the first. */
    figuresReadAt: timestamp('figures_read_at', { withTimezone: true }),
    /** When the network last refused to give them (the member lost their role on the page); cleared by a read. */
    figuresRefusedAt: timestamp('figures_refused_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('pages_account_organization_idx').on(table.accountId, table.organization),
    uniqueIndex(PAGE_IDENTITY_INDEX).on(table.identity),
  ],
);
export type PageRow = typeof pages.$inferSelect;

/**
 * How many company pages each user's plan lets them add, copied from billing's
 * `entitlement-changed` (the highest version kept). A user billing has not spoken of has no row,
 * and no limit here.
 */
export const pageAllowances = linkedinSchema.table('page_allowances', {
  userId: uuid('user_id').primaryKey(),
  plan: text('plan').notNull(),
  pages: integer('pages').notNull(),
  version: integer('version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const PUBLISH_STATES = ['new', 'publishing', 'unknown', 'retrying', 'published', 'failed'] as const;
export type PublishState = (typeof PUBLISH_STATES)[number];

/**
 * One row per publish job (post and attempt). `publishing` is written before the network is
 * called and `published` after it answered, so a row left in `publishing` or `unknown` means
 * the post may exist on the network: it is looked for there before any new publish.
 */
export const publishAttempts = linkedinSchema.table(
  'publish_attempts',
  {
    postId: uuid('post_id').notNull(),
    attempt: integer('attempt').notNull(),
    userId: uuid('user_id').notNull(),
    state: text('state', { enum: PUBLISH_STATES }).notNull(),
    /** How many times the network was called for this attempt. */
    calls: integer('calls').notNull().default(0),
    networkPostId: text('network_post_id'),
    url: text('url'),
    reason: text('reason'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.attempt] })],
);
export type PublishAttemptRow = typeof publishAttempts.$inferSelect;

export const FIRST_COMMENT_STATES = ['sending', 'posted', 'failed'] as const;

/**
 * The first comment of a published post, claimed (`sending`) before the network is called. A
 * claimed row is never sent again: a comment posted twice under one's own post is worse than one
 * the user adds by hand after being told.
 */
export const firstComments = linkedinSchema.table('first_comments', {
  postId: uuid('post_id').primaryKey(),
  userId: uuid('user_id').notNull(),
  state: text('state', { enum: FIRST_COMMENT_STATES }).notNull(),
  networkCommentId: text('network_comment_id'),
  reason: text('reason'),
  /** The declared code of the reason (`linkedin.rejected`), for the web to translate. */
  code: text('code'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
export type FirstCommentRow = typeof firstComments.$inferSelect;

/** Sign-in steps of a sandbox account still to be passed. */
export interface SandboxPending {
  steps: Checkpoint['type'][];
  checkpoint: Checkpoint;
  statusChecks: number;
  expiresAt: string;
}

/**
 * The simulated network's own state. It lives in PostgreSQL (not in a process) because the API
 * and the worker are separate processes that must see the same network.
 */
export const sandboxAccounts = linkedinSchema.table('sandbox_accounts', {
  id: text('id').primaryKey(),
  username: text('username').notNull().unique(),
  connected: boolean('connected').notNull().default(false),
  /** Set to simulate the network dropping the session ("credentials expired"). */
  expired: boolean('expired').notNull().default(false),
  pending: jsonb('pending').$type<SandboxPending>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sandboxPosts = linkedinSchema.table(
  'sandbox_posts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => sandboxAccounts.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** The company page it was posted as (its URN); null for the member's own posts. */
    author: text('author'),
    reactions: integer('reactions').notNull(),
    comments: integer('comments').notNull(),
    reposts: integer('reposts').notNull(),
    impressions: integer('impressions').notNull(),
    /** Published through the product: its counters grow with its age instead of being fixed. */
    live: boolean('live').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /**
     * When the stored counters were true: a history post's counters grow from there with its
     * age, so a later look sees more (and what a test writes is what it sees at once).
     */
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_posts_account_created_idx').on(t.accountId, t.createdAt.desc(), t.id.desc())],
);
export type SandboxPostRow = typeof sandboxPosts.$inferSelect;

/** Comments the simulated network received, under its posts. */
export const sandboxComments = linkedinSchema.table('sandbox_comments', {
  id: text('id').primaryKey(),
  postId: text('post_id')
    .notNull()
    .references(() => sandboxPosts.id, { onDelete: 'cascade' }),
  accountId: text('account_id').notNull(),
  text: text('text').notNull(),
  createdAt: createdAt(),
});

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * The images the simulated network received with its posts, in the order they were sent, or the
 * one PDF document a post carries (`application/pdf`, with its title).
 */
export const sandboxImages = linkedinSchema.table(
  'sandbox_images',
  {
    postId: text('post_id')
      .notNull()
      .references(() => sandboxPosts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    contentType: text('content_type').notNull(),
    data: bytea('data').notNull(),
    /** A document's title, as the feed shows it above its pages (null for an image). */
    title: text('title'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.position] })],
);

/**
 * The official network's OAuth tokens, one row per member. The member is found by a hash of its
 * author URN (never stored in clear here) and the tokens are sealed, bound to that hash.
 */
export const networkTokens = linkedinSchema.table('network_tokens', {
  memberKey: text('member_key').primaryKey(),
  accessToken: text('access_token').notNull(),
  refreshToken: text('refresh_token'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }),
  scope: text('scope'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
export type NetworkTokenRow = typeof networkTokens.$inferSelect;

/**
 * Analytics over time: each user's snapshot state. `importedAt` is set once the first snapshot
 * has read every page of the account's posts the network gives (its history import).
 */
export const analyticsAccounts = linkedinSchema.table('analytics_accounts', {
  userId: uuid('user_id').primaryKey(),
  firstSnapshotAt: timestamp('first_snapshot_at', { withTimezone: true }),
  lastSnapshotAt: timestamp('last_snapshot_at', { withTimezone: true }),
  importedAt: timestamp('imported_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Each network post of a user seen by a snapshot, with its latest counters. */
export const analyticsPosts = linkedinSchema.table(
  'analytics_posts',
  {
    userId: uuid('user_id').notNull(),
    /** The network's post id, as `/linkedln/getPosts` lists it. */
    postId: text('post_id').notNull(),
    text: text('text').notNull(),
    shareUrl: text('share_url'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    /**
     * The counters the latest snapshot that read them found; null while none has (LinkedIn's
     * official post list carries no figures, and the member may not allow post analytics).
     */
    reactions: integer('reactions'),
    comments: integer('comments'),
    reposts: integer('reposts'),
    impressions: integer('impressions'),
    /** Times saved and sent in a message; null where the provider does not give them. */
    saves: integer('saves'),
    sends: integer('sends'),
    lastSnapshotAt: timestamp('last_snapshot_at', { withTimezone: true }).notNull(),
    /**
     * When a snapshot found the post deleted on the network (its analytics answered 404); set once.
     * Snapshots no longer read it, and it keeps the figures and snapshots it had.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * When the posts service was told of the deletion (the post it published says so). Null for
     * a deletion found before the service was told of any: the account's next snapshot tells it.
     */
    deletionToldAt: timestamp('deletion_told_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    index('analytics_posts_user_published_idx').on(t.userId, t.publishedAt),
  ],
);
export type AnalyticsPostRow = typeof analyticsPosts.$inferSelect;

/**
 * One post's counters at one snapshot. The gain since the post's previous snapshot is kept with
 * it, counted at `gained_at`: the snapshot's time, or for a post's first snapshot its publishing
 * (what it gathered before anyone looked), so the days of a period are sums over one index range.
 * Rows older than FINE_SNAPSHOT_DAYS are folded into one a day (`folded`).
 */
export const analyticsPostSnapshots = linkedinSchema.table(
  'analytics_post_snapshots',
  {
    userId: uuid('user_id').notNull(),
    postId: text('post_id').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    reactions: integer('reactions').notNull(),
    comments: integer('comments').notNull(),
    reposts: integer('reposts').notNull(),
    impressions: integer('impressions').notNull(),
    engagementGained: integer('engagement_gained').notNull(),
    impressionsGained: integer('impressions_gained').notNull(),
    gainedAt: timestamp('gained_at', { withTimezone: true }).notNull(),
    folded: boolean('folded').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId, t.takenAt] }),
    // The summary's days: an index-only range scan per user and period.
    index('analytics_post_snapshots_gains_idx').on(t.userId, t.gainedAt, t.engagementGained, t.impressionsGained),
    // The daily retention finds what is left to fold without reading the folded years.
    index('analytics_post_snapshots_fine_idx').on(t.takenAt).where(sql`not ${t.folded}`),
  ],
);
export type AnalyticsPostSnapshotRow = typeof analyticsPostSnapshots.$inferSelect;

/** The profile's figures at one snapshot; null where the provider does not give them. */
export const analyticsProfileSnapshots = linkedinSchema.table(
  'analytics_profile_snapshots',
  {
    userId: uuid('user_id').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    followers: integer('followers'),
    connections: integer('connections'),
    profileViews: integer('profile_views'),
    folded: boolean('folded').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.takenAt] }),
    index('analytics_profile_snapshots_fine_idx').on(t.takenAt).where(sql`not ${t.folded}`),
  ],
);
export type AnalyticsProfileSnapshotRow = typeof analyticsProfileSnapshots.$inferSelect;

/**
 * The member's figures by UTC day from before the snapshots began, over all of their posts (the
 * network's member analytics): the history import keeps the days before the tracked posts' window,
 * which no post snapshot covers, so no post is counted twice. Read again, a day is replaced.
 */
export const analyticsMemberDays = linkedinSchema.table(
  'analytics_member_days',
  {
    userId: uuid('user_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    impressions: integer('impressions').notNull(),
    /** Reactions + comments + reposts. */
    engagement: integer('engagement').notNull(),
    saves: integer('saves').notNull(),
    sends: integer('sends').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
export type AnalyticsMemberDayRow = typeof analyticsMemberDays.$inferSelect;

/**
 * A company page's figures by UTC day, read by the snapshots of the account that added it (the
 * network's share and follower statistics). Read again, a day is replaced: nothing counts twice.
 * Kept by user and page, so a page removed and added again finds its history.
 */
export const analyticsPageDays = linkedinSchema.table(
  'analytics_page_days',
  {
    userId: uuid('user_id').notNull(),
    /** The page's URN (`urn:li:organization:…`). */
    organization: text('organization').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    impressions: integer('impressions').notNull(),
    clicks: integer('clicks').notNull(),
    reactions: integer('reactions').notNull(),
    comments: integer('comments').notNull(),
    shares: integer('shares').notNull(),
    followersGained: integer('followers_gained').notNull(),
    /** The page's followers as read on this day; null on days no snapshot read them. */
    followers: integer('followers'),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.organization, t.day] })],
);
export type AnalyticsPageDayRow = typeof analyticsPageDays.$inferSelect;

export const schema = {
  accounts,
  pages,
  pageAllowances,
  networkTokens,
  publishAttempts,
  firstComments,
  sandboxAccounts,
  sandboxPosts,
  sandboxComments,
  sandboxImages,
  analyticsAccounts,
  analyticsMemberDays,
  analyticsPageDays,
  analyticsPosts,
  analyticsPostSnapshots,
  analyticsProfileSnapshots,
};
