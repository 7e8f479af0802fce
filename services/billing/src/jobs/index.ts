import { QUEUES, refusedSubscriptionsSweepJob } from '@nashr/contracts';
import { createWorker, type Database, type Logger, type QueueContext, Queues } from '@nashr/platform';
import type { schema } from '../db/schema.js';
import { createServices, type ProviderConfig } from '../services.js';
import { billingInbox } from './billing-inbox.js';

/** The handlers of every queue this service consumes, by queue name (checked against the events' subscribers). */
export const QUEUE_HANDLERS = { [QUEUES.billingInbox]: billingInbox };

export interface BillingWorkerDeps {
  config: ProviderConfig;
  database: Database<typeof schema>;
  queue: QueueContext;
  logger: Logger;
  clock?: () => Date;
}

export interface BillingWorkers {
  close: () => Promise<void>;
}

/** How often refused subscriptions not settled yet are queued again (the first sweep runs at start). */
export const REFUSED_SWEEP = { id: 'refused-subscriptions-sweep', everyMs: 15 * 60_000 } as const;

/** The billing inbox: accounts created and deleted, grace periods ending, refused checkouts' refunds. */
export async function startBillingWorkers({
  config,
  database,
  queue,
  logger,
  clock,
}: BillingWorkerDeps): Promise<BillingWorkers> {
  const queues = new Queues(queue, logger);
  const services = createServices(database, queues, config, clock);
  const worker = createWorker(QUEUES.billingInbox, billingInbox(services, queues), queue, { logger });
  await queues.get(QUEUES.billingInbox).upsertJobScheduler(
    REFUSED_SWEEP.id,
    { every: REFUSED_SWEEP.everyMs },
    {
      name: refusedSubscriptionsSweepJob.name,
      data: {},
      opts: { removeOnComplete: { count: 50 }, removeOnFail: { count: 200 } },
    },
  );
  // At start too (a scheduler kept from the last run waits for its next round): refunds owed go out now.
  await services.refused
    .requeueUnsettled(services.provider.name)
    .catch((err: unknown) => logger.warn({ err }, 'could not queue the refused subscriptions not settled yet'));
  return {
    close: async () => {
      await worker.close();
      await queues.close();
    },
  };
}
