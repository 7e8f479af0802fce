import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import {
  type FirstCommentRow,
  firstComments,
  type PublishAttemptRow,
  publishAttempts,
  type schema,
} from '../db/schema.js';

/** What a publish job must do, given what earlier runs recorded. */
export type PublishPlan =
  /** Some attempt of this post already went out: only report it again. */
  | { kind: 'done'; published: PublishAttemptRow }
  /** This attempt already failed for good and was reported. */
  | { kind: 'failed'; row: PublishAttemptRow }
  /** An earlier run may have created the post: look for it on the network before publishing. */
  | { kind: 'check-first'; row: PublishAttemptRow; since: Date }
  | { kind: 'publish'; row: PublishAttemptRow };

/** The record of every publish job, written before and after each call to the network. */
export class PublishStore {
  constructor(private readonly db: PostgresJsDatabase<typeof schema>) {}

  /** Every publish attempt of a user, oldest first ('Download my data'). */
  async byUser(userId: string): Promise<PublishAttemptRow[]> {
    return this.db
      .select()
      .from(publishAttempts)
      .where(eq(publishAttempts.userId, userId))
      .orderBy(asc(publishAttempts.createdAt));
  }

  async plan(job: { postId: string; attempt: number; userId: string }): Promise<PublishPlan> {
    return this.db.transaction(async (tx) => {
      // One job of a post decides at a time, even across worker processes.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`publish:${job.postId}`}))`);
      await tx
        .insert(publishAttempts)
        .values({ postId: job.postId, attempt: job.attempt, userId: job.userId, state: 'new' })
        .onConflictDoNothing();
      const rows = await tx
        .select()
        .from(publishAttempts)
        .where(eq(publishAttempts.postId, job.postId))
        .orderBy(asc(publishAttempts.attempt));
      const published = rows.find((r) => r.state === 'published');
      if (published) return { kind: 'done', published };
      const row = rows.find((r) => r.attempt === job.attempt);
      if (!row) throw new Error('publish attempt row missing');
      if (row.state === 'failed') return { kind: 'failed', row };
      // Any attempt of this post (this one or an earlier one) may have reached the network.
      const uncertain = rows.filter((r) => (r.state === 'publishing' || r.state === 'unknown') && r.startedAt);
      if (uncertain.length > 0) {
        const since = new Date(Math.min(...uncertain.map((r) => (r.startedAt as Date).getTime())));
        return { kind: 'check-first', row, since };
      }
      return { kind: 'publish', row };
    });
  }

  /** Written (and committed) before the network is called: from here on the outcome is uncertain. */
  async markPublishing(row: PublishAttemptRow): Promise<void> {
    await this.db
      .update(publishAttempts)
      .set({
        state: 'publishing',
        calls: sql`${publishAttempts.calls} + 1`,
        startedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(publishAttempts.postId, row.postId), eq(publishAttempts.attempt, row.attempt)));
  }

  async markPublished(
    row: PublishAttemptRow,
    result: { networkPostId: string | null; url: string | null; publishedAt: Date },
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(publishAttempts)
        .set({
          state: 'published',
          networkPostId: result.networkPostId,
          url: result.url,
          publishedAt: result.publishedAt,
          reason: null,
          updatedAt: new Date(),
        })
        .where(and(eq(publishAttempts.postId, row.postId), eq(publishAttempts.attempt, row.attempt)));
      // Earlier uncertain attempts of the post are settled by this one.
      await tx
        .update(publishAttempts)
        .set({ state: 'failed', reason: 'superseded by a later attempt', updatedAt: new Date() })
        .where(and(eq(publishAttempts.postId, row.postId), inArray(publishAttempts.state, ['publishing', 'unknown'])));
    });
  }

  async mark(row: PublishAttemptRow, state: 'unknown' | 'retrying' | 'failed', reason: string): Promise<void> {
    await this.db
      .update(publishAttempts)
      .set({ state, reason, updatedAt: new Date() })
      .where(and(eq(publishAttempts.postId, row.postId), eq(publishAttempts.attempt, row.attempt)));
  }

  /** After a search of the network found no post: the uncertain attempts did not create one. */
  async settleUncertain(postId: string): Promise<void> {
    await this.db
      .update(publishAttempts)
      .set({ state: 'retrying', reason: 'not found on the network', updatedAt: new Date() })
      .where(and(eq(publishAttempts.postId, postId), inArray(publishAttempts.state, ['publishing', 'unknown'])));
  }

  /**
   * Claims the post's first comment for sending. Returns null when this run may send it, or the
   * record of an earlier run, which must not send it again whatever state it is in.
   */
  async claimFirstComment(postId: string, userId: string): Promise<FirstCommentRow | null> {
    const inserted = await this.db
      .insert(firstComments)
      .values({ postId, userId, state: 'sending' })
      .onConflictDoNothing()
      .returning();
    if (inserted.length) return null;
    const [row] = await this.db.select().from(firstComments).where(eq(firstComments.postId, postId));
    return row ?? null;
  }

  async settleFirstComment(
    postId: string,
    outcome: { state: 'posted'; networkCommentId: string | null } | { state: 'failed'; reason: string; code?: string },
  ): Promise<void> {
    await this.db
      .update(firstComments)
      .set(
        outcome.state === 'posted'
          ? { state: 'posted', networkCommentId: outcome.networkCommentId, updatedAt: new Date() }
          : { state: 'failed', reason: outcome.reason, code: outcome.code ?? null, updatedAt: new Date() },
      )
      .where(eq(firstComments.postId, postId));
  }
}
