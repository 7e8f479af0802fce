import { API, POST_MESSAGES, type PostDraft } from '@nashr/contracts';
import { type IdempotentReplies, route, type ServiceApp, type WorkspaceAccess } from '@nashr/platform';
import type { DraftService } from '../drafts/draft-service.js';
import type { DraftRecord } from '../drafts/draft-store.js';
import type { MediaService } from '../media/media-service.js';

export const toDraft = (row: DraftRecord): PostDraft => ({
  id: row.id,
  workspaceId: row.workspaceId,
  userId: row.userId,
  content: row.content,
  firstComment: row.firstComment,
  media: row.media,
  identity: row.identity,
  version: row.version,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  reviewState: row.reviewState,
  submittedBy: row.submittedBy,
  submittedAt: row.submittedAt?.toISOString() ?? null,
  reviewedBy: row.reviewedBy,
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
  approvedVersion: row.approvedVersion,
  comments: row.comments,
});

/** The drafts of the caller's workspace: list, create, save again, delete. */
export function draftRoutes(
  app: ServiceApp,
  {
    drafts,
    media,
    once,
    workspaces,
  }: { drafts: DraftService; media: MediaService; once: IdempotentReplies; workspaces: WorkspaceAccess },
): void {
  route(app, API.posts.drafts, { checkResponses: true }, async (request) => {
    const here = await workspaces.of(request, API.posts.drafts);
    const rows = await drafts.list(here.workspaceId);
    return { success: true as const, data: rows.map(toDraft) };
  });

  route(app, API.posts.createDraft, { once, checkResponses: true }, async (request, reply) => {
    const here = await workspaces.of(request, API.posts.createDraft);
    const attached = await media.attachments(here, request.body.mediaIds);
    const row = await drafts.create(here, request.body, attached);
    request.log.info({ draftId: row.id }, 'draft created');
    return reply.status(201).send({ success: true as const, message: POST_MESSAGES.draftSaved, data: toDraft(row) });
  });

  route(app, API.posts.updateDraft, { checkResponses: true }, async (request) => {
    const here = await workspaces.of(request, API.posts.updateDraft);
    const { mediaIds } = request.body;
    // The files it already carries stay allowed on it, whoever of the workspace attached them.
    const current = mediaIds === undefined ? undefined : await drafts.get(here.workspaceId, request.params.id);
    const attached = await media.attachments(here, mediaIds, current?.media);
    const row = await drafts.update(
      here.workspaceId,
      request.params.id,
      request.body,
      attached,
      here.userId,
      request.id,
    );
    return { success: true as const, message: POST_MESSAGES.draftSaved, data: toDraft(row) };
  });

  route(app, API.posts.deleteDraft, { checkResponses: true }, async (request) => {
    const here = await workspaces.of(request, API.posts.deleteDraft);
    const row = await drafts.delete(here.workspaceId, request.params.id);
    request.log.info({ draftId: row.id }, 'draft deleted');
    return { success: true as const, message: POST_MESSAGES.draftDeleted, data: toDraft(row) };
  });
}
