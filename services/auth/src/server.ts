import {
  createDatabase,
  createRedis,
  databaseConnection,
  migrationsUrl,
  runMigrations,
  runProcess,
  waitForRedis,
  watchEvictionPolicy,
} from '@nashr/platform';
import { applyConfiguredRoles, buildApp, MIGRATIONS_FOLDER } from './app.js';
import { configSchema } from './config.js';
import { schema } from './db/schema.js';

await runProcess('auth', configSchema, async (config, logger) => {
  await runMigrations(migrationsUrl(config), { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'auth' });
  const database = createDatabase({ ...databaseConnection(config), schema, applicationName: 'auth' });
  const redis = createRedis(config.REDIS_URL, 'request');
  watchEvictionPolicy(redis, logger);
  await waitForRedis(redis);
  await applyConfiguredRoles({ config, database, redis });
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
