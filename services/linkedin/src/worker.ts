import { createDatabase, createRedis, Queues, runMigrations, runProcess } from '@nashr/platform';
import { MIGRATIONS_FOLDER } from './app.js';
import { configSchema } from './config.js';
import { schema } from './db/schema.js';
import { createProvider } from './providers/create-provider.js';
import { startPublishWorker } from './publish/publish-worker.js';
import { createServices } from './services.js';

await runProcess('linkedin-worker', configSchema, async (config, logger) => {
  await runMigrations(config.DATABASE_URL, { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'linkedin' });
  const database = createDatabase({ url: config.DATABASE_URL, schema, applicationName: 'linkedin-worker' });
  const redis = createRedis(config.REDIS_URL, 'worker');
  const queues = new Queues({ connection: redis, prefix: config.REDIS_PREFIX }, logger);
  const provider = createProvider(config, database.db);
  const { publisher } = createServices({ config, logger, database, redis, queues, provider });
  const workerConnection = createRedis(config.REDIS_URL, 'worker');
  const worker = startPublishWorker(
    publisher,
    { connection: workerConnection, prefix: config.REDIS_PREFIX },
    { logger, concurrency: config.PUBLISH_CONCURRENCY },
  );
  logger.info({ provider: provider.name, queue: worker.name }, 'publish worker started');
  return {
    close: async () => {
      await worker.close();
      await queues.close();
      workerConnection.disconnect();
      redis.disconnect();
      await database.close();
    },
  };
});
