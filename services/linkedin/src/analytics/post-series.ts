import type { AnalyticsPoint, AnalyticsPostResponse } from '@nashr/contracts';
import { sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { schema } from '../db/schema.js';
import { analyticsPostOf, type PostRowFigures } from './summary.js';

type Db = PostgresJsDatabase<typeof schema>;

/** A post's first hours are shown hour by hour, then a day apart. */
export const HOURLY_POINTS_HOURS = 48;
/** The user's other posts the median is taken over: the newest ones. */
const MEDIAN_POSTS = 50;
const HOUR_MS = 3_600_000;

type SnapshotPoint = {
  taken_ms: number;
  reactions: number;
  comments: number;
  reposts: number;
  impressions: number;
};

/** The bucket of a point: its hour within the first 48, else its day. */
const bucketOf = (hours: number) =>
  hours < HOURLY_POINTS_HOURS ? `h${Math.floor(hours)}` : `d${Math.floor(hours / 24)}`;

/** The last snapshot of each bucket, oldest first. */
export function pointsOf(publishedMs: number, snapshots: readonly SnapshotPoint[]): AnalyticsPoint[] {
  const byBucket = new Map<string, AnalyticsPoint>();
  for (const snapshot of snapshots) {
    const hours = Math.max(0, (snapshot.taken_ms - publishedMs) / HOUR_MS);
    byBucket.set(bucketOf(hours), {
      at: new Date(snapshot.taken_ms).toISOString(),
      hoursSincePublished: Math.round(hours * 100) / 100,
      reactions: snapshot.reactions,
      comments: snapshot.comments,
      reposts: snapshot.reposts,
      impressions: snapshot.impressions,
    });
  }
  return [...byBucket.values()];
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2) return sorted[middle] ?? 0;
  return ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * One post's counters since it was published, and at the same hours the median of the user's
 * other posts (each at its last snapshot by that hour; a post first seen later has no say yet).
 * Null when the post is not among this user's.
 */
export async function readPostSeries(
  db: Db,
  input: { userId: string; postId: string; counters: boolean },
): Promise<AnalyticsPostResponse | null> {
  const { userId, postId } = input;
  const [post] = await db.execute<PostRowFigures>(sql`
    select post_id, text, share_url, (extract(epoch from published_at) * 1000)::float8 as published_ms,
           reactions, comments, reposts, impressions, saves, sends,
           (extract(epoch from deleted_at) * 1000)::float8 as deleted_ms
    from linkedin.analytics_posts where user_id = ${userId} and post_id = ${postId}`);
  if (!post) return null;
  const snapshots = await db.execute<SnapshotPoint>(sql`
    select (extract(epoch from taken_at) * 1000)::float8 as taken_ms, reactions, comments, reposts, impressions
    from linkedin.analytics_post_snapshots
    where user_id = ${userId} and post_id = ${postId}
    order by taken_at`);
  const points = pointsOf(post.published_ms, snapshots);
  const lastHour = points.at(-1)?.hoursSincePublished ?? 0;
  const others = points.length
    ? await db.execute<{ post_id: string; hours: number; reactions: number; impressions: number }>(sql`
        select s.post_id, extract(epoch from (s.taken_at - p.published_at))::float8 / 3600 as hours,
               s.reactions, s.impressions
        from (
          select post_id, published_at from linkedin.analytics_posts
          where user_id = ${userId} and post_id <> ${postId}
          order by published_at desc limit ${MEDIAN_POSTS}
        ) p
        join linkedin.analytics_post_snapshots s on s.user_id = ${userId} and s.post_id = p.post_id
        where s.taken_at <= p.published_at + make_interval(secs => ${Math.ceil(lastHour * 3600) + 1})
        order by s.post_id, s.taken_at`)
    : [];
  const byPost = new Map<string, { hours: number; reactions: number; impressions: number }[]>();
  for (const row of others) {
    const list = byPost.get(row.post_id) ?? [];
    list.push(row);
    byPost.set(row.post_id, list);
  }
  const medians: AnalyticsPostResponse['median'] = [];
  for (const point of points) {
    const atHour = [...byPost.values()].flatMap((rows) => {
      const last = rows.filter((row) => row.hours <= point.hoursSincePublished).at(-1);
      return last ? [last] : [];
    });
    if (atHour.length === 0) continue;
    medians.push({
      hoursSincePublished: point.hoursSincePublished,
      reactions: Math.round(median(atHour.map((row) => row.reactions))),
      impressions: Math.round(median(atHour.map((row) => row.impressions))),
    });
  }
  return { post: analyticsPostOf(post, input.counters), points, median: medians };
}
