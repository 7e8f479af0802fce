import type { Database, Queues } from '@nashr/platform';
import type { Config } from './config.js';
import type { schema } from './db/schema.js';
import { EntitlementStore } from './entitlements.js';
import { StripeProvider } from './providers/stripe.js';
import { TestPaymentsProvider } from './providers/test-payments.js';
import type { BillingProvider } from './providers/types.js';
import { RefusedSubscriptions } from './refused-subscriptions.js';
import { derivedTrialSecret, trialHasher } from './trial-grants.js';
import { Webhooks } from './webhooks.js';

/** What the services read of the configuration: the provider, its keys and the grace period. */
export type ProviderConfig = Pick<
  Config,
  | 'INTERNAL_SECRET'
  | 'TRIAL_HASH_SECRET'
  | 'BILLING_PROVIDER'
  | 'BILLING_GRACE_DAYS'
  | 'STRIPE_SECRET_KEY'
  | 'STRIPE_WEBHOOK_SECRET'
  | 'STRIPE_PRICE_BASIC'
  | 'STRIPE_PRICE_STARTER'
  | 'STRIPE_PRICE_PRO'
  | 'STRIPE_API_HOST'
  | 'STRIPE_API_PORT'
  | 'STRIPE_API_PROTOCOL'
>;

/** The Stripe adapter from the configuration (the schema has made sure its keys are set). */
function stripeProvider(config: ProviderConfig): StripeProvider {
  const need = (name: keyof ProviderConfig): string => {
    const value = config[name];
    if (typeof value !== 'string' || !value) throw new Error(`${name} is required when BILLING_PROVIDER=stripe`);
    return value;
  };
  return new StripeProvider({
    secretKey: need('STRIPE_SECRET_KEY'),
    webhookSecret: need('STRIPE_WEBHOOK_SECRET'),
    prices: {
      basic: need('STRIPE_PRICE_BASIC'),
      starter: need('STRIPE_PRICE_STARTER'),
      pro: need('STRIPE_PRICE_PRO'),
    },
    host: config.STRIPE_API_HOST,
    port: config.STRIPE_API_PORT,
    protocol: config.STRIPE_API_PROTOCOL,
  });
}

export interface BillingServices {
  store: EntitlementStore;
  provider: BillingProvider;
  /** Set when the offline provider is the one in use: its pages are served. */
  testPayments: TestPaymentsProvider | null;
  webhooks: Webhooks;
  /** Refused checkouts' subscriptions, cancelled and refunded at the provider. */
  refused: RefusedSubscriptions;
  /** The keyed hash of a normalized e-mail address, kept to grant the trial once per person. */
  trialHash: (email: string) => string;
}

/** The service's parts, built once for the API and the worker alike. */
export function createServices(
  database: Database<typeof schema>,
  queues: Queues,
  config: ProviderConfig,
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
    store,
    clock,
  );
  // Only the configured provider's webhooks are accepted.
  const provider: BillingProvider = config.BILLING_PROVIDER === 'stripe' ? stripeProvider(config) : testPayments;
  providers.set(provider.name, provider);
  const refused = new RefusedSubscriptions(database.db, queues, clock);
  webhooks = new Webhooks(providers, store, refused);
  const trialHash = trialHasher(config.TRIAL_HASH_SECRET ?? derivedTrialSecret(config.INTERNAL_SECRET));
  return {
    store,
    provider,
    testPayments: provider === testPayments ? testPayments : null,
    webhooks,
    refused,
    trialHash,
  };
}
