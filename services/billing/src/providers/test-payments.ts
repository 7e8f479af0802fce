import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { BILLING_ERROR_CODES, BILLING_ERROR_MESSAGES, type PurchasablePlanId } from '@nashr/contracts';
import { AppError, notFound } from '@nashr/platform';
import { and, eq, isNull } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { type schema, testSessions, testSubscriptions } from '../db/schema.js';
import type { CheckoutClaim } from '../entitlements.js';
import { isPurchasable, PLANS } from '../plans.js';
import type {
  BillingProvider,
  CheckoutInput,
  PortalInput,
  ProviderEvent,
  ProviderEventType,
  SubscriptionSnapshot,
} from './types.js';

type Db = PostgresJsDatabase<typeof schema>;

export const TEST_PAYMENTS = 'test-payments';
/** The header its webhooks are signed in, as Stripe's are: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const TEST_SIGNATURE_HEADER = 'test-payments-signature';
/** Older signatures are refused, so a captured request cannot be replayed later. */
const TOLERANCE_SECONDS = 300;

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;
const addMonth = (at: Date) => {
  const next = new Date(at);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
};

/** The wire form of a test-payments event (JSON dates). */
interface WireEvent {
  id: string;
  type: ProviderEventType;
  occurredAt: string;
  userId: string | null;
  customerId: string | null;
  subscription:
    | (Omit<SubscriptionSnapshot, 'periodStart' | 'periodEnd'> & { periodStart: string; periodEnd: string })
    | null;
  /** The checkout that made the subscription, on the events of a payment (as `ProviderEvent.checkout`). */
  checkout?: { id: string; subscriptionId: string | null } | null;
}

/** The signing key of test-payments webhooks, made from the installation's internal secret. */
const signingKey = (secret: string) => createHmac('sha256', secret).update('test-payments-webhook').digest();

/** The signature header of a test-payments webhook body, as its pages make it (tests make theirs with it). */
export function testPaymentsSignature(secret: string, rawBody: Buffer | string, at: Date = new Date()): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', signingKey(secret)).update(`${t}.`).update(rawBody).digest('hex');
  return `t=${t},v1=${v1}`;
}

const checkoutGone = () => notFound(BILLING_ERROR_MESSAGES.checkoutNotFound, BILLING_ERROR_CODES.checkoutNotFound);
const invalidSignature = () =>
  new AppError('BAD_REQUEST', BILLING_ERROR_MESSAGES.webhookInvalid, { code: BILLING_ERROR_CODES.webhookInvalid });

/**
 * The offline payment provider of `npm start`: its own checkout and portal pages, where no money
 * moves. What the user does there becomes signed webhook events, handed to the same handling as
 * a real provider's webhooks.
 */
export class TestPaymentsProvider implements BillingProvider {
  readonly name = TEST_PAYMENTS;
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    /** Hands a signed webhook to the service's webhook handling, as the provider's servers would. */
    private readonly deliver: (rawBody: Buffer, headers: Record<string, string>) => Promise<void>,
    /** Billing's rule for completing a checkout (its open one, no subscription yet), applied before any payment. */
    private readonly checkouts: {
      claimCheckout(userId: string, checkoutId: string): Promise<CheckoutClaim>;
      isOpenCheckout(userId: string, checkoutId: string): Promise<boolean>;
    },
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async createCheckout(input: CheckoutInput): Promise<{ url: string; id: string }> {
    const sessionId = id('cs_test');
    await this.db
      .insert(testSessions)
      .values({ id: sessionId, kind: 'checkout', userId: input.userId, plan: input.plan.id });
    return { url: `/api/v1/billing/test-payments/checkout/${sessionId}`, id: sessionId };
  }

  /** Ends the subscription at once, as Stripe's cancel does; the record keeps that it was cancelled. */
  async cancelSubscription(subscriptionId: string): Promise<void> {
    await this.db
      .update(testSubscriptions)
      .set({ status: 'canceled', cancelAtPeriodEnd: false, periodEnd: this.clock() })
      .where(eq(testSubscriptions.id, subscriptionId));
  }

  /**
   * No money moved, so none goes back; the record says the payment was refunded, once (a second
   * call answers the same refund). No record of the subscription: nothing was paid.
   */
  async refundSubscription(subscriptionId: string): Promise<string[]> {
    await this.db
      .update(testSubscriptions)
      .set({ refundId: id('re_test') })
      .where(and(eq(testSubscriptions.id, subscriptionId), isNull(testSubscriptions.refundId)));
    const [sub] = await this.db
      .select({ refundId: testSubscriptions.refundId })
      .from(testSubscriptions)
      .where(eq(testSubscriptions.id, subscriptionId));
    return sub?.refundId ? [sub.refundId] : [];
  }

  /** A deleted account's checkouts and subscriptions (already cancelled and refunded by then) go with it. */
  async forgetUser(userId: string): Promise<void> {
    await this.db.delete(testSessions).where(eq(testSessions.userId, userId));
    await this.db.delete(testSubscriptions).where(eq(testSubscriptions.userId, userId));
  }

  async createPortal(input: PortalInput): Promise<{ url: string }> {
    const sessionId = id('bps_test');
    await this.db
      .insert(testSessions)
      .values({ id: sessionId, kind: 'portal', userId: input.userId, subscriptionId: input.subscriptionId });
    return { url: `/api/v1/billing/test-payments/portal/${sessionId}` };
  }

  /** A checkout of this user and where it stands (open to pay, paid, or replaced by a newer one), or 404. */
  async checkout(
    sessionId: string,
    userId: string,
  ): Promise<{ plan: PurchasablePlanId; state: 'open' | 'paid' | 'stale' }> {
    const [session] = await this.db
      .select()
      .from(testSessions)
      .where(and(eq(testSessions.id, sessionId), eq(testSessions.userId, userId), eq(testSessions.kind, 'checkout')));
    if (!session?.plan || !isPurchasable(session.plan)) throw checkoutGone();
    if (session.completedAt) return { plan: session.plan, state: 'paid' };
    const open = await this.checkouts.isOpenCheckout(userId, sessionId);
    return { plan: session.plan, state: open ? 'open' : 'stale' };
  }

  /**
   * Pays, if billing lets this checkout complete (the user's open one, no subscription yet): the
   * subscription starts now for a month, told as Stripe tells it (checkout completed, subscription
   * created). Nothing is charged otherwise; `already` is a second click on a checkout just paid.
   */
  async pay(sessionId: string, userId: string): Promise<CheckoutClaim> {
    await this.checkout(sessionId, userId);
    const claim = await this.checkouts.claimCheckout(userId, sessionId);
    if (claim !== 'completed') return claim;
    const now = this.clock();
    const [session] = await this.db
      .update(testSessions)
      .set({ completedAt: now })
      .where(
        and(
          eq(testSessions.id, sessionId),
          eq(testSessions.userId, userId),
          eq(testSessions.kind, 'checkout'),
          isNull(testSessions.completedAt),
        ),
      )
      .returning();
    if (!session?.plan || !isPurchasable(session.plan)) throw checkoutGone();
    const customerId = `cus_test_${userId.replaceAll('-', '')}`;
    const [sub] = await this.db
      .insert(testSubscriptions)
      .values({
        id: id('sub_test'),
        userId,
        customerId,
        plan: session.plan,
        status: 'active',
        periodStart: now,
        periodEnd: addMonth(now),
      })
      .returning();
    if (!sub) throw new Error('the test subscription was not stored');
    const checkout = { id: sessionId, subscriptionId: sub.id };
    await this.send({ type: 'checkout.completed', userId, customerId, subscription: null, checkout, at: now });
    await this.send({
      type: 'subscription.created',
      userId,
      customerId,
      subscription: snapshot(sub),
      checkout,
      at: now,
    });
    return claim;
  }

  /** An open portal session of this user, with its subscription, or 404. */
  async portal(sessionId: string, userId: string) {
    const [session] = await this.db
      .select()
      .from(testSessions)
      .where(and(eq(testSessions.id, sessionId), eq(testSessions.userId, userId), eq(testSessions.kind, 'portal')));
    if (!session?.subscriptionId) throw checkoutGone();
    const [sub] = await this.db
      .select()
      .from(testSubscriptions)
      .where(eq(testSubscriptions.id, session.subscriptionId));
    if (!sub) throw checkoutGone();
    return sub;
  }

  /** Cancels at the end of the period: the plan stays until then. */
  async cancel(sessionId: string, userId: string): Promise<void> {
    const sub = await this.portal(sessionId, userId);
    const [updated] = await this.db
      .update(testSubscriptions)
      .set({ cancelAtPeriodEnd: true })
      .where(eq(testSubscriptions.id, sub.id))
      .returning();
    if (!updated) throw checkoutGone();
    await this.send({
      type: 'subscription.updated',
      userId,
      customerId: updated.customerId,
      subscription: snapshot(updated),
      at: this.clock(),
    });
  }

  /** Simulates a renewal whose payment fails: the subscription is past due (the plan stays through the grace period). */
  async failPayment(sessionId: string, userId: string): Promise<void> {
    await this.setStatus(sessionId, userId, 'past_due', 'invoice.failed');
  }

  /** The card is fixed and the open invoice paid: active again. */
  async payInvoice(sessionId: string, userId: string): Promise<void> {
    await this.setStatus(sessionId, userId, 'active', 'invoice.paid');
  }

  private async setStatus(
    sessionId: string,
    userId: string,
    status: 'active' | 'past_due',
    type: ProviderEventType,
  ): Promise<void> {
    const sub = await this.portal(sessionId, userId);
    if (sub.status === 'canceled') throw checkoutGone();
    const [updated] = await this.db
      .update(testSubscriptions)
      .set({ status })
      .where(eq(testSubscriptions.id, sub.id))
      .returning();
    if (!updated) throw checkoutGone();
    await this.send({
      type,
      userId,
      customerId: updated.customerId,
      subscription: snapshot(updated),
      at: this.clock(),
    });
  }

  /** Signs a body as this provider does. */
  sign(rawBody: Buffer | string, at: Date = this.clock()): string {
    return testPaymentsSignature(this.secret, rawBody, at);
  }

  async verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<ProviderEvent> {
    const header = headers[TEST_SIGNATURE_HEADER];
    const parts = Object.fromEntries(
      String(Array.isArray(header) ? header[0] : (header ?? ''))
        .split(',')
        .map((part) => part.split('=', 2) as [string, string]),
    );
    const t = Number(parts.t);
    if (!Number.isInteger(t) || !parts.v1) throw invalidSignature();
    if (Math.abs(this.clock().getTime() / 1000 - t) > TOLERANCE_SECONDS) throw invalidSignature();
    const expected = Buffer.from(this.sign(rawBody, new Date(t * 1000)).split('v1=')[1] ?? '', 'hex');
    const given = Buffer.from(String(parts.v1), 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidSignature();
    let wire: WireEvent;
    try {
      wire = JSON.parse(rawBody.toString('utf8')) as WireEvent;
    } catch {
      throw invalidSignature();
    }
    return {
      id: wire.id,
      type: wire.type,
      occurredAt: new Date(wire.occurredAt),
      userId: wire.userId,
      customerId: wire.customerId,
      subscription: wire.subscription
        ? {
            ...wire.subscription,
            periodStart: new Date(wire.subscription.periodStart),
            periodEnd: new Date(wire.subscription.periodEnd),
          }
        : null,
      ...(wire.checkout !== undefined ? { checkout: wire.checkout } : {}),
    };
  }

  private async send(event: {
    type: ProviderEventType;
    userId: string;
    customerId: string;
    subscription: SubscriptionSnapshot | null;
    checkout?: WireEvent['checkout'];
    at: Date;
  }): Promise<void> {
    const wire: WireEvent = {
      id: id('evt_test'),
      type: event.type,
      occurredAt: event.at.toISOString(),
      userId: event.userId,
      customerId: event.customerId,
      subscription: event.subscription
        ? {
            ...event.subscription,
            periodStart: event.subscription.periodStart.toISOString(),
            periodEnd: event.subscription.periodEnd.toISOString(),
          }
        : null,
      ...(event.checkout !== undefined ? { checkout: event.checkout } : {}),
    };
    const body = Buffer.from(JSON.stringify(wire));
    await this.deliver(body, { [TEST_SIGNATURE_HEADER]: this.sign(body), 'content-type': 'application/json' });
  }
}

function snapshot(sub: typeof testSubscriptions.$inferSelect): SubscriptionSnapshot {
  return {
    id: sub.id,
    plan: isPurchasable(sub.plan) ? sub.plan : 'basic',
    status: sub.status === 'past_due' ? 'past_due' : sub.status === 'canceled' ? 'canceled' : 'active',
    periodStart: sub.periodStart,
    periodEnd: sub.periodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
  };
}

/** The plan's display name and price, for the test pages. */
export function planLine(plan: PurchasablePlanId): string {
  const info = PLANS[plan];
  return `${info.name} — ${(info.price.amountMinor / 100).toFixed(2)} ${info.price.currency}`;
}
