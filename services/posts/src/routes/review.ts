import { API, REVIEW_MESSAGES, type ReviewComment } from '@nashr/contracts';
import { type IdempotentReplies, route, type ServiceApp, type WorkspaceAccess } from '@nashr/platform';
import type { DraftCommentRow } from '../db/schema.js';
import type { ReviewService } from '../review/review-service.js';
import { toActivity } from '../review/review-store.js';
import { toDraft } from './drafts.js';

export const toComment = (row: DraftCommentRow): ReviewComment => ({
  id: row.id,
  draftId: row.draftId,
  authorId: row.authorId,
  parentId: row.parentId,
  kind: row.kind,
  body: row.body,
  mentions: row.mentions,
  version: row.version,
  createdAt: row.createdAt.toISOString(),
});

/** The review of the workspace's drafts: its steps, its thread, its history and its rule. */
export function reviewRoutes(
  app: ServiceApp,
  { review, once, workspaces }: { review: ReviewService; once: IdempotentReplies; workspaces: WorkspaceAccess },
): void {
  route(app, API.review.draftReview, { checkResponses: true }, async (request) => {
    const here = await workspaces.of(request, API.review.draftReview);
    const { draft, comments, activity } = await review.view(here.workspaceId, request.params.id);
    return {
      success: true as const,
      data: { draft: toDraft(draft), comments: comments.map(toComment), activity: activity.map(toActivity) },
    };
  });

  /** A step's answer: the draft as it now stands, with its thread and history. */
  const answer = async (workspaceId: string, id: string, message: string) => {
    const { draft, comments, activity } = await review.view(workspaceId, id);
    return {
      success: true as const,
      message,
      data: { draft: toDraft(draft), comments: comments.map(toComment), activity: activity.map(toActivity) },
    };
  };

  route(app, API.review.submit, { checkResponses: true }, async (request) => {
    const here = await workspaces.of(request, API.review.submit);
    const draft = await review.submit(here, request.params.id, request.body.version, request.id);
    request.log.info({ draftId: draft.id, version: draft.version }, 'draft sent for review');
    return answer(here.workspaceId, draft.id, REVIEW_MESSAGES.submitted);
  });

  route(app, API.review.approve, { checkResponses: true }, async (request) => {
    const here = await workspaces.of(request, API.review.approve);
    const draft = await review.approve(here, request.params.id, request.body.version, request.id);
    request.log.info({ draftId: draft.id, version: draft.version }, 'draft approved');
    return answer(here.workspaceId, draft.id, REVIEW_MESSAGES.approved);
  });

  route(app, API.review.requestChanges, { checkResponses: true }, async (request) => {
    const here = await workspaces.of(request, API.review.requestChanges);
    const { version, comment } = request.body;
    const draft = await review.requestChanges(here, request.params.id, version, comment, request.id);
    request.log.info({ draftId: draft.id, version: draft.version }, 'changes requested');
    return answer(here.workspaceId, draft.id, REVIEW_MESSAGES.changesRequested);
  });

  route(app, API.review.comment, { once, checkResponses: true }, async (request, reply) => {
    const here = await workspaces.of(request, API.review.comment);
    const comment = await review.comment(here, request.params.id, request.body, request.id);
    request.log.info({ draftId: comment.draftId, commentId: comment.id }, 'review comment added');
    return reply
      .status(201)
      .send({ success: true as const, message: REVIEW_MESSAGES.commented, data: toComment(comment) });
  });

  route(app, API.review.postActivity, { checkResponses: true }, async (request) => {
    const here = await workspaces.of(request, API.review.postActivity);
    const rows = await review.postActivity(here.workspaceId, request.params.id);
    return { success: true as const, data: { activity: rows.map(toActivity) } };
  });

  route(app, API.review.settings, { checkResponses: true }, async (request) => {
    const here = await workspaces.of(request, API.review.settings);
    return { success: true as const, data: { requiresApproval: await review.requiresApproval(here.workspaceId) } };
  });

  route(app, API.review.saveSettings, { checkResponses: true }, async (request) => {
    const here = await workspaces.of(request, API.review.saveSettings);
    const requiresApproval = await review.saveSettings(here.workspaceId, request.body.requiresApproval);
    request.log.info({ workspaceId: here.workspaceId, requiresApproval }, 'review settings saved');
    return { success: true as const, message: REVIEW_MESSAGES.settingsSaved, data: { requiresApproval } };
  });
}
