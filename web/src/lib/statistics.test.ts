import type { LinkedinPost } from '@nashr/contracts';
import { describe, expect, it } from 'vitest';
import { dashboardChart, dashboardStats, monthlyActivity, percentChange, SAMPLE_STATS } from './statistics';

const now = new Date(2026, 5, 20, 12); // 20 June 2026, local time
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600 * 1000).toISOString();

function post(at: string, counters: Partial<Record<'r' | 'c' | 's' | 'i', number>> = {}): LinkedinPost {
  return {
    id: at,
    social_id: null,
    share_url: null,
    text: 'text',
    date: null,
    parsed_datetime: at,
    reaction_counter: counters.r ?? 0,
    comment_counter: counters.c ?? 0,
    repost_counter: counters.s ?? 0,
    impressions_counter: counters.i ?? 0,
    author: { name: 'A', headline: null },
  };
}

describe('dashboard statistics', () => {
  it('sums reactions, comments and reposts of the last 30 days against the 30 before', () => {
    const posts = [
      post(daysAgo(2), { r: 100, c: 10, s: 5, i: 4000 }),
      post(daysAgo(29), { r: 20, c: 3, s: 2 }),
      post(daysAgo(31), { r: 50, c: 20, s: 30 }),
      post(daysAgo(75), { r: 999 }),
    ];
    const stats = dashboardStats(posts, { connections_count: 812 }, now);
    expect(stats.postEngagement).toEqual({ value: 140, change: 40, sample: false });
    expect(stats.networkSize).toEqual({ value: 812, change: null, sample: false });
    // Profile views are never given by the network: the placeholder, flagged as sample.
    expect(stats.profileViews).toEqual({ ...SAMPLE_STATS.profileViews, sample: true });
  });

  it('falls back to the placeholders, flagged as sample, only where nothing is known', () => {
    const stats = dashboardStats([], { connections_count: null }, now);
    expect(stats).toEqual(SAMPLE_STATS);
    expect(Object.values(stats).every((stat) => stat.sample)).toBe(true);
    // Posts without any engagement are known: zero, not a sample.
    expect(dashboardStats([post(daysAgo(1))], undefined, now).postEngagement).toEqual({
      value: 0,
      change: null,
      sample: false,
    });
  });

  it('has no change to show when the earlier period had nothing', () => {
    expect(percentChange(50, 0)).toBeNull();
    expect(percentChange(47, 50)).toBe(-6);
  });

  it('groups impressions, engagement and posts by month over the last eight months', () => {
    const posts = [
      post(new Date(2026, 5, 3).toISOString(), { i: 1000, r: 10 }),
      post(new Date(2026, 5, 1).toISOString(), { i: 500, c: 5 }),
      post(new Date(2026, 1, 14).toISOString(), { i: 250, s: 1 }),
      post(new Date(2025, 10, 1).toISOString(), { i: 7 }), // first month shown
      post(new Date(2025, 9, 31).toISOString(), { i: 9999 }), // too old
    ];
    const points = monthlyActivity(posts, now) ?? [];
    expect(points.map((point) => [point.month.getFullYear(), point.month.getMonth()])).toEqual([
      [2025, 10],
      [2025, 11],
      [2026, 0],
      [2026, 1],
      [2026, 2],
      [2026, 3],
      [2026, 4],
      [2026, 5],
    ]);
    expect(points.map((point) => point.impressions)).toEqual([7, 0, 0, 250, 0, 0, 0, 1500]);
    expect(points.at(-1)).toMatchObject({ engagement: 15, posts: 2 });
  });

  it('shows the sample chart, January to August, when no post has impression numbers', () => {
    const chart = dashboardChart([post(daysAgo(3), { r: 4 })], now);
    expect(chart.sample).toBe(true);
    expect(chart.points.map((point) => point.impressions)).toEqual([2000, 3000, 4500, 4000, 6000, 5000, 4000, 8000]);
    expect(chart.points.map((point) => point.month.getMonth())).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(dashboardChart([post(daysAgo(3), { i: 12 })], now).sample).toBe(false);
  });
});
