import { QUEUES } from '@nashr/contracts';
import { createWorker, type Database, type Logger, type QueueContext, Queues } from '@nashr/platform';
import type { schema } from '../db/schema.js';
import { createServices } from '../services.js';
import { aiInbox } from './ai-inbox.js';
import { CREDITS_RESET_SCHEDULE, creditsResetJob } from './credits-reset.js';

/** The handlers of every queue this service consumes, by queue name (checked against the events' subscribers). */
export const QUEUE_HANDLERS = { [QUEUES.aiInbox]: aiInbox };

export interface AiWorkerDeps {
  database: Database<typeof schema>;
  queue: QueueContext;
  logger: Logger;
  clock?: () => Date;
}

export interface AiWorkers {
  close: () => Promise<void>;
}

/** The ai inbox: personalization events from the auth service, and the monthly credits reset. */
export async function startAiWorkers({
  database,
  queue,
  logger,
  clock = () => new Date(),
}: AiWorkerDeps): Promise<AiWorkers> {
  const { profiles, credits, userData } = createServices(database);
  const queues = new Queues(queue, logger);

  const worker = createWorker(QUEUES.aiInbox, aiInbox({ profiles, credits, userData, queues, clock }), queue, {
    logger,
  });

  await queues
    .get(QUEUES.aiInbox)
    .upsertJobScheduler(
      CREDITS_RESET_SCHEDULE.id,
      { pattern: CREDITS_RESET_SCHEDULE.pattern, tz: CREDITS_RESET_SCHEDULE.tz },
      { name: creditsResetJob.name, data: {}, opts: { removeOnComplete: { count: 50 }, removeOnFail: { count: 200 } } },
    );

  return {
    close: async () => {
      await worker.close();
      await queues.close();
    },
  };
}
