import { defaultBestTimes, workWeekOf } from '@nashr/contracts';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, weekStartOf, zoneDay } from './calendar.js';
import { CSV_BOM, csvDocument, csvField, csvLine, csvText } from './csv.js';
import { pointsOf } from './post-series.js';
import { changePercent } from './summary.js';

describe('calendar days in a zone', () => {
  it("reads the zone's own day of an instant, across midnight", () => {
    const instant = new Date('2026-11-24T22:30:00Z');
    expect(zoneDay(instant, 'UTC')).toBe('2026-11-24');
    expect(zoneDay(instant, 'Asia/Riyadh')).toBe('2026-11-25');
    expect(zoneDay(instant, 'America/Los_Angeles')).toBe('2026-11-24');
  });

  it('counts days on the calendar, through a clock change and a leap day', () => {
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(daysBetween('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
  });

  it('starts weeks on Sunday where the work week does, on Monday elsewhere', () => {
    // 2026-11-25 is a Wednesday.
    expect(weekStartOf('2026-11-25', workWeekOf('Asia/Riyadh'))).toBe('2026-11-22');
    expect(weekStartOf('2026-11-25', workWeekOf('Europe/Berlin'))).toBe('2026-11-23');
    expect(weekStartOf('2026-11-22', 'monday-friday')).toBe('2026-11-16');
  });

  it("offers the middle of the zone's work week first as default posting times", () => {
    expect(defaultBestTimes('Asia/Dubai').map((slot) => slot.weekday)).toEqual([2, 1, 3, 0, 4]);
    expect(defaultBestTimes('Europe/Paris').map((slot) => slot.weekday)).toEqual([3, 2, 4, 1, 5]);
    expect(defaultBestTimes(null)[0]).toEqual({ weekday: 3, hour: 9 });
  });
});

describe('CSV', () => {
  it('quotes only fields that need it, doubling their quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('مرحبا، بالعالم')).toBe('مرحبا، بالعالم');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('قال "نعم"')).toBe('"قال ""نعم"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField(null)).toBe('');
    expect(csvLine(['x', 1, true, null])).toBe('x,1,true,\r\n');
  });

  it('keeps a spreadsheet from running text that looks like a formula', () => {
    expect(csvText('=1+1')).toBe("'=1+1");
    expect(csvText('@mention')).toBe("'@mention");
    expect(csvText('- a list')).toBe("'- a list");
    expect(csvText('نص عادي')).toBe('نص عادي');
  });

  it('starts the document with a byte-order mark and writes it page by page', async () => {
    async function* pages() {
      yield [['1', 'a']];
      yield [];
      yield [['2', 'b,c']];
    }
    const parts: string[] = [];
    for await (const part of csvDocument(['id', 'text'], pages())) parts.push(part);
    expect(parts).toEqual([`${CSV_BOM}id,text\r\n`, '1,a\r\n', '2,"b,c"\r\n']);
  });
});

describe("a post's series", () => {
  it('keeps the last snapshot of each hour for 48 hours, then of each day', () => {
    const published = Date.parse('2026-11-01T10:00:00Z');
    const at = (hours: number, impressions: number) => ({
      taken_ms: published + hours * 3_600_000,
      reactions: 0,
      comments: 0,
      reposts: 0,
      impressions,
    });
    const points = pointsOf(published, [at(0.5, 10), at(0.9, 20), at(6, 30), at(50, 40), at(60, 50), at(80, 60)]);
    expect(points.map((p) => [p.hoursSincePublished, p.impressions])).toEqual([
      [0.9, 20],
      [6, 30],
      [60, 50],
      [80, 60],
    ]);
  });

  it('gives no change without a figure to compare with', () => {
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(50, 100)).toBe(-50);
    expect(changePercent(10, 0)).toBeNull();
    expect(changePercent(10, null)).toBeNull();
  });
});
