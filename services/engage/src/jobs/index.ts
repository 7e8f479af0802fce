import { QUEUES } from '@nashr/contracts';
import { createWorker, type Database, type Logger, type QueueContext, Queues } from '@nashr/platform';
import type { EngageConfig } from '../config.js';
import type { schema } from '../db/schema.js';
import type { EngageProvider } from '../providers/types.js';
import { createServices } from '../services.js';
import { engageFeed } from './engage-feed.js';
import { engageInbox } from './engage-inbox.js';

/** The handlers of every queue this service consumes, by queue name (checked against the events' subscribers). */
export const QUEUE_HANDLERS = { [QUEUES.engageInbox]: engageInbox, [QUEUES.engageFeed]: engageFeed };

export interface EngageWorkerDeps {
  config: EngageConfig;
  database: Database<typeof schema>;
  queue: QueueContext;
  logger: Logger;
  clock?: () => Date;
  provider?: EngageProvider;
}

export interface EngageWorkers {
  close: () => Promise<void>;
}

/** The engage inbox (plans, the writer's copies, deleted accounts) and the feed queue (refreshes, suggestions and their answers). */
export async function startEngageWorkers({
  config,
  database,
  queue,
  logger,
  clock,
  provider,
}: EngageWorkerDeps): Promise<EngageWorkers> {
  const queues = new Queues(queue, logger);
  const services = createServices(database, queues, config, {
    clock,
    provider,
    redis: { connection: queue.connection, prefix: queue.prefix },
  });
  const inbox = createWorker(
    QUEUES.engageInbox,
    engageInbox(services.allowance, database.db, queues, services.writers, services.feed, services.accounts),
    queue,
    {
      logger,
    },
  );
  // A refresh mostly waits on the network (and on each account's rate): many run at once.
  const feed = createWorker(QUEUES.engageFeed, engageFeed(services.feed), queue, {
    logger,
    concurrency: config.ENGAGE_FEED_CONCURRENCY,
  });
  return {
    close: async () => {
      await Promise.all([inbox.close(), feed.close()]);
      await queues.close();
    },
  };
}
