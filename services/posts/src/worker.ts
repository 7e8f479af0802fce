import {
  createDatabase,
  createObjectStore,
  createRedis,
  databaseConnection,
  migrationsUrl,
  requireQueueSafeRedis,
  runMigrations,
  runProcess,
  waitForRedis,
} from '@nashr/platform';
import { MIGRATIONS_FOLDER } from './app.js';
import { workerConfigSchema } from './config.js';
import { schema } from './db/schema.js';
import { startPostsWorker } from './jobs/posts-worker.js';
import { startUnusedMediaSweep } from './media/unused-media.js';

await runProcess('posts-worker', workerConfigSchema, async (config, logger) => {
  // The API may not have started yet: either process can create the schema.
  await runMigrations(migrationsUrl(config), { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'posts' });
  const database = createDatabase({
    ...databaseConnection(config),
    schema,
    applicationName: 'posts-worker',
    max: Math.min(20, Math.max(5, Math.ceil(config.POSTS_WORKER_CONCURRENCY / 4))),
  });
  const redis = createRedis(config.REDIS_URL, 'worker');
  await waitForRedis(redis, 30_000);
  await requireQueueSafeRedis(redis, logger);
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
  logger.info({ prefix: config.REDIS_PREFIX }, 'posts worker started');
  return {
    close: async () => {
      await mediaSweep.close();
      await worker.close();
      redis.disconnect();
      await database.close();
    },
  };
});
