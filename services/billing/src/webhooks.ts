import { BILLING_ERROR_CODES, BILLING_ERROR_MESSAGES } from '@nashr/contracts';
import { notFound } from '@nashr/platform';
import type { EntitlementStore } from './entitlements.js';
import type { BillingProvider } from './providers/types.js';
import type { RefusedSubscriptions } from './refused-subscriptions.js';

/**
 * The one way provider events reach entitlements: verified by the provider's signature, then
 * applied at most once by event id. The test-payments pages hand their events here too.
 */
export class Webhooks {
  constructor(
    private readonly providers: ReadonlyMap<string, BillingProvider>,
    private readonly store: EntitlementStore,
    private readonly refused: RefusedSubscriptions,
  ) {}

  async receive(
    providerName: string,
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    requestId?: string,
  ): Promise<{ duplicate: boolean }> {
    const provider = this.providers.get(providerName);
    if (!provider) throw notFound(BILLING_ERROR_MESSAGES.webhookInvalid, BILLING_ERROR_CODES.webhookInvalid);
    let event = await provider.verifyWebhook(rawBody, headers);
    if (!event) return { duplicate: false };
    let result = await this.store.applyProviderEvent(provider.name, event, requestId);
    if (result.checkoutUnknown && event.subscription) {
      // A subscription told before its checkout: the checkout that made it decides whether it
      // grants the plan (asked outside the event's transaction, so no row waits on the provider).
      const subscriptionId = event.subscription.id;
      const checkoutId = (await provider.checkoutOfSubscription?.(subscriptionId)) ?? null;
      event = { ...event, checkout: checkoutId ? { id: checkoutId, subscriptionId } : null };
      result = await this.store.applyProviderEvent(provider.name, event, requestId);
    }
    if (result.refused?.subscriptionId) {
      // A stale or second checkout was paid: its subscription is cancelled and its payment
      // refunded by a retried job. The refusal is stored already; if the job cannot be queued, the
      // event is forgotten and the error answered, so the provider sends it again.
      try {
        await this.refused.queueSettlement(provider.name, result.refused.subscriptionId);
      } catch (error) {
        await this.store.forgetEvent(provider.name, event.id);
        throw error;
      }
    }
    return { duplicate: !result.fresh };
  }
}
