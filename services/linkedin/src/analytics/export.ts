import type { analyticsExportQuerySchema } from '@nashr/contracts';
import { sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { z } from 'zod';
import type { schema } from '../db/schema.js';
import { type CsvValue, csvDocument, csvText } from './csv.js';

type Db = PostgresJsDatabase<typeof schema>;
export type ExportKind = z.infer<typeof analyticsExportQuerySchema>['kind'];

/** Rows read per statement: each page is a short query of its own, so no statement outlives a slow download. */
const PAGE = 1000;

const POSTS_HEADER = [
  'post_id',
  'published_at',
  'text',
  'share_url',
  'reactions',
  'comments',
  'reposts',
  'impressions',
  'engagement_rate',
  'last_snapshot_at',
  'saves',
  'sends',
  'deleted_at',
];

const SNAPSHOTS_HEADER = [
  'kind',
  'post_id',
  'taken_at',
  'reactions',
  'comments',
  'reposts',
  'impressions',
  'engagement_gained',
  'impressions_gained',
  'followers',
  'connections',
  'profile_views',
  'daily',
];

const iso = (ms: number) => new Date(ms).toISOString();
/** Stored instants have millisecond precision (they come from JavaScript), so a millisecond cursor is exact. */
const at = (ms: number) => sql`${iso(ms)}::timestamptz`;

type PostExportRow = {
  post_id: string;
  published_ms: number;
  text: string;
  share_url: string | null;
  /** Null (an empty cell) while no snapshot read them. */
  reactions: number | null;
  comments: number | null;
  reposts: number | null;
  impressions: number | null;
  saves: number | null;
  sends: number | null;
  last_ms: number;
  deleted_ms: number | null;
};

/** The user's posts, newest first, with their latest counters and when one was deleted on the network. */
async function* postPages(db: Db, userId: string): AsyncGenerator<CsvValue[][]> {
  let cursor: { ms: number; id: string } | null = null;
  for (;;) {
    const after = cursor ? sql`and (published_at, post_id) < (${at(cursor.ms)}, ${cursor.id})` : sql``;
    const rows: PostExportRow[] = await db.execute<PostExportRow>(sql`
      select post_id, (extract(epoch from published_at) * 1000)::float8 as published_ms, text, share_url,
             reactions, comments, reposts, impressions, saves, sends,
             (extract(epoch from last_snapshot_at) * 1000)::float8 as last_ms,
             (extract(epoch from deleted_at) * 1000)::float8 as deleted_ms
      from linkedin.analytics_posts
      where user_id = ${userId} ${after}
      order by published_at desc, post_id desc
      limit ${PAGE}`);
    yield rows.map((row) => {
      const engagement = (row.reactions ?? 0) + (row.comments ?? 0) + (row.reposts ?? 0);
      return [
        row.post_id,
        iso(row.published_ms),
        csvText(row.text),
        row.share_url,
        row.reactions,
        row.comments,
        row.reposts,
        row.impressions,
        row.impressions !== null && row.impressions > 0 ? (engagement / row.impressions).toFixed(4) : null,
        iso(row.last_ms),
        row.saves,
        row.sends,
        row.deleted_ms === null ? null : iso(row.deleted_ms),
      ];
    });
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) return;
    cursor = { ms: last.published_ms, id: last.post_id };
  }
}

type SnapshotExportRow = {
  post_id: string;
  taken_ms: number;
  reactions: number;
  comments: number;
  reposts: number;
  impressions: number;
  engagement_gained: number;
  impressions_gained: number;
  folded: boolean;
};

type ProfileExportRow = {
  taken_ms: number;
  followers: number | null;
  connections: number | null;
  profile_views: number | null;
  folded: boolean;
};

/** Every kept snapshot: the posts' (post by post, oldest first), then the profile's. */
async function* snapshotPages(db: Db, userId: string): AsyncGenerator<CsvValue[][]> {
  let cursor: { id: string; ms: number } | null = null;
  for (;;) {
    const after = cursor ? sql`and (post_id, taken_at) > (${cursor.id}, ${at(cursor.ms)})` : sql``;
    const rows: SnapshotExportRow[] = await db.execute<SnapshotExportRow>(sql`
      select post_id, (extract(epoch from taken_at) * 1000)::float8 as taken_ms, reactions, comments, reposts,
             impressions, engagement_gained, impressions_gained, folded
      from linkedin.analytics_post_snapshots
      where user_id = ${userId} ${after}
      order by post_id, taken_at
      limit ${PAGE}`);
    yield rows.map((row) => [
      'post',
      row.post_id,
      iso(row.taken_ms),
      row.reactions,
      row.comments,
      row.reposts,
      row.impressions,
      row.engagement_gained,
      row.impressions_gained,
      null,
      null,
      null,
      row.folded,
    ]);
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) break;
    cursor = { id: last.post_id, ms: last.taken_ms };
  }
  let profileCursor: number | null = null;
  for (;;) {
    const after = profileCursor === null ? sql`` : sql`and taken_at > ${at(profileCursor)}`;
    const rows: ProfileExportRow[] = await db.execute<ProfileExportRow>(sql`
      select (extract(epoch from taken_at) * 1000)::float8 as taken_ms, followers, connections, profile_views, folded
      from linkedin.analytics_profile_snapshots
      where user_id = ${userId} ${after}
      order by taken_at
      limit ${PAGE}`);
    yield rows.map((row) => [
      'profile',
      null,
      iso(row.taken_ms),
      null,
      null,
      null,
      null,
      null,
      null,
      row.followers,
      row.connections,
      row.profile_views,
      row.folded,
    ]);
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) return;
    profileCursor = last.taken_ms;
  }
}

/** The CSV of `kind`, produced page by page as the client reads it. */
export function exportCsv(db: Db, userId: string, kind: ExportKind): AsyncGenerator<string> {
  return kind === 'posts'
    ? csvDocument(POSTS_HEADER, postPages(db, userId))
    : csvDocument(SNAPSHOTS_HEADER, snapshotPages(db, userId));
}
