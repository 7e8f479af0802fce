import {
  createDatabase,
  createRedis,
  databaseConnection,
  migrationsUrl,
  Queues,
  runMigrations,
  runProcess,
  watchEvictionPolicy,
} from '@nashr/platform';
import { buildApp, MIGRATIONS_FOLDER } from './app.js';
import { configSchema } from './config.js';
import { schema } from './db/schema.js';
import { createProvider } from './providers/create-provider.js';

await runProcess('linkedin', configSchema, async (config, logger) => {
  await runMigrations(migrationsUrl(config), { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'linkedin' });
  const database = createDatabase({ ...databaseConnection(config), schema, applicationName: 'linkedin' });
  const redis = createRedis(config.REDIS_URL, 'request');
  watchEvictionPolicy(redis, logger);
  const queues = new Queues({ connection: redis, prefix: config.REDIS_PREFIX }, logger);
  const provider = createProvider(config, database.db);
  logger.info({ provider: provider.name }, 'network provider selected');
  const app = buildApp({ config, logger, database, redis, queues, provider });
  await app.listen({ host: config.HOST, port: config.PORT });
  return {
    close: async () => {
      await app.close();
      await queues.close();
      redis.disconnect();
      await database.close();
    },
  };
});
