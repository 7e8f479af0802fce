import { z } from 'zod';
import { errorParamsSchema } from '../http.js';
import { POST_ATTENTION_CAUSES } from '../jobs/messages.js';
import { text } from '../text.js';
import {
  FIRST_COMMENT_STATUSES,
  MAX_DRAFT_LENGTH,
  MAX_FIRST_COMMENT_LENGTH,
  MAX_POST_LENGTH,
  POST_STATUSES,
} from './limits.js';
import { attachedMediaListSchema, mediaIdsInput } from './media.js';

export const postStatusSchema = z.enum(POST_STATUSES);
export const firstCommentStatusSchema = z.enum(FIRST_COMMENT_STATUSES);

/**
 * A first comment as sent: the service refuses one over MAX_FIRST_COMMENT_LENGTH with a readable
 * code; this bound only stops absurd bodies. Blank means none.
 */
const firstCommentInput = () => text().max(MAX_FIRST_COMMENT_LENGTH * 8);
/** A draft the post is made from: deleted once the post is scheduled or published. */
const fromDraft = z.string().uuid().optional();
/**
 * Whom the post goes out as: a company page added to the connected account (its `identity` as
 * `GET /api/v1/linkedin/pages` gives it), or the connected member when left out.
 */
export const postIdentitySchema = z.string().min(1).max(64).optional();
/** Uploaded images (`POST /api/v1/media`) the post carries, in order; an empty list removes them. */
const mediaIds = () => mediaIdsInput().optional();
/**
 * Why a scheduled post cannot go out as it stands (its connection will have expired by its time,
 * or was lost), with the declared code of the words to show and the action to offer.
 */
const postAttention = () =>
  z
    .object({ cause: z.enum(POST_ATTENTION_CAUSES), code: z.string() })
    .nullable()
    .optional();
/** The images, or the one document, a post or draft carries, in order (read them at `/api/v1/media/{id}`). */
const attached = () => attachedMediaListSchema.optional();

/**
 * `POST /linkedln/saveSchedulePost`: the spec's payload (userId or userID, content, date
 * YYYY-MM-DD, time in 12-hour form, status 'scheduled') plus the browser's IANA `timeZone`
 * (UTC when absent). Fields are loosely typed here so the service can answer the spec's own
 * 'Please fill in all fields' for missing ones; the service checks each value itself.
 */
export const schedulePostRequestSchema = z.object({
  userId: z.string().max(100).optional(),
  userID: z.string().max(100).optional(),
  content: text().optional(),
  date: z.string().max(40).optional(),
  time: z.string().max(40).optional(),
  status: z.literal('scheduled', { error: "status must be 'scheduled'" }).optional(),
  timeZone: z.string().max(100).optional(),
  /** Posted as a comment on the post right after it is published (not in the spec). */
  firstComment: firstCommentInput().optional(),
  mediaIds: mediaIds(),
  draftId: fromDraft,
  identity: postIdentitySchema,
});
export type SchedulePostRequest = z.infer<typeof schedulePostRequestSchema>;

/** A scheduled post in the spec's shape, plus the instant and the zone it was scheduled in. */
export const scheduledPostSchema = z.object({
  id: z.string().uuid(),
  userID: z.string().uuid(),
  /** The workspace it belongs to (a personal workspace's id is its account's id); always sent. */
  workspaceId: z.string().uuid().optional(),
  content: z.string(),
  /** YYYY-MM-DD in the post's time zone. */
  date: z.string(),
  /** 12-hour with AM/PM in the post's time zone, e.g. `3:30 PM`. */
  time: z.string(),
  status: postStatusSchema,
  timeZone: z.string(),
  /** ISO 8601 instant in UTC. */
  scheduledAt: z.string(),
  version: z.number().int(),
  /** Beyond the spec: posted under the post right after it goes out. */
  firstComment: z.string().nullable().optional(),
  media: attached(),
  /** Beyond the spec: why it cannot go out as it stands (see `postSchema.attention`); null when nothing is wrong. */
  attention: postAttention(),
  /** The identity it goes out as (a page's, or the member's); null when not known. */
  identity: z.string().nullable().optional(),
  /** Put in the posting queue's next free slot: it moves up when an earlier queued post leaves the queue. */
  queued: z.boolean().optional(),
});
export type ScheduledPost = z.infer<typeof scheduledPostSchema>;

export const schedulePostResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: scheduledPostSchema,
});

/** `GET /linkedln/getScheduledPosts/{userId}`: the caller's posts still waiting to go out. */
export const scheduledPostsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(scheduledPostSchema),
});

/** Everything the posts service knows about one post (the `/api/v1/posts` answers). */
export const postSchema = z.object({
  id: z.string().uuid(),
  /** The member whose network account publishes it: the one who created it. */
  userId: z.string().uuid(),
  /** The workspace it belongs to (a personal workspace's id is its account's id); always sent. */
  workspaceId: z.string().uuid().optional(),
  content: z.string(),
  status: postStatusSchema,
  /** ISO 8601 instant in UTC: when it is (or was) due. */
  scheduledAt: z.string().nullable(),
  timeZone: z.string().nullable(),
  /** `scheduledAt` as a date and a 12-hour time in `timeZone`. */
  date: z.string().nullable(),
  time: z.string().nullable(),
  networkPostId: z.string().nullable(),
  url: z.string().nullable(),
  failureReason: z.string().nullable(),
  /** The declared code of the failure (`linkedin.rejected`, `linkedin.reconnect`), for the web to translate. */
  failureCode: z.string().nullable().optional(),
  /** Posted as a comment right after the post goes out; null when there is none. */
  firstComment: z.string().nullable().optional(),
  firstCommentStatus: firstCommentStatusSchema.nullable().optional(),
  /** Why the network refused the first comment (the post itself stays published). */
  firstCommentFailure: z.string().nullable().optional(),
  media: attached(),
  /**
   * Why a scheduled post cannot go out as it stands (its connection will have expired by its time,
   * or was lost), with the declared code of the words to show; null when nothing is wrong.
   */
  attention: postAttention(),
  /** The identity it goes out as (a page's, or the member's); null when not known. */
  identity: z.string().nullable().optional(),
  /** When a post the network asked to wait for (a rate limit) is handed over again; null otherwise. */
  retryAt: z.string().nullable().optional(),
  /** Put in the posting queue's next free slot: it moves up when an earlier queued post leaves the queue. */
  queued: z.boolean().optional(),
  /** How many times it was handed to the network. */
  attempts: z.number().int(),
  /** Raised by every edit, reschedule, retry and cancel; send it back to PATCH to avoid lost updates. */
  version: z.number().int(),
  publishedAt: z.string().nullable(),
  /** When a published post was found deleted on LinkedIn; null while it is there. */
  deletedOnNetworkAt: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Post = z.infer<typeof postSchema>;

export const postResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: postSchema,
});

const instantOrDate = z.union([z.iso.datetime({ offset: true }), z.iso.date()], {
  error: 'must be an ISO date (2026-05-01) or date-time (2026-05-01T00:00:00+03:00)',
});

/**
 * `GET /api/v1/posts?from=&to=&status=`: the calendar feed, by due time. Bare dates mean midnight
 * UTC; `status` is one status or several joined by commas (all but cancelled by default).
 */
export const postListQuerySchema = z.object({
  from: instantOrDate.optional(),
  to: instantOrDate.optional(),
  status: z
    .string()
    .max(100)
    .transform((value) => value.split(',').map((s) => s.trim()))
    .pipe(z.array(postStatusSchema).min(1))
    .optional(),
});
export type PostListQuery = z.input<typeof postListQuerySchema>;

export const postListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(postSchema),
  from: z.string(),
  to: z.string(),
  /** True when more than the row bound matched: narrow the period. */
  truncated: z.boolean(),
});

/** `PATCH /api/v1/posts/{id}`: new content, and/or a new date and time (in `timeZone` or the post's zone). */
export const updatePostRequestSchema = z.object({
  content: text().optional(),
  /** A new first comment; blank removes it. */
  firstComment: firstCommentInput().optional(),
  mediaIds: mediaIds(),
  date: z.string().max(40).optional(),
  time: z.string().max(40).optional(),
  timeZone: z.string().max(100).optional(),
  /** When given, the edit applies only if nobody changed the post since this version. */
  version: z.number().int().min(1).optional(),
});
export type UpdatePostRequest = z.infer<typeof updatePostRequestSchema>;

/** The `:id` of every route about one post. */
export const postIdParamsSchema = z.object({ id: z.string().max(100) });

/**
 * `POST /linkedln/createPost`: the spec's network post payload; `text` may be JSON-encoded.
 * `timeZone` (not in the spec) is the browser's, kept with the post for showing its time.
 */
export const createPostRequestSchema = z.object({
  text: text('text is required').max(MAX_POST_LENGTH * 8),
  visibility: z.literal('PUBLIC', { error: "visibility must be 'PUBLIC'" }).optional(),
  accountID: z.string().max(200).optional(),
  timeZone: z.string().max(100).optional(),
  firstComment: firstCommentInput().optional(),
  mediaIds: mediaIds(),
  draftId: fromDraft,
  identity: postIdentitySchema,
});
export type CreatePostRequest = z.infer<typeof createPostRequestSchema>;

/** Published, or still publishing after the bounded wait (`data.status` tells which). */
export const createPostResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: postSchema,
});

/** The refusal of `createPost`: the network's reason as `message`, and the failed post. */
export const createPostFailureSchema = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  params: errorParamsSchema.optional(),
  data: postSchema,
});

/** Where a draft stands in its workspace's review (see review.ts). */
export const DRAFT_REVIEW_STATES = ['draft', 'in_review', 'changes_requested', 'approved'] as const;
export const draftReviewStateSchema = z.enum(DRAFT_REVIEW_STATES);
export type DraftReviewState = z.infer<typeof draftReviewStateSchema>;

/** A half-written post kept on the server, so it survives another device or a cleared browser. */
export const postDraftSchema = z.object({
  id: z.string().uuid(),
  /** Its author. */
  userId: z.string().uuid(),
  /** The workspace it belongs to (a personal workspace's id is its account's id); always sent. */
  workspaceId: z.string().uuid().optional(),
  content: z.string(),
  firstComment: z.string(),
  media: attached(),
  /** The company page it is written as (its identity, as scheduling takes it); null for the member's profile. */
  identity: z.string().nullable(),
  /** Raised by every save; send it back to make a save conditional. */
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Its review: where it stands, who sent it and who reviewed it last. */
  reviewState: draftReviewStateSchema,
  submittedBy: z.string().uuid().nullable(),
  submittedAt: z.string().datetime().nullable(),
  reviewedBy: z.string().uuid().nullable(),
  reviewedAt: z.string().datetime().nullable(),
  /** The version approved; equal to `version` exactly when `reviewState` is `approved`. */
  approvedVersion: z.number().int().nullable(),
  /** Comments in its review thread. */
  comments: z.number().int().min(0),
});
export type PostDraft = z.infer<typeof postDraftSchema>;

/**
 * `POST /api/v1/drafts` and `PATCH /api/v1/drafts/{id}`. Lengths are checked by the service (a
 * readable code with the counts); these bounds only stop absurd bodies.
 */
export const saveDraftRequestSchema = z.object({
  content: text()
    .max(MAX_DRAFT_LENGTH * 2)
    .optional(),
  firstComment: firstCommentInput().optional(),
  mediaIds: mediaIds(),
  /**
   * The company page it is written as: a page added to the saver's connection (as scheduling
   * takes it), or null for the member's profile; left out, it stays as it was.
   */
  identity: z.string().min(1).max(64).nullable().optional(),
  /** When given, the save applies only if the draft is still at this version. */
  version: z.number().int().min(1).optional(),
});
export type SaveDraftRequest = z.infer<typeof saveDraftRequestSchema>;

export const postDraftResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: postDraftSchema,
});

export const postDraftListResponseSchema = z.object({
  success: z.literal(true),
  /** Most recently changed first. */
  data: z.array(postDraftSchema),
});
