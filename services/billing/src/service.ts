import { ENTITLEMENTS_ANNOUNCE_SCHEDULE, entitlementsAnnounceSweepJob, QUEUES } from '@nashr/contracts';
import { defineService } from '@nashr/platform';
import { buildApp, MIGRATIONS_FOLDER } from './app.js';
import { configSchema } from './config.js';
import { schema } from './db/schema.js';
import { startBillingWorkers } from './jobs/index.js';

export const billingService = defineService({
  name: 'billing',
  port: 8106,
  database: { schema, migrationsFolder: MIGRATIONS_FOLDER },
  api: {
    config: configSchema,
    start: ({ config, logger, database, queues }) => {
      if (config.BILLING_PROVIDER === 'test-payments') logger.info('billing provider: test-payments (no money moves)');
      return buildApp({ config, logger, database, queues });
    },
  },
  worker: {
    config: configSchema,
    schedules: [
      {
        queue: QUEUES.billingInbox,
        id: ENTITLEMENTS_ANNOUNCE_SCHEDULE.id,
        pattern: ENTITLEMENTS_ANNOUNCE_SCHEDULE.pattern,
        job: entitlementsAnnounceSweepJob.name,
      },
    ],
    start: ({ config, logger, database, queue }) => startBillingWorkers({ config, database, queue, logger }),
  },
});
