import type { QueueSlot } from '@nashr/contracts';
import { and, asc, eq, gt, inArray, lte, notInArray } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { type PostingQueueRow, type PostRow, postingQueues, posts, type schema } from '../db/schema.js';

/** The posting queues and the questions the queue asks of the posts table. */
export class QueueStore {
  constructor(private readonly db: PostgresJsDatabase<typeof schema>) {}

  async get(userId: string): Promise<PostingQueueRow | undefined> {
    const [row] = await this.db.select().from(postingQueues).where(eq(postingQueues.userId, userId));
    return row;
  }

  async save(userId: string, slots: QueueSlot[], timeZone: string): Promise<PostingQueueRow> {
    const [row] = await this.db
      .insert(postingQueues)
      .values({ userId, slots, timeZone })
      .onConflictDoUpdate({ target: postingQueues.userId, set: { slots, timeZone, updatedAt: new Date() } })
      .returning();
    return row!;
  }

  /**
   * The instants (ms) the user's waiting posts hold in (from, to]: a slot there is not free.
   * `except`: posts that are about to move, so their present times do not count.
   */
  async takenInstants(userId: string, from: Date, to: Date, except: readonly string[] = []): Promise<Set<number>> {
    const rows = await this.db
      .select({ at: posts.scheduledAt })
      .from(posts)
      .where(
        and(
          eq(posts.userId, userId),
          inArray(posts.status, ['scheduled', 'publishing']),
          gt(posts.scheduledAt, from),
          lte(posts.scheduledAt, to),
          except.length ? notInArray(posts.id, [...except]) : undefined,
        ),
      );
    return new Set(rows.map((r) => r.at.getTime()));
  }

  /** The user's queued posts waiting after `after`, soonest first. */
  queuedAfter(userId: string, after: Date): Promise<PostRow[]> {
    return this.db
      .select()
      .from(posts)
      .where(
        and(
          eq(posts.userId, userId),
          eq(posts.queued, true),
          eq(posts.status, 'scheduled'),
          gt(posts.scheduledAt, after),
        ),
      )
      .orderBy(asc(posts.scheduledAt), asc(posts.id));
  }
}
