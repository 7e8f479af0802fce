import { QUEUES } from '@nashr/contracts';
import { createWorker, type Database, type Logger, type QueueContext, Queues } from '@nashr/platform';
import type { EngageConfig } from '../config.js';
import type { schema } from '../db/schema.js';
import type { EngageProvider } from '../providers/types.js';
import { createServices } from '../services.js';
import { engageAutopilot } from './engage-autopilot.js';
import { engageFeed } from './engage-feed.js';
import { engageInbox } from './engage-inbox.js';

/** The handlers of every queue this service consumes, by queue name (checked against the events' subscribers). */
export const QUEUE_HANDLERS = {
  [QUEUES.engageInbox]: engageInbox,
  [QUEUES.engageFeed]: engageFeed,
  [QUEUES.engageAutopilot]: engageAutopilot,
};

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

/** The engage inbox (plans, the writer's copies, network accounts, deleted accounts), the feed queue (refreshes, suggestions and their answers) and autopilot's ticks. */
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
    engageInbox(
      services.allowance,
      database.db,
      queues,
      services.writers,
      services.feed,
      services.accounts,
      services.sending,
    ),
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
  // Each tick holds its user's row while it sends: two at a time leave the pool room for the rest.
  const autopilot = createWorker(
    QUEUES.engageAutopilot,
    engageAutopilot(services.autopilot.runner, services.autopilot.ticks, queues),
    queue,
    { logger, concurrency: 2 },
  );
  // Redis may have lost the chains' delayed ticks: every autopilot that is on gets one now (a tick more is harmless).
  for (const userId of await services.autopilot.settings.running()) await services.autopilot.ticks.now(userId);
  return {
    close: async () => {
      await Promise.all([inbox.close(), feed.close(), autopilot.close()]);
      await queues.close();
    },
  };
}
