import { createHash } from 'node:crypto';
import type { EngageNetwork, PostRef } from '@nashr/contracts';
import { NetworkRateBusy, networkAccountKey } from '@nashr/platform';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { sandboxComments, type schema } from '../../db/schema.js';
import { type Pacer, unpaced } from '../pacing.js';
import { networkOf, refusals } from '../refusals.js';
import {
  type CommentLookup,
  type EngageProvider,
  EngageProviderError,
  type NetworkPost,
  type NetworkProfile,
  type PostedComment,
  type ResolvedPost,
} from '../types.js';
import { SANDBOX_CREATORS, SANDBOX_MEDIA, SANDBOX_POSTS, type SandboxCreator } from './creators.js';
import { matchesAll } from './search.js';

type Db = PostgresJsDatabase<typeof schema>;
const HOUR = 3_600_000;
/** The sandbox network's first day: every creator's posts are counted from here. */
const EPOCH = Date.UTC(2026, 0, 1);
/** The newest posts of one creator a feed refresh reads. */
const POSTS_PER_CREATOR = 5;
/** The sandbox's addresses are example ones: nothing here is on the real network. */
export const SANDBOX_ORIGIN = 'https://sandbox.nashr.example';

const seed = (value: string): number => createHash('sha256').update(value).digest().readUInt32BE(0);

const profileOf = (creator: SandboxCreator): NetworkProfile => ({
  ...creator,
  profileUrl: `https://www.linkedin.com/in/${creator.handle}`,
});

/** How often a creator posts (5 to 24 hours) and when their first post fell. */
function rhythm(handle: string) {
  const s = seed(handle);
  const every = (5 + (s % 20)) * HOUR;
  return { every, offset: (s >>> 8) % every };
}

export interface SandboxOptions {
  /**
   * How long each call to the network takes. With a latency (or a pacer) every followed person
   * and every topic of a refresh is one call, as on a real network, so benchmarks see its cost.
   */
  latencyMs?: number;
  /** Each account's rate, as a real network's (the benchmark runs the sandbox with one). */
  pacer?: Pacer;
  /** How many calls of one refresh are in flight at once. */
  parallelCalls?: number;
  /** Told of each call as it reaches the network (the benchmark checks each account's rate with it). */
  onCall?: (account: string) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The offline network: a few dozen invented creators who post on their own deterministic rhythm
 * (so posts appear as time passes, and every run sees the same ones), and comments stored in its
 * own table and counted on their post. Tests can make it lose an answer, delete a post or make
 * one private.
 */
export class SandboxEngageProvider implements EngageProvider {
  readonly name = 'sandbox' as const;
  private readonly byHandle = new Map(SANDBOX_CREATORS.map((c) => [c.handle, c]));
  private readonly latencyMs: number;
  private readonly pacer: Pacer;
  private readonly parallelCalls: number;
  private readonly onCall?: (account: string) => void;
  /** Test hooks: the next comments whose answer is lost (posted, but the caller hears nothing). */
  loseNextAnswers = 0;
  readonly deletedPosts = new Set<string>();
  readonly privatePosts = new Set<string>();

  constructor(
    private readonly db: Db,
    options: SandboxOptions = {},
  ) {
    this.latencyMs = options.latencyMs ?? 0;
    this.pacer = options.pacer ?? unpaced;
    this.parallelCalls = options.parallelCalls ?? 5;
    this.onCall = options.onCall;
  }

  /**
   * One call to the network on behalf of an account: a slot of its rate, then the latency. A slot
   * further than `maxWaitMs` is the user's refusal, or in the background (`busy: 'pass'`) the
   * pacer's own `NetworkRateBusy`, which pauses the work.
   */
  private async call(userId: string, maxWaitMs = 120_000, busy: 'refuse' | 'pass' = 'refuse'): Promise<void> {
    try {
      await this.pacer.take(networkAccountKey({ provider: 'sandbox', userId }), maxWaitMs);
    } catch (error) {
      if (error instanceof NetworkRateBusy && busy === 'refuse') throw refusals.busy(Math.ceil(error.waitMs / 1000));
      throw error;
    }
    this.onCall?.(userId);
    if (this.latencyMs > 0) await sleep(this.latencyMs);
  }

  private get calling(): boolean {
    return this.latencyMs > 0 || this.pacer !== unpaced || this.onCall !== undefined;
  }

  async network(): Promise<EngageNetwork> {
    return networkOf('sandbox', 'full');
  }

  async lookupProfile(handle: string, userId: string): Promise<NetworkProfile | null> {
    if (this.calling) await this.call(userId);
    const creator = this.byHandle.get(handle.toLowerCase());
    return creator ? profileOf(creator) : null;
  }

  async suggestedCreators(): Promise<NetworkProfile[]> {
    return SANDBOX_CREATORS.map(profileOf);
  }

  /** The creators whose name, headline or handle holds every word, in Arabic or Latin letters. */
  async searchPeople(query: string, userId: string, limit: number): Promise<NetworkProfile[]> {
    if (this.calling) await this.call(userId);
    return SANDBOX_CREATORS.filter((c) => matchesAll(query, [c.name, c.headline, c.handle]))
      .slice(0, limit)
      .map(profileOf);
  }

  private postAt(creator: SandboxCreator, index: number, now: Date): Omit<NetworkPost, 'counters'> & { base: number } {
    const { every, offset } = rhythm(creator.handle);
    const postedAt = new Date(EPOCH + offset + index * every);
    const texts = SANDBOX_POSTS[creator.language];
    const postId = `sbx-${creator.handle}-${index}`;
    const s = seed(postId);
    const ageHours = Math.max(0, (now.getTime() - postedAt.getTime()) / HOUR);
    return {
      postId,
      url: `${SANDBOX_ORIGIN}/posts/${postId}`,
      author: profileOf(creator),
      text: texts[(seed(creator.handle) + index) % texts.length] ?? '',
      language: creator.language,
      postedAt,
      // Creators who attach media do so on every other post.
      ...(SANDBOX_MEDIA[creator.handle] && index % 2 === 0 ? { media: SANDBOX_MEDIA[creator.handle] } : {}),
      // Reactions grow over the post's first day.
      base: Math.round((20 + (s % 400)) * Math.min(1, 0.2 + ageHours / 24)),
    };
  }

  private latestIndex(creator: SandboxCreator, now: Date): number {
    const { every, offset } = rhythm(creator.handle);
    return Math.floor((now.getTime() - EPOCH - offset) / every);
  }

  private async withCounters(posts: (Omit<NetworkPost, 'counters'> & { base: number })[]): Promise<NetworkPost[]> {
    if (posts.length === 0) return [];
    const stored = await this.db
      .select({ postId: sandboxComments.postId, n: count() })
      .from(sandboxComments)
      .where(
        inArray(
          sandboxComments.postId,
          posts.map((p) => p.postId),
        ),
      )
      .groupBy(sandboxComments.postId);
    const extra = new Map(stored.map((row) => [row.postId, row.n]));
    return posts.map(({ base, ...post }) => ({
      ...post,
      counters: {
        reactions: base,
        comments: Math.round(base / 9) + (extra.get(post.postId) ?? 0),
        reposts: Math.round(base / 25),
      },
    }));
  }

  async recentPosts(input: {
    userId: string;
    handles: string[];
    topics: string[];
    since: Date;
    now: Date;
    maxWaitMs: number;
  }): Promise<NetworkPost[]> {
    const handles = new Set(input.handles);
    const topics = input.topics.map((t) => t.toLocaleLowerCase());
    if (this.calling) {
      // One call per followed person and per topic, a few at a time, each within the account's rate.
      const calls = input.handles.length + input.topics.length;
      let next = 0;
      const worker = async () => {
        while (next < calls) {
          next++;
          await this.call(input.userId, input.maxWaitMs, 'pass');
        }
      };
      await Promise.all(Array.from({ length: Math.min(this.parallelCalls, calls) }, worker));
    }
    const found: (Omit<NetworkPost, 'counters'> & { base: number })[] = [];
    for (const creator of SANDBOX_CREATORS) {
      const followed = handles.has(creator.handle);
      if (!followed && topics.length === 0) continue;
      const latest = this.latestIndex(creator, input.now);
      for (let index = latest; index >= 0 && index > latest - POSTS_PER_CREATOR; index--) {
        const post = this.postAt(creator, index, input.now);
        if (post.postedAt < input.since) break;
        if (this.deletedPosts.has(post.postId) || this.privatePosts.has(post.postId)) continue;
        const lower = post.text.toLocaleLowerCase();
        if (followed || topics.some((topic) => lower.includes(topic))) found.push(post);
      }
    }
    found.sort((a, b) => b.postedAt.getTime() - a.postedAt.getTime());
    return this.withCounters(found);
  }

  async getPost(postId: string, now: Date, userId?: string): Promise<NetworkPost | null> {
    if (this.calling && userId) await this.call(userId);
    const match = /^sbx-(.+)-(\d+)$/.exec(postId);
    const creator = match?.[1] ? this.byHandle.get(match[1]) : undefined;
    if (!creator || !match?.[2] || this.deletedPosts.has(postId)) return null;
    const index = Number(match[2]);
    if (index > this.latestIndex(creator, now)) return null;
    const [post] = await this.withCounters([this.postAt(creator, index, now)]);
    return post ?? null;
  }

  /** Only the sandbox's own addresses name its posts; any other is a post it does not know. */
  async resolvePost(ref: PostRef, userId: string, now: Date): Promise<ResolvedPost> {
    if (!ref.id.startsWith('sbx-')) return { status: 'gone' };
    if (this.privatePosts.has(ref.id)) return { status: 'private' };
    const post = await this.getPost(ref.id, now, userId);
    return post ? { status: 'found', post, textKnown: true } : { status: 'gone' };
  }

  async comment(input: { userId: string; key: string; postId: string; text: string }): Promise<PostedComment> {
    if (this.privatePosts.has(input.postId)) {
      throw new EngageProviderError('private', "Only the author's connections can comment on this post.");
    }
    if (!(await this.getPost(input.postId, new Date(), input.userId))) {
      throw new EngageProviderError('post_gone', 'The post was deleted before the comment went out.');
    }
    // Every call is a comment, as on the real network: the caller must not repeat one.
    await this.db
      .insert(sandboxComments)
      .values({ key: input.key, postId: input.postId, userId: input.userId, text: input.text });
    if (this.loseNextAnswers > 0) {
      this.loseNextAnswers--;
      throw new EngageProviderError('no_answer', 'The network did not answer.');
    }
    return this.posted(input.key, input.postId);
  }

  /** The sandbox keeps the sender's key, so the lookup is exact. */
  async findComment(input: CommentLookup): Promise<PostedComment | null> {
    const [row] = await this.db
      .select()
      .from(sandboxComments)
      .where(and(eq(sandboxComments.key, input.key), eq(sandboxComments.userId, input.userId)))
      .limit(1);
    return row ? this.posted(row.key, row.postId) : null;
  }

  /** The comments stored on a post (what the sandbox post shows). */
  async commentsOn(postId: string) {
    return this.db.select().from(sandboxComments).where(eq(sandboxComments.postId, postId));
  }

  private posted(key: string, postId: string): PostedComment {
    const commentId = `sbx-comment-${seed(key).toString(36)}-${key.slice(0, 8)}`;
    return { commentId, url: `${SANDBOX_ORIGIN}/posts/${postId}#${commentId}` };
  }
}
