import { engageRefreshJob, engageSuggestJob } from '@nashr/contracts';
import { handleJob } from '@nashr/platform';
import type { Feed } from '../feed.js';

/** Each user's feed refresh (repeatable, and at once after a change) and the suggestions written ahead. */
export function engageFeed(feed: Feed) {
  return [
    handleJob(engageRefreshJob, async ({ userId }, _job, log) => {
      const result = await feed.refresh(userId);
      log.info({ userId, ...result }, 'engage feed refreshed');
      return result;
    }),
    handleJob(engageSuggestJob, async ({ userId, postId }) => {
      const row = await feed.suggest(userId, postId, 'prepare');
      return { prepared: row !== null };
    }),
  ];
}
