import { describe, expect, it } from 'vitest';
import type { PostView } from '../../lib/api/posts';
import { dateInputValue } from '../../lib/format';
import { CALENDAR_CELLS, calendarDays, calendarRange, dayMark, postsByDay } from './calendar-grid';

const post = (at: Date, status: PostView['status'] = 'scheduled'): PostView => ({
  id: `${at.getTime()}-${status}`,
  content: 'x',
  status,
  scheduledAt: at.toISOString(),
  timeZone: 'UTC',
  failureReason: null,
  failureCode: null,
  url: null,
  version: 1,
});

describe('the month grid', () => {
  it('has 42 consecutive days starting on the Monday on or before the 1st, for every month of two years', () => {
    for (let month = 0; month < 24; month++) {
      const first = new Date(2026, month, 1);
      const days = calendarDays(first);
      expect(days).toHaveLength(CALENDAR_CELLS);
      expect(days[0]?.getDay()).toBe(1);
      expect(days[0]! <= first && first.getTime() - days[0]!.getTime() < 7 * 86_400_000).toBe(true);
      const keys = days.map(dateInputValue);
      expect(new Set(keys).size).toBe(CALENDAR_CELLS);
      const inMonth = days.filter((day) => day.getMonth() === first.getMonth());
      expect(inMonth).toHaveLength(new Date(2026, month + 1, 0).getDate());
    }
  });

  it('starts on the 1st itself when the month begins on a Monday (June 2026)', () => {
    expect(dateInputValue(calendarDays(new Date(2026, 5, 1))[0] as Date)).toBe('2026-06-01');
  });

  it.each([
    ['Saturday', 6, '2026-10-31'],
    ['Sunday', 0, '2026-11-01'],
    ['Monday', 1, '2026-10-26'],
  ] as const)('starts on %s when the user chose it', (_name, weekStartsOn, first) => {
    const days = calendarDays(new Date(2026, 10, 1), weekStartsOn);
    expect(days[0]?.getDay()).toBe(weekStartsOn);
    expect(dateInputValue(days[0] as Date)).toBe(first);
    expect(dateInputValue(calendarRange(new Date(2026, 10, 1), weekStartsOn).from)).toBe(first);
  });

  it('covers the grid from its first midnight to the midnight after its last day', () => {
    const { from, to } = calendarRange(new Date(2026, 10, 1));
    expect(dateInputValue(from)).toBe('2026-10-26');
    expect(dateInputValue(to)).toBe('2026-12-07');
    expect(from.getHours()).toBe(0);
  });
});

describe('posts by day', () => {
  it('files each post under the local day it is due on', () => {
    const late = new Date(2026, 10, 23, 23, 30);
    const early = new Date(2026, 10, 24, 0, 15);
    const days = postsByDay([post(late), post(early), post(new Date(2026, 10, 23, 9))]);
    expect(days.get('2026-11-23')).toHaveLength(2);
    expect(days.get('2026-11-24')).toHaveLength(1);
  });

  it('highlights what is still to go out first, then failures, then history', () => {
    const at = new Date(2026, 10, 23, 12);
    expect(dayMark(undefined)).toBeNull();
    expect(dayMark([post(at, 'published'), post(at, 'failed'), post(at, 'scheduled')])).toBe('pending');
    expect(dayMark([post(at, 'published'), post(at, 'publishing')])).toBe('pending');
    expect(dayMark([post(at, 'published'), post(at, 'failed')])).toBe('failed');
    expect(dayMark([post(at, 'published')])).toBe('published');
  });

  it('shows a day whose scheduled post needs attention (a connection to renew) as needing attention', () => {
    const at = new Date(2026, 10, 23, 12);
    const marked = {
      ...post(at),
      attention: { cause: 'connection_expires' as const, code: 'linkedin.expires_before_post' },
    };
    expect(dayMark([post(at), marked])).toBe('failed');
    expect(dayMark([post(at), { ...marked, attention: null }])).toBe('pending');
  });
});
