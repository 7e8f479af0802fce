import { createDatabase, databaseConnection, migrationsUrl, runMigrations, runProcess } from '@nashr/platform';
import { buildApp, MIGRATIONS_FOLDER } from './app.js';
import { configSchema } from './config.js';
import { schema } from './db/schema.js';

await runProcess('content', configSchema, async (config, logger) => {
  await runMigrations(migrationsUrl(config), { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'content' });
  const database = createDatabase({ ...databaseConnection(config), schema, applicationName: 'content' });
  const app = buildApp({ config, logger, database });
  await app.listen({ host: config.HOST, port: config.PORT });
  return {
    close: async () => {
      await app.close();
      await database.close();
    },
  };
});
