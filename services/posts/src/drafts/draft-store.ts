import { and, asc, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { inAdvisoryLock, type LockedTx } from '../db/advisory-lock.js';
import { type DraftRow, drafts, type schema } from '../db/schema.js';

export type DraftText = Pick<DraftRow, 'content' | 'firstComment'> & Partial<Pick<DraftRow, 'media' | 'identity'>>;

/** A draft with the number of comments in its review thread, as every answer shows it. */
export type DraftRecord = DraftRow & { comments: number };

/**
 * A draft's columns and its comment count. In a DELETE's or UPDATE's RETURNING the count reads the
 * statement's snapshot, so a deleted draft still shows the comments it had.
 */
export const draftWithCount = {
  ...getTableColumns(drafts),
  // Spelled out: drizzle leaves the columns of a one-table query unqualified, and an unqualified
  // "id" inside the subquery would be the comment's.
  comments:
    sql<number>`(select count(*)::int from "posts"."draft_comments" c where c."draft_id" = "drafts"."id")`.mapWith(
      Number,
    ),
};

/** The states a save sends back to review: what was approved (or waits for it) is not the new text. */
const BACK_TO_REVIEW = sql`case when ${drafts.reviewState} in ('approved', 'in_review') then 'in_review' else ${drafts.reviewState} end`;

/**
 * Every read and write of the drafts table. Each query is bounded to one workspace's rows (its
 * members share them), except the ones of a user's own data (export, deletion).
 */
export class DraftStore {
  constructor(private readonly db: PostgresJsDatabase<typeof schema>) {}

  list(workspaceId: string, limit: number): Promise<DraftRecord[]> {
    return this.db
      .select(draftWithCount)
      .from(drafts)
      .where(eq(drafts.workspaceId, workspaceId))
      .orderBy(desc(drafts.updatedAt), desc(drafts.id))
      .limit(limit);
  }

  /** Every draft of a user, oldest first ('Download my data'). */
  byUser(userId: string): Promise<DraftRecord[]> {
    return this.db.select(draftWithCount).from(drafts).where(eq(drafts.userId, userId)).orderBy(asc(drafts.createdAt));
  }

  async getIn(id: string, workspaceId: string): Promise<DraftRecord | undefined> {
    const [row] = await this.db
      .select(draftWithCount)
      .from(drafts)
      .where(and(eq(drafts.id, id), eq(drafts.workspaceId, workspaceId)));
    return row;
  }

  /**
   * Inserts a draft by `userId` unless the workspace already keeps `limit` of them (all of them
   * fit in its list). The count and the insert run under the workspace's advisory lock, so two
   * tabs or two members saving at once cannot pass the limit together.
   */
  insertWithin(workspaceId: string, userId: string, values: DraftText, limit: number): Promise<DraftRecord | 'full'> {
    return inAdvisoryLock(this.db, `drafts:${workspaceId}`, async (tx) => {
      const [counted] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(drafts)
        .where(eq(drafts.workspaceId, workspaceId));
      if ((counted?.n ?? 0) >= limit) return 'full';
      const [row] = await tx
        .insert(drafts)
        .values({ workspaceId, userId, ...values })
        .returning();
      return { ...row!, comments: 0 };
    });
  }

  /**
   * Saves new text; with `version`, only if nobody saved since. Undefined: missing or changed.
   * A draft approved or in review goes (back) to review at its new version, its approval gone, in
   * the same UPDATE: an approval racing it either came first (and is cleared here) or finds the
   * version raised and is refused.
   */
  async update(
    id: string,
    workspaceId: string,
    values: Partial<DraftText>,
    version?: number,
    /** Runs in the save's transaction, holding its row lock (the draft's history records it). */
    saved?: (row: DraftRecord, tx: LockedTx) => Promise<void>,
  ): Promise<DraftRecord | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(drafts)
        .set({
          ...values,
          version: sql`${drafts.version} + 1`,
          updatedAt: sql`now()`,
          reviewState: BACK_TO_REVIEW,
          approvedVersion: null,
        })
        .where(
          and(
            eq(drafts.id, id),
            eq(drafts.workspaceId, workspaceId),
            version ? eq(drafts.version, version) : undefined,
          ),
        )
        .returning(draftWithCount);
      if (row) await saved?.(row, tx);
      return row;
    });
  }

  async delete(id: string, workspaceId: string): Promise<DraftRecord | undefined> {
    const [row] = await this.db
      .delete(drafts)
      .where(and(eq(drafts.id, id), eq(drafts.workspaceId, workspaceId)))
      .returning(draftWithCount);
    return row;
  }
}
