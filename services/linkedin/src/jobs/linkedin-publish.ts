import { engageCommentJob, publishPostJob } from '@nashr/contracts';
import { handleJob, putOff } from '@nashr/platform';
import { isProviderError } from '../providers/provider-error.js';
import type { EngageCommenter } from '../publish/engage-commenter.js';
import type { Publisher } from '../publish/publisher.js';

/** The longest wait a rate limit may put on a post (a member's daily limit resets within a day). */
const MAX_RATE_LIMIT_WAIT_MS = 24 * 60 * 60 * 1000;

/** The linkedin-publish queue: publish jobs from the posts service, and Engage's comments (when a commenter is given). */
export function linkedinPublish(publisher: Publisher, commenter?: EngageCommenter) {
  const comments = commenter
    ? [
        handleJob(engageCommentJob, (payload, job, log) =>
          // A run after another of the same job (a crash, a thrown error) may follow one that reached the network.
          commenter.handle(payload, job.attemptsMade > 0 || (job.attemptsStarted ?? 1) > 1, log),
        ),
      ]
    : [];
  return [
    ...comments,
    handleJob(publishPostJob, async (payload, job, log) => {
      try {
        return await publisher.handle(
          payload,
          { attemptsMade: job.attemptsMade, attempts: job.opts.attempts ?? 1 },
          log,
        );
      } catch (error) {
        // The network said when to come back: the job waits that long without using up a try,
        // and other users' posts keep flowing meanwhile.
        const wait = isProviderError(error) && error.kind === 'rate_limited' ? error.retryAfterMs : undefined;
        if (wait === undefined || !job.token) throw error;
        const at = Date.now() + Math.min(Math.max(wait, 0), MAX_RATE_LIMIT_WAIT_MS);
        const putOffError = await putOff(job, at);
        log.info({ postId: payload.postId, retryAt: new Date(at).toISOString() }, 'rate limited: publishing later');
        // The post shows when it goes out again; a lost report only leaves it showing 'publishing'.
        await publisher
          .reportDelayed(payload, new Date(at))
          .catch((err) => log.warn({ err, postId: payload.postId }, 'could not tell the post its retry time'));
        throw putOffError;
      }
    }),
  ];
}
