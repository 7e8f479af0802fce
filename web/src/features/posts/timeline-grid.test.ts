import { describe, expect, it } from 'vitest';
import type { PostView } from '../../lib/api/posts';
import { dateInputValue } from '../../lib/format';
import {
  cellAfterKey,
  cellOf,
  crowded,
  isPastDay,
  monthGridDays,
  movedTime,
  movedToDay,
  nextPostDay,
  stepAnchor,
  timelineDays,
} from './timeline-grid';

describe('the week and day timeline', () => {
  it('shows the seven days of the week from its first day, or the one day', () => {
    const wednesday = new Date(2026, 10, 25, 15, 0);
    const sundayWeek = timelineDays('week', wednesday, 0);
    expect(sundayWeek.map((d) => d.getDate())).toEqual([22, 23, 24, 25, 26, 27, 28]);
    expect(timelineDays('week', wednesday, 6)[0]?.getDate()).toBe(21);
    expect(timelineDays('day', wednesday, 1).map((d) => [d.getDate(), d.getHours()])).toEqual([[25, 0]]);
  });

  it('moves a picked-up post by hour and by day, days mirrored in right-to-left', () => {
    const day = new Date(2026, 10, 25);
    expect(cellAfterKey('ArrowDown', { day, hour: 9 }, false)).toEqual({ day, hour: 10 });
    expect(cellAfterKey('ArrowUp', { day, hour: 0 }, false)).toBeNull();
    expect(cellAfterKey('ArrowRight', { day, hour: 9 }, false)?.day.getDate()).toBe(26);
    expect(cellAfterKey('ArrowRight', { day, hour: 9 }, true)?.day.getDate()).toBe(24);
    expect(cellAfterKey('Tab', { day, hour: 9 }, false)).toBeNull();
  });

  it('keeps the minutes of a moved post', () => {
    const post = { scheduledAt: new Date(2026, 10, 25, 9, 45).toISOString() };
    expect(cellOf(post)).toEqual({ date: '2026-11-25', hour: 9 });
    expect(movedTime(post, new Date(2026, 10, 27), 14)).toEqual({ date: '2026-11-27', time: '14:45' });
  });
});

describe('the month view', () => {
  it('shows whole weeks from the chosen first day, from the week of the 1st to the week of the last day', () => {
    // November 2026 begins on a Sunday and ends on a Monday.
    const november = new Date(2026, 10, 18);
    const sunday = monthGridDays(november, 0);
    expect(sunday.length).toBe(35);
    expect(dateInputValue(sunday[0] as Date)).toBe('2026-11-01');
    expect(dateInputValue(sunday.at(-1) as Date)).toBe('2026-12-05');
    const monday = monthGridDays(november, 1);
    expect(monday.length).toBe(42);
    expect(dateInputValue(monday[0] as Date)).toBe('2026-10-26');
    expect(dateInputValue(monday.at(-1) as Date)).toBe('2026-12-06');
    const saturday = monthGridDays(november, 6);
    expect(dateInputValue(saturday[0] as Date)).toBe('2026-10-31');
    expect(saturday.length).toBe(35);
    // February 2026 fills exactly four Sunday-first weeks.
    expect(monthGridDays(new Date(2026, 1, 10), 0).length).toBe(28);
    expect(timelineDays('month', november, 1)).toEqual(monday);
    for (const day of monday) expect(day.getHours()).toBe(0);
  });

  it('steps a month, a week or a day, the month from its first day', () => {
    const end = new Date(2026, 0, 31, 15);
    expect(dateInputValue(stepAnchor('month', end, 1))).toBe('2026-02-01');
    expect(dateInputValue(stepAnchor('month', end, -1))).toBe('2025-12-01');
    expect(dateInputValue(stepAnchor('week', end, 1))).toBe('2026-02-07');
    expect(dateInputValue(stepAnchor('day', end, -1))).toBe('2026-01-30');
  });

  it('keeps the time of day of a post moved to another day, and refuses only days before today', () => {
    const post = { scheduledAt: new Date(2026, 10, 25, 9, 45).toISOString() };
    expect(movedToDay(post, new Date(2026, 11, 2))).toEqual({ date: '2026-12-02', time: '09:45' });
    const now = new Date(2026, 10, 25, 23, 59);
    expect(isPastDay(new Date(2026, 10, 24, 23, 59), now)).toBe(true);
    expect(isPastDay(new Date(2026, 10, 25), now)).toBe(false);
    expect(isPastDay(new Date(2026, 10, 26), now)).toBe(false);
  });

  it('opens a phone on the day of the next waiting post, or today', () => {
    const now = new Date(2026, 10, 25, 12, 0);
    const at = (day: number, hour: number, status: PostView['status'] = 'scheduled') => ({
      scheduledAt: new Date(2026, 10, day, hour).toISOString(),
      status,
    });
    expect(dateInputValue(nextPostDay([at(29, 8), at(27, 22), at(26, 9, 'published')], now))).toBe('2026-11-27');
    // Earlier today is gone; later today is next.
    expect(dateInputValue(nextPostDay([at(25, 9), at(28, 9)], now))).toBe('2026-11-28');
    expect(dateInputValue(nextPostDay([at(25, 18), at(28, 9)], now))).toBe('2026-11-25');
    expect(nextPostDay([], now)).toEqual(new Date(2026, 10, 25));
    expect(nextPostDay([at(30, 9, 'failed')], now)).toEqual(new Date(2026, 10, 25));
  });

  it('shows up to three posts a day, else two and how many more', () => {
    expect(crowded([1, 2, 3])).toEqual({ shown: [1, 2, 3], more: 0 });
    expect(crowded([1, 2, 3, 4])).toEqual({ shown: [1, 2], more: 2 });
    expect(crowded([1, 2, 3, 4, 5, 6, 7])).toEqual({ shown: [1, 2], more: 5 });
    expect(crowded([])).toEqual({ shown: [], more: 0 });
  });
});
