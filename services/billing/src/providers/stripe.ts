import { BILLING_ERROR_CODES, BILLING_ERROR_MESSAGES, type PurchasablePlanId } from '@nashr/contracts';
import { AppError } from '@nashr/platform';
import Stripe from 'stripe';
import { isPurchasable } from '../plans.js';
import type {
  BillingProvider,
  CheckoutInput,
  PortalInput,
  ProviderEvent,
  ProviderEventType,
  SubscriptionSnapshot,
} from './types.js';

export const STRIPE = 'stripe';
/** The header Stripe signs its webhooks in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** The Stripe price each plan is sold at. */
  prices: Record<PurchasablePlanId, string>;
  /** Where the SDK sends its requests (tests point it at a local server speaking Stripe's wire format). */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

/** Stripe's event types this adapter reads, and what each one is in the service's words. */
const EVENT_TYPES: Record<string, ProviderEventType> = {
  'checkout.session.completed': 'checkout.completed',
  'customer.subscription.created': 'subscription.created',
  'customer.subscription.updated': 'subscription.updated',
  'customer.subscription.deleted': 'subscription.deleted',
  'invoice.paid': 'invoice.paid',
  'invoice.payment_failed': 'invoice.failed',
};
/** The event types to enable on the webhook endpoint in Stripe's dashboard. */
export const STRIPE_WEBHOOK_EVENTS = Object.keys(EVENT_TYPES);

const invalidSignature = () =>
  new AppError('BAD_REQUEST', BILLING_ERROR_MESSAGES.webhookInvalid, { code: BILLING_ERROR_CODES.webhookInvalid });
const unavailable = () =>
  new AppError('UNAVAILABLE', BILLING_ERROR_MESSAGES.providerUnavailable, {
    code: BILLING_ERROR_CODES.providerUnavailable,
  });

/** A failure of Stripe's as "the provider could not be reached", with Stripe's words kept for the logs. */
const providerError = (error: unknown) =>
  error instanceof Stripe.errors.StripeError
    ? Object.assign(unavailable(), { cause: { type: error.type, code: error.code, message: error.message } })
    : error;

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);
const fromUnix = (seconds: number) => new Date(seconds * 1000);

/** Stripe's subscription statuses in the service's three words. */
function statusOf(status: Stripe.Subscription.Status): SubscriptionSnapshot['status'] {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    default:
      // canceled, incomplete (never paid), incomplete_expired, paused: no paid access.
      return 'canceled';
  }
}

/**
 * Stripe, through its official SDK: Checkout for subscribing, the Customer Portal for the card,
 * the plan and cancellation, and webhooks verified with the endpoint's signing secret. The amount
 * is always the configured Stripe price of the plan.
 */
export class StripeProvider implements BillingProvider {
  readonly name = STRIPE;
  private readonly stripe: Stripe;
  private readonly planOfPrice: Map<string, PurchasablePlanId>;

  constructor(private readonly options: StripeOptions) {
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 1,
      timeout: 20_000,
      appInfo: { name: 'Nashr' },
      ...(options.host ? { host: options.host } : {}),
      ...(options.port ? { port: options.port } : {}),
      ...(options.protocol ? { protocol: options.protocol } : {}),
    });
    this.planOfPrice = new Map(
      Object.entries(options.prices).map(([plan, price]) => [price, plan as PurchasablePlanId]),
    );
  }

  async createCheckout(input: CheckoutInput): Promise<{ url: string; id: string }> {
    const metadata = { userId: input.userId, plan: input.plan.id };
    const session = await this.call(() =>
      this.stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: this.options.prices[input.plan.id], quantity: 1 }],
        client_reference_id: input.userId,
        metadata,
        subscription_data: { metadata },
        ...(input.customerId ? { customer: input.customerId } : {}),
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      }),
    );
    if (!session.url) throw unavailable();
    return { url: session.url, id: session.id };
  }

  /** Expires a replaced Checkout Session: Stripe's page for it takes no payment after this. */
  async expireCheckout(checkoutId: string): Promise<void> {
    await this.call(() => this.stripe.checkout.sessions.expire(checkoutId));
  }

  /** Cancels at once (no proration; a refused checkout's refund is `refundSubscription`); one already gone counts as cancelled. */
  async cancelSubscription(subscriptionId: string): Promise<void> {
    try {
      await this.stripe.subscriptions.cancel(subscriptionId);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return;
      throw providerError(error);
    }
  }

  /**
   * Refunds the payments of the subscription's latest invoice (a refused checkout's first and only
   * one), each in full, with an idempotency key per payment: a retry after a lost answer is the
   * same refund, and a payment refunded before (here or in Stripe's dashboard) is left as it is.
   */
  async refundSubscription(subscriptionId: string): Promise<string[]> {
    let invoiceId: string | null;
    try {
      invoiceId = idOf((await this.stripe.subscriptions.retrieve(subscriptionId)).latest_invoice);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return [];
      throw providerError(error);
    }
    if (!invoiceId) return [];
    const invoice = invoiceId;
    const payments = await this.call(() => this.stripe.invoicePayments.list({ invoice, status: 'paid', limit: 10 }));
    const refunds: string[] = [];
    for (const payment of payments.data) {
      const paid = payment.payment;
      const target =
        paid.type === 'payment_intent' && paid.payment_intent
          ? { payment_intent: idOf(paid.payment_intent) ?? undefined }
          : paid.type === 'charge' && paid.charge
            ? { charge: idOf(paid.charge) ?? undefined }
            : null;
      // A payment recorded outside Stripe (payment_record) is not Stripe's to refund.
      if (!target) continue;
      try {
        const refund = await this.stripe.refunds.create(
          { ...target, reason: 'duplicate', metadata: { subscriptionId, invoice } },
          { idempotencyKey: `nashr-refund-${payment.id}` },
        );
        refunds.push(refund.id);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'charge_already_refunded') {
          continue;
        }
        throw providerError(error);
      }
    }
    return refunds;
  }

  /** The Checkout Session that made a subscription (Stripe lists sessions by subscription). */
  async checkoutOfSubscription(subscriptionId: string): Promise<string | null> {
    const sessions = await this.call(() =>
      this.stripe.checkout.sessions.list({ subscription: subscriptionId, limit: 1 }),
    );
    return sessions.data[0]?.id ?? null;
  }

  async createPortal(input: PortalInput): Promise<{ url: string }> {
    const session = await this.call(() =>
      this.stripe.billingPortal.sessions.create({ customer: input.customerId, return_url: input.returnUrl }),
    );
    return { url: session.url };
  }

  async verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<ProviderEvent | null> {
    const header = headers[STRIPE_SIGNATURE_HEADER];
    const signature = Array.isArray(header) ? header[0] : header;
    if (!signature) throw invalidSignature();
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.options.webhookSecret);
    } catch {
      throw invalidSignature();
    }
    const type = EVENT_TYPES[event.type];
    if (!type) return null;
    const base = { id: event.id, type, occurredAt: fromUnix(event.created) };

    if (event.type === 'checkout.session.completed') {
      const session = event.data.object;
      if (session.mode !== 'subscription') return null;
      return {
        ...base,
        userId: session.client_reference_id ?? session.metadata?.userId ?? null,
        customerId: idOf(session.customer),
        subscription: null,
        checkout: { id: session.id, subscriptionId: idOf(session.subscription) },
      };
    }
    if (
      event.type === 'customer.subscription.created' ||
      event.type === 'customer.subscription.updated' ||
      event.type === 'customer.subscription.deleted'
    ) {
      return this.subscriptionEvent(base, event.data.object);
    }
    if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
      // An invoice does not carry the subscription's whole state: read it as it stands.
      const invoice = event.data.object;
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
      if (!subscriptionId) return null;
      const subscription = await this.call(() => this.stripe.subscriptions.retrieve(subscriptionId));
      return this.subscriptionEvent(base, subscription);
    }
    return null;
  }

  private subscriptionEvent(
    base: Pick<ProviderEvent, 'id' | 'type' | 'occurredAt'>,
    sub: Stripe.Subscription,
  ): ProviderEvent | null {
    const item = sub.items.data[0];
    const fromPrice = item ? this.planOfPrice.get(item.price.id) : undefined;
    const fromMetadata = sub.metadata?.plan;
    const plan = fromPrice ?? (fromMetadata && isPurchasable(fromMetadata) ? fromMetadata : undefined);
    // A subscription to a price Nashr does not sell is not one of its plans.
    if (!plan || !item) return null;
    return {
      ...base,
      userId: sub.metadata?.userId ?? null,
      customerId: idOf(sub.customer),
      subscription: {
        id: sub.id,
        plan,
        status: statusOf(sub.status),
        periodStart: fromUnix(item.current_period_start),
        periodEnd: fromUnix(item.current_period_end),
        cancelAtPeriodEnd: sub.cancel_at_period_end || sub.cancel_at !== null,
      },
    };
  }

  /** A Stripe request; any failure of Stripe's becomes "the provider could not be reached". */
  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw providerError(error);
    }
  }
}
