import { createDatabase, createRedis, runMigrations, runProcess, waitForRedis } from '@nashr/platform';
import { buildApp, MIGRATIONS_FOLDER } from './app.js';
import { configSchema } from './config.js';
import { schema } from './db/schema.js';

await runProcess('auth', configSchema, async (config, logger) => {
  await runMigrations(config.DATABASE_URL, { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'auth' });
  const database = createDatabase({ url: config.DATABASE_URL, schema, applicationName: 'auth' });
  const redis = createRedis(config.REDIS_URL, 'request');
  await waitForRedis(redis);
  const app = await buildApp({ config, logger, database, redis });
  await app.listen({ host: config.HOST, port: config.PORT });
  if (!config.OIDC_ISSUER) logger.warn('OIDC_ISSUER is not set: "Continue with Google" is turned off');
  return {
    close: async () => {
      await app.close();
      redis.disconnect();
      await database.close();
    },
  };
});
