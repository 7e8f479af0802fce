import { fileURLToPath } from 'node:url';
import { API } from '@nashr/contracts';
import {
  AdminAudit,
  adminAuditRoutes,
  createServiceApp,
  type Database,
  type Logger,
  type Queues,
  type ServiceApp,
} from '@nashr/platform';
import { ProfileReviewService } from './advice/profile-review.js';
import type { Config } from './config.js';
import { creditsLowAlert } from './credits/low-credits.js';
import { adminAudit, type schema } from './db/schema.js';
import { GenerationService } from './generation.js';
import { createProvider } from './providers/index.js';
import type { TextProvider } from './providers/types.js';
import { adviceRoutes } from './routes/advice.js';
import { choiceRoutes } from './routes/choices.js';
import { creditRoutes } from './routes/credits.js';
import { draftRoutes } from './routes/drafts.js';
import { personalizationCaughtUp } from './routes/personalization-copy.js';
import { userDataRoutes } from './routes/user-data.js';
import { voiceRoutes } from './routes/voice.js';
import { createServices } from './services.js';

/** Where the SQL migrations live, from src/ in development and from dist/ once built. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../drizzle', import.meta.url));

export interface AiDeps {
  config: Config;
  logger: Logger;
  database: Database<typeof schema>;
  /** Defaults to the provider the configuration names. */
  provider?: TextProvider;
  /** Producer queues on a request connection, for the events the API publishes (credits running low). */
  queues?: Queues;
  clock?: () => Date;
}

export function buildApp({ config, logger, database, provider, queues, clock = () => new Date() }: AiDeps): ServiceApp {
  const app = createServiceApp({
    name: 'ai',
    logger,
    internalSecret: config.INTERNAL_SECRET,
    readiness: [{ name: 'postgres', check: database.ping }],
  });
  const writer = provider ?? createProvider(config);
  const models = { premium: config.OPENAI_PREMIUM_MODEL, standard: config.OPENAI_STANDARD_MODEL };
  const { credits, profiles, userData, ideas } = createServices(database, {
    freeDailyGenerations: config.AI_FREE_DAILY_GENERATIONS,
  });
  const generation = new GenerationService({
    provider: writer,
    credits,
    profiles,
    models,
    logger,
    creditsLow: queues ? creditsLowAlert(queues, logger) : undefined,
  });

  const copyCaughtUp = personalizationCaughtUp(profiles, config.COPY_WAIT_MS);
  draftRoutes(app, generation, copyCaughtUp);
  const audit = new AdminAudit(database.db, adminAudit, 'ai');
  creditRoutes(app, { credits, models, provider: writer.name, clock, audit });
  adminAuditRoutes(app, audit, API.adminAudit.ai);
  choiceRoutes(app, profiles, copyCaughtUp);
  userDataRoutes(app, userData);
  voiceRoutes(app, profiles, queues);
  const review = new ProfileReviewService({
    provider: writer,
    credits,
    profiles,
    models,
    logger,
    creditsLow: queues ? creditsLowAlert(queues, logger) : undefined,
  });
  adviceRoutes(app, { review, ideas, queues, clock });
  return app;
}
