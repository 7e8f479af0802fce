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

await runProcess('posts', configSchema, async (config, logger) => {
  await runMigrations(migrationsUrl(config), { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'posts' });
  const database = createDatabase({ ...databaseConnection(config), schema, applicationName: 'posts' });
  const redis = createRedis(config.REDIS_URL, 'request');
  watchEvictionPolicy(redis, logger);
  const queues = new Queues({ connection: redis, prefix: config.REDIS_PREFIX }, logger);
  const app = buildApp({ config, logger, database, queues, redis });
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
