import { QUEUES } from '@nashr/contracts';
import { createWorker, type Logger, type QueueContext } from '@nashr/platform';
import { linkedinPublish } from '../jobs/linkedin-publish.js';
import type { Publisher } from './publisher.js';

/** The linkedin-publish consumer: publish jobs from the posts service, and nothing else. */
export function startPublishWorker(
  publisher: Publisher,
  context: QueueContext,
  options: { logger: Logger; concurrency?: number },
): ReturnType<typeof createWorker> {
  return createWorker(QUEUES.linkedinPublish, linkedinPublish(publisher), context, options);
}
