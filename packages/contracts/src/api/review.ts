import { POST_ERROR_CODES } from '../posts/messages.js';
import {
  addReviewCommentRequestSchema,
  draftReviewResponseSchema,
  postActivityResponseSchema,
  REVIEW_ERROR_CODES as R,
  requestChangesRequestSchema,
  reviewCommentResponseSchema,
  reviewSettingsRequestSchema,
  reviewSettingsResponseSchema,
  reviewVersionRequestSchema,
} from '../posts/review.js';
import { postIdParamsSchema } from '../posts/schemas.js';
import { defineEndpoint } from './define.js';

const draftNotFound = POST_ERROR_CODES.draftNotFound;
/** A step that applies to one version of the draft, in one state. */
const stepConflicts = [R.staleVersion, R.wrongState] as const;

/**
 * Review and approval of a workspace's drafts (see posts/review.ts). Every one acts in the
 * workspace the `Nashr-Workspace` header names.
 */
export const reviewApi = {
  draftReview: defineEndpoint({
    method: 'GET',
    path: '/api/v1/drafts/{id}/review',
    workspace: 'viewer',
    owner: 'posts',
    access: 'signed-in',
    token: 'posts:read',
    summary: 'A draft with its review thread and what happened to it',
    params: postIdParamsSchema,
    responses: { 200: { description: 'The draft, its comments and its activity', schema: draftReviewResponseSchema } },
    errors: { 404: [draftNotFound] },
  }),
  submit: defineEndpoint({
    method: 'POST',
    path: '/api/v1/drafts/{id}/submit',
    workspace: 'contributor',
    owner: 'posts',
    access: 'signed-in',
    token: 'drafts:write',
    summary: 'Send a draft for review',
    description: 'From `draft` or `changes_requested`, at the version the caller saw; the reviewers are told.',
    params: postIdParamsSchema,
    body: reviewVersionRequestSchema,
    responses: { 200: { description: 'The draft, in review', schema: draftReviewResponseSchema } },
    errors: { 400: [POST_ERROR_CODES.contentRequired], 404: [draftNotFound], 409: stepConflicts },
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: '/api/v1/drafts/{id}/approve',
    workspace: 'admin',
    owner: 'posts',
    access: 'signed-in',
    summary: 'Approve a draft in review, at the version the reviewer read',
    description: 'A draft saved since that version is refused with `review.stale_version`.',
    params: postIdParamsSchema,
    body: reviewVersionRequestSchema,
    responses: { 200: { description: 'The draft, approved', schema: draftReviewResponseSchema } },
    errors: { 404: [draftNotFound], 409: stepConflicts },
  }),
  requestChanges: defineEndpoint({
    method: 'POST',
    path: '/api/v1/drafts/{id}/request-changes',
    workspace: 'admin',
    owner: 'posts',
    access: 'signed-in',
    summary: 'Send a draft in review back to its author, saying what to change',
    params: postIdParamsSchema,
    body: requestChangesRequestSchema,
    responses: { 200: { description: 'The draft, with changes requested', schema: draftReviewResponseSchema } },
    errors: {
      400: [R.commentEmpty, R.commentTooLong, 'text.unstorable', 'text.lone_surrogate'],
      404: [draftNotFound],
      409: [...stepConflicts, R.tooManyComments],
    },
  }),
  comment: defineEndpoint({
    method: 'POST',
    path: '/api/v1/drafts/{id}/comments',
    workspace: 'contributor',
    owner: 'posts',
    access: 'signed-in',
    token: 'drafts:write',
    idempotent: true,
    summary: "Comment in a draft's review thread, or reply to a comment",
    params: postIdParamsSchema,
    body: addReviewCommentRequestSchema,
    responses: { 201: { description: 'The comment', schema: reviewCommentResponseSchema } },
    errors: {
      400: [R.commentEmpty, R.commentTooLong, R.mentionNotMember, 'text.unstorable', 'text.lone_surrogate'],
      404: [draftNotFound, R.commentParentNotFound],
      409: [R.tooManyComments],
    },
  }),
  postActivity: defineEndpoint({
    method: 'GET',
    path: '/api/v1/posts/{id}/activity',
    workspace: 'viewer',
    owner: 'posts',
    access: 'signed-in',
    token: 'posts:read',
    summary: 'Who wrote, changed, approved and scheduled a post, and when',
    params: postIdParamsSchema,
    responses: { 200: { description: 'What happened to it, oldest first', schema: postActivityResponseSchema } },
    errors: { 404: [POST_ERROR_CODES.notFound] },
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: '/api/v1/review-settings',
    workspace: 'viewer',
    owner: 'posts',
    access: 'signed-in',
    summary: "The workspace's review rule",
    responses: { 200: { description: 'The rule', schema: reviewSettingsResponseSchema } },
  }),
  saveSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/review-settings',
    workspace: 'admin',
    owner: 'posts',
    access: 'signed-in',
    summary: "Turn the workspace's approval rule on or off",
    description: 'A personal workspace with no other members may turn it on too; it then applies to its owner.',
    body: reviewSettingsRequestSchema,
    responses: { 200: { description: 'The rule as saved', schema: reviewSettingsResponseSchema } },
  }),
} as const;
