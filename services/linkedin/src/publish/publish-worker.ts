import { QUEUES } from '@nashr/contracts';
import { createWorker, type Logger, type QueueContext } from '@nashr/platform';
import { linkedinPublish } from '../jobs/linkedin-publish.js';
import type { EngageCommenter } from './engage-commenter.js';
import type { Publisher } from './publisher.js';

/** The linkedin-publish consumer: publish jobs from the posts service, and Engage's comments. */
export function startPublishWorker(
  publisher: Publisher,
  context: QueueContext,
  options: { logger: Logger; concurrency?: number; commenter?: EngageCommenter },
): ReturnType<typeof createWorker> {
  const { commenter, ...workerOptions } = options;
  return createWorker(QUEUES.linkedinPublish, linkedinPublish(publisher, commenter), context, workerOptions);
}
