import { DEFAULT_DISPLAY_PREFERENCES } from '@nashr/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import {
  clampDay,
  dayAfterKey,
  dayLabel,
  dayValue,
  hourOptions,
  isDayOutside,
  joinTime,
  minuteOptions,
  monthWeeks,
  parseDay,
  splitTime,
} from './date-picking';
import { setDisplayPreferences } from './format';

afterEach(() => setDisplayPreferences(DEFAULT_DISPLAY_PREFERENCES));

const latin = () => setDisplayPreferences({ ...DEFAULT_DISPLAY_PREFERENCES, digits: 'latn' });
const arabicIndic = () => setDisplayPreferences({ ...DEFAULT_DISPLAY_PREFERENCES, digits: 'arab' });

describe('the chosen day as the field shows it', () => {
  it('names the weekday and month in Arabic with the chosen digits', () => {
    arabicIndic();
    expect(dayLabel('2026-12-08', 'ar')).toBe('الثلاثاء، ٨ ديسمبر ٢٠٢٦');
    latin();
    expect(dayLabel('2026-12-08', 'ar')).toBe('الثلاثاء، 8 ديسمبر 2026');
  });

  it('reads in English, in Arabic-Indic digits when chosen', () => {
    latin();
    expect(dayLabel('2026-12-08', 'en')).toBe('Tuesday, December 8, 2026');
    arabicIndic();
    expect(dayLabel('2026-12-08', 'en')).toContain('٢٠٢٦');
  });

  it('shows nothing for no day or an unreadable one', () => {
    expect(dayLabel('', 'en')).toBe('');
    expect(dayLabel('2026-13-45', 'en')).toBe('');
    expect(parseDay('08/12/2026')).toBeNull();
  });

  it('reads and writes YYYY-MM-DD as the local day', () => {
    const day = parseDay('2026-03-29') as Date;
    expect([day.getFullYear(), day.getMonth(), day.getDate()]).toEqual([2026, 2, 29]);
    expect(dayValue(day)).toBe('2026-03-29');
  });
});

describe('the allowed span', () => {
  const min = '2026-12-02';
  const max = '2027-02-28';

  it('disables the days before min and after max, both bounds included', () => {
    expect(isDayOutside(parseDay('2026-12-01') as Date, min, max)).toBe(true);
    expect(isDayOutside(parseDay('2026-12-02') as Date, min, max)).toBe(false);
    expect(isDayOutside(parseDay('2027-02-28') as Date, min, max)).toBe(false);
    expect(isDayOutside(parseDay('2027-03-01') as Date, min, max)).toBe(true);
    expect(isDayOutside(parseDay('1999-01-01') as Date)).toBe(false);
  });

  it('keeps the keyboard inside it', () => {
    expect(dayValue(clampDay(parseDay('2026-11-20') as Date, min, max))).toBe(min);
    expect(dayValue(clampDay(parseDay('2027-05-20') as Date, min, max))).toBe(max);
    expect(dayValue(clampDay(parseDay('2027-01-20') as Date, min, max))).toBe('2027-01-20');
  });
});

describe('calendar keys', () => {
  const tuesday = parseDay('2026-12-08') as Date;
  const key = (name: string, rtl = false) => dayValue(dayAfterKey(name, tuesday, rtl, 6) as Date);

  it('mirror the arrows in Arabic', () => {
    expect(key('ArrowRight')).toBe('2026-12-09');
    expect(key('ArrowRight', true)).toBe('2026-12-07');
    expect(key('ArrowLeft', true)).toBe('2026-12-09');
  });

  it('move a week, a month and to the ends of the week', () => {
    expect(key('ArrowDown')).toBe('2026-12-15');
    expect(key('ArrowUp')).toBe('2026-12-01');
    expect(key('PageDown')).toBe('2027-01-08');
    expect(key('PageUp')).toBe('2026-11-08');
    // A week starting on Saturday: 5 to 11 December.
    expect(key('Home')).toBe('2026-12-05');
    expect(key('End')).toBe('2026-12-11');
    expect(dayAfterKey('Enter', tuesday, false, 6)).toBeNull();
  });

  it('lay a month out in whole weeks from the week start, other months left empty', () => {
    const weeks = monthWeeks(parseDay('2026-12-01') as Date, 1);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    // 1 December 2026 is a Tuesday: Monday's cell is empty.
    expect(weeks[0]?.[0]).toBeNull();
    expect(dayValue(weeks[0]?.[1] as Date)).toBe('2026-12-01');
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
  });
});

describe('the time lists', () => {
  it('split HH:mm into hour and minute and join them back', () => {
    expect(splitTime('15:30')).toEqual({ hour: 15, minute: 30 });
    expect(splitTime('')).toBeNull();
    expect(splitTime('25:00')).toBeNull();
    expect(joinTime(9, 5)).toBe('09:05');
    expect(joinTime(0, 0)).toBe('00:00');
  });

  it('tell the hours on the 12-hour clock of each language', () => {
    latin();
    const english = hourOptions('en');
    expect(english).toHaveLength(24);
    expect(english[0]).toEqual({ value: 0, label: '12 AM' });
    expect(english[15]).toEqual({ value: 15, label: '3 PM' });
    expect(hourOptions('ar')[9]?.label).toBe('9 ص');
    arabicIndic();
    expect(hourOptions('ar')[13]?.label).toBe('١ م');
  });

  it('offer every fifth minute with two digits, in the chosen digits', () => {
    latin();
    const minutes = minuteOptions('en');
    expect(minutes.map((option) => option.value)).toEqual([0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55]);
    expect(minutes[1]?.label).toBe('05');
    arabicIndic();
    expect(minuteOptions('ar')[1]?.label).toBe('٠٥');
  });

  it('keep a minute off the step in its place', () => {
    latin();
    const minutes = minuteOptions('en', 13).map((option) => option.value);
    expect(minutes).toEqual([0, 5, 10, 13, 15, 20, 25, 30, 35, 40, 45, 50, 55]);
    expect(minuteOptions('en', 15)).toHaveLength(12);
    expect(minuteOptions('en', 59, 1)).toHaveLength(60);
  });
});
