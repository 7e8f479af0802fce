import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import {
  accounts,
  analyticsAccounts,
  analyticsMemberDays,
  analyticsPageDays,
  analyticsPostSnapshots,
  analyticsPosts,
  analyticsProfileSnapshots,
  pages,
  type schema,
} from '../db/schema.js';
import type { MemberDay, NetworkPost, PageFigures } from '../providers/network-provider.js';

type Db = PostgresJsDatabase<typeof schema>;

/** Serializes one user's snapshot writes with each other and with the deletion of their data. */
export const analyticsLock = (userId: string) => sql`select pg_advisory_xact_lock(hashtext(${`analytics:${userId}`}))`;

/** The profile's figures at a snapshot; null where the provider does not give them. */
export interface ProfileFigures {
  followers: number | null;
  connections: number | null;
  profileViews: number | null;
}

export interface SnapshotInput {
  userId: string;
  takenAt: Date;
  posts: readonly NetworkPost[];
  profile: ProfileFigures | null;
  /** This snapshot read every page of the account's posts: its history is imported. */
  historyImported: boolean;
  /**
   * Posts' figures by UTC day before this snapshot, where the provider gives them: a post seen for
   * the first time gets a point at the end of each past day, its counters spread over its days.
   */
  days?: ReadonlyMap<string, readonly DayFigures[]>;
}

/** A post's counters as the latest snapshot that read them found them; null while none has. */
export interface StoredCounters {
  reactions: number | null;
  comments: number | null;
  reposts: number | null;
  impressions: number | null;
}

/** One post's gains on one UTC day (YYYY-MM-DD), as the provider's daily figures give them. */
export interface DayFigures {
  date: string;
  impressions: number;
  reactions: number;
  comments: number;
  reposts: number;
}

type Counters = { reactions: number; comments: number; reposts: number; impressions: number };

/**
 * The points of a post's past days, for its first snapshot: its counters now, spread over its
 * days by the shares the daily figures give (impressions by impressions, the rest by engagement),
 * each day's point at the end of that UTC day and its gain on that day. Complete days before
 * `takenAt` only; empty when the figures give no shares. Cumulative, so never more than `now`.
 */
export function pastDayPoints(
  counters: Counters,
  days: readonly DayFigures[],
  publishedAt: Date,
  takenAt: Date,
): { takenAt: Date; gainedAt: Date; counters: Counters }[] {
  const total = (pick: (day: DayFigures) => number) => days.reduce((sum, day) => sum + Math.max(0, pick(day)), 0);
  const impressionsTotal = total((d) => d.impressions);
  const engagementTotal = total((d) => d.reactions + d.comments + d.reposts);
  if (impressionsTotal <= 0 && engagementTotal <= 0) return [];
  const points: { takenAt: Date; gainedAt: Date; counters: Counters }[] = [];
  let impressionsSoFar = 0;
  let engagementSoFar = 0;
  for (const day of [...days].sort((a, b) => a.date.localeCompare(b.date))) {
    impressionsSoFar += Math.max(0, day.impressions);
    engagementSoFar += Math.max(0, day.reactions + day.comments + day.reposts);
    const end = Date.parse(`${day.date}T23:59:59.000Z`);
    const noon = Date.parse(`${day.date}T12:00:00.000Z`);
    if (Number.isNaN(end) || end >= takenAt.getTime() || end <= publishedAt.getTime()) continue;
    const impressionsShare = impressionsTotal > 0 ? impressionsSoFar / impressionsTotal : 0;
    const engagementShare = engagementTotal > 0 ? engagementSoFar / engagementTotal : impressionsShare;
    points.push({
      takenAt: new Date(end),
      gainedAt: new Date(Math.max(noon, publishedAt.getTime())),
      counters: {
        impressions: Math.floor(counters.impressions * impressionsShare),
        reactions: Math.floor(counters.reactions * engagementShare),
        comments: Math.floor(counters.comments * engagementShare),
        reposts: Math.floor(counters.reposts * engagementShare),
      },
    });
  }
  return points;
}

/** Rows written at once: well under PostgreSQL's 65,535 parameters a statement. */
const CHUNK = 500;
/** The untold deletions one snapshot tells the posts service of; a later snapshot tells the rest. */
const UNTOLD_DELETIONS_BATCH = 500;

const chunks = <T>(items: readonly T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

const engagementOf = (c: { reactions: number; comments: number; reposts: number }) =>
  c.reactions + c.comments + c.reposts;

/** A counter as stored: a whole number, never negative; one the network did not give counts as none. */
const count = (value: number | null) => (value !== null && Number.isFinite(value) && value > 0 ? Math.round(value) : 0);

/**
 * A post's counters as read, or null when the network gave none of them (LinkedIn's official post
 * list, where the post analytics were not read): unknown, never taken for zeros.
 */
const readCounters = (post: NetworkPost): Counters | null =>
  [post.reaction_counter, post.comment_counter, post.repost_counter, post.impressions_counter].every(
    (value) => value === null,
  )
    ? null
    : {
        reactions: count(post.reaction_counter),
        comments: count(post.comment_counter),
        reposts: count(post.repost_counter),
        impressions: count(post.impressions_counter),
      };

/** The counters a stored post holds, or null while no snapshot has read them. */
const storedCounters = (row: StoredCounters): Counters | null =>
  row.reactions === null || row.comments === null || row.reposts === null || row.impressions === null
    ? null
    : { reactions: row.reactions, comments: row.comments, reposts: row.reposts, impressions: row.impressions };

/**
 * Where snapshots are written, kept and folded. Each post's gain since its previous snapshot is
 * worked out here, once, when the snapshot is written, so reading a period is a sum.
 */
export class SnapshotStore {
  constructor(private readonly db: Db) {}

  async state(userId: string) {
    const [row] = await this.db.select().from(analyticsAccounts).where(eq(analyticsAccounts.userId, userId));
    return row ?? null;
  }

  /** Everything kept about the user's analytics, for 'Download my data'. */
  async userExport(userId: string) {
    const [posts, postSnapshots, profileSnapshots, memberDays, pageDays] = await Promise.all([
      this.db
        .select()
        .from(analyticsPosts)
        .where(eq(analyticsPosts.userId, userId))
        .orderBy(asc(analyticsPosts.publishedAt)),
      this.db
        .select()
        .from(analyticsPostSnapshots)
        .where(eq(analyticsPostSnapshots.userId, userId))
        .orderBy(asc(analyticsPostSnapshots.postId), asc(analyticsPostSnapshots.takenAt)),
      this.db
        .select()
        .from(analyticsProfileSnapshots)
        .where(eq(analyticsProfileSnapshots.userId, userId))
        .orderBy(asc(analyticsProfileSnapshots.takenAt)),
      this.db
        .select()
        .from(analyticsMemberDays)
        .where(eq(analyticsMemberDays.userId, userId))
        .orderBy(asc(analyticsMemberDays.day)),
      this.db
        .select()
        .from(analyticsPageDays)
        .where(eq(analyticsPageDays.userId, userId))
        .orderBy(asc(analyticsPageDays.organization), asc(analyticsPageDays.day)),
    ]);
    return {
      posts: posts.map(({ userId: _user, ...post }) => post),
      postSnapshots: postSnapshots.map(({ userId: _user, ...snapshot }) => snapshot),
      profileSnapshots: profileSnapshots.map(({ userId: _user, ...snapshot }) => snapshot),
      memberDays: memberDays.map(({ userId: _user, ...day }) => day),
      pageDays: pageDays.map(({ userId: _user, ...day }) => day),
    };
  }

  /**
   * Records one snapshot of an account. Serialized per user (two snapshots of one account never
   * interleave), and a post whose stored counters are newer than this snapshot is left alone, so
   * a snapshot that was delayed cannot count a gain backwards.
   */
  async record(input: SnapshotInput): Promise<{ posts: number; newPosts: number }> {
    const { userId, takenAt } = input;
    return this.db.transaction(async (tx) => {
      await tx.execute(analyticsLock(userId));
      // An account deleted (or disconnected) while the snapshot was read keeps nothing of it.
      const [account] = await tx.select({ status: accounts.status }).from(accounts).where(eq(accounts.userId, userId));
      if (account?.status !== 'connected') return { posts: 0, newPosts: 0 };
      const byId = new Map(input.posts.map((post) => [post.id, post]));
      const known = new Map<string, typeof analyticsPosts.$inferSelect>();
      for (const ids of chunks([...byId.keys()], 1000)) {
        const rows = await tx
          .select()
          .from(analyticsPosts)
          .where(and(eq(analyticsPosts.userId, userId), inArray(analyticsPosts.postId, ids)));
        for (const row of rows) known.set(row.postId, row);
      }
      const postRows: (typeof analyticsPosts.$inferInsert)[] = [];
      const snapshotRows: (typeof analyticsPostSnapshots.$inferInsert)[] = [];
      let newPosts = 0;
      for (const post of byId.values()) {
        const before = known.get(post.id);
        if (before && before.lastSnapshotAt.getTime() >= takenAt.getTime()) continue;
        // A post deleted on the network keeps what it had: a snapshot read before the deletion was known adds nothing.
        if (before?.deletedAt) continue;
        const published = new Date(post.parsed_datetime);
        const publishedAt = Number.isNaN(published.getTime()) || published > takenAt ? takenAt : published;
        const counters = readCounters(post);
        postRows.push({
          userId,
          postId: post.id,
          text: post.text,
          shareUrl: post.share_url,
          publishedAt,
          ...(counters ?? { reactions: null, comments: null, reposts: null, impressions: null }),
          saves: post.save_counter == null ? null : count(post.save_counter),
          sends: post.send_counter == null ? null : count(post.send_counter),
          lastSnapshotAt: takenAt,
        });
        if (!before) newPosts++;
        // Unknown counters gain nothing: the post is kept (it was published) without a snapshot.
        if (!counters) continue;
        let previous: Counters | null = before ? storedCounters(before) : null;
        // Counters read for the first time: the post's past days' points where the provider gives them.
        const past = previous ? [] : pastDayPoints(counters, input.days?.get(post.id) ?? [], publishedAt, takenAt);
        for (const point of past) {
          snapshotRows.push({
            userId,
            postId: post.id,
            takenAt: point.takenAt,
            ...point.counters,
            engagementGained: engagementOf(point.counters) - (previous ? engagementOf(previous) : 0),
            impressionsGained: point.counters.impressions - (previous?.impressions ?? 0),
            gainedAt: point.gainedAt,
          });
          previous = point.counters;
        }
        snapshotRows.push({
          userId,
          postId: post.id,
          takenAt,
          ...counters,
          engagementGained: engagementOf(counters) - (previous ? engagementOf(previous) : 0),
          impressionsGained: counters.impressions - (previous?.impressions ?? 0),
          // What a post gathered before its first snapshot (and its past days') is counted on the day it was published.
          gainedAt: previous ? takenAt : publishedAt,
        });
      }
      for (const rows of chunks(postRows)) {
        await tx
          .insert(analyticsPosts)
          .values(rows)
          .onConflictDoUpdate({
            target: [analyticsPosts.userId, analyticsPosts.postId],
            set: {
              text: sql`excluded.text`,
              shareUrl: sql`excluded.share_url`,
              // A snapshot that could not read the counters keeps those read before.
              reactions: sql`coalesce(excluded.reactions, ${analyticsPosts.reactions})`,
              comments: sql`coalesce(excluded.comments, ${analyticsPosts.comments})`,
              reposts: sql`coalesce(excluded.reposts, ${analyticsPosts.reposts})`,
              impressions: sql`coalesce(excluded.impressions, ${analyticsPosts.impressions})`,
              saves: sql`excluded.saves`,
              sends: sql`excluded.sends`,
              lastSnapshotAt: sql`excluded.last_snapshot_at`,
            },
          });
      }
      for (const rows of chunks(snapshotRows)) {
        await tx.insert(analyticsPostSnapshots).values(rows).onConflictDoNothing();
      }
      if (input.profile) {
        await tx
          .insert(analyticsProfileSnapshots)
          .values({ userId, takenAt, ...input.profile })
          .onConflictDoNothing();
      }
      await tx
        .insert(analyticsAccounts)
        .values({
          userId,
          firstSnapshotAt: takenAt,
          lastSnapshotAt: takenAt,
          importedAt: input.historyImported ? takenAt : null,
        })
        .onConflictDoUpdate({
          target: analyticsAccounts.userId,
          set: {
            firstSnapshotAt: sql`least(${analyticsAccounts.firstSnapshotAt}, excluded.first_snapshot_at)`,
            lastSnapshotAt: sql`greatest(${analyticsAccounts.lastSnapshotAt}, excluded.last_snapshot_at)`,
            importedAt: sql`coalesce(${analyticsAccounts.importedAt}, excluded.imported_at)`,
            updatedAt: new Date(),
          },
        });
      return { posts: postRows.length, newPosts };
    });
  }

  /** The last UTC day of the page's figures kept for the user; null before the first read. */
  async lastPageDay(userId: string, organization: string): Promise<string | null> {
    const [row] = await this.db
      .select({ day: sql<string | null>`max(${analyticsPageDays.day})` })
      .from(analyticsPageDays)
      .where(and(eq(analyticsPageDays.userId, userId), eq(analyticsPageDays.organization, organization)));
    return row?.day ?? null;
  }

  /**
   * Keeps a company page's figures as read at `at`: each day replaced (a day read again never
   * counts twice), the followers on `at`'s UTC day. Nothing is kept once the account is no longer
   * connected or the page no longer added (its data may have been deleted meanwhile). Returns the
   * days kept.
   */
  async recordPageFigures(userId: string, organization: string, figures: PageFigures, at: Date): Promise<number> {
    const today = at.toISOString().slice(0, 10);
    const days = figures.days.some((day) => day.date === today)
      ? figures.days
      : [
          ...figures.days,
          { date: today, impressions: 0, clicks: 0, reactions: 0, comments: 0, shares: 0, followersGained: 0 },
        ];
    const rows = days.map((day) => ({
      userId,
      organization,
      day: day.date,
      impressions: count(day.impressions),
      clicks: count(day.clicks),
      reactions: count(day.reactions),
      comments: count(day.comments),
      shares: count(day.shares),
      followersGained: count(day.followersGained),
      followers: day.date === today ? count(figures.followers) : null,
      readAt: at,
    }));
    return this.db.transaction(async (tx) => {
      await tx.execute(analyticsLock(userId));
      const [page] = await tx
        .select({ id: pages.id })
        .from(pages)
        .innerJoin(accounts, eq(accounts.id, pages.accountId))
        .where(and(eq(pages.userId, userId), eq(pages.organization, organization), eq(accounts.status, 'connected')));
      if (!page) return 0;
      for (const part of chunks(rows)) {
        await tx
          .insert(analyticsPageDays)
          .values(part)
          .onConflictDoUpdate({
            target: [analyticsPageDays.userId, analyticsPageDays.organization, analyticsPageDays.day],
            set: {
              impressions: sql`excluded.impressions`,
              clicks: sql`excluded.clicks`,
              reactions: sql`excluded.reactions`,
              comments: sql`excluded.comments`,
              shares: sql`excluded.shares`,
              followersGained: sql`excluded.followers_gained`,
              // A day read again without a follower count keeps the one read on it.
              followers: sql`coalesce(excluded.followers, ${analyticsPageDays.followers})`,
              readAt: sql`excluded.read_at`,
            },
          });
      }
      await tx.update(pages).set({ figuresReadAt: at, figuresRefusedAt: null }).where(eq(pages.id, page.id));
      return rows.length;
    });
  }

  /** The network refused the page's figures (the member lost their role on it): the page says so. */
  async pageFiguresRefused(userId: string, organization: string, at: Date): Promise<void> {
    await this.db
      .update(pages)
      .set({ figuresRefusedAt: at })
      .where(and(eq(pages.userId, userId), eq(pages.organization, organization)));
  }

  /**
   * Keeps the member's days from before the snapshots (the history import): each day's figures
   * over all of their posts, a day read again replacing what it held, so nothing adds up twice.
   * An account no longer connected keeps nothing. Answers the days kept.
   */
  async recordMemberDays(userId: string, days: readonly MemberDay[], at: Date): Promise<number> {
    const rows = days
      .filter((day) => day.impressions > 0 || day.reactions + day.comments + day.reposts > 0)
      .map((day) => ({
        userId,
        day: day.date,
        impressions: count(day.impressions),
        engagement: count(day.reactions) + count(day.comments) + count(day.reposts),
        saves: count(day.saves),
        sends: count(day.sends),
        importedAt: at,
      }));
    return this.db.transaction(async (tx) => {
      await tx.execute(analyticsLock(userId));
      const [account] = await tx.select({ status: accounts.status }).from(accounts).where(eq(accounts.userId, userId));
      if (account?.status !== 'connected') return 0;
      for (const part of chunks(rows)) {
        await tx
          .insert(analyticsMemberDays)
          .values(part)
          .onConflictDoUpdate({
            target: [analyticsMemberDays.userId, analyticsMemberDays.day],
            set: {
              impressions: sql`excluded.impressions`,
              engagement: sql`excluded.engagement`,
              saves: sql`excluded.saves`,
              sends: sql`excluded.sends`,
              importedAt: sql`excluded.imported_at`,
            },
          });
      }
      return rows.length;
    });
  }

  /** The counters stored for each of `postIds` a snapshot saw (null where none read them). */
  async countersOf(userId: string, postIds: readonly string[]): Promise<Map<string, StoredCounters>> {
    const out = new Map<string, StoredCounters>();
    for (const ids of chunks(postIds, 1000)) {
      const rows = await this.db
        .select({
          postId: analyticsPosts.postId,
          reactions: analyticsPosts.reactions,
          comments: analyticsPosts.comments,
          reposts: analyticsPosts.reposts,
          impressions: analyticsPosts.impressions,
        })
        .from(analyticsPosts)
        .where(and(eq(analyticsPosts.userId, userId), inArray(analyticsPosts.postId, ids)));
      for (const { postId, ...counters } of rows) out.set(postId, counters);
    }
    return out;
  }

  /** Which of `postIds` a snapshot found deleted on the network: they are not read again. */
  async deletedPosts(userId: string, postIds: readonly string[]): Promise<Set<string>> {
    const out = new Set<string>();
    for (const ids of chunks(postIds, 1000)) {
      const rows = await this.db
        .select({ postId: analyticsPosts.postId })
        .from(analyticsPosts)
        .where(
          and(
            eq(analyticsPosts.userId, userId),
            inArray(analyticsPosts.postId, ids),
            isNotNull(analyticsPosts.deletedAt),
          ),
        );
      for (const row of rows) out.add(row.postId);
    }
    return out;
  }

  /**
   * The user's posts found deleted on the network whose deletion the posts service was not told
   * of (found before it was told of any), oldest first, at most `limit`.
   */
  async untoldDeletions(
    userId: string,
    limit = UNTOLD_DELETIONS_BATCH,
  ): Promise<{ postId: string; deletedAt: Date }[]> {
    const rows = await this.db
      .select({ postId: analyticsPosts.postId, deletedAt: analyticsPosts.deletedAt })
      .from(analyticsPosts)
      .where(
        and(
          eq(analyticsPosts.userId, userId),
          isNotNull(analyticsPosts.deletedAt),
          isNull(analyticsPosts.deletionToldAt),
        ),
      )
      .orderBy(asc(analyticsPosts.deletedAt), asc(analyticsPosts.postId))
      .limit(limit);
    return rows.flatMap(({ postId, deletedAt }) => (deletedAt ? [{ postId, deletedAt }] : []));
  }

  /** Notes that the posts service was told of these posts' deletion. */
  async deletionsTold(userId: string, postIds: readonly string[], at: Date): Promise<void> {
    if (postIds.length === 0) return;
    await this.db
      .update(analyticsPosts)
      .set({ deletionToldAt: at })
      .where(and(eq(analyticsPosts.userId, userId), inArray(analyticsPosts.postId, [...postIds])));
  }

  /**
   * Records that the network answered "not found" for a post's analytics: the post is deleted
   * there. Set once (a later call keeps the first time); its figures and snapshots stay as they
   * were. A post no snapshot stored yet is kept with no figures, so it is not asked about again.
   * Answers whether this call marked it.
   */
  async markDeleted(userId: string, post: NetworkPost, at: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.execute(analyticsLock(userId));
      const [account] = await tx.select({ status: accounts.status }).from(accounts).where(eq(accounts.userId, userId));
      if (account?.status !== 'connected') return false;
      const published = new Date(post.parsed_datetime);
      const marked = await tx
        .insert(analyticsPosts)
        .values({
          userId,
          postId: post.id,
          text: post.text,
          shareUrl: post.share_url,
          publishedAt: Number.isNaN(published.getTime()) || published > at ? at : published,
          lastSnapshotAt: at,
          deletedAt: at,
          deletionToldAt: at,
        })
        .onConflictDoUpdate({
          target: [analyticsPosts.userId, analyticsPosts.postId],
          // The collector told the posts service before it marks: the deletion is told with it.
          set: { deletedAt: at, deletionToldAt: at },
          setWhere: isNull(analyticsPosts.deletedAt),
        })
        .returning({ postId: analyticsPosts.postId });
      return marked.length > 0;
    });
  }

  /**
   * Folds the snapshots taken before `cutoff` into one a day per post (the day's last counters,
   * the day's gains summed) and one a day for the profile, a few hundred users per transaction.
   * A post's first snapshot stays apart, so what it gathered before still counts on its day.
   */
  async fold(cutoff: Date, usersPerBatch = 200): Promise<{ users: number; before: number; after: number }> {
    // Raw statements take instants as text: the driver leaves Date parameters to Drizzle's columns.
    const cutoffAt = sql`${cutoff.toISOString()}::timestamptz`;
    let users = 0;
    let before = 0;
    let after = 0;
    for (;;) {
      const batch = await this.db.execute<{ user_id: string }>(sql`
        select distinct user_id from (
          (select user_id from linkedin.analytics_post_snapshots where not folded and taken_at < ${cutoffAt} limit 20000)
          union all
          (select user_id from linkedin.analytics_profile_snapshots where not folded and taken_at < ${cutoffAt} limit 20000)
        ) due limit ${usersPerBatch}`);
      const ids = batch.map((row) => row.user_id);
      if (ids.length === 0) break;
      const idList = sql`array[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::uuid[]`;
      // The last snapshot of each day stays, standing for the day: its counters are the day's
      // last already, and it takes the day's gains. The others of the day go.
      const counts = await this.db.transaction(async (tx) => {
        const keptPosts = await tx.execute(sql`
          with days as (
            select user_id, post_id, max(taken_at) as taken_at,
                   sum(engagement_gained)::int as engagement_gained,
                   sum(impressions_gained)::int as impressions_gained,
                   min(gained_at) as gained_at
            from linkedin.analytics_post_snapshots
            where user_id = any(${idList}) and not folded and taken_at < ${cutoffAt}
            group by user_id, post_id, (taken_at at time zone 'UTC')::date, (gained_at at time zone 'UTC')::date
          )
          update linkedin.analytics_post_snapshots s
          set engagement_gained = d.engagement_gained, impressions_gained = d.impressions_gained,
              gained_at = d.gained_at, folded = true
          from days d
          where s.user_id = d.user_id and s.post_id = d.post_id and s.taken_at = d.taken_at`);
        const droppedPosts = await tx.execute(sql`
          delete from linkedin.analytics_post_snapshots
          where user_id = any(${idList}) and not folded and taken_at < ${cutoffAt}`);
        const keptProfiles = await tx.execute(sql`
          with days as (
            select user_id, max(taken_at) as taken_at
            from linkedin.analytics_profile_snapshots
            where user_id = any(${idList}) and not folded and taken_at < ${cutoffAt}
            group by user_id, (taken_at at time zone 'UTC')::date
          )
          update linkedin.analytics_profile_snapshots s set folded = true
          from days d where s.user_id = d.user_id and s.taken_at = d.taken_at`);
        const droppedProfiles = await tx.execute(sql`
          delete from linkedin.analytics_profile_snapshots
          where user_id = any(${idList}) and not folded and taken_at < ${cutoffAt}`);
        const kept = keptPosts.count + keptProfiles.count;
        return { before: kept + droppedPosts.count + droppedProfiles.count, after: kept };
      });
      users += ids.length;
      before += counts.before;
      after += counts.after;
    }
    return { users, before, after };
  }
}
