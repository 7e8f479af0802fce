import {
  MAX_DRAFT_LENGTH,
  MAX_DRAFTS_PER_USER,
  MAX_FIRST_COMMENT_LENGTH,
  MAX_POST_LENGTH,
  MAX_SCHEDULE_AHEAD_DAYS,
} from './limits.js';

/** The spec's schedule messages (section 8); the last two are shown by the web on its own. */
export const SCHEDULE_MESSAGES = {
  scheduled: 'Post scheduled successfully',
  fillAllFields: 'Please fill in all fields',
  failed: 'Failed to schedule post',
  error: 'An error occurred while scheduling your post',
} as const;

/** Every other message the posts API answers with, so the web can recognise and translate them. */
export const POST_MESSAGES = {
  notYourAccount: 'You can only manage the posts of your own account',
  notFound: 'This post does not exist',
  contentRequired: 'Write something before posting',
  tooLong: (length: number) =>
    `A post can be at most ${MAX_POST_LENGTH.toLocaleString('en')} characters (this one has ${length.toLocaleString('en')})`,
  badDateFormat: 'The date must be in the form YYYY-MM-DD, for example 2026-05-14',
  impossibleDate: (date: string) => `${date} is not a real date`,
  badTimeFormat: 'The time must look like 3:30 PM or 15:30',
  badTimeZone: (zone: string) => `"${zone}" is not a known time zone: use a name such as Asia/Riyadh or Europe/Berlin`,
  timeInPast: 'This date and time have already passed: pick a time in the future',
  tooFarAhead: `Posts can be scheduled at most ${MAX_SCHEDULE_AHEAD_DAYS} days ahead`,
  nonexistentLocalTime: (date: string, time: string, zone: string) =>
    `${time} does not exist on ${date} in ${zone} (the clocks move forward then): pick another time`,
  dateAndTimeTogether: 'Send the date and the time together',
  nothingToChange: 'Nothing to change: send the content, or the date and time',
  publishedCannotChange: 'This post is already published on LinkedIn and can no longer be changed here',
  publishingCannotChange: 'This post is being published right now and can no longer be changed',
  cancelledCannotChange: 'This post was deleted and can no longer be changed',
  changedElsewhere: 'This post was changed in the meantime: reload it and try again',
  onlyFailedRetry: 'Only a post whose publishing failed can be retried',
  onlyScheduledMove: 'Only a scheduled post can move to the connected LinkedIn account',
  identityUnknown: 'Posts can be written as the connected LinkedIn account or a company page added to it',
  movedToConnectedAccount: 'The post will go out as the connected LinkedIn account',
  updated: 'Post updated',
  rescheduled: 'Post rescheduled',
  deleted: 'Scheduled post deleted',
  retrying: 'Publishing the post again',
  published: 'Post published successfully',
  stillPublishing: 'Your post is still being published: it will appear in your posts once LinkedIn confirms it',
  publishFailed: 'Error posting to LinkedIn',
  rangeTooLong: (days: number) => `The period can be at most ${days} days long`,
  rangeReversed: '"to" must come after "from"',
  firstCommentTooLong: (length: number) =>
    `A first comment can be at most ${MAX_FIRST_COMMENT_LENGTH.toLocaleString('en')} characters (this one has ${length.toLocaleString('en')})`,
  draftNotFound: 'This draft does not exist',
  draftEmpty: 'Write something before saving a draft',
  draftTooLong: (length: number) =>
    `A draft can be at most ${MAX_DRAFT_LENGTH.toLocaleString('en')} characters (this one has ${length.toLocaleString('en')})`,
  tooManyDrafts: `You can keep at most ${MAX_DRAFTS_PER_USER} drafts: delete some you no longer need`,
  draftChangedElsewhere: 'This draft was changed in another tab or device: reload it and try again',
  draftSaved: 'Draft saved',
  draftDeleted: 'Draft deleted',
} as const;

/**
 * The stable code of each refusal above: what the web app translates by. Values a message
 * carries travel beside it as `params` (named in the comments).
 */
export const POST_ERROR_CODES = {
  fillAllFields: 'post.fill_all_fields',
  notYourAccount: 'post.not_your_account',
  notFound: 'post.not_found',
  contentRequired: 'post.content_required',
  /** params: length, limit */
  tooLong: 'post.too_long',
  badDateFormat: 'post.bad_date_format',
  /** params: date */
  impossibleDate: 'post.impossible_date',
  badTimeFormat: 'post.bad_time_format',
  /** params: zone */
  badTimeZone: 'post.bad_time_zone',
  timeInPast: 'post.time_in_past',
  /** params: days */
  tooFarAhead: 'post.too_far_ahead',
  /** params: date, time, zone */
  nonexistentLocalTime: 'post.nonexistent_local_time',
  dateAndTimeTogether: 'post.date_and_time_together',
  nothingToChange: 'post.nothing_to_change',
  publishedCannotChange: 'post.published_cannot_change',
  publishingCannotChange: 'post.publishing_cannot_change',
  cancelledCannotChange: 'post.cancelled_cannot_change',
  changedElsewhere: 'post.changed_elsewhere',
  onlyFailedRetry: 'post.only_failed_retry',
  onlyScheduledMove: 'post.only_scheduled_move',
  /** The post names an identity that is neither the connected member nor one of their added pages. */
  identityUnknown: 'post.identity_unknown',
  /** The network refused the post; params: reason (the network's own words, when it gave some). */
  publishFailed: 'post.publish_failed',
  /** params: days */
  rangeTooLong: 'post.range_too_long',
  rangeReversed: 'post.range_reversed',
  /** params: length, limit */
  firstCommentTooLong: 'post.first_comment_too_long',
  draftNotFound: 'post.draft_not_found',
  draftEmpty: 'post.draft_empty',
  /** params: length, limit */
  draftTooLong: 'post.draft_too_long',
  /** params: limit */
  tooManyDrafts: 'post.too_many_drafts',
  draftChangedElsewhere: 'post.draft_changed_elsewhere',
} as const;
