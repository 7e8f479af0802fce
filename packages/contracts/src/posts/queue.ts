import { z } from 'zod';
import { text } from '../text.js';
import { MAX_FIRST_COMMENT_LENGTH } from './limits.js';
import { mediaIdsInput } from './media.js';
import { MAX_QUEUE_SLOTS, QUEUE_ERROR_CODES, QUEUE_MESSAGES } from './queue-rules.js';
import { postIdentitySchema, scheduledPostSchema } from './schemas.js';

/**
 * The posting queue: a weekly schedule of slots (weekday and local time in the user's zone).
 * 'Add to queue' puts a post in the next free slot; when a queued post leaves the queue, the later
 * queued posts move up one slot each; when the slots change, the queued posts are laid onto the
 * new ones in their order.
 */

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
  /** Whom the post goes out as, as when it is scheduled: an added company page, or the member when left out. */
  identity: postIdentitySchema,
});
export type QueuePostRequest = z.infer<typeof queuePostRequestSchema>;

export const queuePostResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: scheduledPostSchema,
});
