import { fileURLToPath } from 'node:url';
import {
  createServiceApp,
  type Database,
  idempotentReplies,
  type Logger,
  type Queues,
  type Redis,
  type ServiceApp,
} from '@nashr/platform';
import type { Config, EngageConfig } from './config.js';
import type { schema } from './db/schema.js';
import type { EngageProvider } from './providers/types.js';
import { autopilotRoutes } from './routes/autopilot.js';
import { engageRoutes } from './routes/engage.js';
import { createServices } from './services.js';
import { userDataRoutes } from './user-data.js';

/** Where the SQL migrations live, from src/ in development and from dist/ once built. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../drizzle', import.meta.url));

export interface EngageDeps {
  config: EngageConfig & Pick<Config, 'INTERNAL_SECRET'>;
  logger: Logger;
  database: Database<typeof schema>;
  /** Producer of the feed jobs. */
  queues: Queues;
  clock?: () => Date;
  /** Replaces the configured provider (tests). */
  provider?: EngageProvider;
  /** Where each network account's rate is counted (shared with the workers), and repeated creates answered. */
  redis: { connection: Redis; prefix: string };
}

export function buildApp({ config, logger, database, queues, clock, provider, redis }: EngageDeps): ServiceApp {
  const app = createServiceApp({
    name: 'engage',
    logger,
    internalSecret: config.INTERNAL_SECRET,
    readiness: [{ name: 'postgres', check: database.ping }],
  });
  const services = createServices(database, queues, config, { clock, provider, redis });
  engageRoutes(app, services, idempotentReplies({ redis: redis.connection, prefix: redis.prefix }));
  autopilotRoutes(app, services.autopilot.settings);
  userDataRoutes(app, database.db);
  return app;
}
