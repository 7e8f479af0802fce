import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type commentSuggestionsWrittenJob,
  ENGAGE_ERROR_CODES as E,
  ENGAGE_LIMITS,
  type EngageComment,
  type EngageLanguage,
  engageRefreshJob,
  engageSuggestJob,
  type FeedPost,
  type FollowedPost,
  type JobPayload,
  QUEUES,
  suggestionSourceOf,
  writeCommentSuggestionsJob,
} from '@nashr/contracts';
import { AppError, jobIdPart, NetworkRateBusy, type Queues } from '@nashr/platform';
import { and, desc, eq, gte, inArray, lt, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { Allowance } from './allowance.js';
import type { EngageConfig } from './config.js';
import { comments, feedItems, type schema, settings, suggestionRequests, suggestions } from './db/schema.js';
import type { EngageProvider, NetworkPost } from './providers/types.js';
import type { Targets } from './targets.js';
import type { Writers } from './writer.js';

type Db = PostgresJsDatabase<typeof schema>;
const DAY = 86_400_000;
/** A request unanswered for this long is taken as lost: the suggestions may be asked for again. */
const REQUEST_FRESH_MS = 10 * 60_000;
/** How long 'Other suggestions' waits for the ai service's answer before saying it is on its way. */
export const OTHERS_WAIT_MS = 8_000;
/** When the way the user writes changes, the prepared suggestions of this many newest posts are written again. */
export const REWRITE_NEWEST = 20;

/**
 * Why suggestions are asked for: ahead of time for a new post (`prepare`, nothing when a set in
 * the wanted language exists or is on its way), on the user's asking (`others`), or again because
 * the user's voice or personalization changed (`rewrite`, only for sets not used yet).
 */
export type SuggestMode = 'prepare' | 'others' | 'rewrite';

export const commentOf = (row: typeof comments.$inferSelect): EngageComment => ({
  id: row.id,
  key: row.key,
  postId: row.postId,
  postUrl: row.postUrl,
  authorName: row.authorName,
  text: row.text,
  status: row.status as EngageComment['status'],
  origin: row.origin === 'autopilot' ? 'autopilot' : 'user',
  url: row.url,
  reason: row.reason,
  ...(row.code ? { code: row.code, params: row.params ?? {} } : {}),
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

/** How many of a user's followed people and topics a refresh reads at a time. */
export const REFRESH_STEP = 5;
/**
 * An account's slot this close is waited for; a later one pauses the refresh (`RefreshPaused`),
 * so a worker never sits waiting for one account's rate while others' refreshes queue.
 */
export const REFRESH_SLOT_WAIT_MS = 2_000;

/** The columns a refresh writes again on a post already in the feed. */
const REFRESHED_COLUMNS = [
  'url',
  'authorHandle',
  'authorName',
  'authorHeadline',
  'text',
  'language',
  'postedAt',
  'reactions',
  'comments',
  'reposts',
  'matchedPerson',
  'matchedTopics',
  'media',
  'fetchedAt',
] as const satisfies readonly (keyof typeof feedItems.$inferInsert)[];

/** Where a paused refresh goes on from: when it started, and how many targets it has read. */
export type RefreshProgress = NonNullable<JobPayload<typeof engageRefreshJob>['progress']>;

/** A refresh paused for its account's rate: it goes on from `progress` in `waitMs`. */
export class RefreshPaused extends Error {
  constructor(
    readonly waitMs: number,
    readonly progress: RefreshProgress,
  ) {
    super(`the refresh waits ${waitMs} ms for its account's rate`);
    this.name = 'RefreshPaused';
  }
}

/** The scheduler of a user's background refresh: one per user, its id known from the user alone. */
export const refreshSchedulerId = (userId: string) => `engage-refresh-${userId}`;

/**
 * Each user's feed: refreshed from the provider in the background, read newest first with the
 * suggestions prepared for each post.
 */
export class Feed {
  constructor(
    private readonly db: Db,
    private readonly provider: EngageProvider,
    private readonly targets: Targets,
    private readonly allowance: Allowance,
    private readonly writers: Writers,
    private readonly queues: Queues,
    private readonly config: EngageConfig,
    private readonly clock: () => Date,
  ) {}

  /**
   * After the user's lists change: refresh now, and keep (or, with empty lists, stop) the
   * repeatable refresh. Its start within the period comes from the user id, so users' refreshes
   * are spread over the period rather than all at once.
   */
  async listsChanged(userId: string, changeId: string, requestId?: string): Promise<void> {
    const queue = this.queues.get(QUEUES.engageFeed);
    const { handles, topics } = await this.targets.forRefresh(userId);
    if (handles.length === 0 && topics.length === 0) {
      await queue.removeJobScheduler(refreshSchedulerId(userId));
    } else {
      const every = this.config.ENGAGE_REFRESH_MINUTES * 60_000;
      const offset = createHash('sha256').update(userId).digest().readUInt32BE(0) % every;
      await queue.upsertJobScheduler(
        refreshSchedulerId(userId),
        { every, offset },
        {
          name: engageRefreshJob.name,
          data: { userId },
          opts: { removeOnComplete: { count: 5 }, removeOnFail: { count: 20 } },
        },
      );
    }
    await this.queues.enqueue(
      engageRefreshJob,
      { userId, requestId },
      { jobId: `refresh-${userId}-${changeId}`, removeOnComplete: { count: 20 } },
    );
  }

  /**
   * Reads the followed people's and topics' recent posts, keeps them, and asks for their
   * suggestions. It reads a few at a time (`REFRESH_STEP`), keeping each step's posts at once; a
   * step whose account's next slot is more than `REFRESH_SLOT_WAIT_MS` away throws
   * `RefreshPaused`, which says where to go on from (`progress`): the job goes back to its queue
   * until then instead of holding a worker while the account's rate refills.
   */
  async refresh(userId: string, progress?: RefreshProgress): Promise<{ posts: number; toSuggest: number }> {
    const startedAt = progress ? new Date(progress.startedAt) : this.clock();
    const since = new Date(startedAt.getTime() - this.config.ENGAGE_FEED_DAYS * DAY);
    const { handles, topics } = await this.targets.forRefresh(userId);
    // Where the network cannot be read for this user (the official API, no account yet), the feed
    // keeps what it has: the posts brought by address.
    const readable = (await this.provider.network(userId)).features.follow;
    const targets = readable ? [...handles.map((handle) => ({ handle })), ...topics.map((topic) => ({ topic }))] : [];
    for (let done = progress?.done ?? 0; done < targets.length; done += REFRESH_STEP) {
      const step = targets.slice(done, done + REFRESH_STEP);
      let posts: NetworkPost[];
      try {
        posts = await this.provider.recentPosts({
          userId,
          handles: step.flatMap((target) => ('handle' in target ? [target.handle] : [])),
          topics: step.flatMap((target) => ('topic' in target ? [target.topic] : [])),
          since,
          now: this.clock(),
          maxWaitMs: REFRESH_SLOT_WAIT_MS,
        });
      } catch (error) {
        if (!(error instanceof NetworkRateBusy)) throw error;
        throw new RefreshPaused(error.waitMs, { startedAt: startedAt.toISOString(), done });
      }
      await this.keepFeedPosts(userId, posts, { handles, topics, fetchedAt: startedAt });
    }
    // What this refresh brought, newest first, up to the feed's bound; posts no longer followed,
    // or gone from the window, leave the feed; those brought by address stay until they leave the window.
    // Rows a newer refresh wrote meanwhile (a list changed while this one ran) are that one's to
    // keep or drop: written between this select and the delete, they would otherwise be lost.
    const kept = await this.db
      .select({ postId: feedItems.postId })
      .from(feedItems)
      .where(and(eq(feedItems.userId, userId), gte(feedItems.fetchedAt, startedAt), gte(feedItems.postedAt, since)))
      .orderBy(desc(feedItems.postedAt))
      .limit(ENGAGE_LIMITS.feedPage * 2);
    const ids = kept.map((row) => row.postId);
    await this.db
      .delete(feedItems)
      .where(
        and(
          eq(feedItems.userId, userId),
          lte(feedItems.fetchedAt, startedAt),
          ids.length ? notInArray(feedItems.postId, ids) : undefined,
          or(eq(feedItems.byUrl, false), lt(feedItems.postedAt, since)),
        ),
      );
    await this.db.delete(suggestions).where(and(eq(suggestions.userId, userId), lt(suggestions.createdAt, since)));
    await this.db
      .delete(suggestionRequests)
      .where(and(eq(suggestionRequests.userId, userId), lt(suggestionRequests.requestedAt, since)));
    const refreshedAt = this.clock();
    await this.db
      .insert(settings)
      .values({ userId, refreshedAt })
      .onConflictDoUpdate({ target: settings.userId, set: { refreshedAt } });
    const ready = await this.preparedOrAsked(userId, ids);
    const missing = ids.filter((id) => !ready.has(id));
    await this.prepareAhead(userId, missing);
    return { posts: ids.length, toSuggest: missing.length };
  }

  /** One step's posts, newest first, up to the feed's bound (no later step can push them out of it), in one statement. */
  private async keepFeedPosts(
    userId: string,
    posts: NetworkPost[],
    about: { handles: string[]; topics: string[]; fetchedAt: Date },
  ): Promise<void> {
    const followed = new Set(about.handles);
    const rows = posts.slice(0, ENGAGE_LIMITS.feedPage * 2).map((post) => {
      const lower = post.text.toLocaleLowerCase();
      return {
        userId,
        postId: post.postId,
        url: post.url,
        authorHandle: post.author.handle,
        authorName: post.author.name,
        authorHeadline: post.author.headline,
        text: post.text,
        language: post.language,
        postedAt: post.postedAt,
        reactions: post.counters.reactions,
        comments: post.counters.comments,
        reposts: post.counters.reposts,
        matchedPerson: followed.has(post.author.handle),
        matchedTopics: about.topics.filter((t) => lower.includes(t.toLocaleLowerCase())),
        media: (post.media ?? []).slice(0, ENGAGE_LIMITS.mediaPerPost),
        fetchedAt: about.fetchedAt,
      };
    });
    if (rows.length === 0) return;
    await this.db
      .insert(feedItems)
      .values(rows)
      .onConflictDoUpdate({
        target: [feedItems.userId, feedItems.postId],
        // What the network says now; whether the user brought it by address stays as it was. Two
        // refreshes of a user can overlap (a list changed while one ran): an older one never writes
        // over a newer one's row, so the newer one's posts stay its own and are not dropped at its end.
        set: Object.fromEntries(REFRESHED_COLUMNS.map((key) => [key, sql.raw(`excluded.${feedItems[key].name}`)])),
        setWhere: sql`${feedItems.fetchedAt} <= excluded.fetched_at`,
      });
  }

  /** Of these posts, those with suggestions written or asked for. */
  private async preparedOrAsked(userId: string, postIds: string[]): Promise<Set<string>> {
    if (postIds.length === 0) return new Set();
    const [written, asked] = await Promise.all([
      this.db
        .select({ postId: suggestions.postId })
        .from(suggestions)
        .where(and(eq(suggestions.userId, userId), inArray(suggestions.postId, postIds))),
      this.db
        .select({ postId: suggestionRequests.postId })
        .from(suggestionRequests)
        .where(and(eq(suggestionRequests.userId, userId), inArray(suggestionRequests.postId, postIds))),
    ]);
    return new Set([...written, ...asked].map((row) => row.postId));
  }

  /** Queues the asking for these posts' suggestions (one job per post, its id from the user and post). */
  private async prepareAhead(userId: string, postIds: string[], language?: EngageLanguage): Promise<void> {
    if (postIds.length === 0) return;
    await this.queues.get(QUEUES.engageFeed).addBulk(
      postIds.map((postId) => ({
        name: engageSuggestJob.name,
        data: engageSuggestJob.schema.parse({ userId, postId }),
        opts: {
          jobId: `suggest-${userId}-${jobIdPart(postId)}${language ? `-${language}` : ''}`,
          removeOnComplete: true,
          removeOnFail: { count: 50 },
        },
      })),
    );
  }

  /**
   * The way the user writes changed (`change` names it: the personalization's version or the
   * voice's change time): the suggestions prepared for their newest posts and not used yet (no
   * comment sent on the post) are written again. One job per post and change, so an event
   * delivered twice asks once; a job kept a day after it ran still holds its id.
   */
  async rewriteUnused(userId: string, change: string, requestId?: string): Promise<number> {
    const since = new Date(this.clock().getTime() - this.config.ENGAGE_FEED_DAYS * DAY);
    const newest = await this.db
      .select({ postId: feedItems.postId })
      .from(feedItems)
      .where(and(eq(feedItems.userId, userId), gte(feedItems.postedAt, since)))
      .orderBy(desc(feedItems.postedAt))
      .limit(REWRITE_NEWEST);
    const ids = newest.map((row) => row.postId);
    if (ids.length === 0) return 0;
    const [prepared, used] = await Promise.all([
      this.preparedOrAsked(userId, ids),
      this.db
        .selectDistinct({ postId: comments.postId })
        .from(comments)
        .where(and(eq(comments.userId, userId), inArray(comments.postId, ids))),
    ]);
    const commented = new Set(used.map((row) => row.postId));
    const due = ids.filter((id) => prepared.has(id) && !commented.has(id));
    if (due.length === 0) return 0;
    await this.queues.get(QUEUES.engageFeed).addBulk(
      due.map((postId) => ({
        name: engageSuggestJob.name,
        data: engageSuggestJob.schema.parse({ userId, postId, rewrite: change, requestId }),
        opts: {
          jobId: `suggest-${userId}-${jobIdPart(postId)}-${change}`,
          removeOnComplete: { age: 24 * 3600, count: 5000 },
          removeOnFail: { count: 50 },
        },
      })),
    );
    return due.length;
  }

  /** The language chosen on the feed; until one is, the writer's own (Arabic when not known). */
  private async language(userId: string, own: EngageLanguage | null): Promise<EngageLanguage> {
    const [row] = await this.db
      .select({ language: settings.language })
      .from(settings)
      .where(eq(settings.userId, userId));
    if (row?.language === 'en' || row?.language === 'ar') return row.language;
    return own ?? 'ar';
  }

  /**
   * Asks the ai service for a post's three suggestions (see `SuggestMode`), counting the set
   * against the day's free ones: ahead of time it stops quietly at the limit, on the user's asking
   * it is refused. Returns the request's generation, or null when nothing was asked.
   */
  async suggest(
    userId: string,
    postId: string,
    mode: SuggestMode,
    lang?: EngageLanguage,
    requestId?: string,
  ): Promise<{ generation: number } | null> {
    const [item] = await this.db
      .select()
      .from(feedItems)
      .where(and(eq(feedItems.userId, userId), eq(feedItems.postId, postId)));
    if (!item) {
      if (mode !== 'others') return null;
      throw new AppError('NOT_FOUND', 'This post is no longer in your feed.', { code: E.postNotFound });
    }
    // Asking in a language chooses it, as reading the feed in it does: an answer in another is not kept.
    if (lang) await this.chooseLanguage(userId, lang);
    const [[existing], [pending], writer] = await Promise.all([
      this.db
        .select()
        .from(suggestions)
        .where(and(eq(suggestions.userId, userId), eq(suggestions.postId, postId))),
      this.db
        .select()
        .from(suggestionRequests)
        .where(and(eq(suggestionRequests.userId, userId), eq(suggestionRequests.postId, postId))),
      this.writers.writer(userId),
    ]);
    const language = lang ?? (await this.language(userId, writer.language));
    const onItsWay =
      pending?.language === language && this.clock().getTime() - pending.requestedAt.getTime() < REQUEST_FRESH_MS;
    if (mode === 'prepare') {
      // Kept unless the user has since changed the language they comment in.
      if (existing?.language === language || onItsWay) return null;
    }
    if (mode === 'rewrite') {
      // Never prepared (the refresh asks for it) or already used: nothing to write again.
      if (!existing && !pending) return null;
      const [sent] = await this.db
        .select({ id: comments.id })
        .from(comments)
        .where(and(eq(comments.userId, userId), eq(comments.postId, postId)))
        .limit(1);
      if (sent) return null;
    }
    if (!(await this.allowance.takeSuggestion(userId))) {
      if (mode !== 'others') return null;
      throw this.allowance.suggestionLimitError();
    }
    const next = Math.max(existing?.generation ?? -1, pending?.generation ?? -1) + 1;
    const now = this.clock();
    // Two requests at once for one post get two generations: the newest answer wins.
    const [request] = await this.db
      .insert(suggestionRequests)
      .values({ userId, postId, generation: next, language, requestedAt: now })
      .onConflictDoUpdate({
        target: [suggestionRequests.userId, suggestionRequests.postId],
        set: {
          generation: sql`greatest(${suggestionRequests.generation} + 1, excluded.generation)`,
          language: sql`excluded.language`,
          requestedAt: sql`excluded.requested_at`,
        },
      })
      .returning({ generation: suggestionRequests.generation });
    const generation = request?.generation ?? next;
    await this.queues.enqueue(
      writeCommentSuggestionsJob,
      {
        userId,
        postId,
        generation,
        language,
        post: {
          text: item.text,
          language: item.language === 'en' ? 'en' : 'ar',
          authorName: item.authorName,
          authorHeadline: item.authorHeadline,
        },
        personalizationVersion: writer.personalizationVersion,
        requestId,
      },
      // The post's text stays in Redis no longer than the writing takes.
      {
        jobId: `comments-${userId}-${jobIdPart(postId)}-${generation}`,
        removeOnComplete: true,
        removeOnFail: { count: 100 },
      },
    );
    return { generation };
  }

  /**
   * 'Other suggestions': asks for a new set and waits a few seconds for it (the offline writer
   * answers at once, a model in seconds). Null when it is still being written: the feed shows it.
   */
  async others(userId: string, postId: string, lang: EngageLanguage, requestId?: string) {
    const asked = await this.suggest(userId, postId, 'others', lang, requestId);
    if (!asked) throw new Error('suggestions were not asked for');
    const deadline = Date.now() + OTHERS_WAIT_MS;
    for (;;) {
      const [row] = await this.db
        .select()
        .from(suggestions)
        .where(and(eq(suggestions.userId, userId), eq(suggestions.postId, postId)));
      if (row && row.generation >= asked.generation) return row;
      if (Date.now() >= deadline) return null;
      await sleep(100);
    }
  }

  /**
   * Keeps the ai service's answer when it answers the newest request for the post; an answer to a
   * request since replaced, or given twice, changes nothing. An answer in a language the user has
   * left while it was being written is not kept either: the post is asked for again in the user's
   * language (the feed's change of language cannot see a request asked a moment before it).
   */
  async storeAnswer(answer: JobPayload<typeof commentSuggestionsWrittenJob>): Promise<boolean> {
    const { userId, postId } = answer;
    const stored = await this.db.transaction(async (tx) => {
      const [pending] = await tx
        .select()
        .from(suggestionRequests)
        .where(and(eq(suggestionRequests.userId, userId), eq(suggestionRequests.postId, postId)))
        .for('update');
      if (pending?.generation !== answer.generation) return false;
      const [chosen] = await tx
        .select({ language: settings.language })
        .from(settings)
        .where(eq(settings.userId, userId));
      if (chosen?.language && chosen.language !== answer.language) {
        await tx
          .delete(suggestionRequests)
          .where(and(eq(suggestionRequests.userId, userId), eq(suggestionRequests.postId, postId)));
        return { askAgainIn: chosen.language === 'en' ? ('en' as const) : ('ar' as const) };
      }
      const values = {
        userId,
        postId,
        language: answer.language,
        source: answer.source,
        items: answer.items,
        generation: answer.generation,
        createdAt: this.clock(),
      };
      await tx
        .insert(suggestions)
        .values(values)
        .onConflictDoUpdate({ target: [suggestions.userId, suggestions.postId], set: values });
      await tx
        .delete(suggestionRequests)
        .where(and(eq(suggestionRequests.userId, userId), eq(suggestionRequests.postId, postId)));
      return true;
    });
    if (typeof stored === 'boolean') return stored;
    await this.prepareAhead(userId, [postId], stored.askAgainIn);
    return false;
  }

  /** Suggestions are written in `lang` from now on; those already written in the other language are written again. */
  private async chooseLanguage(userId: string, lang: EngageLanguage): Promise<void> {
    const [before] = await this.db
      .select({ language: settings.language })
      .from(settings)
      .where(eq(settings.userId, userId));
    if (before?.language === lang) return;
    await this.db
      .insert(settings)
      .values({ userId, language: lang })
      .onConflictDoUpdate({ target: settings.userId, set: { language: lang } });
    const stale = await this.db
      .select({ postId: suggestions.postId })
      .from(suggestions)
      .where(and(eq(suggestions.userId, userId), ne(suggestions.language, lang)));
    await this.prepareAhead(
      userId,
      stale.map((row) => row.postId),
      lang,
    );
  }

  /**
   * The feed, newest first (or only the post `only`). `lang` becomes the language of suggestions
   * prepared from now on (`chooseLanguage`).
   */
  async read(
    userId: string,
    lang?: EngageLanguage,
    only?: string,
  ): Promise<{ posts: FeedPost[]; refreshedAt: string | null }> {
    if (lang) await this.chooseLanguage(userId, lang);
    const [items, [setting]] = await Promise.all([
      this.db
        .select()
        .from(feedItems)
        .where(and(eq(feedItems.userId, userId), only === undefined ? undefined : eq(feedItems.postId, only)))
        .orderBy(desc(feedItems.postedAt))
        .limit(ENGAGE_LIMITS.feedPage),
      this.db.select().from(settings).where(eq(settings.userId, userId)),
    ]);
    const ids = items.map((i) => i.postId);
    const [sets, mine, requests] = ids.length
      ? await Promise.all([
          this.db
            .select()
            .from(suggestions)
            .where(and(eq(suggestions.userId, userId), inArray(suggestions.postId, ids))),
          this.db
            .select()
            .from(comments)
            .where(and(eq(comments.userId, userId), inArray(comments.postId, ids)))
            .orderBy(desc(comments.createdAt)),
          this.db
            .select()
            .from(suggestionRequests)
            .where(and(eq(suggestionRequests.userId, userId), inArray(suggestionRequests.postId, ids))),
        ])
      : [[], [], []];
    const byPost = new Map(sets.map((s) => [s.postId, s]));
    const freshSince = this.clock().getTime() - REQUEST_FRESH_MS;
    const writing = new Set(requests.filter((r) => r.requestedAt.getTime() > freshSince).map((r) => r.postId));
    return {
      refreshedAt: setting?.refreshedAt?.toISOString() ?? null,
      posts: items.map((item) => {
        const set = byPost.get(item.postId);
        return {
          postId: item.postId,
          url: item.url,
          author: {
            handle: item.authorHandle,
            name: item.authorName,
            headline: item.authorHeadline,
            profileUrl: `https://www.linkedin.com/in/${item.authorHandle}`,
          },
          text: item.text,
          language: item.language === 'en' ? 'en' : 'ar',
          postedAt: item.postedAt.toISOString(),
          counters: { reactions: item.reactions, comments: item.comments, reposts: item.reposts },
          media: item.media,
          matched: { person: item.matchedPerson, topics: item.matchedTopics, byUrl: item.byUrl },
          suggestions: set
            ? {
                language: set.language === 'en' ? 'en' : 'ar',
                source: suggestionSourceOf(set.source),
                items: set.items,
              }
            : null,
          suggestionsWriting: writing.has(item.postId),
          myComments: mine.filter((c) => c.postId === item.postId).map(commentOf),
        };
      }),
    };
  }

  /**
   * The best recent posts of the people the user follows (most reactions first), as the provider
   * last gave them; posts found only by a topic are left out.
   */
  async bestFollowed(userId: string): Promise<{ posts: FollowedPost[]; following: boolean }> {
    const since = new Date(this.clock().getTime() - this.config.ENGAGE_FEED_DAYS * DAY);
    const { handles } = await this.targets.forRefresh(userId);
    if (handles.length === 0) return { following: false, posts: [] };
    // Someone unfollowed since the last refresh is left out at once.
    const items = await this.db
      .select()
      .from(feedItems)
      .where(
        and(eq(feedItems.userId, userId), inArray(feedItems.authorHandle, handles), gte(feedItems.postedAt, since)),
      )
      .orderBy(desc(feedItems.reactions), desc(feedItems.postedAt))
      .limit(ENGAGE_LIMITS.followedPosts);
    return {
      following: true,
      posts: items.map((item) => ({
        postId: item.postId,
        url: item.url,
        author: {
          handle: item.authorHandle,
          name: item.authorName,
          headline: item.authorHeadline,
          profileUrl: `https://www.linkedin.com/in/${item.authorHandle}`,
        },
        text: item.text,
        language: item.language === 'en' ? 'en' : 'ar',
        postedAt: item.postedAt.toISOString(),
        counters: { reactions: item.reactions, comments: item.comments, reposts: item.reposts },
      })),
    };
  }

  /** The feed post a comment goes to, or a refusal naming why. */
  async item(userId: string, postId: string) {
    const [item] = await this.db
      .select()
      .from(feedItems)
      .where(and(eq(feedItems.userId, userId), eq(feedItems.postId, postId)));
    if (!item) throw new AppError('NOT_FOUND', 'This post is not in your feed.', { code: E.postNotFound });
    return item;
  }
}
