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
import { workerConfigSchema } from './config.js';
import { schema } from './db/schema.js';
import { startWorkers } from './jobs/index.js';
import { MIGRATIONS_FOLDER } from './migrations.js';
import { createSmtpMailer } from './providers/mailer.js';

await runProcess('auth-worker', workerConfigSchema, async (config, logger) => {
  // The worker may start before the API: both apply migrations, under an advisory lock.
  await runMigrations(migrationsUrl(config), { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'auth' });
  const database = createDatabase({ ...databaseConnection(config), schema, applicationName: 'auth-worker' });
  const connection = createRedis(config.REDIS_URL, 'worker');
  await waitForRedis(connection, 30_000);
  await requireQueueSafeRedis(connection, logger);
  const mailer = createSmtpMailer({
    url: config.SMTP_URL,
    from: config.MAIL_FROM,
    production: config.NODE_ENV === 'production',
  });
  const running = startWorkers({
    config,
    names: config.AUTH_WORKERS,
    logger,
    database,
    queue: { connection, prefix: config.REDIS_PREFIX },
    mailer,
  });
  logger.info({ workers: config.AUTH_WORKERS, smtp: new URL(config.SMTP_URL).host }, 'auth workers started');
  return {
    close: async () => {
      await running.close();
      mailer.close();
      connection.disconnect();
      await database.close();
    },
  };
});
