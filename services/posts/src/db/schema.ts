import {
  type ACTIVITY_ACTIONS,
  type ActivityEntry,
  type AttachedMedia,
  DRAFT_REVIEW_STATES,
  type DraftReviewState,
  FIRST_COMMENT_STATUSES,
  MAX_DRAFT_LENGTH,
  MAX_FIRST_COMMENT_LENGTH,
  MAX_POST_LENGTH,
  POST_STATUSES,
  type PostAttentionCause,
  type QueueSlot,
  type REVIEW_COMMENT_KINDS,
  type ReviewComment,
} from '@nashr/contracts';
import { workspaceMemberTables } from '@nashr/platform';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSchema,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const postsSchema = pgSchema('posts');

// Spelled here (checked against the contracts' lists) rather than imported: drizzle-kit loads this
// file as CommonJS, where the contracts' review module is not yet evaluated when this runs.
const COMMENT_KINDS: typeof REVIEW_COMMENT_KINDS = ['comment', 'changes_requested'];
const ACTIONS: typeof ACTIVITY_ACTIONS = [
  'created',
  'edited',
  'submitted',
  'changes_requested',
  'approved',
  'scheduled',
  'published',
];
const listed = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const postStatus = postsSchema.enum('post_status', POST_STATUSES);
export const firstCommentStatus = postsSchema.enum('first_comment_status', FIRST_COMMENT_STATUSES);

export const posts = postsSchema.table(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The workspace it belongs to: its members read and change it, each as their role allows. */
    workspaceId: uuid('workspace_id').notNull(),
    /**
     * The member whose network account publishes it (who created it): the publish pipeline, the
     * plan's limits and the posting queue go by this user, whichever workspace the post is in.
     */
    userId: uuid('user_id').notNull(),
    content: text('content').notNull(),
    status: postStatus('status').notNull(),
    /** The instant it is due, in UTC; "publish now" posts carry the moment they were sent. */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    /** The user's IANA zone: the date and time are shown (and were entered) in it. */
    timeZone: text('time_zone').notNull(),
    /** The date and time exactly as the user typed them, for support questions about "wrong hours". */
    enteredDate: text('entered_date'),
    enteredTime: text('entered_time'),
    networkPostId: text('network_post_id'),
    networkUrl: text('network_url'),
    failureReason: text('failure_reason'),
    /** The declared error code of the failure reason (`linkedin.rejected`), for the web to translate. */
    failureCode: text('failure_code'),
    /** Posted as a comment right after the post goes out; null when there is none. */
    firstComment: text('first_comment'),
    /** `pending` until the post is published; then what the network said of the comment. */
    firstCommentStatus: firstCommentStatus('first_comment_status'),
    firstCommentFailure: text('first_comment_failure'),
    /**
     * The files it carries, in order (ids of `media` rows, with what showing them needs): in a
     * shared workspace they may be another member's uploads (a contributor's images on a draft an
     * editor scheduled).
     */
    media: jsonb('media').$type<AttachedMedia[]>().notNull().default([]),
    /**
     * Why this scheduled post cannot go out as it stands (its connection will have expired by its
     * time, or was lost); null when nothing is wrong. Set and cleared as the connection changes.
     */
    attention: text('attention').$type<PostAttentionCause>(),
    /**
     * The network member it belongs to: the one connected when it was written (or moved by the
     * user to the one connected now). It never goes out as another; null when that was not known.
     */
    identity: text('identity'),
    /** When the network asked to be tried again (a rate limit) for the current hand-over. */
    retryAt: timestamp('retry_at', { withTimezone: true }),
    /** Hand-overs to the network; the publish job id is `publish-{id}-{attempts}`. */
    attempts: integer('attempts').notNull().default(0),
    /** Put in the posting queue's next free slot: moves up when an earlier queued post leaves the queue. */
    queued: boolean('queued').notNull().default(false),
    /** Raised by every edit, reschedule, retry and cancel; the due job id is `due-{id}-{version}`. */
    version: integer('version').notNull().default(1),
    /** When the current hand-over started; the reconciler looks at old ones. */
    publishingSince: timestamp('publishing_since', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** When the linkedin service found the published post deleted on the network; set once. */
    deletedOnNetworkAt: timestamp('deleted_on_network_at', { withTimezone: true }),
    /**
     * Who approved the draft it was made from, and when, in a workspace that requires approval;
     * null otherwise. The publish claim lets a post of such a workspace out only with one.
     */
    approvedBy: uuid('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('posts_user_scheduled_at_idx').on(t.userId, t.scheduledAt),
    index('posts_workspace_scheduled_at_idx').on(t.workspaceId, t.scheduledAt),
    index('posts_status_scheduled_at_idx').on(t.status, t.scheduledAt),
    // Whether any post carries a file (the unused-media sweep, reading a teammate's file): a post's
    // files may be another member's, so the question is asked of every post, not of one user's.
    index('posts_media_idx').using('gin', t.media.op('jsonb_path_ops')),
    // Two queued posts never share a slot, even when two 'Add to queue' race.
    uniqueIndex('posts_queued_slot_idx')
      .on(t.userId, t.scheduledAt)
      .where(sql`${t.queued} and ${t.status} = 'scheduled'`),
    check('posts_content_length', sql`char_length(${t.content}) between 1 and ${sql.raw(String(MAX_POST_LENGTH))}`),
    check(
      'posts_first_comment_length',
      sql`char_length(${t.firstComment}) between 1 and ${sql.raw(String(MAX_FIRST_COMMENT_LENGTH))}`,
    ),
  ],
);

export type PostRow = typeof posts.$inferSelect;

/** Half-written posts. Never a post status: nothing here is ever picked up by the publish pipeline. */
export const drafts = postsSchema.table(
  'drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The workspace it belongs to: its members read and change it, each as their role allows. */
    workspaceId: uuid('workspace_id').notNull(),
    /** Its author. */
    userId: uuid('user_id').notNull(),
    content: text('content').notNull().default(''),
    firstComment: text('first_comment').notNull().default(''),
    media: jsonb('media').$type<AttachedMedia[]>().notNull().default([]),
    /** The company page it is written as (a page's identity); null for the member's profile. */
    identity: text('identity'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Where it stands in its workspace's review (contracts posts/review.ts). */
    reviewState: text('review_state').$type<DraftReviewState>().notNull().default('draft'),
    submittedBy: uuid('submitted_by'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The version approved; a save raises the version and clears it, so an approval is of one text. */
    approvedVersion: integer('approved_version'),
  },
  (t) => [
    check('drafts_review_state', sql`${t.reviewState} in (${listed(DRAFT_REVIEW_STATES)})`),
    index('drafts_user_updated_at_idx').on(t.userId, t.updatedAt),
    index('drafts_workspace_updated_at_idx').on(t.workspaceId, t.updatedAt),
    index('drafts_media_idx').using('gin', t.media.op('jsonb_path_ops')),
    check('drafts_content_length', sql`char_length(${t.content}) <= ${sql.raw(String(MAX_DRAFT_LENGTH))}`),
    check(
      'drafts_first_comment_length',
      sql`char_length(${t.firstComment}) <= ${sql.raw(String(MAX_FIRST_COMMENT_LENGTH))}`,
    ),
  ],
);

export type DraftRow = typeof drafts.$inferSelect;

/** A draft's review thread: comments and replies (one level), and the reviewer's requests for changes. */
export const draftComments = postsSchema.table(
  'draft_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    draftId: uuid('draft_id')
      .notNull()
      .references(() => drafts.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id').notNull(),
    authorId: uuid('author_id').notNull(),
    /** The thread's first comment; a reply whose parent went with a deleted account stands alone. */
    parentId: uuid('parent_id').references((): AnyPgColumn => draftComments.id, { onDelete: 'set null' }),
    kind: text('kind').$type<ReviewComment['kind']>().notNull().default('comment'),
    body: text('body').notNull(),
    mentions: uuid('mentions').array().notNull().default(sql`'{}'::uuid[]`),
    version: integer('version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('draft_comments_draft_idx').on(t.draftId, t.createdAt),
    index('draft_comments_author_idx').on(t.authorId),
    check('draft_comments_kind', sql`${t.kind} in (${listed(COMMENT_KINDS)})`),
  ],
);
export type DraftCommentRow = typeof draftComments.$inferSelect;

/**
 * What happened to a draft and to the post made from it. No foreign key to the draft: a draft is
 * deleted once its post is scheduled, and its history stays with the post (`post_id`).
 */
export const draftActivity = postsSchema.table(
  'draft_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id').notNull(),
    draftId: uuid('draft_id').notNull(),
    postId: uuid('post_id'),
    /** Null for the product itself (publishing at the post's time), or once its account is deleted. */
    actorId: uuid('actor_id'),
    action: text('action').$type<ActivityEntry['action']>().notNull(),
    version: integer('version'),
    /**
     * The clock's time, not the transaction's: entries are written in the transaction of their
     * step, after its row lock, so their order is the order the steps really took effect in.
     */
    at: timestamp('at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    index('draft_activity_draft_idx').on(t.draftId, t.at),
    index('draft_activity_post_idx').on(t.postId),
    index('draft_activity_actor_idx').on(t.actorId),
    // A post goes out once: its 'published' entry is written by whichever comes second of the
    // published event and the linking of the draft's history to the post, and only once.
    uniqueIndex('draft_activity_published_once').on(t.postId).where(sql`${t.action} = 'published'`),
    check('draft_activity_action', sql`${t.action} in (${listed(ACTIONS)})`),
  ],
);
export type DraftActivityRow = typeof draftActivity.$inferSelect;

/** Each workspace's review rule; a workspace without a row does not require approval. */
export const reviewSettings = postsSchema.table('review_settings', {
  workspaceId: uuid('workspace_id').primaryKey(),
  requiresApproval: boolean('requires_approval').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Uploaded files, owned by one user. The stored file is the re-encoded image (no metadata); posts
 * and drafts refer to it by id. `storageKey` and `thumbnailKey` are keys of the object store.
 */
export const media = postsSchema.table(
  'media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    kind: text('kind').$type<'image' | 'document'>().notNull(),
    contentType: text('content_type').$type<AttachedMedia['contentType']>().notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    /** A document's title and number of pages (null for an image). */
    title: text('title'),
    pageCount: integer('page_count'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_user_created_at_idx').on(t.userId, t.createdAt)],
);

export type MediaRow = typeof media.$inferSelect;

/**
 * What each user's plan allows, as the billing service last said (`entitlement-changed`): a copy
 * that keeps the highest version. A user billing has not spoken of has no row and no limit.
 */
export const planLimits = postsSchema.table('plan_limits', {
  userId: uuid('user_id').primaryKey(),
  plan: text('plan').notNull(),
  status: text('status').notNull(),
  active: boolean('active').notNull(),
  /** Posts that may go out in one week (Monday to Sunday, UTC); null: no limit. */
  weeklyPosts: integer('weekly_posts'),
  periodEnd: timestamp('period_end', { withTimezone: true }),
  version: integer('version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type PlanLimitRow = typeof planLimits.$inferSelect;

/**
 * Until when each user's network connection works, as the linkedin service last announced it
 * (`account-connected`): a scheduled post due after it needs the user before its time.
 */
export const connections = postsSchema.table('connections', {
  userId: uuid('user_id').primaryKey(),
  accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
  /** The network refused the stored credentials (`account-disconnected`) and no reconnection came since. */
  disconnected: boolean('disconnected').notNull().default(false),
  /** The network member the connection signs in as (the event's `identity`); null when not known. */
  identity: text('identity'),
  /** The company pages added to the connection: identities posts may be written as besides the member. */
  pages: jsonb('pages').$type<{ identity: string; name: string }[]>().notNull().default([]),
  /** The announcement's stamp: an older, late event never overwrites a newer one. */
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
});

/** Each user's posting queue: weekly slots (weekday 0 = Sunday, `HH:MM`) read in `timeZone`. */
export const postingQueues = postsSchema.table('posting_queues', {
  userId: uuid('user_id').primaryKey(),
  timeZone: text('time_zone').notNull(),
  slots: jsonb('slots').$type<QueueSlot[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type PostingQueueRow = typeof postingQueues.$inferSelect;

/**
 * The posts service's copy of the members of shared workspaces (auth's `workspace-members-changed`),
 * in the shape every service that keeps work in workspaces shares.
 */
export const { workspaceRole, workspaceMembers, workspaceVersions } = workspaceMemberTables(postsSchema);
export type WorkspaceMemberRow = typeof workspaceMembers.$inferSelect;

export const schema = {
  posts,
  drafts,
  media,
  planLimits,
  connections,
  postingQueues,
  workspaceMembers,
  workspaceVersions,
  draftComments,
  draftActivity,
  reviewSettings,
};
