import { BILLING_ERROR_CODES, BILLING_ERROR_MESSAGES } from '@nashr/contracts';
import { notFound } from '@nashr/platform';
import type { EntitlementStore } from './entitlements.js';
import type { BillingProvider } from './providers/types.js';

/**
 * The one way provider events reach entitlements: verified by the provider's signature, then
 * applied at most once by event id. The test-payments pages hand their events here too.
 */
export class Webhooks {
  constructor(
    private readonly providers: ReadonlyMap<string, BillingProvider>,
    private readonly store: EntitlementStore,
  ) {}

  async receive(
    providerName: string,
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    requestId?: string,
  ): Promise<{ duplicate: boolean }> {
    const provider = this.providers.get(providerName);
    if (!provider) throw notFound(BILLING_ERROR_MESSAGES.webhookInvalid, BILLING_ERROR_CODES.webhookInvalid);
    const event = await provider.verifyWebhook(rawBody, headers);
    if (!event) return { duplicate: false };
    const result = await this.store.applyProviderEvent(provider.name, event, requestId);
    if (result.refused?.subscriptionId) {
      // A stale or second checkout was paid: end the subscription it made, so the user is not
      // charged twice. If the provider cannot be reached, the event is forgotten and the error
      // answered, so the provider sends it again and the cancellation is tried again.
      try {
        await provider.cancelSubscription(result.refused.subscriptionId);
      } catch (error) {
        await this.store.forgetEvent(provider.name, event.id);
        throw error;
      }
    }
    return { duplicate: !result.fresh };
  }
}
