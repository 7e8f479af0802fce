import {
  canonicalTimeZone,
  looksLikeIsoDate,
  MAX_SCHEDULE_AHEAD_DAYS,
  POST_MESSAGES,
  parseCalendarDate,
  parseTimeOfDay,
} from '@nashr/contracts';
import { badRequest } from '../refusal.js';
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

/** An IANA zone in its canonical spelling, or a 400 naming what was sent. */
export function requireTimeZone(input: string): string {
  const zone = canonicalTimeZone(input);
  if (!zone) {
    const sent = input.slice(0, 64);
    throw badRequest('badTimeZone', POST_MESSAGES.badTimeZone(sent), { zone: sent });
  }
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
  if (!looksLikeIsoDate(date)) throw badRequest('badDateFormat');
  const calendarDate = parseCalendarDate(date);
  if (!calendarDate) throw badRequest('impossibleDate', POST_MESSAGES.impossibleDate(date), { date });
  const timeOfDay = parseTimeOfDay(time);
  if (!timeOfDay) throw badRequest('badTimeFormat');
  const timeZone = requireTimeZone(input.timeZone);
  const instant = localToInstant(calendarDate, timeOfDay, timeZone);
  if (!instant) {
    throw badRequest('nonexistentLocalTime', POST_MESSAGES.nonexistentLocalTime(date, time, timeZone), {
      date,
      time,
      zone: timeZone,
    });
  }
  if (instant.getTime() <= now.getTime()) throw badRequest('timeInPast');
  if (instant.getTime() - now.getTime() > MAX_SCHEDULE_AHEAD_DAYS * 24 * 3_600_000) {
    throw badRequest('tooFarAhead', undefined, { days: MAX_SCHEDULE_AHEAD_DAYS });
  }
  return { instant, timeZone, enteredDate: date, enteredTime: time };
}
