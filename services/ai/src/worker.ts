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
import { startAiWorkers } from './jobs/index.js';
import { createProvider } from './providers/index.js';

await runProcess('ai-worker', configSchema, async (config, logger) => {
  await runMigrations(migrationsUrl(config), { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'ai' });
  const database = createDatabase({ ...databaseConnection(config), schema, applicationName: 'ai-worker' });
  const connection = createRedis(config.REDIS_URL, 'worker');
  await waitForRedis(connection, 30_000);
  await requireQueueSafeRedis(connection, logger);
  // Daily ideas and comment suggestions are free: the standard model writes them.
  const freeWriter = { provider: createProvider(config), model: config.OPENAI_STANDARD_MODEL };
  const workers = await startAiWorkers({
    database,
    queue: { connection, prefix: config.REDIS_PREFIX },
    logger,
    ideasWriter: freeWriter,
    commentsWriter: freeWriter,
  });
  logger.info('ai worker consuming the ai inbox and the comment suggestions');
  return {
    close: async () => {
      await workers.close();
      connection.disconnect();
      await database.close();
    },
  };
});
