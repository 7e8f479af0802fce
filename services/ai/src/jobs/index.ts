import { personalizationUpdatedEvent, QUEUES } from '@nashr/contracts';
import { createWorker, type Database, handleJob, type Logger, type QueueContext, Queues } from '@nashr/platform';
import { CreditStore } from '../credits/credit-store.js';
import type { schema } from '../db/schema.js';
import { ProfileStore } from '../profile-store.js';
import { CREDITS_RESET_SCHEDULE, creditsResetJob } from './credits-reset.js';

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
  const profiles = new ProfileStore(database.db);
  const credits = new CreditStore(database.db);

  const worker = createWorker(
    QUEUES.aiInbox,
    [
      handleJob(personalizationUpdatedEvent, async (payload, job, log) => {
        // The publish time orders events: a late, older one never replaces a newer copy.
        const stored = await profiles.savePersonalization(
          payload.userId,
          payload.personalization,
          new Date(job.timestamp),
        );
        log.info(
          { userId: payload.userId, stored },
          stored ? 'personalization stored' : 'older personalization ignored',
        );
        return { stored };
      }),
      handleJob(creditsResetJob, async (_payload, _job, log) => {
        const reset = await credits.resetPremium(clock());
        log.info({ reset }, 'premium credits granted for the month');
        return { reset };
      }),
    ],
    queue,
    { logger },
  );

  const queues = new Queues(queue, logger);
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
