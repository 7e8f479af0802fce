import { QUEUES } from '@nashr/contracts';
import { createWorker, type Database, IdentityChanges, type Logger, type QueueContext } from '@nashr/platform';
import type { Worker } from 'bullmq';
import type { WorkerConfig, WorkerName } from './config.js';
import type { schema } from './db/schema.js';
import { accountEventHandlers } from './jobs/account-events.js';
import { sendMagicLinkHandler } from './jobs/send-magic-link.js';
import { MagicLinks } from './magic-links.js';
import type { Mailer } from './providers/mailer.js';
import { UserStore } from './users/user-store.js';

export interface AuthWorkerDeps {
  config: Pick<WorkerConfig, 'PUBLIC_URL' | 'MAGIC_LINK_TTL_SECONDS'>;
  names: readonly WorkerName[];
  logger: Logger;
  database: Database<typeof schema>;
  /** A worker connection (`maxRetriesPerRequest: null`). */
  queue: QueueContext;
  mailer: Mailer;
}

/** Starts the chosen workers; closing waits for running jobs to finish. */
export function startWorkers({ config, names, logger, database, queue, mailer }: AuthWorkerDeps): {
  workers: Worker[];
  close: () => Promise<void>;
} {
  const workers: Worker[] = [];
  if (names.includes('mail')) {
    const handler = sendMagicLinkHandler({
      links: new MagicLinks(database.db),
      mailer,
      publicUrl: config.PUBLIC_URL,
      ttlSeconds: config.MAGIC_LINK_TTL_SECONDS,
    });
    workers.push(createWorker(QUEUES.authMail, [handler], queue, { logger }));
  }
  if (names.includes('inbox')) {
    const handlers = accountEventHandlers(
      new UserStore(database.db, new IdentityChanges(queue.connection, queue.prefix)),
    );
    workers.push(createWorker(QUEUES.authInbox, handlers, queue, { logger }));
  }
  return {
    workers,
    close: async () => {
      await Promise.all(workers.map((w) => w.close()));
    },
  };
}
