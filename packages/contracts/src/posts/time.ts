/**
 * Dates and times as people type them. Pure string rules shared by the web form and the posts
 * service; turning a local time into an instant needs time-zone data and lives in the service.
 */

export interface TimeOfDay {
  /** 0-23 */
  hours: number;
  minutes: number;
}

export interface CalendarDate {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
}

const TWELVE_HOUR = /^(\d{1,2}):(\d{2})\s*([AaPp])\.?\s*[Mm]\.?$/;
const TWENTY_FOUR_HOUR = /^(\d{1,2}):(\d{2})(?::00)?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Reads `3:30 PM`, `03:30pm`, `12:05 a.m.` or `15:30`; null when it is not a time of day. */
export function parseTimeOfDay(input: string): TimeOfDay | null {
  const value = input.trim();
  const twelve = TWELVE_HOUR.exec(value);
  if (twelve) {
    const hour = Number(twelve[1]);
    const minutes = Number(twelve[2]);
    if (hour < 1 || hour > 12 || minutes > 59) return null;
    const pm = twelve[3]?.toUpperCase() === 'P';
    return { hours: (hour % 12) + (pm ? 12 : 0), minutes };
  }
  const plain = TWENTY_FOUR_HOUR.exec(value);
  if (plain) {
    const hours = Number(plain[1]);
    const minutes = Number(plain[2]);
    if (hours > 23 || minutes > 59) return null;
    return { hours, minutes };
  }
  return null;
}

/** The spec's display form: 12-hour with AM or PM, 0 shown as 12 (`00:05` → `12:05 AM`). */
export function formatTwelveHour({ hours, minutes }: TimeOfDay): string {
  const suffix = hours >= 12 ? 'PM' : 'AM';
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

/**
 * Spec section 5: a time without AM or PM is converted to the 12-hour form; one that already has
 * AM or PM is kept. Returns null for text that is not a time.
 */
export function toTwelveHourTime(input: string): string | null {
  const parsed = parseTimeOfDay(input);
  if (!parsed) return null;
  return /[AaPp]\.?\s*[Mm]\.?$/.test(input.trim()) ? input.trim() : formatTwelveHour(parsed);
}

/** True for `YYYY-MM-DD` text, whether or not the day exists. */
export function looksLikeIsoDate(input: string): boolean {
  return ISO_DATE.test(input.trim());
}

/** Reads `YYYY-MM-DD`; null when malformed or when the day does not exist (2026-02-30). */
export function parseCalendarDate(input: string): CalendarDate | null {
  const match = ISO_DATE.exec(input.trim());
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth ? { year, month, day } : null;
}

/** An IANA zone the runtime knows, in its canonical spelling (`asia/riyadh` → `Asia/Riyadh`); else null. */
export function canonicalTimeZone(input: string): string | null {
  const value = input.trim();
  // Offsets such as +03:00 are not zones: they ignore daylight saving.
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
