import { randomBytes } from 'node:crypto';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_DELIVERIES_KEPT,
  WEBHOOK_SECRET_PREFIX,
  type WebhookDeliveryType,
  type WebhookEventType,
} from '@nashr/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import {
  type schema,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  webhookDeliveries,
  webhookEndpoints,
} from '../db/schema.js';

type Db = PostgresJsDatabase<typeof schema>;

export type DeliveryTrigger = 'event' | 'test' | 'redeliver';
export type DeliveryStatus = 'pending' | 'retrying' | 'delivered' | 'failed';

/** How many characters of the secret the list shows (the prefix and four more). */
const SECRET_HINT_LENGTH = WEBHOOK_SECRET_PREFIX.length + 4;
export const secretHintOf = (secret: string) => secret.slice(0, SECRET_HINT_LENGTH);

export interface NewDelivery {
  endpointId: string;
  userId: string;
  eventId: string;
  type: WebhookDeliveryType;
  trigger: DeliveryTrigger;
  body: string;
}

/** The webhook endpoints of each user and their delivery logs. */
export class WebhookStore {
  constructor(private readonly db: Db) {}

  /**
   * Adds an endpoint with a fresh secret, unless the user holds MAX_WEBHOOK_ENDPOINTS already.
   * One user's additions are decided one at a time (an advisory lock), so two at once cannot pass the limit.
   */
  async create(
    userId: string,
    input: { url: string; events: readonly WebhookEventType[] },
  ): Promise<WebhookEndpointRow | 'limit_reached'> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhook-create:${userId}`}))`);
      const [held] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
      if ((held?.n ?? 0) >= MAX_WEBHOOK_ENDPOINTS) return 'limit_reached';
      const secret = `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
      const [row] = await tx
        .insert(webhookEndpoints)
        .values({ userId, url: input.url, events: [...input.events], secret })
        .returning();
      if (!row) throw new Error('The endpoint was not stored');
      return row;
    });
  }

  /** The user's endpoints, newest first. */
  list(userId: string): Promise<WebhookEndpointRow[]> {
    return this.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.userId, userId))
      .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  }

  /** One of the user's endpoints; another user's is not found. */
  async find(userId: string, id: string): Promise<WebhookEndpointRow | null> {
    const [row] = await this.db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
    return row ?? null;
  }

  /** Removes one of the user's endpoints and its log; false when the user has no such endpoint. */
  async remove(userId: string, id: string): Promise<boolean> {
    const removed = await this.db
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
      .returning({ id: webhookEndpoints.id });
    return removed.length > 0;
  }

  /** The user's endpoints that chose this event. */
  subscribedTo(userId: string, type: WebhookEventType): Promise<WebhookEndpointRow[]> {
    return this.db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.userId, userId), sql`${type} = any(${webhookEndpoints.events})`));
  }

  /**
   * Stores a delivery and returns its id. An event is delivered once per endpoint: stored again
   * (the event arrived twice), the first delivery's id is returned. The endpoint's log then keeps
   * its newest WEBHOOK_DELIVERIES_KEPT, and every delivery still on its way (pending or retrying)
   * besides: its row is what the worker sends, so dropping it would lose the event.
   */
  async addDelivery(delivery: NewDelivery): Promise<string> {
    const [added] = await this.db
      .insert(webhookDeliveries)
      .values(delivery)
      .onConflictDoNothing({
        target: [webhookDeliveries.endpointId, webhookDeliveries.eventId],
        where: sql`${webhookDeliveries.trigger} = 'event'`,
      })
      .returning({ id: webhookDeliveries.id });
    if (!added) {
      const [existing] = await this.db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.endpointId, delivery.endpointId),
            eq(webhookDeliveries.eventId, delivery.eventId),
            eq(webhookDeliveries.trigger, 'event'),
          ),
        );
      if (!existing) throw new Error('The delivery was neither stored nor found');
      return existing.id;
    }
    await this.db.execute(sql`
      delete from auth.webhook_deliveries
      where endpoint_id = ${delivery.endpointId}
        and status in ('delivered', 'failed')
        and id not in (
          select id from auth.webhook_deliveries where endpoint_id = ${delivery.endpointId}
          order by created_at desc, id desc limit ${WEBHOOK_DELIVERIES_KEPT}
        )`);
    return added.id;
  }

  /** An endpoint's log, newest first. */
  deliveries(endpointId: string): Promise<WebhookDeliveryRow[]> {
    return this.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(WEBHOOK_DELIVERIES_KEPT);
  }

  /** One delivery of the user's endpoint; another endpoint's is not found. */
  async findDelivery(userId: string, endpointId: string, id: string): Promise<WebhookDeliveryRow | null> {
    const [row] = await this.db
      .select()
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.id, id),
          eq(webhookDeliveries.endpointId, endpointId),
          eq(webhookDeliveries.userId, userId),
        ),
      );
    return row ?? null;
  }

  /** A delivery with the endpoint it goes to, for the worker; null once either is gone. */
  async deliveryWithEndpoint(
    id: string,
  ): Promise<{ delivery: WebhookDeliveryRow; endpoint: WebhookEndpointRow } | null> {
    const [row] = await this.db
      .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, id));
    return row ?? null;
  }

  /** How one attempt went. */
  async recordAttempt(
    id: string,
    outcome: { status: DeliveryStatus; statusCode: number | null; excerpt: string | null },
  ): Promise<void> {
    await this.db
      .update(webhookDeliveries)
      .set({ ...outcome, attempts: sql`${webhookDeliveries.attempts} + 1`, lastAttemptAt: sql`now()` })
      .where(eq(webhookDeliveries.id, id));
  }

  /** 'Download my data': the endpoints, never their secrets. */
  async exportOf(userId: string) {
    const rows = await this.list(userId);
    return rows.map((row) => ({ url: row.url, events: row.events, createdAt: row.createdAt.toISOString() }));
  }

  /** A deleted account's endpoints and, with them, their logs. */
  async deleteUser(userId: string): Promise<void> {
    await this.db.delete(webhookDeliveries).where(eq(webhookDeliveries.userId, userId));
    await this.db.delete(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
  }
}
