import {
  createDatabase,
  createRedis,
  databaseConnection,
  migrationsUrl,
  requireQueueSafeRedis,
  runMigrations,
  runProcess,
  waitForRedis,
} from '@nashr/platform';
import { MIGRATIONS_FOLDER } from './app.js';
import { configSchema } from './config.js';
import { schema } from './db/schema.js';
import { startContentWorker } from './jobs/index.js';

await runProcess('content-worker', configSchema, async (config, logger) => {
  await runMigrations(migrationsUrl(config), { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'content' });
  const database = createDatabase({ ...databaseConnection(config), schema, applicationName: 'content-worker' });
  const connection = createRedis(config.REDIS_URL, 'worker');
  await waitForRedis(connection, 30_000);
  await requireQueueSafeRedis(connection, logger);
  const worker = startContentWorker({ database, queue: { connection, prefix: config.REDIS_PREFIX }, logger });
  logger.info('content worker consuming the content inbox');
  return {
    close: async () => {
      await worker.close();
      connection.disconnect();
      await database.close();
    },
  };
});
