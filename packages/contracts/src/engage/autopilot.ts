import { z } from 'zod';
import { ENGAGE_LIMITS, SUGGESTION_KINDS } from './index.js';

/**
 * Engage's autopilot: opt-in, off by default. On the posts of the people the user puts on
 * autopilot, it sends one of the suggestions prepared for the post by itself, within a daily
 * cap, in the user's working hours, several minutes apart, never twice on one post and never on
 * a post the user commented on by hand. Each comment goes through the same exactly-once send,
 * with its credit, as one the user sends.
 */
export const AUTOPILOT_LIMITS = {
  minDailyCap: 1,
  maxDailyCap: 25,
  defaultDailyCap: 10,
  defaultStart: '09:00',
  defaultEnd: '18:00',
} as const;

export const AUTOPILOT_ERROR_CODES = {
  /** params: min, max */
  capOutOfRange: 'engage.autopilot_cap_out_of_range',
  /** The working hours end before they start (or the times are not HH:MM). */
  hoursInvalid: 'engage.autopilot_hours_invalid',
  timeZoneInvalid: 'engage.autopilot_time_zone_invalid',
  /** Turning autopilot on needs at least one person on it. */
  noPeople: 'engage.autopilot_no_people',
} as const;
const E = AUTOPILOT_ERROR_CODES;

/** Why a running autopilot stopped by itself: the refusal the send path answered. */
export const AUTOPILOT_STOP_CODES = ['engage.credits_exhausted', 'engage.not_included'] as const;
export type AutopilotStopCode = (typeof AUTOPILOT_STOP_CODES)[number];

/**
 * What the autopilot is doing now, as the screen says it: off, paused, stopped by itself (no
 * credits), waiting for its working hours, done for today, or on (the next comment when a post
 * is ready and the spacing has passed).
 */
export const AUTOPILOT_STATUSES = ['off', 'paused', 'stopped', 'outside_hours', 'cap_reached', 'on'] as const;
export type AutopilotStatus = (typeof AUTOPILOT_STATUSES)[number];

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Minutes since midnight of an `HH:MM` time. */
export const minutesOfTime = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

const knownZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** A check whose refusal carries its own answer code, so the client can say which rule was broken. */
const rule =
  <T>(holds: (value: T) => boolean, message: string, answerCode: string, path?: string[]) =>
  (value: T, ctx: z.RefinementCtx) => {
    if (!holds(value)) ctx.addIssue({ code: 'custom', message, params: { answerCode }, ...(path ? { path } : {}) });
  };

const { minDailyCap, maxDailyCap } = AUTOPILOT_LIMITS;
const capSchema = z
  .number()
  .int()
  .superRefine(
    rule(
      (cap: number) => cap >= minDailyCap && cap <= maxDailyCap,
      `The daily cap must be between ${minDailyCap} and ${maxDailyCap} comments`,
      E.capOutOfRange,
    ),
  );

const timeSchema = z
  .string()
  .superRefine(rule((time: string) => HH_MM.test(time), 'must be a 24-hour time such as 09:00', E.hoursInvalid));

/** Working hours in the user's zone: from `start` (included) to `end` (excluded), on `days` (0 = Sunday). */
export const autopilotHoursSchema = z
  .object({
    start: timeSchema,
    end: timeSchema,
    days: z
      .array(z.number().int().min(0).max(6))
      .min(1)
      .max(7)
      .default([0, 1, 2, 3, 4, 5, 6])
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  })
  .superRefine(
    rule(
      (hours: { start: string; end: string }) =>
        !HH_MM.test(hours.start) || !HH_MM.test(hours.end) || minutesOfTime(hours.end) > minutesOfTime(hours.start),
      'The working hours must end after they start, within one day',
      E.hoursInvalid,
      ['end'],
    ),
  );
export type AutopilotHours = z.output<typeof autopilotHoursSchema>;

/** An IANA zone the runtime knows (`Asia/Riyadh`): the user's day and hours are counted in it. */
export const autopilotTimeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .superRefine(rule(knownZone, 'is not a known time zone', E.timeZoneInvalid));

/** `PUT /api/v1/engage/autopilot`: the whole setting at once. */
export const saveAutopilotRequestSchema = z
  .object({
    enabled: z.boolean(),
    dailyCap: capSchema,
    hours: autopilotHoursSchema,
    timeZone: autopilotTimeZoneSchema,
    /** The suggestion sent: the prepared one of this kind (the first prepared one if the post has none). */
    suggestion: z.enum(SUGGESTION_KINDS),
    /** The followed people (ids of `GET /api/v1/engage/targets`) whose posts autopilot comments on. */
    personIds: z.array(z.string().uuid()).max(ENGAGE_LIMITS.people),
  })
  .strict();
export type SaveAutopilotRequest = z.input<typeof saveAutopilotRequestSchema>;

/** `PUT /api/v1/engage/autopilot/pause`: takes effect at once, whatever is queued. */
export const pauseAutopilotRequestSchema = z.object({ paused: z.boolean() }).strict();

export const autopilotSchema = z.object({
  enabled: z.boolean(),
  paused: z.boolean(),
  dailyCap: z.number().int(),
  hours: z.object({ start: z.string(), end: z.string(), days: z.array(z.number().int()) }),
  timeZone: z.string(),
  suggestion: z.enum(SUGGESTION_KINDS),
  personIds: z.array(z.string().uuid()),
  status: z.enum(AUTOPILOT_STATUSES),
  /** Comments autopilot sent today (the user's day, in `timeZone`). */
  sentToday: z.number().int(),
  /** The earliest the next comment may go (spacing or working hours); null when none will. */
  nextAt: z.string().datetime().nullable(),
  /** Set when autopilot stopped by itself: the refusal's code and values, and when. */
  stopped: z
    .object({
      code: z.enum(AUTOPILOT_STOP_CODES),
      params: z.record(z.string(), z.union([z.string(), z.number()])),
      at: z.string().datetime(),
    })
    .nullable(),
  /** The spacing between two comments: at least `minMinutes`, at most `maxMinutes` (chosen at random). */
  spacing: z.object({ minMinutes: z.number(), maxMinutes: z.number() }),
  limits: z.object({ minDailyCap: z.number().int(), maxDailyCap: z.number().int() }),
});
export type Autopilot = z.infer<typeof autopilotSchema>;
export const autopilotResponseSchema = z.object({ success: z.literal(true), autopilot: autopilotSchema });
