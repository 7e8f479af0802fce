import { connectionExpiryTickJob, QUEUES } from '@nashr/contracts';
import {
  createDatabase,
  createRedis,
  databaseConnection,
  migrationsUrl,
  Queues,
  requireQueueSafeRedis,
  runMigrations,
  runProcess,
  waitForRedis,
} from '@nashr/platform';
import { MIGRATIONS_FOLDER } from './app.js';
import { configSchema } from './config.js';
import { schema } from './db/schema.js';
import { EXPIRY_TICK_SCHEDULE, startInboxWorker } from './jobs/linkedin-inbox.js';
import { createProvider } from './providers/create-provider.js';
import { startPublishWorker } from './publish/publish-worker.js';
import { createServices } from './services.js';

await runProcess('linkedin-worker', configSchema, async (config, logger) => {
  await runMigrations(migrationsUrl(config), { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'linkedin' });
  const database = createDatabase({ ...databaseConnection(config), schema, applicationName: 'linkedin-worker' });
  const redis = createRedis(config.REDIS_URL, 'worker');
  await waitForRedis(redis, 30_000);
  await requireQueueSafeRedis(redis, logger);
  const queues = new Queues({ connection: redis, prefix: config.REDIS_PREFIX }, logger);
  const provider = createProvider(config, database.db);
  const { publisher, userData, accounts, profiles } = createServices({
    config,
    logger,
    database,
    redis,
    queues,
    provider,
  });
  const workerConnection = createRedis(config.REDIS_URL, 'worker');
  const worker = startPublishWorker(
    publisher,
    { connection: workerConnection, prefix: config.REDIS_PREFIX },
    { logger, concurrency: config.PUBLISH_CONCURRENCY },
  );
  const inbox = startInboxWorker(
    { userData, accounts, profiles, queues },
    { connection: workerConnection, prefix: config.REDIS_PREFIX },
    { logger },
  );
  await queues
    .get(QUEUES.linkedinInbox)
    .upsertJobScheduler(
      EXPIRY_TICK_SCHEDULE.id,
      { pattern: EXPIRY_TICK_SCHEDULE.pattern },
      {
        name: connectionExpiryTickJob.name,
        data: {},
        opts: { removeOnComplete: { count: 50 }, removeOnFail: { count: 200 } },
      },
    )
    .catch((err) => logger.error({ err }, 'could not schedule the connection expiry reminders'));
  logger.info({ provider: provider.name, queues: [worker.name, inbox.name] }, 'linkedin workers started');
  return {
    close: async () => {
      await Promise.all([worker.close(), inbox.close()]);
      await queues.close();
      workerConnection.disconnect();
      redis.disconnect();
      await database.close();
    },
  };
});
