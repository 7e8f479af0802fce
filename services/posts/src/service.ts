import { createObjectStore, defineService } from '@nashr/platform';
import { buildApp, MIGRATIONS_FOLDER } from './app.js';
import { configSchema, workerConfigSchema } from './config.js';
import { schema } from './db/schema.js';
import { startPostsWorker } from './jobs/posts-worker.js';
import { startUnusedMediaSweep } from './media/unused-media.js';

export const postsService = defineService({
  name: 'posts',
  port: 8103,
  database: {
    schema,
    migrationsFolder: MIGRATIONS_FOLDER,
    // A quarter of the jobs at once wait on the database at most; the rest wait on the network.
    workerPool: (config) => Math.min(20, Math.max(5, Math.ceil(config.POSTS_WORKER_CONCURRENCY / 4))),
  },
  api: {
    config: configSchema,
    start: ({ config, logger, database, queues, redis }) => buildApp({ config, logger, database, queues, redis }),
  },
  worker: {
    config: workerConfigSchema,
    start: async ({ config, logger, database, redis }) => {
      const storage = createObjectStore(config);
      const worker = await startPostsWorker({
        settings: config,
        logger,
        database,
        redis,
        prefix: config.REDIS_PREFIX,
        storage,
      });
      const mediaSweep = startUnusedMediaSweep({
        db: database.db,
        store: storage,
        logger,
        everyMs: config.MEDIA_SWEEP_INTERVAL_MS,
        unusedForMs: config.MEDIA_UNUSED_AFTER_MS,
      });
      return {
        close: async () => {
          await mediaSweep.close();
          await worker.close();
        },
      };
    },
  },
});
