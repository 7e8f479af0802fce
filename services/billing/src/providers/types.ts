import type { PlanInfo, PurchasablePlanId } from '@nashr/contracts';

/** A subscription as the provider states it at one moment. */
export interface SubscriptionSnapshot {
  id: string;
  plan: PurchasablePlanId;
  /** The provider's words, mapped: active (paid up), past_due (a payment failed), canceled (ended). */
  status: 'active' | 'past_due' | 'canceled';
  periodStart: Date;
  periodEnd: Date;
  cancelAtPeriodEnd: boolean;
}

export const PROVIDER_EVENT_TYPES = [
  'checkout.completed',
  'subscription.created',
  'subscription.updated',
  'subscription.deleted',
  'invoice.paid',
  'invoice.failed',
] as const;
export type ProviderEventType = (typeof PROVIDER_EVENT_TYPES)[number];

/**
 * One webhook event, in the provider's neutral form. Events may arrive twice and in any order:
 * `occurredAt` (and the order of `PROVIDER_EVENT_TYPES` within one second) says which is newer.
 */
export interface ProviderEvent {
  id: string;
  type: ProviderEventType;
  occurredAt: Date;
  /** Our user, when the event names them (checkout reference, subscription metadata). */
  userId: string | null;
  customerId: string | null;
  subscription: SubscriptionSnapshot | null;
}

export interface CheckoutInput {
  userId: string;
  plan: PlanInfo & { id: PurchasablePlanId };
  /** The provider's customer, when the user already has one. */
  customerId: string | null;
  /** Where the provider sends the browser after paying, and after giving up. */
  successUrl: string;
  cancelUrl: string;
}

export interface PortalInput {
  userId: string;
  customerId: string;
  subscriptionId: string | null;
  returnUrl: string;
}

/**
 * What a payment provider does for Nashr (a regional provider is one more class implementing it). Three calls: send the browser to pay, send it to manage
 * the subscription, and turn a webhook request into a verified event. Everything else (plans,
 * prices, entitlements, idempotency, order) is the billing service's own.
 */
export interface BillingProvider {
  readonly name: string;
  createCheckout(input: CheckoutInput): Promise<{ url: string }>;
  createPortal(input: PortalInput): Promise<{ url: string }>;
  /**
   * Verifies the signature over the raw body and reads the event; throws `webhookInvalid` when it
   * does not verify. Null: a verified event that says nothing Nashr keeps (a kind it does not use).
   */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<ProviderEvent | null>;
}
