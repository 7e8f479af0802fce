import {
  type AttachedMedia,
  MAX_DRAFT_LENGTH,
  MAX_DRAFTS_PER_USER,
  POST_MESSAGES,
  type SaveDraftRequest,
} from '@nashr/contracts';
import { type Author, authorOf, optionalFirstComment } from '../post-service.js';
import { badRequest, refusal } from '../refusal.js';
import type { ReviewStore } from '../review/review-store.js';
import type { DraftRecord, DraftStore, DraftText } from './draft-store.js';

const UUID = /^[0-9a-f-]{36}$/i;

/**
 * A draft's text as sent (untrimmed: it is still being typed). It may be longer than a post:
 * someone cutting a long text down keeps it as a draft meanwhile, and publishing or scheduling
 * refuses it until it fits the network's limit. The first comment already has its own limit.
 */
function draftText(request: SaveDraftRequest): Partial<DraftText> {
  const values: Partial<DraftText> = {};
  if (request.content !== undefined) {
    if (request.content.length > MAX_DRAFT_LENGTH) {
      throw badRequest('draftTooLong', POST_MESSAGES.draftTooLong(request.content.length), {
        length: request.content.length,
        limit: MAX_DRAFT_LENGTH,
      });
    }
    values.content = request.content;
  }
  if (request.firstComment !== undefined) values.firstComment = optionalFirstComment(request.firstComment) ?? '';
  return values;
}

const blank = (text: string | undefined) => (text ?? '').trim() === '';

/** Whether the user's connection writes as `identity` (its member, or a company page added to it). */
export type WritesAs = (userId: string, identity: string) => Promise<boolean>;

/** Told when a save sends an approved draft back to review (ReviewService.askAgain). */
export interface BackToReview {
  askAgain(workspaceId: string, actorId: string, draft: DraftRecord, requestId?: string): Promise<void>;
}

/**
 * What users do to drafts, within one workspace: its members (with the role) share its drafts.
 * A draft of another workspace answers 404, exactly like one that does not exist.
 */
export class DraftService {
  /** `activity`: where what happens to drafts is recorded (their review's history). */
  constructor(
    private readonly store: DraftStore,
    private readonly activity?: ReviewStore,
    private readonly review?: BackToReview,
    private readonly writesAs?: WritesAs,
  ) {}

  /**
   * The page a save names, once the saver's connection is found to write as it (a page another
   * member added, or one removed, is refused as when scheduling); null for the profile.
   */
  private async identityOf(userId: string, request: SaveDraftRequest): Promise<Partial<DraftText>> {
    const { identity } = request;
    if (identity === undefined) return {};
    if (identity === null) return { identity: null };
    if (!(await this.writesAs?.(userId, identity))) throw refusal('UNPROCESSABLE', 'identityUnknown');
    return { identity };
  }

  list(workspaceId: string): Promise<DraftRecord[]> {
    return this.store.list(workspaceId, MAX_DRAFTS_PER_USER);
  }

  /**
   * A new draft by `who` (a user id alone: in their personal workspace). `media`: the images it
   * carries, already checked as the caller's (see MediaService.attachments).
   */
  async create(who: Author, request: SaveDraftRequest, media?: AttachedMedia[]): Promise<DraftRecord> {
    const { userId, workspaceId } = authorOf(who);
    const values = { ...draftText(request), ...(await this.identityOf(userId, request)) };
    if (blank(values.content) && blank(values.firstComment) && !media?.length) throw badRequest('draftEmpty');
    const row = await this.store.insertWithin(
      workspaceId,
      userId,
      {
        content: values.content ?? '',
        firstComment: values.firstComment ?? '',
        media: media ?? [],
        identity: values.identity ?? null,
      },
      MAX_DRAFTS_PER_USER,
    );
    if (row === 'full') throw refusal('CONFLICT', 'tooManyDrafts', undefined, { limit: MAX_DRAFTS_PER_USER });
    await this.activity?.record({
      workspaceId,
      draftId: row.id,
      actorId: userId,
      action: 'created',
      version: row.version,
    });
    return row;
  }

  /** `actorId`: who saves it (recorded in its history). */
  async update(
    workspaceId: string,
    id: string,
    request: SaveDraftRequest,
    media?: AttachedMedia[],
    actorId?: string,
    requestId?: string,
  ): Promise<DraftRecord> {
    const current = await this.owned(workspaceId, id);
    const values = { ...draftText(request), ...(await this.identityOf(actorId ?? current.userId, request)) };
    if (media !== undefined) values.media = media;
    const next = { ...current, ...values };
    if (blank(next.content) && blank(next.firstComment) && !next.media.length) throw badRequest('draftEmpty');
    const activity = this.activity;
    const row = await this.store.update(
      id,
      workspaceId,
      values,
      request.version,
      actorId && activity
        ? (saved, tx) => activity.recordEdited(workspaceId, saved.id, actorId, saved.version, tx)
        : undefined,
    );
    if (row) {
      // What was approved is not the new text: its reviewers hear of it as at a first sending,
      // once (the saves after it find it in review already).
      if (actorId && current.reviewState === 'approved' && row.reviewState === 'in_review') {
        await this.review?.askAgain(workspaceId, actorId, row, requestId);
      }
      return row;
    }
    // Gone meanwhile (deleted in another tab) or saved by someone else since `version`.
    await this.owned(workspaceId, id);
    throw refusal('CONFLICT', 'draftChangedElsewhere');
  }

  async delete(workspaceId: string, id: string): Promise<DraftRecord> {
    const row = UUID.test(id) ? await this.store.delete(id, workspaceId) : undefined;
    if (!row) throw refusal('NOT_FOUND', 'draftNotFound');
    return row;
  }

  /** Once its post is scheduled or published a draft has done its job; an unknown one is no error. */
  async consume(workspaceId: string, id: string | undefined): Promise<void> {
    if (id && UUID.test(id)) await this.store.delete(id, workspaceId);
  }

  /** The workspace's draft, or 404 for one that does not exist or is in another workspace. */
  get(workspaceId: string, id: string): Promise<DraftRecord> {
    return this.owned(workspaceId, id);
  }

  private async owned(workspaceId: string, id: string): Promise<DraftRecord> {
    const row = UUID.test(id) ? await this.store.getIn(id, workspaceId) : undefined;
    if (!row) throw refusal('NOT_FOUND', 'draftNotFound');
    return row;
  }
}
