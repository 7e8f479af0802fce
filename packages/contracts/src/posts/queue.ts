import { z } from 'zod';
import { text } from '../text.js';
import { MAX_FIRST_COMMENT_LENGTH } from './limits.js';
import { mediaIdsInput } from './media.js';
import { scheduledPostSchema } from './schemas.js';

/**
 * The posting queue: a weekly schedule of slots (weekday and local time in the user's zone).
 * 'Add to queue' puts a post in the next free slot; when a queued post leaves the queue, the later
 * queued posts move up one slot each; when the slots change, the queued posts are laid onto the
 * new ones in their order.
 */

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

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** One weekly slot: a weekday and a 24-hour local time (`09:00`). */
export const queueSlotSchema = z.object({
  weekday: z.number().int().min(0).max(6),
  time: z.string().regex(HH_MM, 'must be a 24-hour time such as 09:00'),
});
export type QueueSlot = z.infer<typeof queueSlotSchema>;

const slotKey = (slot: QueueSlot) => `${slot.weekday}-${slot.time}`;

/** The week's slots: at most MAX_QUEUE_SLOTS, each day and time once. */
export const queueSlotListSchema = z.array(queueSlotSchema).superRefine((slots, ctx) => {
  if (slots.length > MAX_QUEUE_SLOTS) {
    ctx.addIssue({
      code: 'custom',
      message: QUEUE_MESSAGES.tooManySlots,
      params: { answerCode: QUEUE_ERROR_CODES.tooManySlots },
    });
    return;
  }
  if (new Set(slots.map(slotKey)).size !== slots.length) {
    ctx.addIssue({
      code: 'custom',
      message: QUEUE_MESSAGES.duplicateSlot,
      params: { answerCode: QUEUE_ERROR_CODES.duplicateSlot },
    });
  }
});

/** `PUT /api/v1/queue`: the whole week at once, and the zone its times are read in. */
export const saveQueueRequestSchema = z
  .object({
    slots: queueSlotListSchema,
    /** An IANA zone (`Asia/Riyadh`); the browser's. */
    timeZone: z.string().min(1).max(100),
  })
  .strict();
export type SaveQueueRequest = z.infer<typeof saveQueueRequestSchema>;

/** The caller's queue; `suggested` are sensible times for their zone until their own history says better. */
export const queueSchema = z.object({
  slots: z.array(queueSlotSchema),
  /** The zone the slots are read in; null before the queue was first saved. */
  timeZone: z.string().nullable(),
  suggested: z.array(queueSlotSchema),
  /** The next free slot's instant (ISO 8601), null without slots. */
  nextFreeSlot: z.string().nullable(),
});
export type Queue = z.infer<typeof queueSchema>;

export const queueQuerySchema = z.object({
  /** The zone to suggest slots for before the queue was saved (the browser's). */
  timeZone: z.string().max(100).optional(),
});

export const queueResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: queueSchema,
});

/** The queue as saved, and how many queued posts moved onto the new slots. */
export const savedQueueSchema = queueSchema.extend({
  rescheduled: z.number().int().min(0),
});
export type SavedQueue = z.infer<typeof savedQueueSchema>;

export const saveQueueResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: savedQueueSchema,
});

/** `POST /api/v1/queue/posts`: a post for the next free slot. */
export const queuePostRequestSchema = z.object({
  content: text(),
  firstComment: text()
    .max(MAX_FIRST_COMMENT_LENGTH * 8)
    .optional(),
  mediaIds: mediaIdsInput().optional(),
  /** A draft the post is made from: deleted once the post is queued. */
  draftId: z.string().uuid().optional(),
});
export type QueuePostRequest = z.infer<typeof queuePostRequestSchema>;

export const queuePostResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: scheduledPostSchema,
});

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
