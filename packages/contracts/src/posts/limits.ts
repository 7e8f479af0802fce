/** The network's real post limit; the composer's 1,000 counter of the spec is a guide, not this limit. */
export const MAX_POST_LENGTH = 3000;
/** The calendar feed answers at most this many days at once... */
export const MAX_CALENDAR_RANGE_DAYS = 62;
/** ...and at most this many posts (the answer says when it was cut). */
export const MAX_CALENDAR_ROWS = 500;
/** A post can be scheduled at most this far ahead. */
export const MAX_SCHEDULE_AHEAD_DAYS = 365;
/** The spec's scheduled-posts list has a bound too. */
export const MAX_SCHEDULED_LIST_ROWS = 500;

/**
 * `draft` is not kept: the composer holds unsent text in the browser, and a row exists only once
 * the user schedules or publishes.
 */
export const POST_STATUSES = ['scheduled', 'publishing', 'published', 'failed', 'cancelled'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
