import { createHash } from 'node:crypto';
import {
  ENGAGE_ERROR_CODES as E,
  ENGAGE_LIMITS,
  type EngageComment,
  type EngageLanguage,
  engageRefreshJob,
  engageSuggestJob,
  type FeedPost,
  type FollowedPost,
  QUEUES,
} from '@nashr/contracts';
import { AppError, type Queues } from '@nashr/platform';
import { and, desc, eq, gte, inArray, lt, ne, notInArray } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { Allowance } from './allowance.js';
import type { EngageConfig } from './config.js';
import { comments, feedItems, type schema, settings, suggestions } from './db/schema.js';
import type { EngageProvider } from './providers/types.js';
import { offlineSuggestions } from './suggester.js';
import type { Targets } from './targets.js';
import type { WriterStyle, Writers } from './writer.js';

type Db = PostgresJsDatabase<typeof schema>;
const DAY = 86_400_000;

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
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

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

  /** Reads the followed people's and topics' recent posts, keeps them, and asks for their suggestions. */
  async refresh(userId: string): Promise<{ posts: number; toSuggest: number }> {
    const now = this.clock();
    const since = new Date(now.getTime() - this.config.ENGAGE_FEED_DAYS * DAY);
    const { handles, topics } = await this.targets.forRefresh(userId);
    const posts =
      handles.length || topics.length ? await this.provider.recentPosts({ handles, topics, since, now }) : [];
    const followed = new Set(handles);
    const kept = posts.slice(0, ENGAGE_LIMITS.feedPage * 2);
    for (const post of kept) {
      const lower = post.text.toLocaleLowerCase();
      const values = {
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
        matchedTopics: topics.filter((t) => lower.includes(t.toLocaleLowerCase())),
        fetchedAt: now,
      };
      await this.db
        .insert(feedItems)
        .values(values)
        .onConflictDoUpdate({ target: [feedItems.userId, feedItems.postId], set: values });
    }
    // Posts no longer followed, or gone from the window, leave the feed.
    const ids = kept.map((p) => p.postId);
    await this.db
      .delete(feedItems)
      .where(and(eq(feedItems.userId, userId), ids.length ? notInArray(feedItems.postId, ids) : undefined));
    await this.db.delete(suggestions).where(and(eq(suggestions.userId, userId), lt(suggestions.createdAt, since)));
    await this.db
      .insert(settings)
      .values({ userId, refreshedAt: now })
      .onConflictDoUpdate({ target: settings.userId, set: { refreshedAt: now } });
    const have = ids.length
      ? await this.db
          .select({ postId: suggestions.postId })
          .from(suggestions)
          .where(and(eq(suggestions.userId, userId), inArray(suggestions.postId, ids)))
      : [];
    const ready = new Set(have.map((r) => r.postId));
    const missing = ids.filter((id) => !ready.has(id));
    await this.prepareAhead(userId, missing);
    return { posts: kept.length, toSuggest: missing.length };
  }

  /** Queues the writing of these posts' suggestions (one job per post, its id from the user and post). */
  private async prepareAhead(userId: string, postIds: string[], language?: EngageLanguage): Promise<void> {
    if (postIds.length === 0) return;
    await this.queues.get(QUEUES.engageFeed).addBulk(
      postIds.map((postId) => ({
        name: engageSuggestJob.name,
        data: engageSuggestJob.schema.parse({ userId, postId }),
        opts: {
          jobId: `suggest-${userId}-${postId}${language ? `-${language}` : ''}`,
          removeOnComplete: true,
          removeOnFail: { count: 50 },
        },
      })),
    );
  }

  /** The language chosen on the feed; until one is, the writer's own (Arabic when not known). */
  private async language(userId: string, style: WriterStyle): Promise<EngageLanguage> {
    const [row] = await this.db
      .select({ language: settings.language })
      .from(settings)
      .where(eq(settings.userId, userId));
    if (row?.language === 'en' || row?.language === 'ar') return row.language;
    return style.language ?? 'ar';
  }

  /**
   * Writes a post's suggestions: ahead of time (`prepare`, which leaves existing ones alone and
   * stops quietly at the daily limit) or when the user asks for others (a new generation, refused
   * at the limit).
   */
  async suggest(userId: string, postId: string, mode: 'prepare' | 'others', lang?: EngageLanguage) {
    const [item] = await this.db
      .select()
      .from(feedItems)
      .where(and(eq(feedItems.userId, userId), eq(feedItems.postId, postId)));
    if (!item) {
      if (mode === 'prepare') return null;
      throw new AppError('NOT_FOUND', 'This post is no longer in your feed.', { code: E.postNotFound });
    }
    const [existing] = await this.db
      .select()
      .from(suggestions)
      .where(and(eq(suggestions.userId, userId), eq(suggestions.postId, postId)));
    const style = await this.writers.style(userId);
    const wanted = lang ?? (await this.language(userId, style));
    // Prepared ahead: kept unless the user has since changed the language they comment in.
    if (mode === 'prepare' && existing && existing.language === wanted) return existing;
    if (!(await this.allowance.takeSuggestion(userId))) {
      if (mode === 'prepare') return null;
      throw this.allowance.suggestionLimitError();
    }
    const language = wanted;
    const generation = existing ? existing.generation + 1 : 0;
    const items = offlineSuggestions({
      postId,
      postText: item.text,
      postLanguage: item.language === 'en' ? 'en' : 'ar',
      authorName: item.authorName,
      language,
      generation,
      style,
    });
    const values = { userId, postId, language, source: 'offline', items, generation, createdAt: this.clock() };
    const [row] = await this.db
      .insert(suggestions)
      .values(values)
      .onConflictDoUpdate({ target: [suggestions.userId, suggestions.postId], set: values })
      .returning();
    return row ?? null;
  }

  /** The feed, newest first. `lang` becomes the language of suggestions prepared from now on. */
  async read(userId: string, lang?: EngageLanguage): Promise<{ posts: FeedPost[]; refreshedAt: string | null }> {
    if (lang) {
      const [before] = await this.db
        .select({ language: settings.language })
        .from(settings)
        .where(eq(settings.userId, userId));
      if (before?.language !== lang) {
        await this.db
          .insert(settings)
          .values({ userId, language: lang })
          .onConflictDoUpdate({ target: settings.userId, set: { language: lang } });
        // Suggestions already written in the other language are written again in this one.
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
    }
    const [items, [setting]] = await Promise.all([
      this.db
        .select()
        .from(feedItems)
        .where(eq(feedItems.userId, userId))
        .orderBy(desc(feedItems.postedAt))
        .limit(ENGAGE_LIMITS.feedPage),
      this.db.select().from(settings).where(eq(settings.userId, userId)),
    ]);
    const ids = items.map((i) => i.postId);
    const [sets, mine] = ids.length
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
        ])
      : [[], []];
    const byPost = new Map(sets.map((s) => [s.postId, s]));
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
          matched: { person: item.matchedPerson, topics: item.matchedTopics },
          suggestions: set
            ? {
                language: set.language === 'en' ? 'en' : 'ar',
                source: set.source === 'ai' ? 'ai' : 'offline',
                items: set.items,
              }
            : null,
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
