import { fileURLToPath } from 'node:url';
import {
  createServiceApp,
  type Database,
  type Logger,
  type Queues,
  type Redis,
  type ServiceApp,
} from '@nashr/platform';
import type { Config } from './config.js';
import type { schema } from './db/schema.js';
import { PostQueues } from './jobs/post-queues.js';
import { PostService } from './post-service.js';
import { PostStore } from './post-store.js';
import { PublishWaiter } from './publish-waiter.js';
import { linkedlnRoutes } from './routes/linkedln.js';
import { postRoutes } from './routes/posts.js';

/** Where the SQL migrations live, from src/ in development and from dist/ once built. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../drizzle', import.meta.url));

export interface PostsDeps {
  config: Pick<Config, 'INTERNAL_SECRET' | 'PUBLISH_WAIT_MS'>;
  logger: Logger;
  database: Database<typeof schema>;
  /** Producer queues on a request connection (fails fast while Redis is down). */
  queues: Queues;
  redis: Redis;
}

export function buildApp({ config, logger, database, queues, redis }: PostsDeps): ServiceApp {
  const app = createServiceApp({
    name: 'posts',
    logger,
    internalSecret: config.INTERNAL_SECRET,
    readiness: [
      { name: 'postgres', check: database.ping },
      { name: 'redis', check: () => redis.ping() },
    ],
  });
  const store = new PostStore(database.db);
  const service = new PostService(store, new PostQueues(queues, logger));
  const waiter = new PublishWaiter(database.sql, store, logger);
  app.addHook('onClose', () => waiter.close());
  linkedlnRoutes(app, { service, store, waiter, publishWaitMs: config.PUBLISH_WAIT_MS });
  postRoutes(app, { service, store });
  return app;
}
