import {
  type AdminLibraryPost,
  type EntitlementChanged,
  LIBRARY_LOCKED_COUNT_CAP,
  type LibraryFormat,
  type LibraryPlanShare,
  type LibraryPost,
  type LibraryPostInput,
  type LibraryTopic,
  type Locale,
} from '@nashr/contracts';
import type { Acting } from '@nashr/platform';
import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { libraryAllowances, libraryFavourites, libraryPosts, type schema } from './db/schema.js';

/** Who reads or saves, and for which workspace's favourites. */
type InWorkspace = Pick<Acting, 'userId' | 'workspaceId'>;

export interface LibrarySearch {
  /** Words already checked and trimmed; empty for no word search. */
  q: string;
  topic?: LibraryTopic;
  format?: LibraryFormat;
  lang?: Locale;
  offset: number;
  limit: number;
}

type Row = Omit<typeof libraryPosts.$inferSelect, 'searchAr' | 'searchEn'>;
export type NewLibraryPost = LibraryPostInput & { seedKey?: string; createdAt?: Date };

const adminView = (row: Row): AdminLibraryPost => ({
  id: row.id,
  lang: row.lang as Locale,
  author: row.author,
  body: row.body,
  topic: row.topic as LibraryTopic,
  format: row.format as LibraryFormat,
  hidden: row.hidden,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The columns a page reads: never the search vectors. */
const listed = {
  id: libraryPosts.id,
  lang: libraryPosts.lang,
  author: libraryPosts.author,
  body: libraryPosts.body,
  topic: libraryPosts.topic,
  format: libraryPosts.format,
  hidden: libraryPosts.hidden,
  seedKey: libraryPosts.seedKey,
  createdAt: libraryPosts.createdAt,
  updatedAt: libraryPosts.updatedAt,
  updatedBy: libraryPosts.updatedBy,
};

/**
 * The conditions of a search. Words go through `websearch_to_tsquery`, which reads whatever
 * people type (quotes, minus signs, stray `&`, `!`, `:*`) as words and never fails; each
 * language's query is matched against that language's stemmed vector, so other forms of a word
 * match too (with or without the Arabic article, singular or plural as far as the stemmer goes).
 */
function conditions(search: LibrarySearch): SQL[] {
  const where: SQL[] = [];
  if (search.q) {
    where.push(
      sql`(${libraryPosts.searchAr} @@ websearch_to_tsquery('arabic', ${search.q}) or ${libraryPosts.searchEn} @@ websearch_to_tsquery('english', ${search.q}))`,
    );
  }
  if (search.topic) where.push(eq(libraryPosts.topic, search.topic));
  if (search.format) where.push(eq(libraryPosts.format, search.format));
  if (search.lang) where.push(eq(libraryPosts.lang, search.lang));
  return where;
}

/**
 * Below this many matches a search reads its matches through the GIN indexes and sorts them; from
 * it on, walking the posts newest first finds a page at once. PostgreSQL cannot tell the two apart
 * for a word it has no statistics of (a rare one), and took the walk for those: over every post.
 */
export const DENSE_MATCHES = 500;

/** The oldest post a plan reaches, by its place in the newest-first order. */
interface Edge {
  createdAt: string;
  id: string;
}

/** Posts older than the edge, in the newest-first order (the time breaks ties by id). */
const before = (edge: Edge): SQL =>
  sql`(${libraryPosts.createdAt}, ${libraryPosts.id}) < (${edge.createdAt}::timestamptz, ${edge.id}::uuid)`;
/** The edge and the posts newer than it: written as a range the newest-first index reads and stops at. */
const notBefore = (edge: Edge): SQL =>
  sql`(${libraryPosts.createdAt}, ${libraryPosts.id}) >= (${edge.createdAt}::timestamptz, ${edge.id}::uuid)`;

export class LibraryStore {
  constructor(private readonly db: PostgresJsDatabase<typeof schema>) {}

  /**
   * How many of the newest posts `userId`'s plan shows: null for the whole library (a plan that
   * allows it, or a user billing has not spoken of), none once the plan has ended.
   */
  async allowance(userId: string): Promise<number | null> {
    const [row] = await this.db.select().from(libraryAllowances).where(eq(libraryAllowances.userId, userId));
    if (!row) return null;
    return row.active ? row.posts : 0;
  }

  /** Keeps the newest copy of what the user's plan allows; an older or repeated event changes nothing. */
  async applyEntitlement(event: EntitlementChanged): Promise<boolean> {
    const values = {
      userId: event.userId,
      plan: event.plan,
      active: event.active,
      posts: event.limits.library,
      version: event.version,
      updatedAt: new Date(),
    };
    const rows = await this.db
      .insert(libraryAllowances)
      .values(values)
      .onConflictDoUpdate({
        target: libraryAllowances.userId,
        set: values,
        setWhere: sql`${libraryAllowances.version} < excluded.version`,
      })
      .returning({ version: libraryAllowances.version });
    return rows.length > 0;
  }

  /**
   * The content part of 'Download my data': the favourites of the user's personal workspace and
   * those the user saved in shared ones, each with its workspace and when it was saved, and the
   * plan's share.
   */
  async exportOf(userId: string) {
    const saved = await this.db
      .select({
        workspaceId: libraryFavourites.workspaceId,
        postId: libraryFavourites.postId,
        savedAt: libraryFavourites.createdAt,
        lang: libraryPosts.lang,
        author: libraryPosts.author,
        body: libraryPosts.body,
        topic: libraryPosts.topic,
        format: libraryPosts.format,
      })
      .from(libraryFavourites)
      .innerJoin(libraryPosts, eq(libraryPosts.id, libraryFavourites.postId))
      .where(or(eq(libraryFavourites.workspaceId, userId), eq(libraryFavourites.addedBy, userId)))
      .orderBy(libraryFavourites.createdAt, libraryFavourites.workspaceId, libraryFavourites.postId);
    const [share] = await this.db.select().from(libraryAllowances).where(eq(libraryAllowances.userId, userId));
    return {
      libraryFavourites: saved.map(({ savedAt, ...post }) => ({ ...post, savedAt: savedAt.toISOString() })),
      libraryPlan: share ? { plan: share.plan, active: share.active, posts: share.posts } : null,
    };
  }

  /**
   * A deleted account: its personal workspace's favourites go (the workspace goes with it), and
   * what it saved in shared workspaces stays with them, saved by no one. Answers how many went.
   */
  async forgetUser(userId: string): Promise<number> {
    return this.db.transaction(async (tx) => {
      const removed = await tx
        .delete(libraryFavourites)
        .where(eq(libraryFavourites.workspaceId, userId))
        .returning({ postId: libraryFavourites.postId });
      await tx.update(libraryFavourites).set({ addedBy: null }).where(eq(libraryFavourites.addedBy, userId));
      await tx.delete(libraryAllowances).where(eq(libraryAllowances.userId, userId));
      return removed.length;
    });
  }

  /** A workspace that is gone: its favourites go. Answers how many. */
  async forgetWorkspace(workspaceId: string): Promise<number> {
    const removed = await this.db
      .delete(libraryFavourites)
      .where(eq(libraryFavourites.workspaceId, workspaceId))
      .returning({ postId: libraryFavourites.postId });
    return removed.length;
  }

  /**
   * The oldest post a plan showing the `shown` newest visible posts reaches; null when the library
   * holds no more than that (the whole library is shown).
   */
  private async edgeOf(shown: number): Promise<Edge | null> {
    if (shown === 0) return null;
    // The time as text: a JavaScript date would drop PostgreSQL's microseconds.
    const [edge] = await this.db
      .select({ createdAt: sql<string>`${libraryPosts.createdAt}::text`, id: libraryPosts.id })
      .from(libraryPosts)
      .where(eq(libraryPosts.hidden, false))
      .orderBy(desc(libraryPosts.createdAt), desc(libraryPosts.id))
      .limit(1)
      .offset(shown - 1);
    if (!edge) return null;
    const [beyond] = await this.db
      .select({ one: sql`1` })
      .from(libraryPosts)
      .where(and(eq(libraryPosts.hidden, false), before(edge)))
      .limit(1);
    return beyond ? edge : null;
  }

  /**
   * Visible posts within the caller's plan, newest first, each saying whether it is among the
   * favourites of the workspace the caller acts in; `favouritesOnly` keeps only those.
   */
  async search(
    { userId, workspaceId }: InWorkspace,
    search: LibrarySearch & { favouritesOnly?: boolean },
  ): Promise<{ posts: LibraryPost[]; hasMore: boolean; plan: LibraryPlanShare }> {
    const favourite = sql<boolean>`${libraryFavourites.workspaceId} is not null`;
    const where = [eq(libraryPosts.hidden, false), ...conditions(search)];
    if (search.favouritesOnly) where.push(favourite);
    const joined = and(eq(libraryFavourites.postId, libraryPosts.id), eq(libraryFavourites.workspaceId, workspaceId));
    // The plan shows the newest `shown` posts: the search runs within them, and counts what it
    // found beyond them (up to LIBRARY_LOCKED_COUNT_CAP), for the screen to say.
    const shown = await this.allowance(userId);
    const edge = shown === null ? null : await this.edgeOf(shown);
    const plan: LibraryPlanShare = { shown, locked: 0, lockedMore: false };
    if (shown !== null && (shown === 0 || edge)) {
      // Both counts stay cheap over a large library: all matches, up to the cap past the share
      // (read as the unlimited search reads them), and the matches among the shared posts, read
      // as a range of the newest-first index that ends at the edge.
      const count = async (conditions: SQL[], cap: number) => {
        const probe = this.db
          .select({ one: sql`1` })
          .from(libraryPosts)
          .leftJoin(libraryFavourites, joined)
          .where(and(...conditions))
          .limit(cap)
          .as('counted');
        const [counted] = await this.db.select({ n: sql<number>`count(*)::int` }).from(probe);
        return counted?.n ?? 0;
      };
      // At least DENSE_MATCHES, as the unlimited search's own count: PostgreSQL reads a small
      // limit of a common word's matches by walking every post, a larger one through the GIN indexes.
      const total = await count(where, Math.max(DENSE_MATCHES, LIBRARY_LOCKED_COUNT_CAP + shown + 1));
      const within = edge ? await count([...where, notBefore(edge)], shown) : 0;
      plan.locked = Math.min(total - within, LIBRARY_LOCKED_COUNT_CAP);
      plan.lockedMore = total - within > LIBRARY_LOCKED_COUNT_CAP;
      where.push(edge ? notBefore(edge) : sql`false`);
    }
    // A word search counts its matches first (at most DENSE_MATCHES, through the GIN indexes).
    // Within a plan's share there is no need: the newest-first walk reads the shared posts only.
    let sparse = false;
    if (search.q && plan.shown === null) {
      const probe = this.db
        .select({ one: sql`1` })
        .from(libraryPosts)
        .leftJoin(libraryFavourites, joined)
        .where(and(...where))
        .limit(DENSE_MATCHES)
        .as('probe');
      const [counted] = await this.db.select({ n: sql<number>`count(*)::int` }).from(probe);
      sparse = (counted?.n ?? 0) < DENSE_MATCHES;
    }
    // Few matches: sorted by an expression no index gives, so they are read through the GIN indexes.
    const newest = sparse ? sql`${libraryPosts.createdAt} + interval '0 seconds'` : libraryPosts.createdAt;
    const rows = await this.db
      .select({ ...listed, favourite })
      .from(libraryPosts)
      .leftJoin(libraryFavourites, joined)
      .where(and(...where))
      .orderBy(desc(newest), desc(libraryPosts.id))
      .limit(search.limit + 1)
      .offset(search.offset);
    return {
      hasMore: rows.length > search.limit,
      plan,
      posts: rows.slice(0, search.limit).map((row) => {
        const { hidden: _hidden, updatedAt: _updatedAt, ...post } = adminView(row);
        return { ...post, favourite: Boolean(row.favourite) };
      }),
    };
  }

  /** Every post, hidden ones too, for the editor. */
  async adminList(
    search: LibrarySearch & { hidden?: boolean },
  ): Promise<{ posts: AdminLibraryPost[]; hasMore: boolean }> {
    const where = conditions(search);
    if (search.hidden !== undefined) where.push(eq(libraryPosts.hidden, search.hidden));
    const rows = await this.db
      .select(listed)
      .from(libraryPosts)
      .where(and(...where))
      .orderBy(desc(libraryPosts.createdAt), desc(libraryPosts.id))
      .limit(search.limit + 1)
      .offset(search.offset);
    return { hasMore: rows.length > search.limit, posts: rows.slice(0, search.limit).map(adminView) };
  }

  async create(input: NewLibraryPost, userId: string | null): Promise<AdminLibraryPost> {
    const [row] = await this.db
      .insert(libraryPosts)
      .values({ ...input, updatedBy: userId })
      .returning(listed);
    if (!row) throw new Error('library insert returned no row');
    return adminView(row);
  }

  /** Adds the seed's posts that are not there yet; an admin's edits of seeded posts stay. */
  async seed(posts: readonly NewLibraryPost[]): Promise<number> {
    if (posts.length === 0) return 0;
    const added = await this.db
      .insert(libraryPosts)
      .values(posts.map((post) => ({ ...post })))
      .onConflictDoNothing({ target: libraryPosts.seedKey })
      .returning({ id: libraryPosts.id });
    return added.length;
  }

  /** The edited post, or null when there is no such post. */
  async update(id: string, patch: Partial<LibraryPostInput>, userId: string): Promise<AdminLibraryPost | null> {
    const [row] = await this.db
      .update(libraryPosts)
      .set({ ...patch, updatedAt: new Date(), updatedBy: userId })
      .where(eq(libraryPosts.id, id))
      .returning(listed);
    return row ? adminView(row) : null;
  }

  /** Saves the post among the workspace's favourites. False when the post does not exist or is hidden. */
  async addFavourite({ userId, workspaceId }: InWorkspace, postId: string): Promise<boolean> {
    const [post] = await this.db
      .select({ id: libraryPosts.id })
      .from(libraryPosts)
      .where(and(eq(libraryPosts.id, postId), eq(libraryPosts.hidden, false)));
    if (!post) return false;
    // Saved already (by anyone in the workspace): it stays as it was, with who saved it first.
    await this.db.insert(libraryFavourites).values({ workspaceId, postId, addedBy: userId }).onConflictDoNothing();
    return true;
  }

  /** False when it is not among the workspace's favourites (whichever other workspace saved it). */
  async removeFavourite(workspaceId: string, postId: string): Promise<boolean> {
    const removed = await this.db
      .delete(libraryFavourites)
      .where(and(eq(libraryFavourites.workspaceId, workspaceId), eq(libraryFavourites.postId, postId)))
      .returning({ postId: libraryFavourites.postId });
    return removed.length > 0;
  }
}
