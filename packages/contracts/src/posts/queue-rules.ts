import type { QueueSlot } from './queue.js';

// The queue's rules and words, apart from its schemas (queue.ts): the composer and the settings
// name them as they start, without building the posts' schemas.

/** At most three slots a day. */
export const MAX_QUEUE_SLOTS = 21;

/** 0 is Sunday, as JavaScript and most calendars of the region count. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Zones whose work week runs Sunday to Thursday. */
export const SUNDAY_WEEK_ZONES: readonly string[] = [
  'Asia/Riyadh',
  'Asia/Dubai',
  'Asia/Kuwait',
  'Asia/Qatar',
  'Asia/Bahrain',
  'Asia/Muscat',
  'Asia/Aden',
  'Asia/Baghdad',
  'Africa/Cairo',
  'Asia/Amman',
  'Asia/Jerusalem',
  'Asia/Tel_Aviv',
  'Africa/Tripoli',
  'Africa/Algiers',
  'Africa/Khartoum',
];

export const QUEUE_MESSAGES = {
  tooManySlots: `A queue can have at most ${MAX_QUEUE_SLOTS} slots a week`,
  duplicateSlot: 'The same day and time is in the queue twice',
  noSlots: 'Your queue has no posting times yet: add some in the queue settings first',
  full: 'Every queue slot in the coming year is taken: add more posting times or schedule the post by hand',
  tooFewSlots: (queued: number, available: number) =>
    `These posting times give ${available} free slots in the coming year for ${queued} queued posts: keep more times, or take posts out of the queue first`,
  saved: 'Queue saved',
  queued: 'Post added to the queue',
} as const;

/** The stable code of each queue refusal. */
export const QUEUE_ERROR_CODES = {
  /** params: limit */
  tooManySlots: 'queue.too_many_slots',
  duplicateSlot: 'queue.duplicate_slot',
  noSlots: 'queue.no_slots',
  /** params: queued, available when saving slots that cannot hold the posts already queued */
  full: 'queue.full',
} as const;

/** Business-hours defaults: mid-morning, lunchtime and end of the working day are when feeds are read. */
const SUGGESTED_TIMES = ['09:00', '13:00'] as const;

export type WorkWeek = 'sunday-thursday' | 'monday-friday';

/** The work week of a zone: Sunday–Thursday in the Gulf and its neighbours, Monday–Friday elsewhere. */
export function workWeekOf(timeZone: string | null | undefined): WorkWeek {
  return timeZone && SUNDAY_WEEK_ZONES.includes(timeZone) ? 'sunday-thursday' : 'monday-friday';
}

/** Sensible slots for a zone's work week (Sunday–Thursday in the Gulf, Monday–Friday elsewhere). */
export function suggestedQueueSlots(timeZone: string | null | undefined): QueueSlot[] {
  const days: Weekday[] = workWeekOf(timeZone) === 'sunday-thursday' ? [0, 1, 2, 3, 4] : [1, 2, 3, 4, 5];
  return days.flatMap((weekday, i) => [{ weekday, time: SUGGESTED_TIMES[i % 2 === 0 ? 0 : 1] }]);
}

/**
 * The suggested slots as whole hours, best first, before a writer's own history says better: the
 * middle of the work week first (feeds are read most then), its edges last.
 */
export function defaultBestTimes(timeZone: string | null | undefined): { weekday: number; hour: number }[] {
  const slots = suggestedQueueSlots(timeZone);
  const middle = (slots.length - 1) / 2;
  return slots
    .map((slot, index) => ({ weekday: slot.weekday, hour: Number(slot.time.slice(0, 2)), index }))
    .sort((a, b) => Math.abs(a.index - middle) - Math.abs(b.index - middle) || a.index - b.index)
    .map(({ weekday, hour }) => ({ weekday, hour }));
}

/** Slots in week order (Sunday first), then by time. */
export function sortQueueSlots(slots: readonly QueueSlot[]): QueueSlot[] {
  return [...slots].sort((a, b) => a.weekday - b.weekday || a.time.localeCompare(b.time));
}
