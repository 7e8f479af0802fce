import { publishPostJob } from '@nashr/contracts';
import { handleJob } from '@nashr/platform';
import type { Publisher } from '../publish/publisher.js';

/** The linkedin-publish queue: publish jobs from the posts service, and nothing else. */
export function linkedinPublish(publisher: Publisher) {
  return [
    handleJob(publishPostJob, (payload, job, log) =>
      publisher.handle(payload, { attemptsMade: job.attemptsMade, attempts: job.opts.attempts ?? 1 }, log),
    ),
  ];
}
