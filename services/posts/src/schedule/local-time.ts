import { tzOffset } from '@date-fns/tz';
import { type CalendarDate, formatTwelveHour, type TimeOfDay } from '@nashr/contracts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The wall clock of `instant` in `zone`, expressed as if it were a UTC timestamp. */
function wallClockMs(instant: number, zone: string): number {
  return instant + tzOffset(zone, new Date(instant)) * MINUTE;
}

/**
 * The instant a local date and time denote in `zone`. Null when that wall-clock time never
 * happens there (the hour skipped when clocks move forward). When it happens twice (the hour
 * repeated when clocks move back) the first occurrence is taken, as most calendars do.
 */
export function localToInstant(date: CalendarDate, time: TimeOfDay, zone: string): Date | null {
  const wall = Date.UTC(date.year, date.month - 1, date.day, time.hours, time.minutes);
  // Every offset the zone uses around that day; a transition can only switch between these.
  const offsets = new Set([-DAY, 0, DAY].map((shift) => tzOffset(zone, new Date(wall + shift))));
  const matches = [...offsets]
    .map((offset) => wall - offset * MINUTE)
    .filter((instant) => wallClockMs(instant, zone) === wall)
    .sort((a, b) => a - b);
  return matches.length ? new Date(matches[0]!) : null;
}

/** `instant` as the date (YYYY-MM-DD) and 12-hour time a person in `zone` reads on the clock. */
export function instantToLocal(instant: Date, zone: string): { date: string; time: string } {
  const wall = new Date(wallClockMs(instant.getTime(), zone));
  const date = [
    String(wall.getUTCFullYear()).padStart(4, '0'),
    String(wall.getUTCMonth() + 1).padStart(2, '0'),
    String(wall.getUTCDate()).padStart(2, '0'),
  ].join('-');
  return { date, time: formatTwelveHour({ hours: wall.getUTCHours(), minutes: wall.getUTCMinutes() }) };
}

/** The calendar date a person in `zone` reads at `instant`. */
export function wallClockDate(instant: Date, zone: string): CalendarDate {
  const wall = new Date(wallClockMs(instant.getTime(), zone));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}
