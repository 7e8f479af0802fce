/** The network's real post limit; the composer's 1,000 counter of the spec is a guide, not this limit. */
export const MAX_POST_LENGTH = 3000;
/**
 * A draft may be longer than a post: what is being written is kept while it is cut down to the
 * network's limit (publishing and scheduling still refuse it until then). Bounded all the same.
 */
export const MAX_DRAFT_LENGTH = 20_000;
/** The calendar feed answers at most this many days at once... */
export const MAX_CALENDAR_RANGE_DAYS = 62;
/** ...and at most this many posts (the answer says when it was cut). */
export const MAX_CALENDAR_ROWS = 500;
/** A post can be scheduled at most this far ahead. */
export const MAX_SCHEDULE_AHEAD_DAYS = 365;
/** The spec's scheduled-posts list has a bound too. */
export const MAX_SCHEDULED_LIST_ROWS = 500;

/** A first comment has the network's limit for any comment. */
export const MAX_FIRST_COMMENT_LENGTH = 1250;
/** Drafts a user may keep at once: enough for a backlog of ideas, bounded so a loop cannot fill the table. */
export const MAX_DRAFTS_PER_USER = 200;

/**
 * Drafts live in their own table (`posts.drafts`), never as a post status: a row of `posts` is
 * something that goes out, and a draft must never publish by itself.
 */
export const POST_STATUSES = ['scheduled', 'publishing', 'published', 'failed', 'cancelled'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** Where the first comment of a post stands: waiting for the post, on the network, or refused. */
export const FIRST_COMMENT_STATUSES = ['pending', 'posted', 'failed'] as const;
export type FirstCommentStatus = (typeof FIRST_COMMENT_STATUSES)[number];
