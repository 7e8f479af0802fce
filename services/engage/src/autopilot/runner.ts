import { randomUUID } from 'node:crypto';
import {
  AUTOPILOT_STOP_CODES,
  type AutopilotStopCode,
  ENGAGE_ERROR_CODES as E,
  type Suggestion,
} from '@nashr/contracts';
import { AppError } from '@nashr/platform';
import { and, desc, eq, gte, ne, notExists, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { FastifyBaseLogger } from 'fastify';
import type { EngageConfig } from '../config.js';
import {
  autopilotPeople,
  autopilotSends,
  autopilotSettings,
  comments,
  feedItems,
  people,
  type schema,
  suggestions,
} from '../db/schema.js';
import type { Sending } from '../sending.js';
import { localMoment, nextOpening, withinHours } from './local-time.js';
import { hoursOf, type SettingsRow, sentOn, type Tx } from './settings.js';

type Db = PostgresJsDatabase<typeof schema>;
const DAY = 86_400_000;

/** What one tick did, and when the next should come (null: the chain ends until the setting changes). */
export interface TickResult {
  status:
    | 'off'
    | 'paused'
    | 'stopped'
    | 'outside_hours'
    | 'cap_reached'
    | 'spacing'
    | 'no_post'
    | 'sent'
    | 'unconfirmed'
    | 'failed';
  next: Date | null;
  postId?: string;
  commentId?: string;
  /** Why and when autopilot stopped by itself, when it stands stopped (told to the user once per stop). */
  stopped?: { code: AutopilotStopCode; at: Date };
}

/**
 * The suggestion autopilot sends, by one rule the screen states: the prepared suggestion of the
 * kind the user chose, or the first prepared one when the post has none of that kind.
 */
export function chooseSuggestion(items: readonly Suggestion[], kind: string): Suggestion | undefined {
  return items.find((item) => item.kind === kind) ?? items[0];
}

const stopCodeOf = (code: string | null | undefined): AutopilotStopCode | undefined =>
  AUTOPILOT_STOP_CODES.find((known) => known === code);

const isStop = (error: unknown): error is AppError => error instanceof AppError && !!stopCodeOf(error.answerCode);

/** A stopped row's stop, as the tick reports it. */
function stopOf(row: { stoppedCode: string | null; stoppedAt: Date | null }): TickResult['stopped'] {
  const code = stopCodeOf(row.stoppedCode);
  return code && row.stoppedAt ? { code, at: row.stoppedAt } : undefined;
}

/**
 * One tick of a user's autopilot. The settings row is locked from the first check to the end of
 * the send, so one user's autopilot sends one comment at a time whatever the number of workers,
 * a pause waits for a send in flight and holds after it, and the cap and spacing are read and
 * moved under the same lock. The post is recorded (primary key: user and post) before the
 * comment goes through the exactly-once send, so no post is ever taken twice.
 */
export class AutopilotRunner {
  constructor(
    private readonly db: Db,
    private readonly sending: Sending,
    private readonly config: EngageConfig,
    private readonly clock: () => Date,
    private readonly random: () => number = Math.random,
  ) {}

  /** The gap after a comment: the least spacing plus a random part of it. */
  private gap(): number {
    const min = this.config.ENGAGE_AUTOPILOT_MIN_SPACING_MINUTES * 60_000;
    return Math.round(min * (1 + this.random() * this.config.ENGAGE_AUTOPILOT_SPACING_JITTER));
  }

  /** With no post ready, look again on a grid of the least spacing (so two chains meet on one tick). */
  private idle(now: Date): Date {
    const grid = Math.max(1000, Math.round(this.config.ENGAGE_AUTOPILOT_MIN_SPACING_MINUTES * 60_000));
    return new Date((Math.floor(now.getTime() / grid) + 1) * grid);
  }

  async tick(userId: string, log: FastifyBaseLogger): Promise<TickResult> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(autopilotSettings).where(eq(autopilotSettings.userId, userId)).for('update');
      const now = this.clock();
      if (!row?.enabled) return { status: 'off', next: null };
      if (row.stoppedCode) return { status: 'stopped', next: null, stopped: stopOf(row) };
      if (row.paused) return { status: 'paused', next: null };
      const hours = hoursOf(row);
      if (!withinHours(now, hours)) return { status: 'outside_hours', next: nextOpening(now, hours) };
      const today = localMoment(now, row.timeZone).date;
      if ((await sentOn(tx, userId, today)) >= row.dailyCap) {
        return { status: 'cap_reached', next: nextOpening(now, hours, true) };
      }
      if (row.nextAt && row.nextAt > now) return { status: 'spacing', next: row.nextAt };
      const post = await this.nextPost(tx, row, now);
      if (!post) return { status: 'no_post', next: this.idle(now) };
      return this.send(tx, row, post, today, log);
    });
  }

  /**
   * The newest feed post of a person on autopilot with its suggestions prepared, that autopilot
   * has not taken and the user has not commented on by hand.
   */
  private async nextPost(tx: Tx, row: SettingsRow, now: Date) {
    const since = new Date(now.getTime() - this.config.ENGAGE_FEED_DAYS * DAY);
    const [post] = await tx
      .select({ postId: feedItems.postId, items: suggestions.items })
      .from(feedItems)
      .innerJoin(people, and(eq(people.userId, feedItems.userId), eq(people.handle, feedItems.authorHandle)))
      .innerJoin(
        autopilotPeople,
        and(eq(autopilotPeople.userId, feedItems.userId), eq(autopilotPeople.personId, people.id)),
      )
      .innerJoin(suggestions, and(eq(suggestions.userId, feedItems.userId), eq(suggestions.postId, feedItems.postId)))
      .where(
        and(
          eq(feedItems.userId, row.userId),
          gte(feedItems.postedAt, since),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(autopilotSends)
              .where(and(eq(autopilotSends.userId, feedItems.userId), eq(autopilotSends.postId, feedItems.postId))),
          ),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(comments)
              .where(
                and(
                  eq(comments.userId, feedItems.userId),
                  eq(comments.postId, feedItems.postId),
                  ne(comments.status, 'failed'),
                ),
              ),
          ),
        ),
      )
      .orderBy(desc(feedItems.postedAt))
      .limit(1);
    return post;
  }

  private async send(
    tx: Tx,
    row: SettingsRow,
    post: { postId: string; items: Suggestion[] },
    today: string,
    log: FastifyBaseLogger,
  ): Promise<TickResult> {
    const userId = row.userId;
    const text = chooseSuggestion(post.items, row.suggestion)?.text ?? '';
    const key = randomUUID();
    const gap = this.gap();
    await tx.insert(autopilotSends).values({ userId, postId: post.postId, key, day: today, createdAt: this.clock() });
    const settle = async (outcome: 'sent' | 'failed' | 'claimed') => {
      // The spacing counts from the end of this send, so the next comment is at least `gap` after this one.
      const nextAt = new Date(this.clock().getTime() + gap);
      await tx
        .update(autopilotSends)
        .set({ outcome })
        .where(and(eq(autopilotSends.userId, userId), eq(autopilotSends.postId, post.postId)));
      await tx.update(autopilotSettings).set({ nextAt }).where(eq(autopilotSettings.userId, userId));
      return nextAt;
    };
    try {
      const comment = await this.sending.send(userId, { postId: post.postId, key, text }, log, 'autopilot');
      const next = await settle('sent');
      log.info({ userId, postId: post.postId, commentId: comment.id }, 'autopilot: comment sent');
      return { status: 'sent', next, postId: post.postId, commentId: comment.id };
    } catch (error) {
      if (isStop(error)) {
        // Nothing was sent: the post is free again, and autopilot stops until the user turns it on.
        await tx
          .delete(autopilotSends)
          .where(and(eq(autopilotSends.userId, userId), eq(autopilotSends.postId, post.postId)));
        const stoppedAt = this.clock();
        await tx
          .update(autopilotSettings)
          .set({ stoppedCode: error.answerCode, stoppedParams: error.params ?? {}, stoppedAt })
          .where(eq(autopilotSettings.userId, userId));
        log.info({ userId, code: error.answerCode }, 'autopilot: stopped');
        return { status: 'stopped', next: null, stopped: stopOf({ stoppedCode: error.answerCode, stoppedAt }) };
      }
      if (error instanceof AppError && error.answerCode === E.sendUnconfirmed) {
        // It may have arrived: it counts, and the post is never taken again.
        return { status: 'unconfirmed', next: await settle('claimed'), postId: post.postId };
      }
      log.warn({ err: error, userId, postId: post.postId }, 'autopilot: the comment was not sent');
      return { status: 'failed', next: await settle('failed'), postId: post.postId };
    }
  }
}
