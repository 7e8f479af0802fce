import {
  createDatabase,
  createRedis,
  databaseConnection,
  migrationsUrl,
  Queues,
  runMigrations,
  runProcess,
} from '@nashr/platform';
import { buildApp, MIGRATIONS_FOLDER } from './app.js';
import { configSchema } from './config.js';
import { schema } from './db/schema.js';

await runProcess('ai', configSchema, async (config, logger) => {
  await runMigrations(migrationsUrl(config), { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'ai' });
  const database = createDatabase({ ...databaseConnection(config), schema, applicationName: 'ai' });
  // Producer only (credits running low, a day of ideas asked for): a request connection that fails fast while Redis is down.
  const redis = createRedis(config.REDIS_URL, 'request');
  const queues = new Queues({ connection: redis, prefix: config.REDIS_PREFIX }, logger);
  const app = buildApp({ config, logger, database, queues });
  logger.info(
    { provider: config.AI_PROVIDER, baseUrl: config.OPENAI_BASE_URL ?? null },
    config.AI_PROVIDER === 'offline' ? 'AI provider: offline writer (no OPENAI_API_KEY)' : 'AI provider: openai',
  );
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
