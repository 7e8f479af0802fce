import { defineService } from '@nashr/platform';
import { buildApp, MIGRATIONS_FOLDER } from './app.js';
import { configSchema } from './config.js';
import { schema } from './db/schema.js';
import { startContentWorker } from './jobs/index.js';
import { LibraryStore } from './library-store.js';
import { librarySeed } from './seed/library.js';

export const contentService = defineService({
  name: 'content',
  port: 8104,
  database: { schema, migrationsFolder: MIGRATIONS_FOLDER },
  api: {
    config: configSchema,
    start: async ({ config, logger, database }) => {
      // The inspiration library starts with a few dozen posts; an admin's edits of them are kept.
      const seeded = await new LibraryStore(database.db).seed(librarySeed);
      if (seeded > 0) logger.info({ seeded }, 'library posts seeded');
      return buildApp({ config, logger, database });
    },
  },
  worker: {
    config: configSchema,
    start: ({ logger, database, queue }) => startContentWorker({ database, queue, logger }),
  },
});
