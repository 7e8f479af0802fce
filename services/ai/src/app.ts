import { fileURLToPath } from 'node:url';
import { createServiceApp, type Database, type Logger, type ServiceApp } from '@nashr/platform';
import type { Config } from './config.js';
import { CreditStore } from './credits/credit-store.js';
import type { schema } from './db/schema.js';
import { GenerationService } from './generation.js';
import { ProfileStore } from './profile-store.js';
import { createProvider } from './providers/index.js';
import type { TextProvider } from './providers/types.js';
import { choiceRoutes } from './routes/choices.js';
import { creditRoutes } from './routes/credits.js';
import { draftRoutes } from './routes/drafts.js';

/** Where the SQL migrations live, from src/ in development and from dist/ once built. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../drizzle', import.meta.url));

export interface AiDeps {
  config: Config;
  logger: Logger;
  database: Database<typeof schema>;
  /** Defaults to the provider the configuration names. */
  provider?: TextProvider;
  clock?: () => Date;
}

export function buildApp({ config, logger, database, provider, clock = () => new Date() }: AiDeps): ServiceApp {
  const app = createServiceApp({
    name: 'ai',
    logger,
    internalSecret: config.INTERNAL_SECRET,
    readiness: [{ name: 'postgres', check: database.ping }],
  });
  const writer = provider ?? createProvider(config);
  const models = { premium: config.OPENAI_PREMIUM_MODEL, standard: config.OPENAI_STANDARD_MODEL };
  const credits = new CreditStore(database.db);
  const profiles = new ProfileStore(database.db);
  const generation = new GenerationService({ provider: writer, credits, profiles, models, logger });

  draftRoutes(app, generation);
  creditRoutes(app, { credits, models, provider: writer.name, clock });
  choiceRoutes(app, profiles);
  return app;
}
