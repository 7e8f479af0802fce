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
import { startEngageWorkers } from './jobs/index.js';

await runProcess('engage-worker', configSchema, async (config, logger) => {
  await runMigrations(migrationsUrl(config), { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'engage' });
  const database = createDatabase({ ...databaseConnection(config), schema, applicationName: 'engage-worker' });
  const connection = createRedis(config.REDIS_URL, 'worker');
  await waitForRedis(connection, 30_000);
  await requireQueueSafeRedis(connection, logger);
  const workers = await startEngageWorkers({
    config,
    database,
    queue: { connection, prefix: config.REDIS_PREFIX },
    logger,
  });
  logger.info(
    { provider: config.ENGAGE_PROVIDER },
    'engage worker consuming the engage inbox, feed and autopilot queues',
  );
  return {
    close: async () => {
      await workers.close();
      connection.disconnect();
      await database.close();
    },
  };
});
