import { DEFAULT_DISPLAY_PREFERENCES } from '@nashr/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { renderingZone } from '../app-ssr/rendering-zone';
import {
  dateInputValue,
  formatChange,
  formatClock,
  formatCompact,
  formatDateTime,
  formatDay,
  formatDayNumber,
  formatHijriDay,
  formatHijriDayNumber,
  formatHijriMonths,
  formatHour,
  formatHourOfDay,
  formatMegabytes,
  formatMonth,
  formatNumber,
  formatPercent,
  formatShortDay,
  formatSigned,
  formatWeekday,
  formatYear,
  setDisplayPreferences,
  timeInputValue,
} from './format';
import { browserTimeZone, calendarDate, calendarDay, renderZoneBy } from './time-zone';

afterEach(() => setDisplayPreferences(DEFAULT_DISPLAY_PREFERENCES));

// A local time, so the expectations hold in any zone the tests run in.
const moment = new Date(2026, 10, 25, 9, 5, 7);

// ICU versions differ in where they put direction marks and which space they use (plain or
// no-break); what a reader sees (the digits, words and their order) is what these tests pin.
const visible = (text: string) => text.replace(/[\u200e\u200f\u061c]/g, '').replace(/[\u00a0\u202f\u2009]/g, ' ');
const ARABIC_INDIC_DIGIT = /[\u0660-\u0669\u06f0-\u06f9]/;

describe('numbers', () => {
  it('groups thousands and abbreviates large counts in both languages', () => {
    expect(formatNumber(12480, 'en')).toBe('12,480');
    expect(formatNumber(12480, 'ar')).toBe('12,480');
    expect(formatCompact(12480, 'en')).toBe('12.5K');
    expect(visible(formatCompact(12480, 'ar'))).toBe('12.5 ألف');
    expect(formatCompact(950, 'en')).toBe('950');
  });

  it('signs changes except zero, and shows ratios as percentages', () => {
    expect([70, -6, 0].map((value) => formatChange(value, 'en'))).toEqual(['+70%', '-6%', '0%']);
    expect([70, -6, 0].map((value) => visible(formatChange(value, 'ar')))).toEqual(['+70%', '-6%', '0%']);
    expect(formatPercent(0.042, 'en')).toBe('4.2%');
    expect(visible(formatPercent(0.042, 'ar'))).toBe('4.2%');
  });

  it('rounds file sizes up, so a file just over a limit never reads as exactly the limit', () => {
    expect(formatMegabytes(1024 * 1024 + 1, 'en')).toBe('1.01 MB');
    expect(formatMegabytes(1024 * 1024, 'en')).toBe('1 MB');
    expect(visible(formatMegabytes(1024 * 1024 + 1, 'ar'))).toBe('1.01 م.ب');
  });
});

describe('dates and times', () => {
  it('names the month and, in full, the weekday', () => {
    expect(formatDay(moment, 'en')).toBe('November 25, 2026');
    expect(formatDay(moment, 'en', 'full')).toBe('Wednesday, November 25, 2026');
    expect(visible(formatDay(moment, 'ar'))).toBe('25 نوفمبر 2026');
    expect(visible(formatDay(moment, 'ar', 'full'))).toBe('الأربعاء، 25 نوفمبر 2026');
    expect(formatDay(moment.toISOString(), 'en')).toBe('November 25, 2026');
  });

  it('shows the time of day with its period', () => {
    expect(visible(formatClock(moment, 'en'))).toBe('9:05 AM');
    expect(visible(formatClock(moment, 'ar'))).toBe('9:05 ص');
  });

  it('shows a date with its time, with seconds when asked, and nothing for an unreadable value', () => {
    expect(visible(formatDateTime(moment, 'en'))).toBe('Nov 25, 2026, 9:05 AM');
    expect(visible(formatDateTime(moment.toISOString(), 'en', 'medium'))).toBe('Nov 25, 2026, 9:05:07 AM');
    expect(visible(formatDateTime(moment, 'ar'))).toBe('25 نوفمبر 2026 في 9:05 ص');
    expect(visible(formatDateTime(moment, 'ar', 'medium'))).toBe('25 نوفمبر 2026 في 9:05:07 ص');
    expect(formatDateTime('not a date', 'ar')).toBe('');
  });

  it('names months short for a chart and long with the year for a title', () => {
    expect(formatMonth(moment, 'en')).toBe('Nov');
    expect(formatMonth(moment, 'en', true)).toBe('November 2026');
    expect(visible(formatMonth(moment, 'ar'))).toBe('نوفمبر');
    expect(visible(formatMonth(moment, 'ar', true))).toBe('نوفمبر 2026');
  });

  it('heads a calendar with short weekdays (one letter in Arabic) and their full names', () => {
    expect(formatWeekday(moment, 'en')).toBe('Wed');
    expect(formatWeekday(moment, 'ar')).toBe('ر');
    expect(formatWeekday(moment, 'en', 'long')).toBe('Wednesday');
    expect(formatWeekday(moment, 'ar', 'long')).toBe('الأربعاء');
    expect(formatDayNumber(moment, 'ar')).toBe('25');
  });

  it('writes the local day and time the way date and time inputs read them', () => {
    expect(dateInputValue(moment)).toBe('2026-11-25');
    expect(timeInputValue(moment)).toBe('09:05');
    expect(dateInputValue(new Date(2026, 0, 3, 23, 59))).toBe('2026-01-03');
  });
});

describe('digits', () => {
  const everyKind = (language: string) => [
    formatNumber(1234567, language),
    formatCompact(4321, language),
    formatChange(42, language),
    formatPercent(0.5, language),
    formatMegabytes(3 * 1024 * 1024, language),
    formatDay(moment, language, 'full'),
    formatClock(moment, language),
    formatDateTime(moment, language, 'medium'),
    formatMonth(moment, language, true),
    formatDayNumber(moment, language),
    formatHijriDay(moment, language),
    formatYear(2026, language),
  ];

  it('are Arabic-Indic on every kind of value, in both languages, when the user chose them', () => {
    setDisplayPreferences({ ...DEFAULT_DISPLAY_PREFERENCES, digits: 'arab' });
    for (const text of [...everyKind('ar'), ...everyKind('en')]) {
      expect(text).toMatch(ARABIC_INDIC_DIGIT);
      expect(text).not.toMatch(/[0-9]/);
    }
    expect(formatNumber(12480, 'ar')).toBe('١٢٬٤٨٠');
    expect(visible(formatDay(moment, 'ar'))).toBe('٢٥ نوفمبر ٢٠٢٦');
  });

  it('are Latin in Arabic on every kind of value by default, as the product has always shown them', () => {
    const arabic = [
      formatNumber(1234567, 'ar'),
      formatCompact(4321, 'ar'),
      formatChange(42, 'ar'),
      formatPercent(0.5, 'ar'),
      formatMegabytes(3 * 1024 * 1024, 'ar'),
      formatDay(moment, 'ar', 'full'),
      formatClock(moment, 'ar'),
      formatDateTime(moment, 'ar', 'medium'),
      formatMonth(moment, 'ar', true),
      formatDayNumber(moment, 'ar'),
      formatHijriDay(moment, 'ar'),
      formatYear(2026, 'ar'),
    ];
    expect(arabic).toEqual(everyKind('ar'));
    for (const text of arabic) {
      expect(text).toMatch(/[0-9]/);
      expect(text).not.toMatch(ARABIC_INDIC_DIGIT);
    }
  });
});

describe('the Hijri date (Umm al-Qura)', () => {
  it('names the Hijri day, month and year in both languages', () => {
    expect(visible(formatHijriDay(moment, 'ar'))).toBe('15 جمادى الآخرة 1448 هـ');
    expect(formatHijriDay(moment, 'en')).toBe('Jumada II 15, 1448 AH');
    expect(formatHijriDay(moment.toISOString(), 'en')).toBe('Jumada II 15, 1448 AH');
    expect(formatHijriDayNumber(moment, 'ar')).toBe('15');
  });

  it('names the two Hijri months a Gregorian month spans', () => {
    const first = new Date(2026, 10, 1);
    const last = new Date(2026, 10, 30);
    expect(visible(formatHijriMonths(first, last, 'en'))).toBe('Jumada I – Jumada II 1448 AH');
    expect(visible(formatHijriMonths(first, last, 'ar'))).toBe('جمادى الأولى – جمادى الآخرة 1448 هـ');
  });
});

describe('analytics figures', () => {
  it('name an hour of the week on the 24-hour clock, in the user’s digits', () => {
    expect(formatHourOfDay(9, 'en')).toBe('09:00');
    expect(formatHourOfDay(21, 'en')).toBe('21:00');
    expect(visible(formatHourOfDay(9, 'ar'))).toBe('09:00');
    setDisplayPreferences({ ...DEFAULT_DISPLAY_PREFERENCES, digits: 'arab' });
    expect(visible(formatHourOfDay(9, 'ar'))).toBe('٠٩:٠٠');
  });

  it('sign a growth and shorten a chart’s day', () => {
    expect([12, -3, 0].map((value) => formatSigned(value, 'en'))).toEqual(['+12', '-3', '0']);
    expect(formatShortDay(new Date(2026, 10, 5), 'en')).toBe('Nov 5');
    expect(visible(formatShortDay(new Date(2026, 10, 5), 'ar'))).toBe('5 نوفمبر');
  });
});

/** As the server renderer does for a browser in `timeZone` (none: as in the browser). */
const renderInTimeZone = (timeZone: string | undefined) =>
  renderZoneBy(() => (timeZone ? renderingZone(timeZone) : undefined));

describe('dates rendered on the server for visitors in different zones', () => {
  afterEach(() => renderInTimeZone(undefined));

  it('shows each visitor their own day, whichever zone was rendered first', () => {
    // Midnight of 2 December in Riyadh is still 1 December in UTC.
    const riyadhMidnight = new Date('2026-12-01T21:00:00Z');
    renderInTimeZone('UTC');
    expect(formatDay(riyadhMidnight, 'ar')).toContain('1 ديسمبر');
    expect(formatDay(riyadhMidnight, 'en')).toBe('December 1, 2026');
    renderInTimeZone('Asia/Riyadh');
    expect(formatDay(riyadhMidnight, 'ar')).toContain('2 ديسمبر');
    expect(formatDay(riyadhMidnight, 'en')).toBe('December 2, 2026');
  });

  it("works out days, hours and input values on the visitor's calendar, not the server's", () => {
    // 14:30 on 1 December in UTC is already 04:30 on 2 December at UTC+14, and 03:30 on
    // 1 December at UTC-11: the server's own zone (the test process's) is neither.
    const moment = new Date('2026-12-01T14:30:00Z');
    renderInTimeZone('Pacific/Kiritimati');
    expect(browserTimeZone()).toBe('Pacific/Kiritimati');
    expect(dateInputValue(moment)).toBe('2026-12-02');
    expect(timeInputValue(moment)).toBe('04:30');
    expect(calendarDate(moment).getHours()).toBe(4);
    expect(calendarDay(2026, 11, 2, 4, 30).getTime()).toBe(moment.getTime());
    expect(formatHour(9, 'en')).toBe('9 AM');
    renderInTimeZone('Pacific/Pago_Pago');
    expect(dateInputValue(moment)).toBe('2026-12-01');
    expect(calendarDate(moment).getHours()).toBe(3);
    expect(formatHourOfDay(21, 'en')).toBe('21:00');
  });
});
