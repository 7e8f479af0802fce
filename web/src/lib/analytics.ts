import type { AnalyticsPeriod, AnalyticsPostResponse, BestTimesResponse, WeekStart } from '@nashr/contracts';
import { formatNumber, WEEK_STARTS_ON } from './format';
import { calendarDay } from './time-zone';

/**
 * What the analytics screens compute from the API's answers before drawing them: the heatmap's
 * rows in the user's week, the chart's buckets, a post's series against the median post.
 */

/** The dashboard section's id, which the posting queue's link jumps to. */
export const BEST_TIMES_ANCHOR = 'best-times';

/** A post's first hours are counted hour by hour; after these, a day apart. */
export const HOURLY_HOURS = 48;

// ——— Weekdays ———

/** The weekdays (0 = Sunday) in the order the user's week runs. */
export function weekdayOrder(weekStart: WeekStart): number[] {
  const first = WEEK_STARTS_ON[weekStart];
  return Array.from({ length: 7 }, (_, index) => (first + index) % 7);
}

/** 4 January 2026 was a Sunday: that week's day `weekday`, at `hour`, names both in any language. */
export const weekdayDate = (weekday: number, hour = 0): Date => calendarDay(2026, 0, 4 + weekday, hour);

// ——— The best-times heatmap ———

type BestTimeCell = BestTimesResponse['cells'][number];

export interface HeatCell extends BestTimeCell {
  /** 0 (no posts) to 4 (the most engagement), relative to the best cell. */
  level: 0 | 1 | 2 | 3 | 4;
  /** Rank among the best slots (1 = best), or null. */
  rank: number | null;
}

export interface HeatRow {
  weekday: number;
  cells: HeatCell[];
}

/** A cell's shade: none without posts, else a quarter step of the best cell's engagement. */
export function heatLevel(cell: Pick<BestTimeCell, 'posts' | 'engagement'>, max: number): HeatCell['level'] {
  if (cell.posts === 0 || max <= 0 || cell.engagement <= 0) return 0;
  return Math.min(4, Math.max(1, Math.ceil((cell.engagement / max) * 4))) as HeatCell['level'];
}

/** Seven rows of 24 hours in the user's week order; an hour the answer left out counts as empty. */
export function heatmapRows(answer: Pick<BestTimesResponse, 'cells' | 'best'>, weekStart: WeekStart): HeatRow[] {
  const byKey = new Map(answer.cells.map((cell) => [`${cell.weekday}-${cell.hour}`, cell]));
  const max = Math.max(0, ...answer.cells.map((cell) => (cell.posts > 0 ? cell.engagement : 0)));
  const rankOf = (weekday: number, hour: number) => {
    const index = answer.best.findIndex((slot) => slot.weekday === weekday && slot.hour === hour);
    return index < 0 ? null : index + 1;
  };
  return weekdayOrder(weekStart).map((weekday) => ({
    weekday,
    cells: Array.from({ length: 24 }, (_, hour) => {
      const cell = byKey.get(`${weekday}-${hour}`) ?? { weekday, hour, posts: 0, engagement: 0 };
      return { ...cell, level: heatLevel(cell, max), rank: rankOf(weekday, hour) };
    }),
  }));
}

// ——— The period chart ———

/** A calendar day `YYYY-MM-DD` (in the zone the server counted in) as a local date, for formatting. */
export function dayOf(date: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  return calendarDay(year ?? 1970, (month ?? 1) - 1, day ?? 1);
}

export interface ChartBucket {
  /** Its first day. */
  start: Date;
  unit: 'day' | 'month';
  impressions: number;
  engagement: number;
  /** Posts published, where the days count them (a profile's); null otherwise. */
  posts: number | null;
  /** Clicks, where the days count them (a company page's); null otherwise. */
  clicks: number | null;
  /** Followers at the end of the bucket, when known. */
  followers: number | null;
}

/** A day of the chart: a profile's (with its posts) or a company page's (with its clicks). */
export interface ChartDay {
  date: string;
  impressions: number;
  engagement: number;
  followers: number | null;
  posts?: number;
  clicks?: number;
}

const addKnown = (sum: number | null, value: number | undefined) => (value === undefined ? sum : (sum ?? 0) + value);

/**
 * The chart's points: one a day, or one a month over a year (365 daily points are too thin to
 * read on a phone, and a screen reader would read all of them).
 */
export function chartBuckets(days: readonly ChartDay[], period: AnalyticsPeriod): ChartBucket[] {
  const unit = period > 90 ? 'month' : 'day';
  const buckets: ChartBucket[] = [];
  for (const day of days) {
    const date = dayOf(day.date);
    const start = unit === 'month' ? calendarDay(date.getFullYear(), date.getMonth(), 1) : date;
    let bucket = buckets.at(-1);
    if (!bucket || bucket.start.getTime() !== start.getTime()) {
      bucket = { start, unit, impressions: 0, engagement: 0, posts: null, clicks: null, followers: null };
      buckets.push(bucket);
    }
    bucket.impressions += day.impressions;
    bucket.engagement += day.engagement;
    bucket.posts = addKnown(bucket.posts, day.posts);
    bucket.clicks = addKnown(bucket.clicks, day.clicks);
    if (day.followers !== null) bucket.followers = day.followers;
  }
  return buckets;
}

// ——— A post against the median post ———

export type SeriesMetric = 'impressions' | 'reactions';
/** The colours of a post's line and of the median post's, in its chart and the chart's legend. */
export const SERIES_COLORS = { post: '#0a66c2', median: '#b45309' } as const;

/** The median post's column of each metric in a SeriesRow. */
export const MEDIAN_KEY = { impressions: 'medianImpressions', reactions: 'medianReactions' } as const;

/** A point's value as read out (the chart's table and tooltip); a dash where the series has none. */
export const seriesValueText = (value: number | null, language: string) =>
  value === null ? '—' : formatNumber(value, language);

export interface SeriesRow {
  hours: number;
  at: string | null;
  impressions: number | null;
  reactions: number | null;
  medianImpressions: number | null;
  medianReactions: number | null;
}

/**
 * The post's points and the median post's, side by side at the same hours since publication
 * (rounded to the hour, as both are sampled on the hour). Median points past the post's own
 * age are left out: the chart compares what both had at the same age.
 */
export function postSeries(answer: Pick<AnalyticsPostResponse, 'points' | 'median'>): SeriesRow[] {
  if (answer.points.length === 0) return [];
  const rows = new Map<number, SeriesRow>();
  const row = (hours: number) => {
    const key = Math.round(hours);
    let found = rows.get(key);
    if (!found) {
      found = {
        hours: key,
        at: null,
        impressions: null,
        reactions: null,
        medianImpressions: null,
        medianReactions: null,
      };
      rows.set(key, found);
    }
    return found;
  };
  for (const point of answer.points) {
    const target = row(point.hoursSincePublished);
    Object.assign(target, { at: point.at, impressions: point.impressions, reactions: point.reactions });
  }
  const age = Math.max(0, ...answer.points.map((point) => Math.round(point.hoursSincePublished)));
  for (const point of answer.median) {
    if (Math.round(point.hoursSincePublished) > age) continue;
    const target = row(point.hoursSincePublished);
    Object.assign(target, { medianImpressions: point.impressions, medianReactions: point.reactions });
  }
  return [...rows.values()].sort((a, b) => a.hours - b.hours);
}
