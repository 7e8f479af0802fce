import { fileURLToPath } from 'node:url';
import { createServiceApp, type Database, type Logger, type ServiceApp } from '@nashr/platform';
import type { Config } from './config.js';
import { ContentStore } from './content-store.js';
import type { schema } from './db/schema.js';
import { contentRoutes } from './routes/content.js';

/** Where the SQL migrations live, from src/ in development and from dist/ once built. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../drizzle', import.meta.url));

export interface ContentDeps {
  config: Pick<Config, 'INTERNAL_SECRET'>;
  logger: Logger;
  database: Database<typeof schema>;
}

export function buildApp({ config, logger, database }: ContentDeps): ServiceApp {
  const app = createServiceApp({
    name: 'content',
    logger,
    internalSecret: config.INTERNAL_SECRET,
    readiness: [{ name: 'postgres', check: database.ping }],
  });
  contentRoutes(app, new ContentStore(database.db));
  return app;
}
