import { DEFAULT_DISPLAY_PREFERENCES, type DisplayPreferences, type WeekStart } from '@nashr/contracts';
import { format } from 'date-fns';
import { calendarDate, calendarDay, renderingTimeZone } from './time-zone';

/**
 * Every number and date the interface shows, in the interface language and the user's display
 * preferences (Western or Arabic-Indic digits, the Hijri date beside the Gregorian one). Arabic
 * names its numbering system explicitly: browsers differ in the one they take for plain `ar`, and
 * a screen must never mix the two. Times are read in the browser's zone: the one the user lives in.
 */
let display: DisplayPreferences = DEFAULT_DISPLAY_PREFERENCES;

/** Set by the app once the signed-in user's preferences are known (visitors keep the defaults). */
export function setDisplayPreferences(preferences: DisplayPreferences): void {
  display = preferences;
}

export function displayPreferences(): DisplayPreferences {
  return display;
}

export function intlLocale(language: string): string {
  if (language === 'en') return display.digits === 'latn' ? 'en-US' : 'en-US-u-nu-arab';
  return `ar-u-nu-${display.digits}`;
}

/** date-fns' number for the first day of the week (Sunday 0 ... Saturday 6). */
export const WEEK_STARTS_ON = { sunday: 0, monday: 1, saturday: 6 } as const satisfies Record<WeekStart, number>;

// Building an Intl formatter is costly next to using one: calendars and lists format hundreds of
// dates per render, so each language, option set and zone is built once.
const dateFormatters = new Map<string, Intl.DateTimeFormat>();
const numberFormatters = new Map<string, Intl.NumberFormat>();

function dateFormatter(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  // Named in each formatter while the server renders: a formatter keeps the default zone of the
  // moment it was built, so one built for a visitor elsewhere would show another day.
  const timeZone = renderingTimeZone();
  const key = `${intlLocale(language)}|${timeZone ?? ''}|${JSON.stringify(options)}`;
  let cached = dateFormatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(intlLocale(language), { timeZone, ...options });
    dateFormatters.set(key, cached);
  }
  return cached;
}

function numberFormatter(language: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${intlLocale(language)}|${JSON.stringify(options)}`;
  let cached = numberFormatters.get(key);
  if (!cached) {
    cached = new Intl.NumberFormat(intlLocale(language), options);
    numberFormatters.set(key, cached);
  }
  return cached;
}

/** "A, B and C" in the language's own way (Arabic «أ وب وج»). */
export function formatList(items: readonly string[], language: string): string {
  return new Intl.ListFormat(intlLocale(language), { style: 'long', type: 'conjunction' }).format(items);
}

// ——— Numbers ———

/** 12,480. */
export function formatNumber(value: number, language: string): string {
  return numberFormatter(language).format(value);
}

/** A year, in the user's digits and never grouped: 2026, or ٢٠٢٦. */
export function formatYear(year: number, language: string): string {
  return numberFormatter(language, { useGrouping: false }).format(year);
}

/** 12.5K, or 12.5 ألف. */
export function formatCompact(value: number, language: string): string {
  return numberFormatter(language, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

/** A change in percent: +70%, -6%, 0%. */
export function formatChange(percent: number, language: string): string {
  return numberFormatter(language, { style: 'percent', signDisplay: 'exceptZero', maximumFractionDigits: 0 }).format(
    percent / 100,
  );
}

/** A difference with its sign: +12, -3, 0. */
export function formatSigned(value: number, language: string): string {
  return numberFormatter(language, { signDisplay: 'exceptZero', maximumFractionDigits: 1 }).format(value);
}

/** A ratio as a percentage: 0.042 reads 4.2%. */
export function formatPercent(ratio: number, language: string): string {
  return numberFormatter(language, { style: 'percent', maximumFractionDigits: 1 }).format(ratio);
}

/** A file size in megabytes, rounded up so a file just over a limit never reads as exactly "1 MB". */
export function formatMegabytes(bytes: number, language: string): string {
  const mb = Math.ceil((bytes / (1024 * 1024)) * 100) / 100;
  return numberFormatter(language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 2 }).format(mb);
}

// ——— Dates and times ———

/** A day with its month's name (rather than Arabic's all-numeric medium date, 25/11/2026); `full` adds the weekday. */
export function formatDay(instant: Date | string, language: string, style: 'medium' | 'full' = 'medium'): string {
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };
  if (style === 'full') options.weekday = 'long';
  return dateFormatter(language, options).format(new Date(instant));
}

/** The time of day: 9:05 AM, or 9:05 ص. */
export function formatClock(instant: Date | string, language: string): string {
  return dateFormatter(language, { hour: 'numeric', minute: '2-digit' }).format(new Date(instant));
}

/** An hour of the day alone (`9 AM`, `٩ ص`), as a timeline's row heading. */
export function formatHour(hour: number, language: string): string {
  return dateFormatter(language, { hour: 'numeric' }).format(calendarDay(2026, 0, 4, hour));
}

/**
 * A date with its time in the locale's medium style (in Arabic with the month's name), for a moment in a list (a session's last
 * use, a notification, a save); `medium` shows the seconds too. An unreadable value shows nothing.
 */
export function formatDateTime(instant: Date | string, language: string, time: 'short' | 'medium' = 'short'): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  // Arabic's medium date is all digits (25/11/2026): the month is named instead, as formatDay does.
  if (language === 'ar') {
    return dateFormatter(language, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      ...(time === 'medium' ? { second: '2-digit' } : {}),
    }).format(date);
  }
  return dateFormatter(language, { dateStyle: 'medium', timeStyle: time }).format(date);
}

/** A day and its month's short name, for a chart's axis: 5 Nov, or ٥ نوفمبر. */
export function formatShortDay(day: Date, language: string): string {
  return dateFormatter(language, { day: 'numeric', month: 'short' }).format(day);
}

/** An hour of the day on the 24-hour clock, as a weekly slot names it: 09:00. */
export function formatHourOfDay(hour: number, language: string): string {
  return dateFormatter(language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    calendarDay(2026, 0, 4, hour),
  );
}

/** A month's short name (a chart's axis), or its long name with the year (a calendar's title). */
export function formatMonth(date: Date, language: string, withYear = false): string {
  return dateFormatter(language, withYear ? { month: 'long', year: 'numeric' } : { month: 'short' }).format(date);
}

/**
 * A weekday for a calendar's head. Arabic day names are long words, so the short form is their
 * one-letter form; `long` is the full name (the head's abbreviation title).
 */
export function formatWeekday(day: Date, language: string, length: 'short' | 'long' = 'short'): string {
  const weekday = length === 'long' ? 'long' : language === 'en' ? 'short' : 'narrow';
  return dateFormatter(language, { weekday }).format(day);
}

/** The day of the month alone, as a calendar cell shows it. */
export function formatDayNumber(day: Date, language: string): string {
  return dateFormatter(language, { day: 'numeric' }).format(day);
}

// ——— The Hijri calendar (Umm al-Qura, as Saudi Arabia publishes it) ———

const HIJRI = { calendar: 'islamic-umalqura' } as const;

/** A Hijri date with its month's name: 14 جمادى الآخرة 1448 هـ, or Jumada II 14, 1448 AH. */
export function formatHijriDay(instant: Date | string, language: string): string {
  return dateFormatter(language, { ...HIJRI, day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(instant),
  );
}

/** The Hijri day of the month alone, for a calendar cell. */
export function formatHijriDayNumber(day: Date, language: string): string {
  return dateFormatter(language, { ...HIJRI, day: 'numeric' }).format(day);
}

/** The Hijri months a span of days covers, with the year: a Gregorian month spans two of them. */
export function formatHijriMonths(first: Date, last: Date, language: string): string {
  return dateFormatter(language, { ...HIJRI, month: 'long', year: 'numeric' }).formatRange(first, last);
}

/** `YYYY-MM-DD` of the local day, as a date input reads and writes it. */
export const dateInputValue = (instant: Date | string) => format(calendarDate(instant), 'yyyy-MM-dd');

/** `HH:mm` of the local time, as a time input reads and writes it. */
export const timeInputValue = (instant: Date | string) => format(calendarDate(instant), 'HH:mm');
