import { setTimeout as sleep } from 'node:timers/promises';
import {
  type CommentOrigin,
  ENGAGE_ERROR_CODES as E,
  ENGAGE_LIMITS,
  type EngageComment,
  type EngageCommentAnswer,
  engageCommentJob,
  engageCommentSentEvent,
} from '@nashr/contracts';
import { AppError, type ErrorCode, type Queues } from '@nashr/platform';
import { and, count, desc, eq, inArray, ne } from 'drizzle-orm';
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
 * How a comment on the official API goes out: the linkedin service holds the member's tokens, so
 * engage asks it (`engage-comment`) and its answer (`engage-comment-answered`) settles the row.
 */
export interface CommentRelay {
  queues: Queues;
  /** How long a send waits for the answer before telling the user to check back (the row stays `sending`). */
  waitMs: number;
  /** How often the row is read while waiting. */
  pollMs?: number;
}

/** The answer each failure code gets; the codes a later send of the same comment may fix are retryable. */
const FAILURE_KINDS: Record<string, ErrorCode> = {
  [E.postNotFound]: 'UNPROCESSABLE',
  [E.privatePost]: 'FORBIDDEN',
  [E.commentTooLong]: 'BAD_REQUEST',
  [E.notConnected]: 'CONFLICT',
  [E.networkBusy]: 'UNAVAILABLE',
  [E.networkUnavailable]: 'UNAVAILABLE',
  [E.sendFailed]: 'UNPROCESSABLE',
};
/** Nothing was posted and sending the same comment later may work: the same key sends it again. */
const RETRYABLE: ReadonlySet<string> = new Set([E.notConnected, E.networkBusy, E.networkUnavailable]);

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
    private readonly relay: CommentRelay | null = null,
    /** Where a sent comment is announced (the user's webhooks hear of it). */
    private readonly events: Queues | null = null,
  ) {}

  /**
   * Tells that a comment is on the network, once per comment (the event's id is the comment's).
   * The comment stays sent if this fails: it is logged, not thrown at the person who sent it.
   */
  private async announceSent(row: Row, log: Pick<FastifyBaseLogger, 'warn'>): Promise<void> {
    if (!this.events || row.status !== 'sent') return;
    try {
      await this.events.publish(
        engageCommentSentEvent,
        {
          commentId: row.id,
          userId: row.userId,
          postId: row.postId,
          postUrl: row.postUrl,
          url: row.url,
          text: row.text,
          origin: row.origin === 'autopilot' ? 'autopilot' : 'user',
          sentAt: (row.sentAt ?? this.clock()).toISOString(),
        },
        { id: row.id },
      );
    } catch (error) {
      log.warn({ err: error, commentId: row.id }, 'engage: the sent comment was not announced');
    }
  }

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
    // The official API's comments (an account connected with "Continue with LinkedIn", whatever
    // ENGAGE_PROVIDER is) go out through the linkedin service, which holds the member's tokens.
    const relayed = network.mode === 'by_url';
    if (relayed && !this.relay) throw refusals.sendNotOffered();
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
      return relayed ? this.resumeRelayed(userId, previous, log) : this.resume(userId, previous, log);
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
    return relayed ? this.relayAndWait(userId, row, false, log) : this.attempt(userId, row, log);
  }

  /**
   * A key seen before, on the official API: a definite answer is given again (a retryable failure
   * is sent again, with a credit taken again); one that never came is asked again. Both go with
   * `check`, so the linkedin service searches the post's comments before sending anything.
   */
  private async resumeRelayed(userId: string, row: Row, log: FastifyBaseLogger): Promise<EngageComment> {
    if (row.status === 'sent') return commentOf(row);
    if (row.status === 'failed') {
      if (!row.code || !RETRYABLE.has(row.code)) throw this.failure(row);
      const again = await this.db.transaction(async (tx) => {
        await this.allowance.requireCredit(tx, userId);
        const [updated] = await tx
          .update(comments)
          .set({ status: 'sending', reason: null, code: null, params: null })
          .where(and(eq(comments.id, row.id), eq(comments.status, 'failed')))
          .returning();
        return updated;
      });
      // Another request sent it again at the same moment: its answer is this one's.
      if (!again) return this.settled(await this.awaitAnswer(row.id));
      // Looked for first all the same: a failure told after a lost answer (the account
      // disconnected during the look) may follow an attempt that arrived.
      return this.relayAndWait(userId, again, true, log);
    }
    return this.relayAndWait(userId, row, true, log);
  }

  /**
   * Asks the linkedin service to send the comment (one job per comment at a time: a second ask
   * while one is queued or running is dropped), then waits a while for its answer.
   */
  private async relayAndWait(userId: string, row: Row, check: boolean, log: FastifyBaseLogger) {
    const relay = this.relay;
    if (!relay) throw refusals.sendNotOffered();
    if (row.status !== 'sending') {
      await this.db.update(comments).set({ status: 'sending' }).where(eq(comments.id, row.id));
    }
    try {
      await relay.queues.enqueue(
        engageCommentJob,
        {
          commentId: row.id,
          userId,
          postId: row.postId,
          text: row.text,
          since: row.createdAt.toISOString(),
          check,
          confirmedTwins: check ? await this.confirmedTwins(userId, row) : 0,
        },
        {
          jobId: `engage-comment-${row.id}`,
          // Gone once done, so a later ask (the answer was lost) runs again under the same id.
          removeOnComplete: true,
          removeOnFail: true,
          attempts: 3,
          backoff: { type: 'exponential', delay: 1000 },
        },
      );
    } catch (error) {
      // Perhaps queued all the same: the comment is looked for before anything is sent again.
      log.warn({ err: error, commentId: row.id }, 'engage: could not ask the linkedin service to send the comment');
      await this.mark(row.id, { status: 'unconfirmed', reason: 'The comment could not be handed over.' });
      throw this.unconfirmed();
    }
    return this.settled(await this.awaitAnswer(row.id));
  }

  /** The row once it holds an answer, or as it stands when the wait is over. */
  private async awaitAnswer(id: string): Promise<Row> {
    const { waitMs = 0, pollMs = 100 } = this.relay ?? {};
    const deadline = Date.now() + waitMs;
    for (;;) {
      const [row] = await this.db.select().from(comments).where(eq(comments.id, id));
      if (!row) throw new AppError('NOT_FOUND', 'The comment is gone.', { code: E.notFound });
      if (row.status !== 'sending' || Date.now() >= deadline) return row;
      await sleep(pollMs);
    }
  }

  private settled(row: Row): EngageComment {
    if (row.status === 'sent') return commentOf(row);
    if (row.status === 'failed') throw this.failure(row);
    // No answer yet, or the network gave none: it is looked for before anything is sent again.
    throw this.unconfirmed();
  }

  /** A failed comment's answer, from the code and reason its answer gave. */
  private failure(row: Row): AppError {
    const code = row.code ?? E.sendFailed;
    return new AppError(
      FAILURE_KINDS[code] ?? 'UNPROCESSABLE',
      `${row.reason ?? 'LinkedIn refused this comment.'} Nothing was posted and no credit was used.`,
      { code, ...(row.params ? { params: row.params } : {}) },
    );
  }

  /**
   * The linkedin service's answer to a comment it was asked to send. Safe to apply twice and in
   * any order: a `sent` answer wins over any other (the network has the comment), a failure or a
   * missing answer only settles a comment still waiting.
   */
  async applyAnswer(answer: EngageCommentAnswer, log: Pick<FastifyBaseLogger, 'warn'>): Promise<boolean> {
    const mine = and(eq(comments.id, answer.commentId), eq(comments.userId, answer.userId));
    if (answer.outcome === 'sent') {
      const [row] = await this.db.select().from(comments).where(mine);
      if (!row || row.status === 'sent') return false;
      const [sent] = await this.db
        .update(comments)
        .set({
          status: 'sent',
          networkCommentId: answer.networkCommentId ?? null,
          url: answer.url ?? row.postUrl,
          reason: null,
          code: null,
          params: null,
          sentAt: this.clock(),
        })
        .where(and(mine, ne(comments.status, 'sent')))
        .returning();
      if (sent) await this.announceSent(sent, log);
      return true;
    }
    if (answer.outcome === 'failed') {
      const code = answer.code ?? E.sendFailed;
      const params: Record<string, string | number> | null =
        code === E.networkBusy
          ? { seconds: answer.seconds ?? 60 }
          : code === E.commentTooLong
            ? { limit: ENGAGE_LIMITS.commentLength }
            : null;
      const rows = await this.db
        .update(comments)
        .set({ status: 'failed', reason: answer.reason ?? 'LinkedIn refused this comment.', code, params })
        .where(and(mine, inArray(comments.status, ['sending', 'unconfirmed'])))
        .returning({ id: comments.id });
      return rows.length > 0;
    }
    const rows = await this.db
      .update(comments)
      .set({ status: 'unconfirmed', reason: answer.reason ?? 'The network did not answer.' })
      .where(and(mine, eq(comments.status, 'sending')))
      .returning({ id: comments.id });
    return rows.length > 0;
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
      const sent = await this.mark(row.id, { status: 'sent', found });
      await this.announceSent(sent, log);
      return commentOf(sent);
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
      await this.announceSent(sent, log);
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
