import { defineService } from '@nashr/platform';
import { buildApp, MIGRATIONS_FOLDER } from './app.js';
import { configSchema } from './config.js';
import { schema } from './db/schema.js';
import { startEngageWorkers } from './jobs/index.js';

export const engageService = defineService({
  name: 'engage',
  port: 8107,
  database: { schema, migrationsFolder: MIGRATIONS_FOLDER },
  api: {
    config: configSchema,
    start: ({ config, logger, database, queues, redis }) => {
      if (config.ENGAGE_PROVIDER === 'sandbox') logger.info('engage provider: sandbox (nothing reaches the network)');
      return buildApp({ config, logger, database, queues, redis: { connection: redis, prefix: config.REDIS_PREFIX } });
    },
  },
  worker: {
    config: configSchema,
    start: ({ config, logger, database, queue }) => startEngageWorkers({ config, database, queue, logger }),
  },
});
