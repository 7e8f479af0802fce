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
import { startBillingWorkers } from './jobs/index.js';

await runProcess('billing-worker', configSchema, async (config, logger) => {
  await runMigrations(migrationsUrl(config), { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'billing' });
  const database = createDatabase({ ...databaseConnection(config), schema, applicationName: 'billing-worker' });
  const connection = createRedis(config.REDIS_URL, 'worker');
  await waitForRedis(connection, 30_000);
  await requireQueueSafeRedis(connection, logger);
  const workers = await startBillingWorkers({
    config,
    database,
    queue: { connection, prefix: config.REDIS_PREFIX },
    logger,
  });
  logger.info('billing worker consuming the billing inbox');
  return {
    close: async () => {
      await workers.close();
      connection.disconnect();
      await database.close();
    },
  };
});
