import type { AnalyticsPost, LinkedinPost } from '@nashr/contracts';

/** The days the profile's figures cover: the dashboard's default period, whose figures it shows. */
export const ENGAGEMENT_WINDOW_DAYS = 30;

export type CounterKey = 'reactions' | 'comments' | 'reposts' | 'impressions';

/**
 * An analytics post's four counters, or null while no snapshot has read them (the member did not
 * allow post analytics): the screens say so rather than show zeros.
 */
export function readFiguresOf(post: AnalyticsPost): Record<CounterKey, number> | null {
  const { reactions, comments, reposts, impressions } = post;
  if (reactions === null || comments === null || reposts === null || impressions === null) return null;
  return { reactions, comments, reposts, impressions };
}

/**
 * A published post's four counters, in the order the cards show them; null when the post came
 * without them (LinkedIn's official API lists posts without figures): never zeros that are not.
 */
export function countersOf(post: LinkedinPost): { key: CounterKey; value: number }[] | null {
  const { reaction_counter, comment_counter, repost_counter, impressions_counter } = post;
  if (reaction_counter === null || comment_counter === null || repost_counter === null) return null;
  if (impressions_counter === null) return null;
  return [
    { key: 'reactions', value: reaction_counter },
    { key: 'comments', value: comment_counter },
    { key: 'reposts', value: repost_counter },
    { key: 'impressions', value: impressions_counter },
  ];
}
