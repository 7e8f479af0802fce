import { describe, expect, it } from 'vitest';
import { cellAfterKey, cellOf, movedTime, timelineDays } from './timeline-grid';

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
