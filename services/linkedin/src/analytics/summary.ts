import {
  type AnalyticsDay,
  type AnalyticsMetric,
  type AnalyticsPeriod,
  type AnalyticsPost,
  type AnalyticsSummaryResponse,
  workWeekOf,
} from '@nashr/contracts';
import { sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { schema } from '../db/schema.js';
import type { AnalyticsCapabilities } from '../providers/network-provider.js';
import { addDays, daysBetween, weekStartOf, zoneDay } from './calendar.js';

type Db = PostgresJsDatabase<typeof schema>;

/** Weeks of posting history read for the current streak. */
const STREAK_WEEKS = 104;

/**
 * What the cards show where the provider gives nothing: the product spec's placeholders (profile
 * views 406 +200 %, engagement 11,050 +70 %, network 236 −6 %), flagged `sample`.
 */
export const SAMPLE_CARDS = {
  profileViews: { value: 406, previous: 135, changePercent: 200, sample: true },
  postEngagement: { value: 11_050, previous: 6_500, changePercent: 70, sample: true },
  networkSize: { value: 236, previous: 251, changePercent: -6, sample: true },
  impressions: { value: 36_500, previous: null, changePercent: null, sample: true },
  engagementRate: { value: 0.042, previous: null, changePercent: null, sample: true },
  followerGrowth: { value: 12, previous: null, changePercent: null, sample: true },
} as const satisfies Record<string, AnalyticsMetric>;

/** Percent change, rounded; null without a previous figure to compare with. */
export function changePercent(value: number, previous: number | null): number | null {
  if (previous === null || previous === 0) return null;
  return Math.round(((value - previous) / Math.abs(previous)) * 100);
}

/** A figure read from the network, against the period before. */
export const metric = (value: number, previous: number | null): AnalyticsMetric => ({
  value,
  previous,
  changePercent: changePercent(value, previous),
  sample: false,
});

const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

export type PostRowFigures = {
  post_id: string;
  text: string;
  share_url: string | null;
  published_ms: number;
  /** Null while no snapshot read them. */
  reactions: number | null;
  comments: number | null;
  reposts: number | null;
  impressions: number | null;
  saves: number | null;
  sends: number | null;
  deleted_ms: number | null;
};

/** A stored post as the API shows it: counters no snapshot read stay unknown (null). */
export function analyticsPostOf(row: PostRowFigures, counters: boolean): AnalyticsPost {
  const engagement = (row.reactions ?? 0) + (row.comments ?? 0) + (row.reposts ?? 0);
  return {
    id: row.post_id,
    text: row.text,
    publishedAt: new Date(row.published_ms).toISOString(),
    shareUrl: row.share_url,
    reactions: row.reactions,
    comments: row.comments,
    reposts: row.reposts,
    impressions: row.impressions,
    saves: counters ? row.saves : null,
    sends: counters ? row.sends : null,
    engagementRate:
      counters && row.impressions !== null && row.impressions > 0
        ? Math.round((engagement / row.impressions) * 10_000) / 10_000
        : null,
    deletedAt: iso(row.deleted_ms),
  };
}

/**
 * The statements of a period's figures, each one user's range of one index: what readSummary
 * runs, and what the benchmark explains.
 */
export function periodStatements(input: {
  userId: string;
  zone: string;
  now: Date;
  from: Date;
  previousFrom: Date;
  postsFrom: Date;
}) {
  const { userId, zone } = input;
  const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;
  const nowAt = at(input.now);
  const fromAt = at(input.from);
  const previousAt = at(input.previousFrom);
  const postsFromAt = at(input.postsFrom);
  // Days are grouped as dates and written as text once per day, not once per row.
  const dateOf = (column: string) => sql`(${sql.raw(column)} at time zone ${zone})::date`;
  return {
    gains: sql`
      select to_char(day, 'YYYY-MM-DD') as day,
             sum(engagement_gained)::float8 as engagement, sum(impressions_gained)::float8 as impressions
      from (
        select ${dateOf('gained_at')} as day, engagement_gained, impressions_gained
        from linkedin.analytics_post_snapshots
        where user_id = ${userId} and gained_at >= ${previousAt} and gained_at <= ${nowAt}
        union all
        -- The member's days from before the snapshots, each counted at its UTC noon.
        select ${dateOf('noon')} as day, engagement, impressions
        from (
          select (day::timestamp + interval '12 hours') at time zone 'UTC' as noon, engagement, impressions
          from linkedin.analytics_member_days
          where user_id = ${userId} and day >= (${previousAt} at time zone 'UTC')::date - 1
            and day <= (${nowAt} at time zone 'UTC')::date
        ) member
        where noon >= ${previousAt} and noon <= ${nowAt}
      ) gains
      group by gains.day`,
    posts: sql`
      select to_char(day, 'YYYY-MM-DD') as day, count(*)::int as posts,
             coalesce(sum((reactions + comments + reposts)::float8 / nullif(impressions, 0)), 0)::float8 as rate_sum,
             (count(*) filter (where impressions > 0))::int as rated
      from (
        select ${dateOf('published_at')} as day, reactions, comments, reposts, impressions
        from linkedin.analytics_posts
        where user_id = ${userId} and published_at >= ${postsFromAt} and published_at <= ${nowAt}
      ) published
      group by published.day`,
    top: sql`
      select post_id, text, share_url, (extract(epoch from published_at) * 1000)::float8 as published_ms,
             reactions, comments, reposts, impressions, saves, sends,
             (extract(epoch from deleted_at) * 1000)::float8 as deleted_ms
      from linkedin.analytics_posts
      where user_id = ${userId} and published_at >= ${fromAt} and published_at <= ${nowAt}
      order by reactions + comments + reposts desc nulls last, published_at desc
      limit 5`,
    profileBefore: sql`
      select followers, connections, profile_views
      from linkedin.analytics_profile_snapshots
      where user_id = ${userId} and taken_at < ${previousAt}
      order by taken_at desc limit 1`,
    profileDays: sql`
      select distinct on (snapshots.day) to_char(snapshots.day, 'YYYY-MM-DD') as day,
             followers, connections, profile_views
      from (
        select ${dateOf('taken_at')} as day, followers, connections, profile_views, taken_at
        from linkedin.analytics_profile_snapshots
        where user_id = ${userId} and taken_at >= ${previousAt} and taken_at <= ${nowAt}
      ) snapshots
      order by snapshots.day, taken_at desc`,
  };
}

export interface SummaryInput {
  userId: string;
  days: AnalyticsPeriod;
  timeZone: string;
  now: Date;
  capabilities: AnalyticsCapabilities;
  /** The account is connected (a disconnected one keeps its history but imports nothing). */
  connected: boolean;
}

/**
 * The dashboard's figures over a period of the zone's calendar days ending today, each against
 * the period of the same length before it. Six statements, five of them at once, each a range of
 * one index for one user.
 */
export async function readSummary(db: Db, input: SummaryInput): Promise<AnalyticsSummaryResponse> {
  const { userId, days, timeZone: zone, now, capabilities: caps } = input;
  const today = zoneDay(now, zone);
  const firstDay = addDays(today, -(days - 1));
  const previousFirstDay = addDays(firstDay, -days);
  const streakFirstDay = addDays(weekStartOf(today, workWeekOf(zone)), -7 * STREAK_WEEKS);
  // Days as YYYY-MM-DD text sort as dates do.
  const postsFirstDay = [streakFirstDay, previousFirstDay].sort()[0] ?? previousFirstDay;
  const midnight = (day: string) => sql`(${day}::date::timestamp at time zone ${zone})`;

  const [bounds] = await db.execute<{
    from_ms: number;
    previous_ms: number;
    posts_from_ms: number;
    first_snapshot_ms: number | null;
    last_snapshot_ms: number | null;
    imported: boolean | null;
    first_gain_ms: number | null;
  }>(sql`
    select (extract(epoch from ${midnight(firstDay)}) * 1000)::float8 as from_ms,
           (extract(epoch from ${midnight(previousFirstDay)}) * 1000)::float8 as previous_ms,
           (extract(epoch from ${midnight(postsFirstDay)}) * 1000)::float8 as posts_from_ms,
           (extract(epoch from a.first_snapshot_at) * 1000)::float8 as first_snapshot_ms,
           (extract(epoch from a.last_snapshot_at) * 1000)::float8 as last_snapshot_ms,
           a.imported_at is not null as imported,
           (select (extract(epoch from least(
                      (select min(s.gained_at) from linkedin.analytics_post_snapshots s where s.user_id = ${userId}),
                      (select min(m.day)::timestamp at time zone 'UTC' from linkedin.analytics_member_days m
                        where m.user_id = ${userId}))) * 1000)::float8) as first_gain_ms
    from (select 1) one
    left join linkedin.analytics_accounts a on a.user_id = ${userId}`);
  if (!bounds) throw new Error('the period bounds query returned nothing');
  const statements = periodStatements({
    userId,
    zone,
    now,
    from: new Date(bounds.from_ms),
    previousFrom: new Date(bounds.previous_ms),
    postsFrom: new Date(bounds.posts_from_ms),
  });
  const [gains, posts, top, profileBefore, profileDays] = await Promise.all([
    db.execute<{ day: string; engagement: number; impressions: number }>(statements.gains),
    db.execute<{ day: string; posts: number; rate_sum: number; rated: number }>(statements.posts),
    db.execute<PostRowFigures>(statements.top),
    db.execute<{ followers: number | null; connections: number | null; profile_views: number | null }>(
      statements.profileBefore,
    ),
    db.execute<{ day: string; followers: number | null; connections: number | null; profile_views: number | null }>(
      statements.profileDays,
    ),
  ]);

  const gainsByDay = new Map(gains.map((row) => [row.day, row]));
  const postsByDay = new Map(posts.map((row) => [row.day, row]));
  const periodDays = daysBetween(firstDay, today);
  const previousDays = daysBetween(previousFirstDay, addDays(firstDay, -1));
  const sum = (list: string[], pick: (day: string) => number) => list.reduce((total, day) => total + pick(day), 0);
  const engagementOn = (day: string) => Math.round(gainsByDay.get(day)?.engagement ?? 0);
  const impressionsOn = (day: string) => Math.round(gainsByDay.get(day)?.impressions ?? 0);
  const postsOn = (day: string) => postsByDay.get(day)?.posts ?? 0;

  // Gains are known from the first one counted (a post's history counts on its publishing day).
  const knownBefore = bounds.first_gain_ms !== null && bounds.first_gain_ms < bounds.from_ms;

  // The profile's figures at the end of each day, carried forward from the last snapshot.
  type Figures = { followers: number | null; connections: number | null; profileViews: number | null };
  const profileByDay = new Map(profileDays.map((row) => [row.day, row]));
  const before = profileBefore[0];
  let carried: Figures = {
    followers: before?.followers ?? null,
    connections: before?.connections ?? null,
    profileViews: before?.profile_views ?? null,
  };
  const endOf = new Map<string, Figures>();
  for (const day of [...previousDays, ...periodDays]) {
    const row = profileByDay.get(day);
    if (row) {
      carried = {
        followers: row.followers ?? carried.followers,
        connections: row.connections ?? carried.connections,
        profileViews: row.profile_views ?? carried.profileViews,
      };
    }
    endOf.set(day, carried);
  }
  const atEnd = endOf.get(today) ?? carried;
  const atStart = endOf.get(addDays(firstDay, -1)) ?? null;
  const atPreviousStart = before
    ? { followers: before.followers, connections: before.connections, profileViews: before.profile_views }
    : null;
  const networkOf = (figures: Figures | null) =>
    figures ? ((caps.followers ? figures.followers : null) ?? (caps.connections ? figures.connections : null)) : null;
  const firstFollowersInPeriod = periodDays.map((day) => endOf.get(day)?.followers ?? null).find((v) => v !== null);

  const rateOf = (list: string[]) => {
    const rated = sum(list, (day) => postsByDay.get(day)?.rated ?? 0);
    const total = list.reduce((acc, day) => acc + (postsByDay.get(day)?.rate_sum ?? 0), 0);
    return rated > 0 ? Math.round((total / rated) * 10_000) / 10_000 : null;
  };

  const engagement = sum(periodDays, engagementOn);
  const impressions = sum(periodDays, impressionsOn);
  const rate = rateOf(periodDays);
  const followersEnd = atEnd.followers;
  const followersStart = atStart?.followers ?? firstFollowersInPeriod ?? null;
  const cards: AnalyticsSummaryResponse['cards'] = {
    profileViews:
      caps.profileViews && atEnd.profileViews !== null
        ? metric(atEnd.profileViews, atStart?.profileViews ?? null)
        : SAMPLE_CARDS.profileViews,
    postEngagement: caps.postCounters
      ? metric(engagement, knownBefore ? sum(previousDays, engagementOn) : null)
      : SAMPLE_CARDS.postEngagement,
    networkSize:
      networkOf(atEnd) !== null ? metric(networkOf(atEnd) ?? 0, networkOf(atStart)) : SAMPLE_CARDS.networkSize,
    impressions: caps.postCounters
      ? metric(impressions, knownBefore ? sum(previousDays, impressionsOn) : null)
      : SAMPLE_CARDS.impressions,
    engagementRate: caps.postCounters ? metric(rate ?? 0, rateOf(previousDays)) : SAMPLE_CARDS.engagementRate,
    followerGrowth:
      caps.followers && followersEnd !== null && followersStart !== null
        ? metric(
            followersEnd - followersStart,
            atStart?.followers != null && atPreviousStart?.followers != null
              ? atStart.followers - atPreviousStart.followers
              : null,
          )
        : SAMPLE_CARDS.followerGrowth,
  };

  const series: AnalyticsDay[] = periodDays.map((day) => ({
    date: day,
    impressions: impressionsOn(day),
    engagement: engagementOn(day),
    followers: caps.followers ? (endOf.get(day)?.followers ?? null) : null,
    posts: postsOn(day),
  }));

  const workWeek = workWeekOf(zone);
  // Each day's week is found once: a year's days against each of its weeks was most of the
  // summary's own time.
  const weeks = new Set(periodDays.map((day) => weekStartOf(day, workWeek)));
  const weeksPostedInPeriod = new Set(
    periodDays.filter((day) => postsOn(day) > 0).map((day) => weekStartOf(day, workWeek)),
  );
  const postedWeeks = new Set(posts.filter((row) => row.posts > 0).map((row) => weekStartOf(row.day, workWeek)));
  const periodPosts = sum(periodDays, postsOn);
  // The week under way does not break a streak before it is over.
  let week = weekStartOf(today, workWeek);
  if (!postedWeeks.has(week)) week = addDays(week, -7);
  let streak = 0;
  while (postedWeeks.has(week)) {
    streak++;
    week = addDays(week, -7);
  }

  return {
    period: { days, from: new Date(bounds.from_ms).toISOString(), to: now.toISOString(), timeZone: zone },
    history: {
      firstSnapshotAt: iso(bounds.first_snapshot_ms),
      lastSnapshotAt: iso(bounds.last_snapshot_ms),
      importing: input.connected && !bounds.imported,
    },
    cards,
    days: series,
    topPosts: top.map((row) => analyticsPostOf(row, caps.postCounters)),
    consistency: {
      weeks: weeks.size,
      weeksWithPosts: weeksPostedInPeriod.size,
      postsPerWeek: Math.round((periodPosts / (days / 7)) * 10) / 10,
      currentStreakWeeks: streak,
    },
  };
}
