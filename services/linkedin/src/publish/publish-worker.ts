import { publishPostJob, QUEUES } from '@nashr/contracts';
import { createWorker, handleJob, type Logger, type QueueContext } from '@nashr/platform';
import type { Publisher } from './publisher.js';

/** The linkedin-publish consumer: publish jobs from the posts service, and nothing else. */
export function startPublishWorker(
  publisher: Publisher,
  context: QueueContext,
  options: { logger: Logger; concurrency?: number },
): ReturnType<typeof createWorker> {
  return createWorker(
    QUEUES.linkedinPublish,
    [
      handleJob(publishPostJob, (payload, job, log) =>
        publisher.handle(payload, { attemptsMade: job.attemptsMade, attempts: job.opts.attempts ?? 1 }, log),
      ),
    ],
    context,
    options,
  );
}
