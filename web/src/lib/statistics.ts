import type { LinkedinPost } from '@nashr/contracts';

/** The days the profile's figures cover: the dashboard's default period, whose figures it shows. */
export const ENGAGEMENT_WINDOW_DAYS = 30;

export const engagementOf = (post: LinkedinPost) => post.reaction_counter + post.comment_counter + post.repost_counter;
