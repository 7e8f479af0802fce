import { addDays, addMonths, format, isValid, parse, startOfMonth, startOfWeek } from 'date-fns';
import { formatDay, formatHour, formatNumber } from './format';
import { calendarDate } from './time-zone';

/**
 * The logic behind the app's own date and time fields. The browser's pickers follow the
 * browser's language, not the app's: inside Arabic screens they read "mm/dd/yyyy" and "--:-- --".
 * The forms keep the browser's value format (`YYYY-MM-DD`, `HH:mm` on the 24-hour clock) so
 * their checks and the API calls stay as they were.
 */

export type WeekStartsOn = 0 | 1 | 6;

/** The local day a `YYYY-MM-DD` value names, or null for an empty or unreadable one. */
export function parseDay(value: string | undefined): Date | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const day = parse(value, 'yyyy-MM-dd', calendarDate());
  return isValid(day) ? day : null;
}

export const dayValue = (day: Date) => format(day, 'yyyy-MM-dd');

/** Whether a day lies outside the allowed span (bounds are `YYYY-MM-DD`, inclusive). */
export function isDayOutside(day: Date, min?: string, max?: string): boolean {
  const value = dayValue(day);
  return (min !== undefined && value < min) || (max !== undefined && value > max);
}

/** The nearest allowed day to `day`. */
export function clampDay(day: Date, min?: string, max?: string): Date {
  const value = dayValue(day);
  if (min && value < min) return parseDay(min) ?? day;
  if (max && value > max) return parseDay(max) ?? day;
  return day;
}

/** The day a calendar key moves to, or null for keys that do not move. Arrows follow the reading direction. */
export function dayAfterKey(key: string, day: Date, rtl: boolean, weekStartsOn: WeekStartsOn): Date | null {
  const forward = rtl ? -1 : 1;
  switch (key) {
    case 'ArrowRight':
      return addDays(day, forward);
    case 'ArrowLeft':
      return addDays(day, -forward);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'Home':
      return startOfWeek(day, { weekStartsOn });
    case 'End':
      return addDays(startOfWeek(day, { weekStartsOn }), 6);
    case 'PageDown':
      return addMonths(day, 1);
    case 'PageUp':
      return addMonths(day, -1);
    default:
      return null;
  }
}

/** A month's weeks, each of seven days; days of the neighbouring months are null (shown empty). */
export function monthWeeks(month: Date, weekStartsOn: WeekStartsOn): (Date | null)[][] {
  const first = startOfMonth(month);
  let day = startOfWeek(first, { weekStartsOn });
  const weeks: (Date | null)[][] = [];
  while (weeks.length === 0 || day.getMonth() === first.getMonth()) {
    const week: (Date | null)[] = [];
    for (let i = 0; i < 7; i++) {
      week.push(day.getMonth() === first.getMonth() ? day : null);
      day = addDays(day, 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/** The chosen day as the field shows it: «الثلاثاء ٨ ديسمبر ٢٠٢٦», or "Tuesday, December 8, 2026". */
export function dayLabel(value: string, language: string): string {
  const day = parseDay(value);
  return day ? formatDay(day, language, 'full') : '';
}

// ——— Time ———

/** Minutes offered in the minute list. */
export const MINUTE_STEP = 5;

/** `HH:mm` split into hour and minute, or null for an empty or unreadable value. */
export function splitTime(value: string | undefined): { hour: number; minute: number } | null {
  const match = /^(\d{2}):(\d{2})$/.exec(value ?? '');
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  return hour < 24 && minute < 60 ? { hour, minute } : null;
}

export const joinTime = (hour: number, minute: number) =>
  `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;

export interface TimeOption {
  value: number;
  label: string;
}

/** The 24 hours in the language's own clock: 9 AM, or ٩ ص (digits as the user chose). */
export function hourOptions(language: string): TimeOption[] {
  return Array.from({ length: 24 }, (_, hour) => ({ value: hour, label: formatHour(hour, language) }));
}

/** Every fifth minute (or `step`), with a current minute off that step kept in its place (11:13 still reads 11:13). */
export function minuteOptions(language: string, current?: number, step = MINUTE_STEP): TimeOption[] {
  const minutes = Array.from({ length: Math.ceil(60 / step) }, (_, i) => i * step);
  if (current !== undefined && !minutes.includes(current)) {
    minutes.push(current);
    minutes.sort((a, b) => a - b);
  }
  return minutes.map((minute) => ({ value: minute, label: formatMinute(minute, language) }));
}

/** A minute with two digits: 05, or ٠٥. */
export function formatMinute(minute: number, language: string): string {
  return formatNumber(minute, language).padStart(2, formatNumber(0, language));
}
