import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, formatTwelveHour, parseCalendarDate, parseTimeOfDay, toTwelveHourTime } from './time.js';

describe('times as people type them', () => {
  it('converts 24-hour times to the 12-hour form of spec section 5, showing 0 as 12', () => {
    expect(toTwelveHourTime('15:30')).toBe('3:30 PM');
    expect(toTwelveHourTime('00:05')).toBe('12:05 AM');
    expect(toTwelveHourTime('12:00')).toBe('12:00 PM');
    expect(toTwelveHourTime('09:45')).toBe('9:45 AM');
  });

  it('keeps a time that already has AM or PM', () => {
    expect(toTwelveHourTime('03:30 pm')).toBe('03:30 pm');
    expect(parseTimeOfDay('12:15 AM')).toEqual({ hours: 0, minutes: 15 });
    expect(parseTimeOfDay('12:15 p.m.')).toEqual({ hours: 12, minutes: 15 });
    expect(parseTimeOfDay('7:05PM')).toEqual({ hours: 19, minutes: 5 });
  });

  it('refuses what is not a time of day', () => {
    for (const bad of ['24:00', '7:60 AM', '13:00 PM', '0:30 AM', 'noon', '1530', '']) {
      expect(parseTimeOfDay(bad), bad).toBeNull();
    }
  });

  it('reads back every time it writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), (hours, minutes) => {
        expect(parseTimeOfDay(formatTwelveHour({ hours, minutes }))).toEqual({ hours, minutes });
      }),
    );
  });
});

describe('calendar dates and zones', () => {
  it('refuses days that do not exist', () => {
    expect(parseCalendarDate('2026-02-30')).toBeNull();
    expect(parseCalendarDate('2027-02-29')).toBeNull();
    expect(parseCalendarDate('2026-13-01')).toBeNull();
    expect(parseCalendarDate('2026-1-05')).toBeNull();
    expect(parseCalendarDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
  });

  it('knows IANA zones, in their canonical spelling, and nothing else', () => {
    expect(canonicalTimeZone('asia/riyadh')).toBe('Asia/Riyadh');
    expect(canonicalTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('+03:00')).toBeNull();
    expect(canonicalTimeZone('Mars/Olympus_Mons')).toBeNull();
  });
});
