import { fileURLToPath } from 'node:url';
import { createServiceApp, type Database, type Logger, type Queues, type ServiceApp } from '@nashr/platform';
import type { Config } from './config.js';
import type { schema } from './db/schema.js';
import { billingAdminRoutes } from './routes/admin.js';
import { billingRoutes } from './routes/billing.js';
import { testPaymentRoutes } from './routes/test-payments.js';
import { createServices, type ProviderConfig } from './services.js';
import { userDataRoutes } from './user-data.js';

/** Where the SQL migrations live, from src/ in development and from dist/ once built. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../drizzle', import.meta.url));

export interface BillingDeps {
  config: ProviderConfig & Pick<Config, 'PUBLIC_URL'>;
  logger: Logger;
  database: Database<typeof schema>;
  /** Producer of the entitlement events. */
  queues: Queues;
  clock?: () => Date;
}

export function buildApp({ config, logger, database, queues, clock }: BillingDeps): ServiceApp {
  const app = createServiceApp({
    name: 'billing',
    logger,
    internalSecret: config.INTERNAL_SECRET,
    readiness: [{ name: 'postgres', check: database.ping }],
  });
  const services = createServices(database, queues, config, clock);
  billingRoutes(app, { ...services, publicUrl: config.PUBLIC_URL });
  billingAdminRoutes(app, services.store);
  if (services.testPayments) testPaymentRoutes(app, services.testPayments);
  userDataRoutes(app, database.db);
  return app;
}
