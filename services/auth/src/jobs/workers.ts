import { digestTickJob, PUSHES_PER_DEVICE_PER_HOUR, QUEUES } from '@nashr/contracts';
import { createWorker, type Database, type Logger, type QueueContext, Queues } from '@nashr/platform';
import type { Worker } from 'bullmq';
import type { WorkerConfig, WorkerName } from '../config.js';
import type { schema } from '../db/schema.js';
import { DIGEST_TICK_SCHEDULE } from '../notifications/mail-jobs.js';
import type { Mailer } from '../providers/mailer.js';
import { PushCap } from '../push/push-cap.js';
import { VapidKeySource } from '../push/vapid.js';
import { createServices } from '../services.js';
import { WebhookDispatcher } from '../webhooks/webhook-jobs.js';
import { authInbox } from './auth-inbox.js';
import { authMail } from './auth-mail.js';
import { authPush } from './auth-push.js';
import { authWebhooks } from './auth-webhooks.js';

export interface AuthWorkerDeps {
  config: Pick<
    WorkerConfig,
    | 'NODE_ENV'
    | 'PUBLIC_URL'
    | 'MAGIC_LINK_TTL_SECONDS'
    | 'VAPID_PUBLIC_KEY'
    | 'VAPID_PRIVATE_KEY'
    | 'VAPID_SUBJECT'
    | 'PUSH_TIMEOUT_MS'
    | 'WEBHOOK_TIMEOUT_MS'
    | 'WEBHOOK_RETRY_BASE_MS'
    | 'ENCRYPTION_KEY'
  >;
  names: readonly WorkerName[];
  logger: Logger;
  database: Database<typeof schema>;
  /** A worker connection (`maxRetriesPerRequest: null`). */
  queue: QueueContext;
  mailer: Mailer;
  clock?: () => Date;
}

/** Starts the chosen workers; closing waits for running jobs to finish. */
export function startWorkers({ config, names, logger, database, queue, mailer, clock }: AuthWorkerDeps): {
  workers: Worker[];
  /** Resolves once the digest schedule is in place (the mail worker only). */
  ready: Promise<void>;
  close: () => Promise<void>;
} {
  const workers: Worker[] = [];
  const queues = new Queues(queue, logger);
  const { users, notifications, links, push, webhooks, workspaces } = createServices({
    database,
    redis: queue.connection,
    prefix: queue.prefix,
    encryptionKey: config.ENCRYPTION_KEY,
  });
  let ready = Promise.resolve();
  if (names.includes('mail')) {
    const handlers = authMail({
      links,
      store: notifications,
      users,
      queues,
      mailer,
      publicUrl: config.PUBLIC_URL,
      ttlSeconds: config.MAGIC_LINK_TTL_SECONDS,
      workspaces,
      clock,
    });
    workers.push(createWorker(QUEUES.authMail, handlers, queue, { logger }));
    ready = queues
      .get(QUEUES.authMail)
      .upsertJobScheduler(
        DIGEST_TICK_SCHEDULE.id,
        { pattern: DIGEST_TICK_SCHEDULE.pattern },
        { name: digestTickJob.name, data: {}, opts: { removeOnComplete: { count: 50 }, removeOnFail: { count: 200 } } },
      )
      .then(() => undefined);
    ready.catch((err) => logger.error({ err }, 'could not schedule the notification digest'));
  }
  if (names.includes('inbox')) {
    workers.push(
      createWorker(QUEUES.authInbox, authInbox({ users, notifications, push, queues, workspaces }), queue, { logger }),
    );
  }
  if (names.includes('push')) {
    // The keys are read at the first push, not at boot: a worker without VAPID settings starts in development.
    const vapid = new VapidKeySource(config, queue.connection, queue.prefix);
    const cap = new PushCap(queue.connection, queue.prefix, PUSHES_PER_DEVICE_PER_HOUR);
    const handlers = authPush({ store: notifications, push, users, vapid, cap, timeoutMs: config.PUSH_TIMEOUT_MS });
    // Deliveries mostly wait on the network: many at once, so a slow push service holds up few.
    workers.push(createWorker(QUEUES.authPush, handlers, queue, { logger, concurrency: 20 }));
  }
  if (names.includes('webhooks')) {
    const dispatcher = new WebhookDispatcher(webhooks, queues, config.WEBHOOK_RETRY_BASE_MS);
    const send = { timeoutMs: config.WEBHOOK_TIMEOUT_MS, allowLoopback: config.NODE_ENV !== 'production' };
    // Deliveries wait on the receivers: many at once, so a slow one holds up a single slot.
    workers.push(
      createWorker(QUEUES.authWebhooks, authWebhooks({ dispatcher, send }), queue, { logger, concurrency: 20 }),
    );
  }
  return {
    workers,
    ready,
    close: async () => {
      await Promise.all(workers.map((w) => w.close()));
      await queues.close();
    },
  };
}
