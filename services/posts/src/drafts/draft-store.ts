import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { inAdvisoryLock } from '../db/advisory-lock.js';
import { type DraftRow, drafts, type schema } from '../db/schema.js';

export type DraftText = Pick<DraftRow, 'content' | 'firstComment'> & Partial<Pick<DraftRow, 'media'>>;

/**
 * Every read and write of the drafts table. Each query is bounded to one workspace's rows (its
 * members share them), except the ones of a user's own data (export, deletion).
 */
export class DraftStore {
  constructor(private readonly db: PostgresJsDatabase<typeof schema>) {}

  list(workspaceId: string, limit: number): Promise<DraftRow[]> {
    return this.db
      .select()
      .from(drafts)
      .where(eq(drafts.workspaceId, workspaceId))
      .orderBy(desc(drafts.updatedAt), desc(drafts.id))
      .limit(limit);
  }

  /** Every draft of a user, oldest first ('Download my data'). */
  byUser(userId: string): Promise<DraftRow[]> {
    return this.db.select().from(drafts).where(eq(drafts.userId, userId)).orderBy(asc(drafts.createdAt));
  }

  async getIn(id: string, workspaceId: string): Promise<DraftRow | undefined> {
    const [row] = await this.db
      .select()
      .from(drafts)
      .where(and(eq(drafts.id, id), eq(drafts.workspaceId, workspaceId)));
    return row;
  }

  /**
   * Inserts a draft by `userId` unless the workspace already keeps `limit` of them (all of them
   * fit in its list). The count and the insert run under the workspace's advisory lock, so two
   * tabs or two members saving at once cannot pass the limit together.
   */
  insertWithin(workspaceId: string, userId: string, values: DraftText, limit: number): Promise<DraftRow | 'full'> {
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
      return row!;
    });
  }

  /** Saves new text; with `version`, only if nobody saved since. Undefined: missing or changed. */
  async update(
    id: string,
    workspaceId: string,
    values: Partial<DraftText>,
    version?: number,
  ): Promise<DraftRow | undefined> {
    const [row] = await this.db
      .update(drafts)
      .set({ ...values, version: sql`${drafts.version} + 1`, updatedAt: sql`now()` })
      .where(
        and(eq(drafts.id, id), eq(drafts.workspaceId, workspaceId), version ? eq(drafts.version, version) : undefined),
      )
      .returning();
    return row;
  }

  async delete(id: string, workspaceId: string): Promise<DraftRow | undefined> {
    const [row] = await this.db
      .delete(drafts)
      .where(and(eq(drafts.id, id), eq(drafts.workspaceId, workspaceId)))
      .returning();
    return row;
  }

  async deleteUser(userId: string): Promise<number> {
    const rows = await this.db.delete(drafts).where(eq(drafts.userId, userId)).returning({ id: drafts.id });
    return rows.length;
  }
}
