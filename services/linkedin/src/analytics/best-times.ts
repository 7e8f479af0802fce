import { type BestTimesResponse, defaultBestTimes, MIN_POSTS_FOR_BEST_TIMES, workWeekOf } from '@nashr/contracts';
import { sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { schema } from '../db/schema.js';

type Db = PostgresJsDatabase<typeof schema>;

/** The heatmap reads the last year of posts: the audience of two years ago reads at other times. */
const BEST_TIMES_DAYS = 365;
const BEST_SLOTS = 3;

/**
 * Engagement by weekday and hour in the user's zone. With fewer than MIN_POSTS_FOR_BEST_TIMES
 * posts with counters, the best slots are the defaults of the zone's work week (the posting
 * queue's suggestions), and the answer says so.
 */
export async function readBestTimes(
  db: Db,
  input: { userId: string; timeZone: string; now: Date; counters: boolean },
): Promise<BestTimesResponse> {
  const { userId, timeZone: zone, now } = input;
  const since = new Date(now.getTime() - BEST_TIMES_DAYS * 86_400_000);
  const rows = await db.execute<{ weekday: number; hour: number; posts: number; engagement: number }>(sql`
    select extract(dow from published_at at time zone ${zone})::int as weekday,
           extract(hour from published_at at time zone ${zone})::int as hour,
           count(*)::int as posts,
           avg(reactions + comments + reposts)::float8 as engagement
    from linkedin.analytics_posts
    where user_id = ${userId} and published_at >= ${since.toISOString()}::timestamptz
      and published_at <= ${now.toISOString()}::timestamptz
      -- A post whose figures no snapshot read has none to learn from.
      and reactions is not null and (deleted_at is null or deleted_at <> last_snapshot_at)
    group by 1, 2`);
  const byCell = new Map(rows.map((row) => [`${row.weekday}-${row.hour}`, row]));
  const cells: BestTimesResponse['cells'] = [];
  for (let weekday = 0; weekday < 7; weekday++) {
    for (let hour = 0; hour < 24; hour++) {
      const row = byCell.get(`${weekday}-${hour}`);
      cells.push({
        weekday,
        hour,
        posts: row?.posts ?? 0,
        engagement: input.counters && row ? Math.round(row.engagement * 10) / 10 : 0,
      });
    }
  }
  // Without counters (a provider that gives none) the posts say nothing about engagement.
  const postsConsidered = input.counters ? rows.reduce((total, row) => total + row.posts, 0) : 0;
  const basis = postsConsidered >= MIN_POSTS_FOR_BEST_TIMES ? 'history' : 'defaults';
  const best =
    basis === 'history'
      ? cells
          .filter((cell) => cell.posts > 0)
          .sort((a, b) => b.engagement - a.engagement || b.posts - a.posts)
          .slice(0, BEST_SLOTS)
          .map(({ weekday, hour }) => ({ weekday, hour }))
      : defaultBestTimes(zone).slice(0, BEST_SLOTS);
  return { timeZone: zone, postsConsidered, basis, workWeek: workWeekOf(zone), cells, best };
}
