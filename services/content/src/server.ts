import { createDatabase, databaseConnection, migrationsUrl, runMigrations, runProcess } from '@nashr/platform';
import { buildApp, MIGRATIONS_FOLDER } from './app.js';
import { configSchema } from './config.js';
import { schema } from './db/schema.js';
import { LibraryStore } from './library-store.js';
import { librarySeed } from './seed/library.js';

await runProcess('content', configSchema, async (config, logger) => {
  await runMigrations(migrationsUrl(config), { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'content' });
  const database = createDatabase({ ...databaseConnection(config), schema, applicationName: 'content' });
  // The inspiration library starts with a few dozen posts; an admin's edits of them are kept.
  const seeded = await new LibraryStore(database.db).seed(librarySeed);
  if (seeded > 0) logger.info({ seeded }, 'library posts seeded');
  const app = buildApp({ config, logger, database });
  await app.listen({ host: config.HOST, port: config.PORT });
  return {
    close: async () => {
      await app.close();
      await database.close();
    },
  };
});
