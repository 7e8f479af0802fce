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
    return { duplicate: !result.fresh };
  }
}
