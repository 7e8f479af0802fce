import {
  type AddReviewCommentRequest,
  type AttachedMedia,
  type DraftReviewState,
  MAX_REVIEW_COMMENT_LENGTH,
  MAX_REVIEW_COMMENTS,
  REVIEW_ERROR_CODES,
  REVIEW_MESSAGES,
} from '@nashr/contracts';
import {
  type Acting,
  AppError,
  assertSafeText,
  type ErrorCode,
  type ErrorParams,
  type WorkspaceMemberStore,
} from '@nashr/platform';
import { sql } from 'drizzle-orm';
import type { DraftActivityRow, DraftCommentRow, PostRow } from '../db/schema.js';
import type { DraftRecord, DraftStore } from '../drafts/draft-store.js';
import { optionalFirstComment } from '../post-service.js';
import type { PostStore } from '../post-store.js';
import { badRequest, refusal } from '../refusal.js';
import type { ReviewNotices } from './review-notices.js';
import type { ReviewStep, ReviewStore } from './review-store.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type ReviewRefusal = Exclude<keyof typeof REVIEW_ERROR_CODES, 'notApproved'>;

function reviewRefusal(kind: ErrorCode, key: ReviewRefusal, params?: ErrorParams, message?: string): AppError {
  const fixed = REVIEW_MESSAGES[key];
  return new AppError(kind, message ?? (typeof fixed === 'string' ? fixed : key), {
    code: REVIEW_ERROR_CODES[key],
    params,
  });
}

/** A comment's text, trimmed, or a 400 saying what is wrong with it (the same rules as any text). */
export function commentBody(input: string): string {
  const body = input.trim();
  if (!body) throw reviewRefusal('BAD_REQUEST', 'commentEmpty');
  if (body.length > MAX_REVIEW_COMMENT_LENGTH) {
    throw reviewRefusal(
      'BAD_REQUEST',
      'commentTooLong',
      { length: body.length, limit: MAX_REVIEW_COMMENT_LENGTH },
      REVIEW_MESSAGES.commentTooLong(body.length),
    );
  }
  assertSafeText(body);
  return body;
}

/** What a post made from a draft carries, to compare with the draft that was approved. */
export interface PostText {
  content: string;
  firstComment: string | null;
  media: AttachedMedia[] | undefined;
}

/** Who approved what a post carries, written on the post (and checked again when it goes out). */
export interface Approval {
  approvedBy: string | null;
  approvedAt: Date | null;
}

const NOT_APPROVED: Approval = { approvedBy: null, approvedAt: null };

/**
 * The review of a workspace's drafts (contracts posts/review.ts): the steps, the thread, the
 * history, and the rule that nothing goes out in a workspace requiring approval unless it is
 * exactly what was approved.
 */
export class ReviewService {
  constructor(
    private readonly store: ReviewStore,
    private readonly drafts: DraftStore,
    private readonly posts: PostStore,
    private readonly members: WorkspaceMemberStore,
    private readonly notices: ReviewNotices,
  ) {}

  async view(
    workspaceId: string,
    id: string,
  ): Promise<{ draft: DraftRecord; comments: DraftCommentRow[]; activity: DraftActivityRow[] }> {
    const draft = await this.owned(workspaceId, id);
    const [comments, activity] = await Promise.all([
      this.store.comments(draft.id),
      this.store.activityOfDraft(draft.id, workspaceId),
    ]);
    return { draft, comments, activity };
  }

  async submit(who: Acting, id: string, version: number, requestId?: string): Promise<DraftRecord> {
    const current = await this.owned(who.workspaceId, id);
    const from: DraftReviewState[] = ['draft', 'changes_requested'];
    this.explain(current, version, from);
    if (!current.content.trim()) throw badRequest('contentRequired');
    const { draft, entry } = await this.stepOrExplain(
      who.workspaceId,
      id,
      {
        from,
        version,
        set: { reviewState: 'in_review', submittedBy: who.userId, submittedAt: sql`now()`, approvedVersion: null },
      },
      { action: 'submitted', actorId: who.userId },
    );
    await this.notices.tell(
      'review_requested',
      { ...this.about(who, draft, entry.id, requestId), text: draft.content },
      await this.members.reviewersOf(who.workspaceId),
    );
    return draft;
  }

  /**
   * A save sent an approved draft back to review (DraftStore.update): its reviewers are asked
   * again, as at a first sending, once for that version.
   */
  async askAgain(workspaceId: string, actorId: string, draft: DraftRecord, requestId?: string): Promise<void> {
    const who = { workspaceId, userId: actorId };
    await this.notices.tell(
      'review_requested',
      { ...this.about(who, draft, `${draft.id}-v${draft.version}`, requestId), text: draft.content },
      await this.members.reviewersOf(workspaceId),
    );
  }

  async approve(who: Acting, id: string, version: number, requestId?: string): Promise<DraftRecord> {
    const { draft, entry } = await this.stepOrExplain(
      who.workspaceId,
      id,
      {
        from: ['in_review'],
        version,
        set: { reviewState: 'approved', approvedVersion: version, reviewedBy: who.userId, reviewedAt: sql`now()` },
      },
      { action: 'approved', actorId: who.userId },
    );
    await this.notices.tell('draft_approved', { ...this.about(who, draft, entry.id, requestId), text: draft.content }, [
      draft.submittedBy ?? draft.userId,
    ]);
    return draft;
  }

  /** Back to its author with what to change: the step and its comment are written together. */
  async requestChanges(
    who: Acting,
    id: string,
    version: number,
    text: string,
    requestId?: string,
  ): Promise<DraftRecord> {
    const body = commentBody(text);
    const current = await this.owned(who.workspaceId, id);
    const step: ReviewStep = {
      from: ['in_review', 'approved'],
      version,
      set: { reviewState: 'changes_requested', approvedVersion: null, reviewedBy: who.userId, reviewedAt: sql`now()` },
    };
    this.explain(current, version, step.from);
    const written = await this.store.commentWithin(
      {
        draftId: id,
        workspaceId: who.workspaceId,
        authorId: who.userId,
        parentId: null,
        kind: 'changes_requested',
        body,
        mentions: [],
        version,
      },
      MAX_REVIEW_COMMENTS,
      async (tx) => {
        const draft = await this.store.step(id, who.workspaceId, step, tx);
        if (!draft) return undefined;
        const entry = await this.store.record(
          { workspaceId: who.workspaceId, draftId: id, actorId: who.userId, action: 'changes_requested', version },
          tx,
        );
        return { draft, entry };
      },
    );
    if (written === 'full') throw this.tooManyComments();
    if ('refused' in written) {
      this.explain(await this.drafts.getIn(id, who.workspaceId), version, step.from);
      throw reviewRefusal('CONFLICT', 'staleVersion', { version });
    }
    const { draft, entry } = written.stepped!;
    const result = { ...draft, comments: draft.comments + 1 };
    await this.notices.tell('changes_requested', { ...this.about(who, draft, entry.id, requestId), text: body }, [
      draft.submittedBy ?? draft.userId,
    ]);
    return result;
  }

  async comment(who: Acting, id: string, request: AddReviewCommentRequest, requestId?: string) {
    const body = commentBody(request.body);
    const draft = await this.owned(who.workspaceId, id);
    let parentId: string | null = null;
    let thread: DraftCommentRow[] = [];
    if (request.parentId) {
      const parent = await this.store.comment(draft.id, request.parentId);
      if (!parent) throw reviewRefusal('NOT_FOUND', 'commentParentNotFound');
      // One level of replies: a reply to a reply joins its thread.
      parentId = parent.parentId ?? parent.id;
      thread = (await this.store.comments(draft.id)).filter((c) => c.id === parentId || c.parentId === parentId);
    }
    const mentions = [...new Set(request.mentions ?? [])];
    for (const userId of mentions) {
      if (!(await this.members.isMember(who.workspaceId, userId))) {
        throw reviewRefusal('BAD_REQUEST', 'mentionNotMember', { userId });
      }
    }
    const written = await this.store.commentWithin(
      {
        draftId: draft.id,
        workspaceId: who.workspaceId,
        authorId: who.userId,
        parentId,
        kind: 'comment',
        body,
        mentions,
        version: draft.version,
      },
      MAX_REVIEW_COMMENTS,
    );
    if (written === 'full') throw this.tooManyComments();
    if ('refused' in written) throw new Error('a comment without a step is never refused');
    const comment = written.comment;
    const about = { ...this.about(who, draft, comment.id, requestId), text: body };
    const mentioned = new Set(mentions);
    const people = [draft.userId, draft.submittedBy, ...thread.map((c) => c.authorId)].filter(
      (userId): userId is string => Boolean(userId) && !mentioned.has(userId as string),
    );
    await this.notices.tell('draft_commented', about, people);
    await this.notices.tell('mentioned', about, mentions);
    return comment;
  }

  async postActivity(workspaceId: string, postId: string): Promise<DraftActivityRow[]> {
    const post = UUID.test(postId) ? await this.posts.getIn(postId, workspaceId) : undefined;
    if (!post) throw refusal('NOT_FOUND', 'notFound');
    return this.store.activityOfPost(post.id, workspaceId);
  }

  requiresApproval(workspaceId: string): Promise<boolean> {
    return this.store.requiresApproval(workspaceId);
  }

  saveSettings(workspaceId: string, requiresApproval: boolean): Promise<boolean> {
    return this.store.saveSettings(workspaceId, requiresApproval);
  }

  /**
   * Whether a post may be written in this workspace as `post`: where approval is required, only
   * with `draftId` naming a draft approved at its current version that carries exactly this text
   * (409 review.approval_required otherwise). Answers the approval to write on the post.
   */
  async approvalFor(who: Acting, draftId: string | undefined, post: PostText): Promise<Approval> {
    if (!(await this.store.requiresApproval(who.workspaceId))) return NOT_APPROVED;
    const draft = draftId && UUID.test(draftId) ? await this.drafts.getIn(draftId, who.workspaceId) : undefined;
    const approved =
      draft?.reviewState === 'approved' &&
      draft.approvedVersion === draft.version &&
      draft.content.trim() === post.content &&
      optionalFirstComment(draft.firstComment) === post.firstComment &&
      sameMedia(draft.media, post.media ?? []);
    if (!approved) throw reviewRefusal('CONFLICT', 'approvalRequired');
    return { approvedBy: draft.reviewedBy, approvedAt: draft.reviewedAt ?? new Date() };
  }

  /**
   * A post was made from the draft `draftId`: the draft's history goes with the post, with who
   * scheduled it. Call before the draft is deleted; an unknown draft changes nothing.
   */
  async postMade(who: Acting, draftId: string | undefined, post: PostRow): Promise<void> {
    if (!draftId || !UUID.test(draftId)) return;
    const draft = await this.drafts.getIn(draftId, who.workspaceId);
    if (!draft) return;
    await this.store.record({
      workspaceId: who.workspaceId,
      draftId,
      actorId: who.userId,
      action: 'scheduled',
      version: draft.version,
    });
    await this.store.linkToPost(draftId, who.workspaceId, post.id);
    // A post published at once may have gone out already, its event handled before the link.
    await this.store.recordPublished(post.id);
  }

  /** PATCH of an approved post's text in a workspace that requires approval. */
  async assertTextMayChange(workspaceId: string): Promise<void> {
    if (await this.store.requiresApproval(workspaceId)) throw reviewRefusal('CONFLICT', 'approvedPostLocked');
  }

  private about(who: Pick<Acting, 'workspaceId' | 'userId'>, draft: DraftRecord, id: string, requestId?: string) {
    return {
      id,
      workspaceId: who.workspaceId,
      draftId: draft.id,
      actorId: who.userId,
      ...(requestId ? { requestId } : {}),
    };
  }

  private tooManyComments(): AppError {
    return reviewRefusal('CONFLICT', 'tooManyComments', { limit: MAX_REVIEW_COMMENTS });
  }

  private async owned(workspaceId: string, id: string): Promise<DraftRecord> {
    const row = UUID.test(id) ? await this.drafts.getIn(id, workspaceId) : undefined;
    if (!row) throw refusal('NOT_FOUND', 'draftNotFound');
    return row;
  }

  private async stepOrExplain(
    workspaceId: string,
    id: string,
    step: ReviewStep,
    entry: Pick<DraftActivityRow, 'action' | 'actorId'>,
  ): Promise<{ draft: DraftRecord; entry: DraftActivityRow }> {
    const done = await this.store.stepAndRecord(id, workspaceId, step, entry);
    if (done) return done;
    this.explain(await this.drafts.getIn(id, workspaceId), step.version, step.from);
    // Changed and changed back between the step and the read: the caller's version is stale all the same.
    throw reviewRefusal('CONFLICT', 'staleVersion', { version: step.version });
  }

  /** Throws why a step from `from` at `version` does not apply to the draft as it stands, if it does not. */
  private explain(draft: DraftRecord | undefined, version: number, from: readonly DraftReviewState[]): void {
    if (!draft) throw refusal('NOT_FOUND', 'draftNotFound');
    if (draft.version !== version) throw reviewRefusal('CONFLICT', 'staleVersion', { version: draft.version });
    if (!from.includes(draft.reviewState)) throw reviewRefusal('CONFLICT', 'wrongState', { state: draft.reviewState });
  }
}

const sameMedia = (a: AttachedMedia[], b: AttachedMedia[]) =>
  a.length === b.length && a.every((item, i) => item.id === b[i]!.id);
