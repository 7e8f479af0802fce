import { MAX_PUSH_SUBSCRIPTIONS, type PushSubscriptionJson } from '@nashr/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { type PushSubscriptionRow, pushSubscriptions, type schema } from '../db/schema.js';

type Db = PostgresJsDatabase<typeof schema>;

export type RegisterOutcome = 'registered' | 'limit_reached' | 'taken';

/** The devices each user receives push notifications on. */
export class PushStore {
  constructor(private readonly db: Db) {}

  /**
   * Registers the device for the user, or refreshes it. An endpoint is one browser on one device,
   * so it belongs to one account at a time: when it is registered under another account, the
   * device is signed in as someone else now (a shared computer, a second account), and it moves
   * to the caller — but only with the same keys. The browser gives the same keys for the same
   * subscription, so a device's owner can move it; someone who only learnt the endpoint (the
   * address alone, from a log, say) cannot take the device's notifications onto their account
   * nor cut its owner off: that is refused as `taken`.
   * One user's registrations are decided one at a time (an advisory lock), so two tabs at once
   * cannot pass the limit.
   */
  async register(userId: string, subscription: PushSubscriptionJson, label: string | null): Promise<RegisterOutcome> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`push-register:${userId}`}))`);
      const [existing] = await tx
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, subscription.endpoint))
        .for('update');
      const { p256dh, auth } = subscription.keys;
      if (existing && existing.userId !== userId && (existing.p256dh !== p256dh || existing.auth !== auth)) {
        return 'taken';
      }
      if (existing?.userId !== userId) {
        const [held] = await tx
          .select({ n: count() })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId));
        if ((held?.n ?? 0) >= MAX_PUSH_SUBSCRIPTIONS) return 'limit_reached';
      }
      await tx
        .insert(pushSubscriptions)
        .values({ userId, endpoint: subscription.endpoint, p256dh, auth, label })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          // A device that moves to another account starts afresh: its dates are the new owner's.
          set: {
            userId,
            p256dh,
            auth,
            label,
            ...(existing && existing.userId !== userId ? { createdAt: sql`now()`, lastSuccessAt: null } : {}),
          },
        });
      return 'registered';
    });
  }

  /** Removes one of the user's own devices; another user's endpoint is not found. */
  async remove(userId: string, endpoint: string): Promise<boolean> {
    const rows = await this.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
      .returning({ id: pushSubscriptions.id });
    return rows.length > 0;
  }

  /** Removes one of the user's own devices by its id; another user's id is not found. */
  async removeById(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.id, id)))
      .returning({ id: pushSubscriptions.id });
    return rows.length > 0;
  }

  async listOf(userId: string): Promise<PushSubscriptionRow[]> {
    return this.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(pushSubscriptions.createdAt)
      .limit(MAX_PUSH_SUBSCRIPTIONS);
  }

  async find(id: string): Promise<PushSubscriptionRow | undefined> {
    const [row] = await this.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    return row;
  }

  /**
   * The push service said the device is gone (404, 410). Only the row as it was sent to: a device
   * that moved or got new keys meanwhile is a fresh registration and stays.
   */
  async removeGone(row: PushSubscriptionRow): Promise<boolean> {
    const rows = await this.db
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.id, row.id),
          eq(pushSubscriptions.userId, row.userId),
          eq(pushSubscriptions.p256dh, row.p256dh),
        ),
      )
      .returning({ id: pushSubscriptions.id });
    return rows.length > 0;
  }

  async markDelivered(id: string): Promise<void> {
    await this.db.update(pushSubscriptions).set({ lastSuccessAt: sql`now()` }).where(eq(pushSubscriptions.id, id));
  }
}
