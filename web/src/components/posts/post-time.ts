import { format } from 'date-fns';

/** Intl locale of the interface language: Arabic, or American English. */
export function intlLocale(language: string): string {
  return language === 'en' ? 'en-US' : 'ar';
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(intlLocale(language), options);
    formatters.set(key, cached);
  }
  return cached;
}

/** Times are read in the browser's zone: the one the user lives in. */
export function formatDay(instant: Date | string, language: string, style: 'medium' | 'full' = 'medium'): string {
  // Month names rather than Arabic's all-numeric medium date (25/11/2026).
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };
  if (style === 'full') options.weekday = 'long';
  return formatter(language, options).format(new Date(instant));
}

export function formatClock(instant: Date | string, language: string): string {
  return formatter(language, { hour: 'numeric', minute: '2-digit' }).format(new Date(instant));
}

export function formatMonth(month: Date, language: string): string {
  return formatter(language, { month: 'long', year: 'numeric' }).format(month);
}

/** Arabic day names are long words: the calendar head uses their one-letter form. */
export function formatWeekday(day: Date, language: string): string {
  return formatter(language, { weekday: language === 'en' ? 'short' : 'narrow' }).format(day);
}

export function formatDayNumber(day: Date, language: string): string {
  return formatter(language, { day: 'numeric' }).format(day);
}

export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(intlLocale(language), { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

/** `YYYY-MM-DD` of the local day, as a date input reads and writes it. */
export const dateInputValue = (instant: Date | string) => format(new Date(instant), 'yyyy-MM-dd');

/** `HH:mm` of the local time, as a time input reads and writes it. */
export const timeInputValue = (instant: Date | string) => format(new Date(instant), 'HH:mm');
