import {
  type AttachedMedia,
  MAX_SCHEDULE_AHEAD_DAYS,
  QUEUE_ERROR_CODES,
  QUEUE_MESSAGES,
  type Queue,
  type QueueSlot,
  sortQueueSlots,
  suggestedQueueSlots,
} from '@nashr/contracts';
import { AppError, type Logger } from '@nashr/platform';
import type { PostRow } from '../db/schema.js';
import type { PostService } from '../post-service.js';
import { instantToLocal } from '../schedule/local-time.js';
import { nextFreeSlot } from './queue-slots.js';
import type { QueueStore } from './queue-store.js';

const DAY = 24 * 3_600_000;

const queueRefusal = (key: 'noSlots' | 'full') =>
  new AppError('CONFLICT', QUEUE_MESSAGES[key], { code: QUEUE_ERROR_CODES[key] });

/** Another queued post took the same slot at the same moment (the partial unique index said no). */
function isSlotTaken(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const e = current as { code?: unknown; constraint_name?: unknown; cause?: unknown };
    if (e.code === '23505' && e.constraint_name === 'posts_queued_slot_idx') return true;
    current = e.cause;
  }
  return false;
}

/**
 * The posting queue. Adding puts a post in the next free slot through the ordinary scheduling
 * path (same due job, same exactly-once claim); a queued post that leaves the queue (deleted, or
 * rescheduled by hand) lets each later queued post move up into the time of the one before it,
 * through the ordinary edit path (new version, due job moved).
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

  async save(userId: string, slots: QueueSlot[], timeZone: string): Promise<Queue> {
    await this.store.save(userId, sortQueueSlots(slots), timeZone);
    return this.get(userId, timeZone);
  }

  private async findFree(userId: string, slots: QueueSlot[], zone: string, now: Date): Promise<Date | null> {
    const taken = await this.store.takenInstants(
      userId,
      now,
      new Date(now.getTime() + (MAX_SCHEDULE_AHEAD_DAYS + 1) * DAY),
    );
    return nextFreeSlot(slots, zone, taken, now);
  }

  /** Schedules the post in the next free slot, marked queued. */
  async add(
    userId: string,
    post: { content: string; firstComment: string | null; media: AttachedMedia[] },
    requestId?: string,
    now?: Date,
  ): Promise<PostRow> {
    const queue = await this.store.get(userId);
    if (!queue?.slots.length) throw queueRefusal('noSlots');
    // A race for the same slot loses at the unique index: look again (a few times at most).
    for (let attempt = 0; ; attempt++) {
      const instant = await this.findFree(userId, queue.slots, queue.timeZone, now ?? new Date());
      if (!instant) throw queueRefusal('full');
      const local = instantToLocal(instant, queue.timeZone);
      try {
        return await this.posts.schedule(
          userId,
          post.content,
          { instant, timeZone: queue.timeZone, enteredDate: local.date, enteredTime: local.time },
          requestId,
          post.firstComment,
          post.media,
          true,
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
  async closeGap(before: PostRow, requestId?: string): Promise<void> {
    if (before.scheduledAt.getTime() <= Date.now()) return;
    const later = await this.store.queuedAfter(before.userId, before.scheduledAt);
    let free = before.scheduledAt;
    for (const post of later) {
      const target = free;
      try {
        await this.posts.edit(
          post.userId,
          post.id,
          {
            expectedVersion: post.version,
            stayQueued: true,
            reschedule: () => {
              const local = instantToLocal(target, post.timeZone);
              return { instant: target, timeZone: post.timeZone, enteredDate: local.date, enteredTime: local.time };
            },
          },
          requestId,
        );
      } catch (error) {
        this.logger.warn({ err: error, postId: post.id }, 'queued post could not move up; the rest keep their slots');
        return;
      }
      free = post.scheduledAt;
    }
    if (later.length) this.logger.info({ userId: before.userId, moved: later.length }, 'queued posts moved up');
  }
}
