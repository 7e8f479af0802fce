import { runMigrations } from '@nashr/platform';
import { MIGRATIONS_FOLDER } from './app.js';

/** Applies this service's migrations on their own: scripts/migrate.mjs runs every service's. */
export function migrate(databaseUrl: string): Promise<void> {
  return runMigrations(databaseUrl, { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'engage' });
}
