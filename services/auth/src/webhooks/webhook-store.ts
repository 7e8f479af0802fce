import { randomBytes } from 'node:crypto';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_DELIVERIES_KEPT,
  WEBHOOK_SECRET_PREFIX,
  type WebhookDeliveryType,
  type WebhookEventType,
} from '@nashr/contracts';
import type { Sealer } from '@nashr/platform';
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
const secretHintOf = (secret: string) => secret.slice(0, SECRET_HINT_LENGTH);

/** What a sealed secret is bound to: the endpoint's owner, so a value copied to another user's row does not open. */
const sealContext = (userId: string) => `webhook-secret:${userId}`;

/** A secret stored before secrets were sealed (plain, `whsec_…`); a sealed one starts with the sealer's version. */
const isPlain = (stored: string) => stored.startsWith(WEBHOOK_SECRET_PREFIX);

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
  constructor(
    private readonly db: Db,
    /** Seals each endpoint's signing secret at rest; it is opened to sign, and to show its start in the list. */
    private readonly sealer: Sealer,
  ) {}

  /**
   * Adds an endpoint with a fresh secret, unless the user holds MAX_WEBHOOK_ENDPOINTS already. The
   * row keeps the secret sealed; the plain secret is answered here only, to be shown once.
   * One user's additions are decided one at a time (an advisory lock), so two at once cannot pass the limit.
   */
  async create(
    userId: string,
    input: { url: string; events: readonly WebhookEventType[] },
  ): Promise<{ endpoint: WebhookEndpointRow; secret: string } | 'limit_reached'> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhook-create:${userId}`}))`);
      const [held] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
      if ((held?.n ?? 0) >= MAX_WEBHOOK_ENDPOINTS) return 'limit_reached';
      const secret = `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
      const [row] = await tx
        .insert(webhookEndpoints)
        .values({
          userId,
          url: input.url,
          events: [...input.events],
          secret: this.sealer.seal(secret, sealContext(userId)),
        })
        .returning();
      if (!row) throw new Error('The endpoint was not stored');
      return { endpoint: row, secret };
    });
  }

  /** The endpoint's signing secret, opened (a row stored before sealing holds it plain until the next start seals it). */
  secretOf(endpoint: Pick<WebhookEndpointRow, 'userId' | 'secret'>): string {
    return isPlain(endpoint.secret) ? endpoint.secret : this.sealer.open(endpoint.secret, sealContext(endpoint.userId));
  }

  /** The start of the secret the list shows, so the user can tell which secret an endpoint has. */
  secretHint(endpoint: Pick<WebhookEndpointRow, 'userId' | 'secret'>): string {
    return secretHintOf(this.secretOf(endpoint));
  }

  /**
   * Seals the secrets of rows stored plain (before secrets were sealed). Run at every start: a row
   * is sealed once (the update only takes a row still holding its plain secret), so two services
   * starting at once, or a start after a finished one, change nothing more. Answers how many it sealed.
   */
  async sealPlainSecrets(): Promise<number> {
    const plain = await this.db
      .select({ id: webhookEndpoints.id, userId: webhookEndpoints.userId, secret: webhookEndpoints.secret })
      .from(webhookEndpoints)
      .where(sql`starts_with(${webhookEndpoints.secret}, ${WEBHOOK_SECRET_PREFIX})`);
    let sealed = 0;
    for (const row of plain) {
      const updated = await this.db
        .update(webhookEndpoints)
        .set({ secret: this.sealer.seal(row.secret, sealContext(row.userId)) })
        .where(and(eq(webhookEndpoints.id, row.id), eq(webhookEndpoints.secret, row.secret)))
        .returning({ id: webhookEndpoints.id });
      sealed += updated.length;
    }
    return sealed;
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
