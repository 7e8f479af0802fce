import type { LinkedinPost } from '@nashr/contracts';

/**
 * The profile page's reach figures, computed from the posts the network gives now (the dashboard
 * reads the kept snapshots instead, through the analytics API).
 */

/** Spec section 3 placeholder for profile views, which the network never gives: always flagged as sample. */
export const SAMPLE_PROFILE_VIEWS = 406;

export const ENGAGEMENT_WINDOW_DAYS = 30;

export const engagementOf = (post: LinkedinPost) => post.reaction_counter + post.comment_counter + post.repost_counter;
