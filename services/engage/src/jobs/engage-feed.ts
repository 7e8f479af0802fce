import { commentSuggestionsWrittenJob, engageRefreshJob, engageSuggestJob } from '@nashr/contracts';
import { handleJob, putOff } from '@nashr/platform';
import { type Feed, RefreshPaused } from '../feed.js';

/**
 * Each user's feed refresh (repeatable, and at once after a change), the suggestions asked of the
 * ai service ahead of time (or again when the user's voice changed), and its answers.
 */
export function engageFeed(feed: Feed) {
  return [
    handleJob(engageRefreshJob, async ({ userId, progress }, job, log) => {
      try {
        const result = await feed.refresh(userId, progress);
        log.info({ userId, ...result }, 'engage feed refreshed');
        return result;
      } catch (error) {
        // The account's rate is spent for now: the refresh goes back to the queue until its next
        // slot, remembering where it was, and the worker takes other users' work meanwhile.
        if (!(error instanceof RefreshPaused) || !job.token) throw error;
        await job.updateData({ ...job.data, progress: error.progress });
        log.debug(
          { userId, ...error.progress, waitMs: error.waitMs },
          'engage feed refresh paused for its account rate',
        );
        throw await putOff(job, Date.now() + error.waitMs);
      }
    }),
    handleJob(engageSuggestJob, async ({ userId, postId, rewrite, requestId }) => {
      const asked = await feed.suggest(userId, postId, rewrite ? 'rewrite' : 'prepare', undefined, requestId);
      return { asked: asked !== null, generation: asked?.generation ?? null };
    }),
    handleJob(commentSuggestionsWrittenJob, async (answer, _job, log) => {
      const stored = await feed.storeAnswer(answer);
      log.info(
        { userId: answer.userId, postId: answer.postId, generation: answer.generation, source: answer.source, stored },
        stored ? 'comment suggestions stored' : 'comment suggestions of a replaced request dropped',
      );
      return { stored };
    }),
  ];
}
