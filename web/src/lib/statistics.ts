import type { FullProfile, LinkedinPost } from '@nashr/contracts';

/**
 * The dashboard's numbers (spec section 3, dashboard state), computed from what the network
 * gives; the spec's placeholder values stand in only where nothing is known, flagged `sample`.
 */

export interface Stat {
  value: number;
  /** Percent against the period before; null when there is nothing to compare with. */
  change: number | null;
  sample: boolean;
}

export interface DashboardStats {
  profileViews: Stat;
  postEngagement: Stat;
  networkSize: Stat;
}

export interface ChartPoint {
  /** First day of the month, local time. */
  month: Date;
  impressions: number;
  engagement: number;
  posts: number;
}

export interface Chart {
  points: ChartPoint[];
  sample: boolean;
}

/** Spec section 3 placeholders: 406, 11,050, 236 with +200%, +70%, -6%. */
export const SAMPLE_STATS: DashboardStats = {
  profileViews: { value: 406, change: 200, sample: true },
  postEngagement: { value: 11_050, change: 70, sample: true },
  networkSize: { value: 236, change: -6, sample: true },
};

/** Spec section 3 placeholder chart: January to August. */
export const SAMPLE_CHART_VALUES = [2000, 3000, 4500, 4000, 6000, 5000, 4000, 8000] as const;

export const ENGAGEMENT_WINDOW_DAYS = 30;
export const CHART_MONTHS = 8;
const DAY_MS = 24 * 3600 * 1000;

export const engagementOf = (post: LinkedinPost) => post.reaction_counter + post.comment_counter + post.repost_counter;

function postTime(post: LinkedinPost): number {
  const time = Date.parse(post.parsed_datetime);
  return Number.isNaN(time) ? Number.NaN : time;
}

/** Percent change from `before` to `now`, or null when there was nothing before. */
export function percentChange(now: number, before: number): number | null {
  if (before <= 0) return null;
  return Math.round(((now - before) / before) * 100);
}

/**
 * Reactions, comments and reposts of the posts of the last 30 days, against the 30 days before.
 * Null when the account has no posts at all.
 */
export function postEngagementStat(posts: LinkedinPost[], now: Date): Stat | null {
  if (posts.length === 0) return null;
  const end = now.getTime();
  const start = end - ENGAGEMENT_WINDOW_DAYS * DAY_MS;
  const previousStart = start - ENGAGEMENT_WINDOW_DAYS * DAY_MS;
  let current = 0;
  let previous = 0;
  for (const post of posts) {
    const time = postTime(post);
    if (time > start && time <= end) current += engagementOf(post);
    else if (time > previousStart && time <= start) previous += engagementOf(post);
  }
  return { value: current, change: percentChange(current, previous), sample: false };
}

/** Connections, when the network tells them; no history is kept, so no change. */
export function networkSizeStat(profile: Pick<FullProfile, 'connections_count'> | null | undefined): Stat | null {
  const count = profile?.connections_count;
  return typeof count === 'number' ? { value: count, change: null, sample: false } : null;
}

export function dashboardStats(
  posts: LinkedinPost[],
  profile: Pick<FullProfile, 'connections_count'> | null | undefined,
  now: Date,
): DashboardStats {
  return {
    // The network API gives no profile views: always the placeholder, flagged as such.
    profileViews: SAMPLE_STATS.profileViews,
    postEngagement: postEngagementStat(posts, now) ?? SAMPLE_STATS.postEngagement,
    networkSize: networkSizeStat(profile) ?? SAMPLE_STATS.networkSize,
  };
}

/**
 * Impressions, engagement and post count per month for the last eight months (this one
 * included). Null when no post has impression numbers, so nothing is known.
 */
export function monthlyActivity(posts: LinkedinPost[], now: Date, months = CHART_MONTHS): ChartPoint[] | null {
  if (!posts.some((post) => post.impressions_counter > 0)) return null;
  const points: ChartPoint[] = [];
  for (let back = months - 1; back >= 0; back--) {
    points.push({
      month: new Date(now.getFullYear(), now.getMonth() - back, 1),
      impressions: 0,
      engagement: 0,
      posts: 0,
    });
  }
  const first = points[0]?.month.getTime() ?? 0;
  for (const post of posts) {
    const time = postTime(post);
    if (!(time >= first) || time > now.getTime()) continue;
    const date = new Date(time);
    const point = points.find(
      (candidate) =>
        candidate.month.getFullYear() === date.getFullYear() && candidate.month.getMonth() === date.getMonth(),
    );
    if (!point) continue;
    point.impressions += post.impressions_counter;
    point.engagement += engagementOf(post);
    point.posts += 1;
  }
  return points;
}

export function sampleChart(now: Date): ChartPoint[] {
  return SAMPLE_CHART_VALUES.map((impressions, index) => ({
    month: new Date(now.getFullYear(), index, 1),
    impressions,
    engagement: 0,
    posts: 0,
  }));
}

export function dashboardChart(posts: LinkedinPost[], now: Date): Chart {
  const points = monthlyActivity(posts, now);
  return points ? { points, sample: false } : { points: sampleChart(now), sample: true };
}
