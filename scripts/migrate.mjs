// @ts-check
// Applies every service's database migrations to DATABASE_URL and exits: the Kubernetes
// migration Job runs it before new APIs roll out, and `npm run restore` after a restore.
// Needs the built services (`npx turbo run build`); each service's dist/migrate.js holds its own.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, SERVICES } from '../tools/stack/processes.mjs';

// Like the services (migrationsUrl in packages/platform): PostgreSQL directly when a pooler sits in DATABASE_URL.
// biome-ignore lint/suspicious/noUndeclaredEnvVars: read at run time by an operator's command, never by a turbo task
const databaseUrl = process.env.DATABASE_DIRECT_URL || process.env.DATABASE_URL;
if (!databaseUrl) {
  process.stderr.write('migrate: DATABASE_URL is required but not set\n');
  process.exit(1);
}
for (const service of SERVICES) {
  const file = join(ROOT, 'services', service.name, 'dist', 'migrate.js');
  const { migrate } = await import(pathToFileURL(file).href);
  await migrate(databaseUrl);
  process.stdout.write(`migrate: ${service.name} is up to date\n`);
}
