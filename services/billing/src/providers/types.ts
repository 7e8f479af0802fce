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
  /**
   * The provider's checkout and the subscription it made. For `checkout.completed`, always. For a
   * subscription's event, when the provider's event names it (otherwise billing asks
   * `checkoutOfSubscription` about a subscription it has not decided on yet; null: made by no
   * checkout). Billing completes the checkout only if it is still the user's open checkout and the
   * user has no subscription; otherwise the subscription it made never grants a plan, and is
   * cancelled and its payment refunded at the provider.
   */
  checkout?: { id: string; subscriptionId: string | null } | null;
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
 * What a payment provider does for Nashr (a regional provider is one more class implementing it). Five calls: send the
 * browser to pay, send it to manage the subscription, end a subscription at once, refund what a refused subscription was
 * paid, and turn a webhook request into a verified event. Everything else (plans, prices, entitlements, idempotency,
 * order) is the billing service's own.
 */
export interface BillingProvider {
  readonly name: string;
  /** The payment page, and the provider's id of the checkout (the user's open one from now on). */
  createCheckout(input: CheckoutInput): Promise<{ url: string; id: string }>;
  createPortal(input: PortalInput): Promise<{ url: string }>;
  /**
   * Ends a subscription at once at the provider (an account deleted, or a second subscription
   * refused). Throws when the provider cannot be reached, so the caller retries; a subscription
   * already ended is not an error.
   */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /**
   * Refunds, in full, what the subscription's latest invoice was paid (a refused checkout's only
   * payment), once: a payment refunded before is not refunded again. Answers the provider's refund
   * ids (none when nothing was paid). Throws when the provider cannot be reached, so the caller retries.
   */
  refundSubscription(subscriptionId: string): Promise<string[]>;
  /**
   * The checkout that made a subscription, for a subscription's event told before its checkout's
   * (null: made by no checkout). A provider whose events name their checkout needs none.
   */
  checkoutOfSubscription?(subscriptionId: string): Promise<string | null>;
  /**
   * Closes a checkout the user can no longer complete (a newer one replaced it), so its page
   * takes no payment. Best effort: completing it is refused anyway.
   */
  expireCheckout?(checkoutId: string): Promise<void>;
  /**
   * Removes what the provider's stand-in keeps here of a deleted account (its checkouts and
   * subscriptions). A real provider keeps its records on its side and needs none.
   */
  forgetUser?(userId: string): Promise<void>;
  /**
   * Verifies the signature over the raw body and reads the event; throws `webhookInvalid` when it
   * does not verify. Null: a verified event that says nothing Nashr keeps (a kind it does not use).
   */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<ProviderEvent | null>;
}
