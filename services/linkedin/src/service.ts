import { connectionExpiryTickJob, QUEUES } from '@nashr/contracts';
import { defineService } from '@nashr/platform';
import { buildApp, MIGRATIONS_FOLDER } from './app.js';
import { configSchema } from './config.js';
import { schema } from './db/schema.js';
import { startAnalyticsWorker } from './jobs/linkedin-analytics.js';
import { EXPIRY_TICK_SCHEDULE, startInboxWorker } from './jobs/linkedin-inbox.js';
import { createProvider } from './providers/create-provider.js';
import { startPublishWorker } from './publish/publish-worker.js';
import { createServices } from './services.js';

export const linkedinService = defineService({
  name: 'linkedin',
  port: 8102,
  database: { schema, migrationsFolder: MIGRATIONS_FOLDER },
  api: {
    config: configSchema,
    start: ({ config, logger, database, redis, queues }) => {
      const provider = createProvider(config, database.db);
      logger.info({ provider: provider.name }, 'network provider selected');
      return buildApp({ config, logger, database, redis, queues, provider });
    },
  },
  worker: {
    config: configSchema,
    schedules: [
      {
        queue: QUEUES.linkedinInbox,
        id: EXPIRY_TICK_SCHEDULE.id,
        pattern: EXPIRY_TICK_SCHEDULE.pattern,
        job: connectionExpiryTickJob.name,
      },
    ],
    start: ({ config, logger, database, redis, queues, queue }) => {
      const provider = createProvider(config, database.db);
      const { publisher, commenter, userData, accounts, profiles, analyticsSchedules, collector, snapshots } =
        createServices({ config, logger, database, redis, queues, provider });
      const publish = startPublishWorker(publisher, queue, {
        logger,
        concurrency: config.PUBLISH_CONCURRENCY,
        commenter,
      });
      const inbox = startInboxWorker({ userData, accounts, profiles, queues, schedules: analyticsSchedules }, queue, {
        logger,
      });
      const analytics = startAnalyticsWorker({ collector, snapshots }, queue, {
        logger,
        concurrency: config.ANALYTICS_CONCURRENCY,
      });
      // Accounts connected before analytics existed, or whose schedule Redis lost, get theirs.
      void analyticsSchedules
        .reconcile()
        .then((accounts) => logger.info({ accounts }, 'analytics snapshot schedules in place'))
        .catch((err) => logger.error({ err }, 'could not schedule the analytics snapshots'));
      logger.info({ provider: provider.name }, 'network provider selected');
      return { close: () => Promise.all([publish.close(), inbox.close(), analytics.close()]) };
    },
  },
});
