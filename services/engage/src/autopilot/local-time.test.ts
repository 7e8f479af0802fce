import { describe, expect, it } from 'vitest';
import { instantOf, localMoment, nextOpening, withinHours } from './local-time.js';
import { chooseSuggestion } from './runner.js';

const nineToSix = (timeZone: string, days = [0, 1, 2, 3, 4, 5, 6]) => ({ start: 9 * 60, end: 18 * 60, days, timeZone });

describe("the user's own day and hours", () => {
  it('reads the date, weekday and time in the zone, across midnight', () => {
    // 22:30 UTC on Wednesday 25 Nov 2026 is 01:30 on Thursday in Riyadh (UTC+3).
    const at = new Date('2026-11-25T22:30:00Z');
    expect(localMoment(at, 'UTC')).toEqual({ date: '2026-11-25', weekday: 3, minutes: 22 * 60 + 30 });
    expect(localMoment(at, 'Asia/Riyadh')).toEqual({ date: '2026-11-26', weekday: 4, minutes: 90 });
  });

  it('turns a local time into the instant, daylight saving included', () => {
    expect(instantOf('2026-11-26', 9 * 60, 'Asia/Riyadh').toISOString()).toBe('2026-11-26T06:00:00.000Z');
    // New York: UTC-4 in summer, UTC-5 in winter.
    expect(instantOf('2026-07-01', 9 * 60, 'America/New_York').toISOString()).toBe('2026-07-01T13:00:00.000Z');
    expect(instantOf('2026-12-01', 9 * 60, 'America/New_York').toISOString()).toBe('2026-12-01T14:00:00.000Z');
    // The day clocks go forward (8 March 2026, 02:00 → 03:00): 09:00 is already summer time.
    expect(instantOf('2026-03-08', 9 * 60, 'America/New_York').toISOString()).toBe('2026-03-08T13:00:00.000Z');
  });

  it('knows when the working hours are open and when they next open', () => {
    const riyadh = nineToSix('Asia/Riyadh');
    // 08:59 in Riyadh: closed, opens a minute later.
    const before = new Date('2026-11-25T05:59:00Z');
    expect(withinHours(before, riyadh)).toBe(false);
    expect(nextOpening(before, riyadh).toISOString()).toBe('2026-11-25T06:00:00.000Z');
    // 12:00: open; with today's cap used, tomorrow at 09:00.
    const noon = new Date('2026-11-25T09:00:00Z');
    expect(withinHours(noon, riyadh)).toBe(true);
    expect(nextOpening(noon, riyadh, true).toISOString()).toBe('2026-11-26T06:00:00.000Z');
    // 18:00 is closed (the end is excluded): tomorrow.
    const six = new Date('2026-11-25T15:00:00Z');
    expect(withinHours(six, riyadh)).toBe(false);
    expect(nextOpening(six, riyadh).toISOString()).toBe('2026-11-26T06:00:00.000Z');
    // Sunday to Thursday only: on Thursday evening, the next opening is Sunday.
    const workweek = nineToSix('Asia/Riyadh', [0, 1, 2, 3, 4]);
    const thursdayEvening = new Date('2026-11-26T16:00:00Z');
    expect(nextOpening(thursdayEvening, workweek).toISOString()).toBe('2026-11-29T06:00:00.000Z');
    expect(withinHours(new Date('2026-11-27T09:00:00Z'), workweek)).toBe(false);
  });
});

describe('the suggestion autopilot sends', () => {
  const items = [
    { kind: 'question' as const, text: 'What changed your mind?' },
    { kind: 'experience' as const, text: 'We saw the same.' },
  ];
  it('is the prepared one of the chosen kind, or the first when there is none of it', () => {
    expect(chooseSuggestion(items, 'experience')?.text).toBe('We saw the same.');
    expect(chooseSuggestion(items, 'counterpoint')?.text).toBe('What changed your mind?');
    expect(chooseSuggestion([], 'question')).toBeUndefined();
  });
});
