import {
  canonicalTimeZone,
  looksLikeIsoDate,
  MAX_SCHEDULE_AHEAD_DAYS,
  POST_MESSAGES,
  parseCalendarDate,
  parseTimeOfDay,
} from '@nashr/contracts';
import { AppError } from '@nashr/platform';
import { localToInstant } from './local-time.js';

export interface ScheduleInput {
  date: string;
  time: string;
  timeZone: string;
}

export interface ResolvedSchedule {
  instant: Date;
  /** Canonical IANA spelling. */
  timeZone: string;
  enteredDate: string;
  enteredTime: string;
}

const bad = (message: string) => new AppError('BAD_REQUEST', message);

/** An IANA zone in its canonical spelling, or a 400 naming what was sent. */
export function requireTimeZone(input: string): string {
  const zone = canonicalTimeZone(input);
  if (!zone) throw bad(POST_MESSAGES.badTimeZone(input.slice(0, 64)));
  return zone;
}

/**
 * Turns what a person typed (date, time, zone) into the instant the post goes out, refusing
 * malformed input, days that do not exist, local times skipped by daylight saving, the past
 * and the far future, each with its own message.
 */
export function resolveSchedule(input: ScheduleInput, now: Date = new Date()): ResolvedSchedule {
  const date = input.date.trim();
  const time = input.time.trim();
  if (!looksLikeIsoDate(date)) throw bad(POST_MESSAGES.badDateFormat);
  const calendarDate = parseCalendarDate(date);
  if (!calendarDate) throw bad(POST_MESSAGES.impossibleDate(date));
  const timeOfDay = parseTimeOfDay(time);
  if (!timeOfDay) throw bad(POST_MESSAGES.badTimeFormat);
  const timeZone = requireTimeZone(input.timeZone);
  const instant = localToInstant(calendarDate, timeOfDay, timeZone);
  if (!instant) throw bad(POST_MESSAGES.nonexistentLocalTime(date, time, timeZone));
  if (instant.getTime() <= now.getTime()) throw bad(POST_MESSAGES.timeInPast);
  if (instant.getTime() - now.getTime() > MAX_SCHEDULE_AHEAD_DAYS * 24 * 3_600_000) {
    throw bad(POST_MESSAGES.tooFarAhead);
  }
  return { instant, timeZone, enteredDate: date, enteredTime: time };
}
