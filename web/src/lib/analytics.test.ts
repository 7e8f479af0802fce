import type { AnalyticsDay } from '@nashr/contracts';
import { describe, expect, it } from 'vitest';
import { chartBuckets, dayOf, heatLevel, heatmapRows, postSeries, weekdayDate, weekdayOrder } from './analytics';
import { periodOf } from './analytics-period';

describe('the period in the address', () => {
  it('takes only the offered periods, as numbers or strings', () => {
    expect([7, '30', 90, '365'].map(periodOf)).toEqual([7, 30, 90, 365]);
    expect([14, '7x', undefined, null, '', 0].map(periodOf)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('weekdays in the user’s week', () => {
  it('start on Saturday, Sunday or Monday as chosen, Sunday being 0', () => {
    expect(weekdayOrder('saturday')).toEqual([6, 0, 1, 2, 3, 4, 5]);
    expect(weekdayOrder('sunday')).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(weekdayOrder('monday')).toEqual([1, 2, 3, 4, 5, 6, 0]);
  });

  it('name the right day from a fixed week', () => {
    expect(weekdayDate(0).getDay()).toBe(0);
    expect(weekdayDate(4, 9).getDay()).toBe(4);
    expect(weekdayDate(4, 9).getHours()).toBe(9);
  });
});

describe('the best-times heatmap', () => {
  const answer = {
    cells: [
      { weekday: 0, hour: 9, posts: 3, engagement: 200 },
      { weekday: 0, hour: 10, posts: 1, engagement: 50 },
      { weekday: 3, hour: 20, posts: 2, engagement: 101 },
      // An hour without posts carries no heat, whatever its engagement says.
      { weekday: 5, hour: 8, posts: 0, engagement: 999 },
    ],
    best: [
      { weekday: 0, hour: 9 },
      { weekday: 3, hour: 20 },
    ],
  };

  it('has seven rows of 24 hours in the user’s week order, missing hours empty', () => {
    const rows = heatmapRows(answer, 'saturday');
    expect(rows.map((row) => row.weekday)).toEqual([6, 0, 1, 2, 3, 4, 5]);
    for (const row of rows) expect(row.cells.map((cell) => cell.hour)).toEqual([...Array(24).keys()]);
    expect(rows[0]?.cells[3]).toMatchObject({ weekday: 6, hour: 3, posts: 0, engagement: 0, level: 0, rank: null });
  });

  it('shades each hour against the best one and ranks the best slots', () => {
    const sunday = heatmapRows(answer, 'monday').find((row) => row.weekday === 0);
    expect(sunday?.cells[9]).toMatchObject({ posts: 3, level: 4, rank: 1 });
    expect(sunday?.cells[10]).toMatchObject({ posts: 1, level: 1, rank: null });
    const wednesday = heatmapRows(answer, 'monday').find((row) => row.weekday === 3);
    expect(wednesday?.cells[20]).toMatchObject({ level: 3, rank: 2 });
    const friday = heatmapRows(answer, 'monday').find((row) => row.weekday === 5);
    expect(friday?.cells[8]?.level).toBe(0);
  });

  it('gives no heat when nothing was posted at all', () => {
    expect(heatLevel({ posts: 0, engagement: 0 }, 0)).toBe(0);
    expect(heatLevel({ posts: 2, engagement: 0 }, 10)).toBe(0);
    expect(heatLevel({ posts: 2, engagement: 1 }, 1000)).toBe(1);
  });
});

describe('the period chart', () => {
  const day = (date: string, impressions: number, followers: number | null = null): AnalyticsDay => ({
    date,
    impressions,
    engagement: impressions / 10,
    followers,
    posts: impressions > 0 ? 1 : 0,
  });

  it('reads the server’s calendar days as local dates', () => {
    const date = dayOf('2026-03-01');
    expect([date.getFullYear(), date.getMonth(), date.getDate()]).toEqual([2026, 2, 1]);
  });

  it('keeps a point a day up to 90 days', () => {
    const buckets = chartBuckets([day('2026-01-30', 10), day('2026-01-31', 0), day('2026-02-01', 30)], 90);
    expect(buckets.map((bucket) => [bucket.unit, bucket.start.getDate(), bucket.impressions])).toEqual([
      ['day', 30, 10],
      ['day', 31, 0],
      ['day', 1, 30],
    ]);
  });

  it('sums a year by month, with the followers at the end of each month', () => {
    const buckets = chartBuckets(
      [day('2026-01-30', 10, 100), day('2026-01-31', 20, null), day('2026-02-01', 30, 104), day('2026-02-02', 5, 107)],
      365,
    );
    expect(
      buckets.map((bucket) => [
        bucket.unit,
        bucket.start.getMonth(),
        bucket.impressions,
        bucket.posts,
        bucket.followers,
      ]),
    ).toEqual([
      ['month', 0, 30, 2, 100],
      ['month', 1, 35, 2, 107],
    ]);
  });

  it("sums a company page's clicks, and counts no posts it does not know", () => {
    const page = (date: string, clicks: number) => ({ date, impressions: 0, engagement: 0, followers: null, clicks });
    const buckets = chartBuckets([page('2026-01-30', 3), page('2026-01-31', 4), page('2026-02-01', 5)], 365);
    expect(buckets.map((bucket) => [bucket.clicks, bucket.posts])).toEqual([
      [7, null],
      [5, null],
    ]);
  });
});

describe('a post against the median post', () => {
  const point = (hours: number, impressions: number) => ({
    at: new Date(Date.UTC(2026, 0, 1) + hours * 3_600_000).toISOString(),
    hoursSincePublished: hours,
    reactions: Math.round(impressions / 20),
    comments: 0,
    reposts: 0,
    impressions,
  });

  it('lines both up by the hour since publication, the median only up to the post’s own age', () => {
    const rows = postSeries({
      points: [point(0, 0), point(1.02, 400), point(2, 900)],
      median: [
        { hoursSincePublished: 1, reactions: 10, impressions: 300 },
        { hoursSincePublished: 2, reactions: 30, impressions: 600 },
        { hoursSincePublished: 3, reactions: 40, impressions: 800 },
      ],
    });
    expect(rows.map((row) => [row.hours, row.impressions, row.medianImpressions])).toEqual([
      [0, 0, null],
      [1, 400, 300],
      [2, 900, 600],
    ]);
    expect(rows[1]?.medianReactions).toBe(10);
  });

  it('has nothing to draw before the first snapshot', () => {
    expect(postSeries({ points: [], median: [{ hoursSincePublished: 1, reactions: 1, impressions: 1 }] })).toEqual([]);
  });
});
