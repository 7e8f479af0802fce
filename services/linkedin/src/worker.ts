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
import { startAnalyticsWorker } from './jobs/linkedin-analytics.js';
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
  const { publisher, commenter, userData, accounts, profiles, analyticsSchedules, collector, snapshots } =
    createServices({
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
    { logger, concurrency: config.PUBLISH_CONCURRENCY, commenter },
  );
  const inbox = startInboxWorker(
    { userData, accounts, profiles, queues, schedules: analyticsSchedules },
    { connection: workerConnection, prefix: config.REDIS_PREFIX },
    { logger },
  );
  const analytics = startAnalyticsWorker(
    { collector, snapshots },
    { connection: workerConnection, prefix: config.REDIS_PREFIX },
    { logger, concurrency: config.ANALYTICS_CONCURRENCY },
  );
  // Accounts connected before analytics existed, or whose schedule Redis lost, get theirs.
  void analyticsSchedules
    .reconcile()
    .then((accounts) => logger.info({ accounts }, 'analytics snapshot schedules in place'))
    .catch((err) => logger.error({ err }, 'could not schedule the analytics snapshots'));
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
  logger.info(
    { provider: provider.name, queues: [worker.name, inbox.name, analytics.name] },
    'linkedin workers started',
  );
  return {
    close: async () => {
      await Promise.all([worker.close(), inbox.close(), analytics.close()]);
      await queues.close();
      workerConnection.disconnect();
      redis.disconnect();
      await database.close();
    },
  };
});
