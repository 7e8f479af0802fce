import { commentSuggestionsWrittenJob, engageRefreshJob, engageSuggestJob } from '@nashr/contracts';
import { handleJob } from '@nashr/platform';
import type { Feed } from '../feed.js';

/**
 * Each user's feed refresh (repeatable, and at once after a change), the suggestions asked of the
 * ai service ahead of time (or again when the user's voice changed), and its answers.
 */
export function engageFeed(feed: Feed) {
  return [
    handleJob(engageRefreshJob, async ({ userId }, _job, log) => {
      const result = await feed.refresh(userId);
      log.info({ userId, ...result }, 'engage feed refreshed');
      return result;
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
