import { defineService } from '@nashr/platform';
import { buildApp, MIGRATIONS_FOLDER } from './app.js';
import { configSchema } from './config.js';
import { schema } from './db/schema.js';
import { startAiWorkers } from './jobs/index.js';
import { createProvider } from './providers/index.js';

export const aiService = defineService({
  name: 'ai',
  port: 8105,
  database: { schema, migrationsFolder: MIGRATIONS_FOLDER },
  api: {
    config: configSchema,
    start: ({ config, logger, database, queues }) => {
      if (config.AI_PROVIDER === 'offline') logger.info('AI provider: offline writer (no OPENAI_API_KEY)');
      return buildApp({ config, logger, database, queues });
    },
  },
  worker: {
    config: configSchema,
    start: ({ config, logger, database, queue }) => {
      // Daily ideas and comment suggestions are free: the standard model writes them.
      const freeWriter = { provider: createProvider(config), model: config.OPENAI_STANDARD_MODEL };
      return startAiWorkers({ database, queue, logger, ideasWriter: freeWriter, commentsWriter: freeWriter });
    },
  },
});
