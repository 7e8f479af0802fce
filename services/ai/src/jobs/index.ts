import { creditsRenewalSweepJob, QUEUES } from '@nashr/contracts';
import { createWorker, type Database, type Logger, type QueueContext, Queues } from '@nashr/platform';
import type { schema } from '../db/schema.js';
import { createServices } from '../services.js';
import { aiInbox } from './ai-inbox.js';
import { CREDITS_RENEWAL_SCHEDULE, RETIRED_SCHEDULERS } from './credits-renewal.js';

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

/** The ai inbox: personalization and plan events, and the credits renewals with their hourly sweep. */
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

  const inbox = queues.get(QUEUES.aiInbox);
  for (const id of RETIRED_SCHEDULERS) await inbox.removeJobScheduler(id);
  await inbox.upsertJobScheduler(
    CREDITS_RENEWAL_SCHEDULE.id,
    { pattern: CREDITS_RENEWAL_SCHEDULE.pattern, tz: CREDITS_RENEWAL_SCHEDULE.tz },
    {
      name: creditsRenewalSweepJob.name,
      data: {},
      opts: { removeOnComplete: { count: 50 }, removeOnFail: { count: 200 } },
    },
  );

  return {
    close: async () => {
      await worker.close();
      await queues.close();
    },
  };
}
