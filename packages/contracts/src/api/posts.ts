import { PLAN_LIMIT_ERROR_CODES } from '../billing/index.js';
import { LINKEDIN_ERROR_CODES, NETWORK_FAILURE_CODES } from '../linkedin/errors.js';
import { MEDIA_ERROR_CODES } from '../posts/media.js';
import { POST_ERROR_CODES as codes } from '../posts/messages.js';
import { REVIEW_ERROR_CODES } from '../posts/review.js';
import {
  createPostFailureSchema,
  createPostRequestSchema,
  createPostResponseSchema,
  postDraftListResponseSchema,
  postDraftResponseSchema,
  postIdParamsSchema,
  postListQuerySchema,
  postListResponseSchema,
  postResponseSchema,
  saveDraftRequestSchema,
  scheduledPostsResponseSchema,
  schedulePostRequestSchema,
  schedulePostResponseSchema,
  updatePostRequestSchema,
} from '../posts/schemas.js';
import { defineEndpoint } from './define.js';
import { exportPart } from './export-part.js';

/** A new post beyond the plan: it has ended, or the post's week is full. */
const newPostPlanCodes = [PLAN_LIMIT_ERROR_CODES.inactive, PLAN_LIMIT_ERROR_CODES.weeklyPosts] as const;

/** Refusals of the images, or the document, a post or draft is to carry. */
const mediaCodes = [
  MEDIA_ERROR_CODES.tooMany,
  MEDIA_ERROR_CODES.duplicate,
  MEDIA_ERROR_CODES.unknownMedia,
  MEDIA_ERROR_CODES.documentWithImages,
  MEDIA_ERROR_CODES.tooManyDocuments,
] as const;
/** Refusals of a post's text and of the time it is to go out. */
const contentCodes = [
  codes.contentRequired,
  codes.tooLong,
  codes.firstCommentTooLong,
  'text.unstorable',
  'text.lone_surrogate',
  ...mediaCodes,
] as const;
/** A draft may be empty on one side, and longer than a post (up to its own bound). */
const draftTextCodes = [
  codes.draftTooLong,
  codes.firstCommentTooLong,
  'text.unstorable',
  'text.lone_surrogate',
  ...mediaCodes,
] as const;
const whenCodes = [
  codes.badDateFormat,
  codes.impossibleDate,
  codes.badTimeFormat,
  codes.badTimeZone,
  codes.timeInPast,
  codes.tooFarAhead,
  codes.nonexistentLocalTime,
] as const;
/** A post that can no longer change, or changed meanwhile. */
const stateCodes = [
  codes.publishedCannotChange,
  codes.publishingCannotChange,
  codes.cancelledCannotChange,
  codes.changedElsewhere,
] as const;
const post = (description: string) => ({ 200: { description, schema: postResponseSchema } });

/** Scheduling, publishing and the calendar: the spec's calls and the `/api/v1/posts` resource. */
export const postsApi = {
  schedule: defineEndpoint({
    method: 'POST',
    path: '/linkedln/saveSchedulePost',
    workspace: 'editor',
    owner: 'posts',
    access: 'full-user',
    token: 'posts:schedule',
    idempotent: true,
    summary: 'Schedule a post',
    description: '`date` is YYYY-MM-DD and `time` 12-hour (`3:30 PM`) in `timeZone` (an IANA zone, UTC when absent).',
    body: schedulePostRequestSchema,
    responses: { 201: { description: 'Scheduled', schema: schedulePostResponseSchema } },
    errors: {
      400: [codes.fillAllFields, ...contentCodes, ...whenCodes],
      403: [codes.notYourAccount, ...newPostPlanCodes],
      409: [REVIEW_ERROR_CODES.approvalRequired],
    },
  }),
  scheduled: defineEndpoint({
    method: 'GET',
    path: '/linkedln/getScheduledPosts/{id}',
    workspace: 'viewer',
    owner: 'posts',
    access: 'full-user',
    summary: "The caller's posts waiting to go out",
    description: '`id` must be the signed-in user id: any other is refused with 403.',
    params: postIdParamsSchema,
    responses: { 200: { description: 'Scheduled posts, soonest first', schema: scheduledPostsResponseSchema } },
    errors: { 403: [codes.notYourAccount] },
  }),
  publishNow: defineEndpoint({
    method: 'POST',
    path: '/linkedln/createPost',
    workspace: 'editor',
    owner: 'posts',
    access: 'full-user',
    token: 'posts:schedule',
    idempotent: true,
    summary: 'Publish a post now',
    description: 'Waits a bounded time for the network. `text` may be JSON-encoded, as the spec sends it.',
    body: createPostRequestSchema,
    responses: {
      200: { description: 'Published', schema: createPostResponseSchema },
      202: {
        description: 'Still publishing when the wait ran out: `data.status` is `publishing`',
        schema: createPostResponseSchema,
      },
      422: { description: 'The network refused the post', schema: createPostFailureSchema },
    },
    errors: {
      400: [...contentCodes],
      403: [...newPostPlanCodes],
      404: [LINKEDIN_ERROR_CODES.notConnected],
      409: [LINKEDIN_ERROR_CODES.reconnect, REVIEW_ERROR_CODES.approvalRequired],
      422: [codes.publishFailed, NETWORK_FAILURE_CODES.rejected],
    },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/posts',
    workspace: 'viewer',
    owner: 'posts',
    access: 'signed-in',
    token: 'posts:read',
    summary: 'Posts in a period (the calendar)',
    description: 'Bounded in length and in rows; `truncated` says when more matched.',
    query: postListQuerySchema,
    responses: { 200: { description: 'Posts in the period', schema: postListResponseSchema } },
    errors: { 400: [codes.rangeTooLong, codes.rangeReversed] },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/posts/{id}',
    workspace: 'viewer',
    owner: 'posts',
    access: 'signed-in',
    token: 'posts:read',
    summary: 'One post',
    params: postIdParamsSchema,
    responses: post('The post'),
    errors: { 404: [codes.notFound] },
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/v1/posts/{id}',
    workspace: 'editor',
    owner: 'posts',
    access: 'signed-in',
    token: 'posts:schedule',
    summary: 'Edit or reschedule a post',
    params: postIdParamsSchema,
    body: updatePostRequestSchema,
    responses: post('The post as changed'),
    errors: {
      400: [codes.dateAndTimeTogether, codes.nothingToChange, ...contentCodes, ...whenCodes],
      // A new time in a week the plan has already filled.
      403: [PLAN_LIMIT_ERROR_CODES.weeklyPosts],
      404: [codes.notFound],
      409: [...stateCodes, REVIEW_ERROR_CODES.approvedPostLocked],
    },
  }),
  cancel: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/posts/{id}',
    workspace: 'editor',
    owner: 'posts',
    access: 'signed-in',
    token: 'posts:schedule',
    summary: 'Cancel a scheduled post',
    params: postIdParamsSchema,
    responses: post('The post, cancelled'),
    errors: { 404: [codes.notFound], 409: stateCodes },
  }),
  retry: defineEndpoint({
    method: 'POST',
    path: '/api/v1/posts/{id}/retry',
    workspace: 'editor',
    noBody: true,
    owner: 'posts',
    access: 'signed-in',
    token: 'posts:schedule',
    summary: 'Try a failed post again',
    params: postIdParamsSchema,
    responses: post('Publishing again'),
    errors: {
      403: [PLAN_LIMIT_ERROR_CODES.weeklyPosts],
      404: [codes.notFound],
      409: [codes.onlyFailedRetry, codes.changedElsewhere],
    },
  }),
  moveToConnectedAccount: defineEndpoint({
    method: 'POST',
    path: '/api/v1/posts/{id}/connected-account',
    workspace: 'editor',
    noBody: true,
    owner: 'posts',
    access: 'signed-in',
    token: 'posts:schedule',
    summary: 'Publish a scheduled post as the connected LinkedIn account',
    description:
      'A post belongs to the LinkedIn member connected when it was written. After a reconnection with another login it waits (attention `identity_changed`) until it is moved here, or that member is connected again.',
    params: postIdParamsSchema,
    responses: post('The post, now belonging to the connected account'),
    errors: {
      404: [codes.notFound],
      409: [codes.onlyScheduledMove, codes.changedElsewhere, LINKEDIN_ERROR_CODES.notConnected],
    },
  }),
  drafts: defineEndpoint({
    method: 'GET',
    path: '/api/v1/drafts',
    workspace: 'viewer',
    owner: 'posts',
    access: 'signed-in',
    token: 'posts:read',
    summary: "The caller's drafts",
    description: 'Most recently changed first; at most `MAX_DRAFTS_PER_USER`.',
    responses: { 200: { description: 'Drafts', schema: postDraftListResponseSchema } },
  }),
  createDraft: defineEndpoint({
    method: 'POST',
    path: '/api/v1/drafts',
    workspace: 'contributor',
    owner: 'posts',
    access: 'signed-in',
    token: 'drafts:write',
    idempotent: true,
    summary: 'Keep a half-written post',
    description: 'A draft never publishes by itself: schedule or publish it with `draftId`, which deletes it.',
    body: saveDraftRequestSchema,
    responses: { 201: { description: 'The draft', schema: postDraftResponseSchema } },
    errors: {
      400: [codes.draftEmpty, ...draftTextCodes],
      409: [codes.tooManyDrafts],
      422: [codes.identityUnknown],
    },
  }),
  updateDraft: defineEndpoint({
    method: 'PATCH',
    path: '/api/v1/drafts/{id}',
    workspace: 'contributor',
    owner: 'posts',
    access: 'signed-in',
    token: 'drafts:write',
    summary: 'Save a draft again',
    params: postIdParamsSchema,
    body: saveDraftRequestSchema,
    responses: { 200: { description: 'The draft as saved', schema: postDraftResponseSchema } },
    errors: {
      400: [codes.draftEmpty, ...draftTextCodes],
      404: [codes.draftNotFound],
      409: [codes.draftChangedElsewhere],
      422: [codes.identityUnknown],
    },
  }),
  deleteDraft: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/drafts/{id}',
    workspace: 'contributor',
    owner: 'posts',
    access: 'signed-in',
    token: 'drafts:write',
    summary: 'Delete a draft',
    params: postIdParamsSchema,
    responses: { 200: { description: 'The draft, deleted', schema: postDraftResponseSchema } },
    errors: { 404: [codes.draftNotFound] },
  }),
  export: exportPart('posts', '/api/v1/posts/export', 'every post and its schedule'),
} as const;
