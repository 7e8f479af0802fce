import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { inAdvisoryLock } from '../db/advisory-lock.js';
import { type DraftRow, drafts, type schema } from '../db/schema.js';

export type DraftText = Pick<DraftRow, 'content' | 'firstComment'> & Partial<Pick<DraftRow, 'media'>>;

/** Every read and write of the drafts table; each query is bounded to one user's rows. */
export class DraftStore {
  constructor(private readonly db: PostgresJsDatabase<typeof schema>) {}

  list(userId: string, limit: number): Promise<DraftRow[]> {
    return this.db
      .select()
      .from(drafts)
      .where(eq(drafts.userId, userId))
      .orderBy(desc(drafts.updatedAt), desc(drafts.id))
      .limit(limit);
  }

  /** Every draft of a user, oldest first ('Download my data'). */
  byUser(userId: string): Promise<DraftRow[]> {
    return this.db.select().from(drafts).where(eq(drafts.userId, userId)).orderBy(asc(drafts.createdAt));
  }

  async getOwned(id: string, userId: string): Promise<DraftRow | undefined> {
    const [row] = await this.db
      .select()
      .from(drafts)
      .where(and(eq(drafts.id, id), eq(drafts.userId, userId)));
    return row;
  }

  /**
   * Inserts a draft unless the user already keeps `limit` of them. The count and the insert run
   * under a per-user advisory lock, so two tabs saving at once cannot pass the limit together.
   */
  insertWithin(userId: string, values: DraftText, limit: number): Promise<DraftRow | 'full'> {
    return inAdvisoryLock(this.db, `drafts:${userId}`, async (tx) => {
      const [counted] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(drafts)
        .where(eq(drafts.userId, userId));
      if ((counted?.n ?? 0) >= limit) return 'full';
      const [row] = await tx
        .insert(drafts)
        .values({ workspaceId: userId, userId, ...values })
        .returning();
      return row!;
    });
  }

  /** Saves new text; with `version`, only if nobody saved since. Undefined: missing or changed. */
  async update(
    id: string,
    userId: string,
    values: Partial<DraftText>,
    version?: number,
  ): Promise<DraftRow | undefined> {
    const [row] = await this.db
      .update(drafts)
      .set({ ...values, version: sql`${drafts.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(drafts.id, id), eq(drafts.userId, userId), version ? eq(drafts.version, version) : undefined))
      .returning();
    return row;
  }

  async delete(id: string, userId: string): Promise<DraftRow | undefined> {
    const [row] = await this.db
      .delete(drafts)
      .where(and(eq(drafts.id, id), eq(drafts.userId, userId)))
      .returning();
    return row;
  }

  async deleteUser(userId: string): Promise<number> {
    const rows = await this.db.delete(drafts).where(eq(drafts.userId, userId)).returning({ id: drafts.id });
    return rows.length;
  }
}
