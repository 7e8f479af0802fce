/**
 * The user's own clock for autopilot: their day (the cap counts per day in their zone) and their
 * working hours, read with the runtime's time-zone data (Intl), daylight saving included.
 */

const DAY = 86_400_000;
const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(zone, format);
  }
  return format;
}

export interface LocalMoment {
  /** YYYY-MM-DD in the zone. */
  date: string;
  /** 0 (Sunday) to 6. */
  weekday: number;
  /** Minutes since the zone's midnight. */
  minutes: number;
}

function partsOf(at: Date, zone: string) {
  const parts = Object.fromEntries(
    formatIn(zone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS[parts.weekday ?? 'Sun'] ?? 0,
  };
}

export function localMoment(at: Date, zone: string): LocalMoment {
  const p = partsOf(at, zone);
  const date = `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
  return { date, weekday: p.weekday, minutes: p.hour * 60 + p.minute };
}

/** How far the zone's wall clock is ahead of UTC at this instant, in ms. */
function offsetAt(at: number, zone: string): number {
  const p = partsOf(new Date(at), zone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(at / 1000) * 1000;
}

/** The instant the zone's clock shows `minutes` past midnight on `date` (a time skipped by daylight saving: just after). */
export function instantOf(date: string, minutes: number, zone: string): Date {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  const wall = Date.UTC(year, month - 1, day, Math.floor(minutes / 60), minutes % 60);
  const first = wall - offsetAt(wall, zone);
  const second = wall - offsetAt(first, zone);
  return new Date(second);
}

/** The date `days` after `date` (both YYYY-MM-DD). */
function addDays(date: string, days: number): string {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day) + days * DAY).toISOString().slice(0, 10);
}

export interface WorkingHours {
  /** Minutes since midnight: start included, end excluded. */
  start: number;
  end: number;
  days: readonly number[];
  timeZone: string;
}

export function withinHours(now: Date, hours: WorkingHours): boolean {
  const local = localMoment(now, hours.timeZone);
  return hours.days.includes(local.weekday) && local.minutes >= hours.start && local.minutes < hours.end;
}

/**
 * When the working hours next open after `now`: later today if they have not started yet, else
 * on the next working day. `laterDay` skips today (today's cap is used up).
 */
export function nextOpening(now: Date, hours: WorkingHours, laterDay = false): Date {
  const local = localMoment(now, hours.timeZone);
  for (let ahead = laterDay ? 1 : 0; ahead <= 7; ahead++) {
    const weekday = (local.weekday + ahead) % 7;
    if (!hours.days.includes(weekday)) continue;
    if (ahead === 0 && local.minutes >= hours.start) continue;
    return instantOf(addDays(local.date, ahead), hours.start, hours.timeZone);
  }
  // Unreachable with at least one working day; a week on is a safe answer all the same.
  return new Date(now.getTime() + 7 * DAY);
}
