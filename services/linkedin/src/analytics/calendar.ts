import type { WorkWeek } from '@nashr/contracts';

/**
 * Calendar days as `YYYY-MM-DD` text: the zone's day of an instant, and day arithmetic that
 * never meets a clock change (days are counted on the calendar, not in hours).
 */

const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day a person in `zone` reads at `instant`. */
export function zoneDay(instant: Date, zone: string): string {
  let format = formatters.get(zone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(zone, format);
  }
  return format.format(instant);
}

const toUtc = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  return fromUtc(toUtc(day) + days * DAY_MS);
}

/** 0 is Sunday. */
export function weekdayOf(day: string): number {
  return new Date(toUtc(day)).getUTCDay();
}

/** The first day of the week `day` falls in, weeks starting on Sunday where the work week does. */
export function weekStartOf(day: string, workWeek: WorkWeek): string {
  const first = workWeek === 'sunday-thursday' ? 0 : 1;
  return addDays(day, -((weekdayOf(day) - first + 7) % 7));
}

/** Every day from `first` to `last`, both included. */
export function daysBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) out.push(day);
  return out;
}
