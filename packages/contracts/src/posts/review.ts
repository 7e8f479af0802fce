import { z } from 'zod';
import { defineEvent, QUEUES } from '../jobs/define.js';
import type { WorkspaceRole } from '../workspaces.js';
import { postDraftSchema } from './schemas.js';

/**
 * Review and approval of drafts in a workspace. A draft goes draft → in review → changes
 * requested / approved, and an approved draft is scheduled or published. An approval is for one
 * version of the draft: saving the draft again sends an approved draft back to review, and an
 * approval of a version someone changed meanwhile is refused. A workspace may require approval
 * before anything is published; contributors always go through review, since they may not
 * schedule or publish at all.
 */
/** Who may submit a draft for review and comment on it. */
export const REVIEW_SUBMIT_ROLE: WorkspaceRole = 'contributor';
/** Who reviews: approves or requests changes, and turns the workspace's approval rule on or off. */
export const REVIEWER_ROLE: WorkspaceRole = 'admin';

export const MAX_REVIEW_COMMENT_LENGTH = 2000;
/** A draft's thread holds at most this many comments (replies included). */
export const MAX_REVIEW_COMMENTS = 200;
export const MAX_REVIEW_MENTIONS = 10;

export const REVIEW_ERROR_CODES = {
  /** The draft was saved since the version the caller saw: reload it. params: version (the current one) */
  staleVersion: 'review.stale_version',
  /** The draft is not in a state this step applies to (approving one not in review). params: state */
  wrongState: 'review.wrong_state',
  /**
   * This workspace publishes only approved drafts: scheduling or publishing needs `draftId` naming
   * a draft approved at its current version, with the same text.
   */
  approvalRequired: 'review.approval_required',
  /** The text of a post approved in a workspace that requires approval does not change once scheduled. */
  approvedPostLocked: 'review.approved_post_locked',
  /** The post's time came without an approval its workspace requires (a failure reason). */
  notApproved: 'review.not_approved',
  commentEmpty: 'review.comment_empty',
  /** params: length, limit */
  commentTooLong: 'review.comment_too_long',
  /** A reply to a comment that is not in this draft's thread. */
  commentParentNotFound: 'review.comment_parent_not_found',
  /** params: limit */
  tooManyComments: 'review.too_many_comments',
  /** Someone mentioned is not a member of the workspace. */
  mentionNotMember: 'review.mention_not_member',
} as const;

export const REVIEW_MESSAGES = {
  staleVersion: 'This draft changed since you opened it: read the new version before you review it',
  wrongState: 'This draft is not waiting for this step',
  approvalRequired: 'This workspace publishes only approved drafts: submit this draft for review first',
  approvedPostLocked: 'This post was approved as it is: to change its text, write a new draft and have it approved',
  notApproved: 'Its time came before it was approved, so it was not published',
  commentEmpty: 'Write a comment first',
  commentTooLong: (length: number) =>
    `A comment can be at most ${MAX_REVIEW_COMMENT_LENGTH.toLocaleString('en')} characters (this one has ${length.toLocaleString('en')})`,
  commentParentNotFound: 'The comment you are replying to is not in this draft',
  tooManyComments: `A draft can hold at most ${MAX_REVIEW_COMMENTS} comments`,
  mentionNotMember: 'You can mention only members of this workspace',
  submitted: 'Sent for review',
  approved: 'Approved',
  changesRequested: 'Changes requested',
  commented: 'Comment added',
  settingsSaved: 'Review settings saved',
} as const;

export const reviewVersionRequestSchema = z.object({ version: z.number().int().min(1) }).strict();
export type ReviewVersionRequest = z.infer<typeof reviewVersionRequestSchema>;

export const requestChangesRequestSchema = z
  .object({
    version: z.number().int().min(1),
    /** What to change: kept in the draft's thread. */
    comment: z.string().max(MAX_REVIEW_COMMENT_LENGTH * 2),
  })
  .strict();
export type RequestChangesRequest = z.infer<typeof requestChangesRequestSchema>;

export const addReviewCommentRequestSchema = z
  .object({
    body: z.string().max(MAX_REVIEW_COMMENT_LENGTH * 2),
    /** A reply to this comment (one level: a reply to a reply joins the same thread). */
    parentId: z.string().uuid().optional(),
    /** The members mentioned (user ids); each is told. */
    mentions: z.array(z.string().uuid()).max(MAX_REVIEW_MENTIONS).optional(),
  })
  .strict();
export type AddReviewCommentRequest = z.infer<typeof addReviewCommentRequestSchema>;

export const REVIEW_COMMENT_KINDS = ['comment', 'changes_requested'] as const;

export const reviewCommentSchema = z.object({
  id: z.string().uuid(),
  draftId: z.string().uuid(),
  authorId: z.string().uuid(),
  /** The comment this one replies to; null for a thread's first comment. */
  parentId: z.string().uuid().nullable(),
  kind: z.enum(REVIEW_COMMENT_KINDS),
  body: z.string(),
  mentions: z.array(z.string().uuid()),
  /** The draft's version the comment was written on. */
  version: z.number().int(),
  createdAt: z.string().datetime(),
});
export type ReviewComment = z.infer<typeof reviewCommentSchema>;

/** What happened to a draft and to the post made from it, and who did it. */
export const ACTIVITY_ACTIONS = [
  'created',
  'edited',
  'submitted',
  'changes_requested',
  'approved',
  'scheduled',
  'published',
] as const;
export const activityActionSchema = z.enum(ACTIVITY_ACTIONS);

export const activityEntrySchema = z.object({
  id: z.string().uuid(),
  action: activityActionSchema,
  /** Who did it; null for the product itself (publishing at the post's time). */
  actorId: z.string().uuid().nullable(),
  /** The draft's version it concerned, when it concerned one. */
  version: z.number().int().nullable(),
  at: z.string().datetime(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const draftReviewResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: z.object({
    draft: postDraftSchema,
    /** Oldest first; replies follow the comment they answer through `parentId`. */
    comments: z.array(reviewCommentSchema),
    /** Oldest first. */
    activity: z.array(activityEntrySchema),
  }),
});

export const reviewCommentResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: reviewCommentSchema,
});

export const postActivityResponseSchema = z.object({
  success: z.literal(true),
  /** Oldest first: the draft's history, then the post's. */
  data: z.object({ activity: z.array(activityEntrySchema) }),
});

export const reviewSettingsSchema = z.object({
  /** Nothing is scheduled or published here without an approved draft. */
  requiresApproval: z.boolean(),
});
export type ReviewSettings = z.infer<typeof reviewSettingsSchema>;
export const reviewSettingsRequestSchema = reviewSettingsSchema.strict();
export const reviewSettingsResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: reviewSettingsSchema,
});

/**
 * The web page that shows one post in its list, in its workspace when it is a shared one (the
 * app moves there first); the notifications link to it.
 */
export const postPagePath = (postId: string, workspaceId?: string | null): string =>
  `/posts?post=${encodeURIComponent(postId)}${workspaceId ? `&workspace=${encodeURIComponent(workspaceId)}` : ''}`;

/** The web page that opens one draft's review; the notification e-mails link to it. */
export const reviewPagePath = (workspaceId: string, draftId: string): string =>
  `/review/${encodeURIComponent(draftId)}?workspace=${encodeURIComponent(workspaceId)}`;

/** What a member is told about a draft's review. */
export const REVIEW_NOTICE_KINDS = [
  'review_requested',
  'changes_requested',
  'draft_approved',
  'draft_commented',
  'mentioned',
] as const;
export type ReviewNoticeKind = (typeof REVIEW_NOTICE_KINDS)[number];

/**
 * posts → auth: tell one member about a draft's review (a reviewer that a draft waits for them,
 * its author that it was approved or needs changes, the thread's people of a comment, a member
 * mentioned). One event per member told, published with the id `review-{activityOrCommentId}-{userId}`,
 * so a repeat tells no one twice.
 */
export const draftReviewNoticeEvent = defineEvent(
  'draft-review-notice',
  z.object({
    userId: z.string().uuid(),
    kind: z.enum(REVIEW_NOTICE_KINDS),
    workspaceId: z.string().uuid(),
    draftId: z.string().uuid(),
    /** Who did it. */
    actorId: z.string().uuid(),
    /** The draft's first words, or the comment's, to show in the notice. */
    excerpt: z.string().max(200),
    requestId: z.string().max(64).optional(),
  }),
  // The bell, e-mail and push; and the member's webhooks (`draft.submitted`, `draft.approved`).
  [QUEUES.authInbox, QUEUES.authWebhooks],
);
export type DraftReviewNotice = z.infer<typeof draftReviewNoticeEvent.schema>;
