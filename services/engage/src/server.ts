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

await runProcess('engage', configSchema, async (config, logger) => {
  await runMigrations(migrationsUrl(config), { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'engage' });
  const database = createDatabase({ ...databaseConnection(config), schema, applicationName: 'engage' });
  // Producer only (feed jobs): a request connection that fails fast while Redis is down.
  const redis = createRedis(config.REDIS_URL, 'request');
  const queues = new Queues({ connection: redis, prefix: config.REDIS_PREFIX }, logger);
  const app = buildApp({
    config,
    logger,
    database,
    queues,
    redis: { connection: redis, prefix: config.REDIS_PREFIX },
  });
  logger.info(
    { provider: config.ENGAGE_PROVIDER },
    config.ENGAGE_PROVIDER === 'sandbox'
      ? 'engage provider: sandbox (invented creators; nothing reaches the network)'
      : config.ENGAGE_PROVIDER === 'linkedin'
        ? 'engage provider: linkedin (the official API: comments on posts by address only)'
        : `engage provider: ${config.ENGAGE_PROVIDER}`,
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
