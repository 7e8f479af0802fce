import type { ActivityEntry, DraftReviewState } from '@nashr/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { inAdvisoryLock, type LockedTx, type Queryable } from '../db/advisory-lock.js';
import {
  type DraftActivityRow,
  type DraftCommentRow,
  draftActivity,
  draftComments,
  drafts,
  posts,
  reviewSettings,
  type schema,
} from '../db/schema.js';
import { type DraftRecord, draftWithCount } from '../drafts/draft-store.js';

type Db = PostgresJsDatabase<typeof schema>;

/** Autosave saves often: one 'edited' entry stands for one member's edits within this time. */
export const EDITED_QUIET_MINUTES = 15;

export type NewComment = Pick<
  DraftCommentRow,
  'draftId' | 'workspaceId' | 'authorId' | 'parentId' | 'kind' | 'body' | 'mentions' | 'version'
>;

/** A step of the review: from one of `from`, at exactly `version`, to `set`. */
export interface ReviewStep {
  from: readonly DraftReviewState[];
  version: number;
  set: Partial<Pick<DraftRecord, 'reviewState' | 'submittedBy' | 'reviewedBy' | 'approvedVersion'>> & {
    submittedAt?: ReturnType<typeof sql>;
    reviewedAt?: ReturnType<typeof sql>;
  };
}

/**
 * The review's tables: the drafts' review state (each step one conditional UPDATE), their
 * comments, what happened to them, and each workspace's review rule.
 */
export class ReviewStore {
  constructor(private readonly db: Db) {}

  async requiresApproval(workspaceId: string, db: Queryable = this.db): Promise<boolean> {
    const [row] = await db
      .select({ requiresApproval: reviewSettings.requiresApproval })
      .from(reviewSettings)
      .where(eq(reviewSettings.workspaceId, workspaceId));
    return row?.requiresApproval ?? false;
  }

  async saveSettings(workspaceId: string, requiresApproval: boolean): Promise<boolean> {
    const [row] = await this.db
      .insert(reviewSettings)
      .values({ workspaceId, requiresApproval })
      .onConflictDoUpdate({ target: reviewSettings.workspaceId, set: { requiresApproval, updatedAt: sql`now()` } })
      .returning({ requiresApproval: reviewSettings.requiresApproval });
    return row!.requiresApproval;
  }

  /**
   * Takes the draft one step, only if it is still in one of `step.from` at `step.version`: of an
   * approval and a save racing, the one that comes second finds the row changed. Undefined: it
   * was not (the caller reads the draft again to say why).
   */
  async step(id: string, workspaceId: string, step: ReviewStep, db: Queryable = this.db) {
    const [row] = await db
      .update(drafts)
      .set(step.set)
      .where(
        and(
          eq(drafts.id, id),
          eq(drafts.workspaceId, workspaceId),
          eq(drafts.version, step.version),
          inArray(drafts.reviewState, [...step.from]),
        ),
      )
      .returning(draftWithCount);
    return row as DraftRecord | undefined;
  }

  /**
   * A step and its entry in the draft's history, in one transaction: the entry is written while
   * the step's row lock is held, so a save racing the step is recorded after it.
   */
  stepAndRecord(
    id: string,
    workspaceId: string,
    step: ReviewStep,
    entry: Pick<DraftActivityRow, 'action' | 'actorId'>,
  ): Promise<{ draft: DraftRecord; entry: DraftActivityRow } | undefined> {
    return this.db.transaction(async (tx) => {
      const draft = await this.step(id, workspaceId, step, tx);
      if (!draft) return undefined;
      const recorded = await this.record({ workspaceId, draftId: id, version: step.version, ...entry }, tx);
      return { draft, entry: recorded };
    });
  }

  /** The draft's thread, oldest first. */
  comments(draftId: string): Promise<DraftCommentRow[]> {
    return this.db
      .select()
      .from(draftComments)
      .where(eq(draftComments.draftId, draftId))
      .orderBy(asc(draftComments.createdAt), asc(draftComments.id));
  }

  async comment(draftId: string, id: string): Promise<DraftCommentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(draftComments)
      .where(and(eq(draftComments.draftId, draftId), eq(draftComments.id, id)));
    return row;
  }

  /**
   * Adds a comment unless the draft's thread already holds `limit`: the count and the insert
   * under the draft's advisory lock, so parallel comments cannot pass the limit together.
   * `before` runs first in the same transaction (a step of the review the comment goes with);
   * when it answers a value, nothing is written and that value is answered.
   */
  commentWithin<T>(
    values: NewComment,
    limit: number,
    before?: (tx: LockedTx) => Promise<T | undefined>,
  ): Promise<{ comment: DraftCommentRow; stepped?: T } | 'full' | { refused: true }> {
    return inAdvisoryLock(this.db, `draft-comments:${values.draftId}`, async (tx) => {
      const [counted] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(draftComments)
        .where(eq(draftComments.draftId, values.draftId));
      if ((counted?.n ?? 0) >= limit) return 'full' as const;
      let stepped: T | undefined;
      if (before) {
        stepped = await before(tx);
        if (stepped === undefined) return { refused: true as const };
      }
      const [comment] = await tx.insert(draftComments).values(values).returning();
      return { comment: comment!, ...(stepped === undefined ? {} : { stepped }) };
    });
  }

  async record(
    entry: Pick<DraftActivityRow, 'workspaceId' | 'draftId' | 'action'> &
      Partial<Pick<DraftActivityRow, 'postId' | 'actorId' | 'version'>>,
    db: Queryable = this.db,
  ): Promise<DraftActivityRow> {
    const [row] = await db.insert(draftActivity).values(entry).returning();
    return row!;
  }

  /**
   * Records an edit unless the draft's newest entry is an edit by the same member within the
   * quiet time (autosave would fill the history otherwise). One statement: two saves at once may
   * both record, which only costs a line.
   */
  async recordEdited(
    workspaceId: string,
    draftId: string,
    actorId: string,
    version: number,
    db: Queryable = this.db,
  ): Promise<void> {
    await db.execute(sql`
      insert into ${draftActivity} (workspace_id, draft_id, actor_id, action, version)
      select ${workspaceId}::uuid, ${draftId}::uuid, ${actorId}::uuid, 'edited', ${version}
      where not exists (
        select 1 from (
          select action, actor_id, at from ${draftActivity}
          where draft_id = ${draftId}::uuid
          order by at desc, id desc limit 1
        ) newest
        where newest.action = 'edited' and newest.actor_id = ${actorId}::uuid
          and newest.at > now() - make_interval(mins => ${EDITED_QUIET_MINUTES})
      )`);
  }

  /** The draft's history, oldest first. */
  activityOfDraft(draftId: string, workspaceId: string): Promise<DraftActivityRow[]> {
    return this.db
      .select()
      .from(draftActivity)
      .where(and(eq(draftActivity.draftId, draftId), eq(draftActivity.workspaceId, workspaceId)))
      .orderBy(asc(draftActivity.at), asc(draftActivity.id));
  }

  /** A post's history: its draft's, then its own, oldest first. */
  activityOfPost(postId: string, workspaceId: string): Promise<DraftActivityRow[]> {
    return this.db
      .select()
      .from(draftActivity)
      .where(and(eq(draftActivity.postId, postId), eq(draftActivity.workspaceId, workspaceId)))
      .orderBy(asc(draftActivity.at), asc(draftActivity.id));
  }

  /** The draft's history goes with the post made from it (the draft itself is deleted next). */
  async linkToPost(draftId: string, workspaceId: string, postId: string): Promise<void> {
    await this.db
      .update(draftActivity)
      .set({ postId })
      .where(and(eq(draftActivity.draftId, draftId), eq(draftActivity.workspaceId, workspaceId)));
  }

  /**
   * The post made from a draft went out: recorded once, by the product (no actor), if the post is
   * published and the draft's history is linked to it. Both the published event and the linking
   * call this, since either may come first (a post published at once can go out before the
   * request that made it has linked the history); the second one records it, and the unique index
   * on a post's 'published' entry keeps two at once from both doing so. True if this call did.
   */
  async recordPublished(postId: string): Promise<boolean> {
    const inserted = await this.db.execute(sql`
      insert into ${draftActivity} (workspace_id, draft_id, post_id, action)
      select made.workspace_id, made.draft_id, made.post_id, 'published'
      from ${draftActivity} made join ${posts} post on post.id = made.post_id
      where made.post_id = ${postId} and post.status = 'published'
      limit 1
      on conflict do nothing
      returning id`);
    return inserted.length > 0;
  }

  /** Every comment a user wrote, oldest first ('Download my data'). */
  commentsByAuthor(userId: string): Promise<DraftCommentRow[]> {
    return this.db
      .select()
      .from(draftComments)
      .where(eq(draftComments.authorId, userId))
      .orderBy(asc(draftComments.createdAt));
  }

  /** A workspace that is gone takes its drafts' histories and its review rule with it (its comments go with its drafts). */
  async deleteWorkspace(workspaceId: string): Promise<void> {
    await this.db.delete(draftActivity).where(eq(draftActivity.workspaceId, workspaceId));
    await this.db.delete(reviewSettings).where(eq(reviewSettings.workspaceId, workspaceId));
  }

  /**
   * A deleted account's comments go; what it did stays in the drafts' histories, by no one.
   * Replies of others to its comments stay, as comments of their own (parent_id set null).
   */
  async deleteUser(userId: string): Promise<{ comments: number; activity: number }> {
    return this.db.transaction(async (tx) => {
      const comments = await tx
        .delete(draftComments)
        .where(eq(draftComments.authorId, userId))
        .returning({ id: draftComments.id });
      await tx
        .update(draftComments)
        .set({ mentions: sql`array_remove(${draftComments.mentions}, ${userId}::uuid)` })
        .where(sql`${userId}::uuid = any(${draftComments.mentions})`);
      const activity = await tx
        .update(draftActivity)
        .set({ actorId: null })
        .where(eq(draftActivity.actorId, userId))
        .returning({ id: draftActivity.id });
      return { comments: comments.length, activity: activity.length };
    });
  }
}

export const toActivity = (row: DraftActivityRow): ActivityEntry => ({
  id: row.id,
  action: row.action,
  actorId: row.actorId,
  version: row.version,
  at: row.at.toISOString(),
});
