import { ENGAGE_ERROR_CODES as E, type EngageLanguage, type FeedPost, postRefOf } from '@nashr/contracts';
import { AppError } from '@nashr/platform';
import { and, eq } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { feedItems, people, type schema } from './db/schema.js';
import type { Feed } from './feed.js';
import { languageOf } from './language.js';
import { refusals } from './providers/refusals.js';
import type { EngageProvider } from './providers/types.js';

type Db = PostgresJsDatabase<typeof schema>;

/** What stands for an author the address does not name, in the language suggestions are written in. */
const UNNAMED_AUTHOR: Record<EngageLanguage, string> = { ar: 'صاحب المنشور', en: 'the author' };

/**
 * A post brought into the feed by its address: with every network, and the only way with the
 * official API. It joins the user's own feed (so sending, suggestions and history work as for any
 * post, and another user's post ids stay unknown to them) and stays across refreshes until it
 * leaves the feed's window.
 */
export class PostsByUrl {
  constructor(
    private readonly db: Db,
    private readonly provider: EngageProvider,
    private readonly feed: Feed,
    private readonly clock: () => Date,
  ) {}

  async add(userId: string, input: { url: string; text?: string }, lang?: EngageLanguage): Promise<FeedPost> {
    const ref = postRefOf(input.url);
    if (!ref) {
      throw new AppError(
        'BAD_REQUEST',
        'This is not the address of a LinkedIn post. Open the post, choose “Copy link to post” and paste it here.',
        { code: E.invalidPostUrl },
      );
    }
    const network = await this.provider.network(userId);
    if (!network.features.byUrl) throw refusals.notConnected();
    const now = this.clock();
    const found = await this.provider.resolvePost(ref, userId, now);
    if (found.status === 'gone') {
      throw new AppError(
        'NOT_FOUND',
        'We could not find this post: it may have been deleted, or the address is incomplete. Check the address.',
        { code: E.unknownPost },
      );
    }
    if (found.status === 'private') {
      throw new AppError(
        'FORBIDDEN',
        'This post is not public: only its author’s connections can see it, so Engage cannot comment on it.',
        { code: E.privatePost },
      );
    }
    const { post, textKnown } = found;
    const pasted = input.text?.trim() || '';
    const text = textKnown ? post.text : pasted;
    const language = textKnown ? post.language : pasted ? languageOf(pasted) : (lang ?? 'ar');
    const [followed] = post.author.handle
      ? await this.db
          .select({ handle: people.handle })
          .from(people)
          .where(and(eq(people.userId, userId), eq(people.handle, post.author.handle)))
      : [];
    const values = {
      userId,
      postId: post.postId,
      url: post.url,
      authorHandle: post.author.handle,
      authorName: post.author.name || UNNAMED_AUTHOR[lang ?? language],
      authorHeadline: post.author.headline,
      text,
      language,
      postedAt: post.postedAt,
      reactions: post.counters.reactions,
      comments: post.counters.comments,
      reposts: post.counters.reposts,
      matchedPerson: !!followed,
      byUrl: true,
      fetchedAt: now,
    };
    await this.db
      .insert(feedItems)
      .values(values)
      .onConflictDoUpdate({
        target: [feedItems.userId, feedItems.postId],
        // Pasted words replace only what the network could not give.
        set: textKnown || pasted ? { ...values, postedAt: undefined } : { byUrl: true, fetchedAt: now },
      });
    await this.feed.suggest(userId, post.postId, pasted && !textKnown ? 'others' : 'prepare', lang).catch((error) => {
      // Out of today's suggestions: the post is kept, and the user writes their own.
      if (!(error instanceof AppError) || error.answerCode !== E.suggestionsLimit) throw error;
    });
    const { posts } = await this.feed.read(userId, undefined, post.postId);
    const [added] = posts;
    if (!added) throw new Error('the post was not stored');
    return added;
  }
}
