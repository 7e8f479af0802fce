import {
  type AttachedMedia,
  MAX_SCHEDULE_AHEAD_DAYS,
  QUEUE_ERROR_CODES,
  QUEUE_MESSAGES,
  type Queue,
  type QueueSlot,
  type SavedQueue,
  sortQueueSlots,
  suggestedQueueSlots,
} from '@nashr/contracts';
import { AppError, isUniqueViolation, type Logger } from '@nashr/platform';
import type { PostRow } from '../db/schema.js';
import { type Author, authorOf, type PostService } from '../post-service.js';
import type { Approval } from '../review/review-service.js';
import { instantToLocal } from '../schedule/local-time.js';
import { freeSlots, MIN_LEAD_MS, moveOrder, nextFreeSlot } from './queue-slots.js';
import type { QueueStore } from './queue-store.js';

const DAY = 24 * 3_600_000;

const queueRefusal = (key: 'noSlots' | 'full') =>
  new AppError('CONFLICT', QUEUE_MESSAGES[key], { code: QUEUE_ERROR_CODES[key] });

/** New slots that cannot hold the posts already queued: the same code as a full queue, with the counts. */
const tooFewSlots = (queued: number, available: number) =>
  new AppError('CONFLICT', QUEUE_MESSAGES.tooFewSlots(queued, available), {
    code: QUEUE_ERROR_CODES.full,
    params: { queued, available },
  });

/** Another queued post took the same slot at the same moment (the partial unique index said no). */
const isSlotTaken = (error: unknown) => isUniqueViolation(error, 'posts_queued_slot_idx');

/**
 * The posting queue. Adding puts a post in the next free slot through the ordinary scheduling
 * path (same due job, same exactly-once claim); a queued post that leaves the queue (deleted, or
 * rescheduled by hand) lets each later queued post move up into the time of the one before it,
 * and new slots re-time every queued post still waiting, both through the ordinary edit path (new
 * version, due job moved). A queued post that fails leaves the queue as it fails (PostStore.markFailed):
 * its slot has passed by then, so no later post moves up into it.
 *
 * Each change reads the free slots and then writes, so each runs in the user's queue turn
 * (PostService.inQueueTurn, see QueueLock): two tabs adding, saving or deleting at once take turns,
 * and other users do not wait for them.
 */
export class QueueService {
  constructor(
    private readonly store: QueueStore,
    private readonly posts: PostService,
    private readonly logger: Logger,
  ) {
    posts.onLeftQueue((before, requestId) => this.closeGap(before, requestId));
  }

  async get(userId: string, browserZone: string | null, now = new Date()): Promise<Queue> {
    const row = await this.store.get(userId);
    const zone = row?.timeZone ?? browserZone;
    const slots = sortQueueSlots(row?.slots ?? []);
    const next = row && slots.length ? await this.findFree(userId, slots, row.timeZone, now) : null;
    return {
      slots,
      timeZone: row?.timeZone ?? null,
      suggested: suggestedQueueSlots(zone),
      nextFreeSlot: next?.toISOString() ?? null,
    };
  }

  /**
   * Replaces the slots and lays the queued posts still waiting onto them, in their order, each in
   * the next free slot from now (hand-scheduled posts keep their times and their slots). Checked
   * before anything is written: when the new slots cannot hold every queued post, nothing changes.
   */
  save(userId: string, slots: QueueSlot[], timeZone: string, requestId?: string, now?: Date): Promise<SavedQueue> {
    // `now` once the turn is ours: a turn waited for may start after a slot came too close.
    return this.posts.inQueueTurn(userId, () => this.saveInTurn(userId, slots, timeZone, requestId, now ?? new Date()));
  }

  private async saveInTurn(
    userId: string,
    slots: QueueSlot[],
    timeZone: string,
    requestId: string | undefined,
    now: Date,
  ): Promise<SavedQueue> {
    const sorted = sortQueueSlots(slots);
    // A post due within the minute is on its way out: it keeps its time (and holds it).
    const queued = await this.store.queuedAfter(userId, new Date(now.getTime() + MIN_LEAD_MS));
    const targets = freeSlots(
      sorted,
      timeZone,
      await this.takenBetween(
        userId,
        now,
        queued.map((post) => post.id),
      ),
      now,
      queued.length,
    );
    if (targets.length < queued.length) throw tooFewSlots(queued.length, targets.length);
    await this.store.save(userId, sorted, timeZone);
    const moves = queued.map((post, i) => ({ post, at: post.scheduledAt, target: targets[i]! }));
    let rescheduled = 0;
    for (const { post, target } of moveOrder(moves)) {
      if (await this.moveQueued(post, target, timeZone, requestId)) rescheduled += 1;
    }
    if (rescheduled) this.logger.info({ userId, rescheduled }, 'queued posts laid onto the new slots');
    return { ...(await this.get(userId, timeZone, now)), rescheduled };
  }

  /** The instants of the user's waiting posts within the coming year (`except` those about to move). */
  private takenBetween(userId: string, now: Date, except: readonly string[] = []): Promise<Set<number>> {
    return this.store.takenInstants(userId, now, new Date(now.getTime() + (MAX_SCHEDULE_AHEAD_DAYS + 1) * DAY), except);
  }

  private async findFree(userId: string, slots: QueueSlot[], zone: string, now: Date): Promise<Date | null> {
    return nextFreeSlot(slots, zone, await this.takenBetween(userId, now), now);
  }

  /**
   * Moves a queued post to `target` through the ordinary edit path (its version checked and
   * raised, its due job moved), staying queued. Best effort: a post changed or handed over
   * meanwhile keeps what it has, and the others still move. True when it moved.
   */
  private async moveQueued(post: PostRow, target: Date, zone: string, requestId?: string): Promise<boolean> {
    try {
      await this.posts.edit(
        post.workspaceId,
        post.id,
        {
          expectedVersion: post.version,
          stayQueued: true,
          reschedule: () => {
            const local = instantToLocal(target, zone);
            return { instant: target, timeZone: zone, enteredDate: local.date, enteredTime: local.time };
          },
        },
        requestId,
      );
      return true;
    } catch (error) {
      this.logger.warn({ err: error, postId: post.id }, 'queued post could not move; it keeps its time');
      return false;
    }
  }

  /**
   * Schedules the post in the next free slot of its user's queue, marked queued (in the author's
   * workspace: the slots are those of the user who publishes it, whichever workspace it is in).
   */
  add(
    who: Author,
    post: { content: string; firstComment: string | null; media: AttachedMedia[]; approval?: Approval },
    requestId?: string,
    now?: Date,
  ): Promise<PostRow> {
    const { userId } = authorOf(who);
    return this.posts.inQueueTurn(userId, () => this.addInTurn(who, userId, post, requestId, now));
  }

  private async addInTurn(
    who: Author,
    userId: string,
    post: { content: string; firstComment: string | null; media: AttachedMedia[]; approval?: Approval },
    requestId: string | undefined,
    now: Date | undefined,
  ): Promise<PostRow> {
    const queue = await this.store.get(userId);
    if (!queue?.slots.length) throw queueRefusal('noSlots');
    // Adds take turns, so this is for a queued post written outside them (a service without the
    // lock): a race for the same slot loses at the unique index; look again (a few times at most).
    for (let attempt = 0; ; attempt++) {
      const instant = await this.findFree(userId, queue.slots, queue.timeZone, now ?? new Date());
      if (!instant) throw queueRefusal('full');
      const local = instantToLocal(instant, queue.timeZone);
      try {
        return await this.posts.schedule(
          who,
          post.content,
          { instant, timeZone: queue.timeZone, enteredDate: local.date, enteredTime: local.time },
          requestId,
          post.firstComment,
          post.media,
          true,
          post.approval,
        );
      } catch (error) {
        if (!isSlotTaken(error) || attempt >= 4) throw error;
      }
    }
  }

  /**
   * `before` (queued, scheduled) left the queue: each later queued post of its user takes the time
   * of the queued post before it. Manually scheduled posts keep their times. Best effort: a post
   * changed meanwhile stops the move (the ones after it keep their slots), never a double booking.
   */
  closeGap(before: PostRow, requestId?: string): Promise<void> {
    // Called from a delete or an edit already in the user's turn; the turn is taken again here
    // (straight through) so that no other way in can close a gap outside one.
    return this.posts.inQueueTurn(before.userId, () => this.closeGapInTurn(before, requestId));
  }

  private async closeGapInTurn(before: PostRow, requestId?: string): Promise<void> {
    if (before.scheduledAt.getTime() <= Date.now()) return;
    const later = await this.store.queuedAfter(before.userId, before.scheduledAt);
    let free = before.scheduledAt;
    for (const post of later) {
      if (!(await this.moveQueued(post, free, post.timeZone, requestId))) return;
      free = post.scheduledAt;
    }
    if (later.length) this.logger.info({ userId: before.userId, moved: later.length }, 'queued posts moved up');
  }
}
