import { type CommentOrigin, ENGAGE_ERROR_CODES as E, ENGAGE_LIMITS, type EngageComment } from '@nashr/contracts';
import { AppError } from '@nashr/platform';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { FastifyBaseLogger } from 'fastify';
import type { Allowance } from './allowance.js';
import { comments, feedItems, type schema } from './db/schema.js';
import { commentOf, type Feed } from './feed.js';
import { refusals } from './providers/refusals.js';
import { type EngageProvider, EngageProviderError, type PostedComment } from './providers/types.js';

type Db = PostgresJsDatabase<typeof schema>;
type Row = typeof comments.$inferSelect;

/**
 * Sending comments, exactly once per key: the attempt is recorded (and its credit taken) before
 * the network is called; an attempt whose answer never came is looked up on the network before
 * anything is sent again.
 */
export class Sending {
  constructor(
    private readonly db: Db,
    private readonly provider: EngageProvider,
    private readonly feed: Feed,
    private readonly allowance: Allowance,
    private readonly clock: () => Date,
  ) {}

  async history(userId: string): Promise<EngageComment[]> {
    const rows = await this.db
      .select()
      .from(comments)
      .where(eq(comments.userId, userId))
      .orderBy(desc(comments.createdAt))
      .limit(200);
    return rows.map(commentOf);
  }

  async send(
    userId: string,
    input: { postId: string; key: string; text: string },
    log: FastifyBaseLogger,
    origin: CommentOrigin = 'user',
  ): Promise<EngageComment> {
    const text = input.text.trim();
    const network = await this.provider.network(userId);
    if (!network.features.send) {
      throw network.mode === 'not_connected' ? refusals.notConnected() : refusals.sendNotOffered();
    }
    if (!text) {
      throw new AppError('BAD_REQUEST', 'Write something before sending.', { code: E.commentEmpty });
    }
    if (text.length > ENGAGE_LIMITS.commentLength) {
      throw new AppError(
        'BAD_REQUEST',
        `A comment can be at most ${ENGAGE_LIMITS.commentLength} characters; this one has ${text.length}.`,
        { code: E.commentTooLong, params: { limit: ENGAGE_LIMITS.commentLength, length: text.length } },
      );
    }
    const [previous] = await this.db
      .select()
      .from(comments)
      .where(and(eq(comments.userId, userId), eq(comments.key, input.key)));
    if (previous) {
      if (previous.postId !== input.postId || previous.text !== text) {
        throw new AppError('CONFLICT', 'This comment was already sent with other words or to another post.', {
          code: E.keyReused,
        });
      }
      return this.resume(userId, previous, log);
    }
    const item = await this.feed.item(userId, input.postId);
    const row = await this.db.transaction(async (tx) => {
      await this.allowance.requireCredit(tx, userId);
      const [inserted] = await tx
        .insert(comments)
        .values({
          userId,
          key: input.key,
          postId: input.postId,
          postUrl: item.url,
          authorName: item.authorName,
          text,
          status: 'sending',
          origin,
          createdAt: this.clock(),
        })
        .onConflictDoNothing()
        .returning();
      return inserted;
    });
    if (!row) {
      // The same key arrived twice at once: the other request sends it.
      const [other] = await this.db
        .select()
        .from(comments)
        .where(and(eq(comments.userId, userId), eq(comments.key, input.key)));
      if (!other) throw new AppError('CONFLICT', 'Please try again.', { code: E.keyReused });
      return commentOf(other);
    }
    return this.attempt(userId, row, log);
  }

  /** A key seen before: answered as stored, or, if its answer never came, looked up first. */
  private async resume(userId: string, row: Row, log: FastifyBaseLogger): Promise<EngageComment> {
    if (row.status === 'sent' || row.status === 'failed') return commentOf(row);
    let found: PostedComment | null;
    try {
      found = await this.provider.findComment({
        userId,
        key: row.key,
        postId: row.postId,
        text: row.text,
        since: row.createdAt,
        confirmedTwins: await this.confirmedTwins(userId, row),
      });
    } catch (error) {
      log.warn({ err: error, commentId: row.id }, 'engage: could not look the comment up');
      throw this.unconfirmed();
    }
    if (found) {
      log.info({ commentId: row.id }, 'engage: the unanswered comment had arrived; not sent again');
      return commentOf(await this.mark(row.id, { status: 'sent', found }));
    }
    return this.attempt(userId, row, log);
  }

  /** The user's comments with the same words on the same post, already confirmed under other keys. */
  private async confirmedTwins(userId: string, row: Row): Promise<number> {
    const [{ n } = { n: 0 }] = await this.db
      .select({ n: count() })
      .from(comments)
      .where(
        and(
          eq(comments.userId, userId),
          eq(comments.postId, row.postId),
          eq(comments.text, row.text),
          eq(comments.status, 'sent'),
          ne(comments.id, row.id),
        ),
      );
    return n;
  }

  private async attempt(userId: string, row: Row, log: FastifyBaseLogger): Promise<EngageComment> {
    try {
      const found = await this.provider.comment({ userId, key: row.key, postId: row.postId, text: row.text });
      const sent = await this.mark(row.id, { status: 'sent', found });
      const post = await this.provider.getPost(row.postId, this.clock(), userId).catch(() => null);
      if (post) {
        await this.db
          .update(feedItems)
          .set({ comments: post.counters.comments })
          .where(and(eq(feedItems.userId, userId), eq(feedItems.postId, row.postId)));
      }
      return commentOf(sent);
    } catch (error) {
      if (error instanceof EngageProviderError && error.kind !== 'no_answer') {
        const reason = error.kind === 'post_gone' ? 'The post was deleted before the comment went out.' : error.message;
        await this.mark(row.id, { status: 'failed', reason });
        throw new AppError(
          error.kind === 'private' ? 'FORBIDDEN' : 'UNPROCESSABLE',
          `${reason} Nothing was posted and no credit was used.`,
          {
            code: error.kind === 'post_gone' ? E.postNotFound : error.kind === 'private' ? E.privatePost : E.sendFailed,
          },
        );
      }
      log.warn({ err: error, commentId: row.id }, 'engage: no answer from the network');
      await this.mark(row.id, { status: 'unconfirmed', reason: 'The network did not answer.' });
      throw this.unconfirmed();
    }
  }

  private unconfirmed(): AppError {
    return new AppError(
      'UNAVAILABLE',
      'The network did not confirm your comment. Send again: we check whether it arrived before sending anything.',
      { code: E.sendUnconfirmed },
    );
  }

  private async mark(
    id: string,
    change: { status: 'sent'; found: PostedComment } | { status: 'failed' | 'unconfirmed'; reason: string },
  ): Promise<Row> {
    const set =
      change.status === 'sent'
        ? {
            status: 'sent',
            networkCommentId: change.found.commentId,
            url: change.found.url,
            reason: null,
            sentAt: this.clock(),
          }
        : { status: change.status, reason: change.reason };
    const [row] = await this.db.update(comments).set(set).where(eq(comments.id, id)).returning();
    if (!row) throw new AppError('NOT_FOUND', 'The comment is gone.', { code: E.notFound });
    return row;
  }
}
