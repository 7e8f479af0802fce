import { fileURLToPath } from 'node:url';
import {
  createObjectStore,
  createServiceApp,
  type Database,
  idempotentReplies,
  type Logger,
  type ObjectStore,
  type Queues,
  type Redis,
  type ServiceApp,
  type StorageConfig,
  WorkspaceAccess,
} from '@nashr/platform';
import type { Config } from './config.js';
import type { schema } from './db/schema.js';
import { MediaService } from './media/media-service.js';
import type { PdfLimits } from './media/pdf-document.js';
import { PublishWaiter } from './publish-waiter.js';
import { QueueStore } from './queue/queue-store.js';
import { draftRoutes } from './routes/drafts.js';
import { linkedlnRoutes } from './routes/linkedln.js';
import { mediaRoutes } from './routes/media.js';
import { postRoutes } from './routes/posts.js';
import { queueRoutes } from './routes/queue.js';
import { reviewRoutes } from './routes/review.js';
import { userDataRoutes } from './routes/user-data.js';
import { createServices } from './services.js';

/** Where the SQL migrations live, from src/ in development and from dist/ once built. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../drizzle', import.meta.url));

export interface PostsDeps {
  config: Pick<Config, 'INTERNAL_SECRET' | 'PUBLISH_WAIT_MS' | 'REDIS_PREFIX'> &
    Partial<Pick<Config, 'SCHEDULE_HORIZON_MS'>> &
    Partial<StorageConfig>;
  logger: Logger;
  database: Database<typeof schema>;
  /** Producer queues on a request connection (fails fast while Redis is down). */
  queues: Queues;
  redis: Redis;
  /** Where uploaded files go (default: the local disk at MEDIA_DIR). */
  storage?: ObjectStore;
  /** How long reading an uploaded PDF may take and what it may unpack to (the defaults unless a test lowers them). */
  pdfLimits?: PdfLimits;
}

export function buildApp({ config, logger, database, queues, redis, storage, pdfLimits }: PostsDeps): ServiceApp {
  const app = createServiceApp({
    name: 'posts',
    logger,
    internalSecret: config.INTERNAL_SECRET,
    readiness: [
      { name: 'postgres', check: database.ping },
      { name: 'redis', check: () => redis.ping() },
    ],
  });
  const {
    store,
    posts: service,
    drafts,
    draftStore,
    postingQueue,
    members,
    review,
    reviewStore,
  } = createServices({
    database,
    queues,
    logger,
    scheduleHorizonMs: config.SCHEDULE_HORIZON_MS,
  });
  const files = storage ?? createObjectStore({ ...config, MEDIA_DIR: config.MEDIA_DIR ?? '.data/media' });
  const media = new MediaService(database.db, files, logger, pdfLimits);
  const waiter = new PublishWaiter(database.sql, store, logger);
  app.addHook('onClose', () => waiter.close());
  // Creates could double on a retry or a double click: a repeat gets the first answer.
  const once = idempotentReplies({ redis, prefix: config.REDIS_PREFIX });
  const workspaces = new WorkspaceAccess(members);
  linkedlnRoutes(app, {
    service,
    store,
    drafts,
    media,
    waiter,
    publishWaitMs: config.PUBLISH_WAIT_MS,
    once,
    workspaces,
    review,
  });
  postRoutes(app, { service, store, media, workspaces, review });
  draftRoutes(app, { drafts, media, once, workspaces });
  queueRoutes(app, { queue: postingQueue, drafts, media, once, workspaces, review });
  reviewRoutes(app, { review, once, workspaces });
  mediaRoutes(app, { media, storage: files, workspaces });
  userDataRoutes(app, store, draftStore, new QueueStore(database.db), media, reviewStore);
  return app;
}
