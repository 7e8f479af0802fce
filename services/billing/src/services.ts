import type { Database, Queues } from '@nashr/platform';
import type { Config } from './config.js';
import type { schema } from './db/schema.js';
import { EntitlementStore } from './entitlements.js';
import { TestPaymentsProvider } from './providers/test-payments.js';
import type { BillingProvider } from './providers/types.js';
import { Webhooks } from './webhooks.js';

export interface BillingServices {
  store: EntitlementStore;
  provider: BillingProvider;
  /** Set when the offline provider is the one in use: its pages are served. */
  testPayments: TestPaymentsProvider | null;
  webhooks: Webhooks;
}

/** The service's parts, built once for the API and the worker alike. */
export function createServices(
  database: Database<typeof schema>,
  queues: Queues,
  config: Pick<Config, 'INTERNAL_SECRET' | 'BILLING_PROVIDER' | 'BILLING_GRACE_DAYS'>,
  clock: () => Date = () => new Date(),
): BillingServices {
  const store = new EntitlementStore(database.db, queues, config.BILLING_GRACE_DAYS, clock);
  const providers = new Map<string, BillingProvider>();
  let webhooks: Webhooks | null = null;
  const testPayments = new TestPaymentsProvider(
    database.db,
    config.INTERNAL_SECRET,
    async (rawBody, headers) => {
      await webhooks?.receive(testPayments.name, rawBody, headers);
    },
    clock,
  );
  // Only the configured provider's webhooks are accepted.
  const provider: BillingProvider = testPayments;
  providers.set(provider.name, provider);
  webhooks = new Webhooks(providers, store);
  return { store, provider, testPayments: provider === testPayments ? testPayments : null, webhooks };
}
