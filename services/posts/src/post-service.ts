import { MAX_POST_LENGTH, POST_MESSAGES } from '@nashr/contracts';
import { AppError, notFound } from '@nashr/platform';
import type { PostRow } from './db/schema.js';
import type { PostQueues } from './jobs/post-queues.js';
import type { PostChanges, PostStore } from './post-store.js';
import type { ResolvedSchedule } from './schedule/resolve-schedule.js';

/** Trimmed post text, or a 400 saying what is wrong with it. */
export function requireContent(input: string | undefined): string {
  const content = (input ?? '').trim();
  if (!content) throw new AppError('BAD_REQUEST', POST_MESSAGES.contentRequired);
  if (content.length > MAX_POST_LENGTH) throw new AppError('BAD_REQUEST', POST_MESSAGES.tooLong(content.length));
  return content;
}

const conflict = (message: string) => new AppError('CONFLICT', message);

/** Why a post in this state cannot be edited or cancelled, or null when it can. */
function lockedReason(status: PostRow['status']): string | null {
  switch (status) {
    case 'published':
      return POST_MESSAGES.publishedCannotChange;
    case 'publishing':
      return POST_MESSAGES.publishingCannotChange;
    case 'cancelled':
      return POST_MESSAGES.cancelledCannotChange;
    default:
      return null;
  }
}

export interface EditRequest {
  content?: string;
  /** The new due time, worked out against the post as it stands (its zone is the default). */
  reschedule?: (current: PostRow) => ResolvedSchedule;
  expectedVersion?: number;
}

/**
 * What users do to posts. The row is always written first and the job second: PostgreSQL is the
 * record, Redis may lose jobs and the reconciler puts them back.
 */
export class PostService {
  constructor(
    private readonly store: PostStore,
    private readonly queues: PostQueues,
  ) {}

  async schedule(
    userId: string,
    content: string,
    schedule: Pick<ResolvedSchedule, 'instant' | 'timeZone'> & Partial<ResolvedSchedule>,
    requestId?: string,
  ): Promise<PostRow> {
    const post = await this.store.insert({
      userId,
      content,
      status: 'scheduled',
      scheduledAt: schedule.instant,
      timeZone: schedule.timeZone,
      enteredDate: schedule.enteredDate ?? null,
      enteredTime: schedule.enteredTime ?? null,
    });
    await this.queues.scheduleDue(post, requestId);
    return post;
  }

  /** "Post now" goes through the same due job and claim as a scheduled post, due at once. */
  publishNow(userId: string, content: string, timeZone: string, requestId?: string): Promise<PostRow> {
    return this.schedule(userId, content, { instant: new Date(), timeZone }, requestId);
  }

  /** The caller's post, or 404 for a post that does not exist or belongs to someone else. */
  async owned(userId: string, id: string): Promise<PostRow> {
    const post = /^[0-9a-f-]{36}$/i.test(id) ? await this.store.getOwned(id, userId) : undefined;
    if (!post) throw notFound(POST_MESSAGES.notFound);
    return post;
  }

  async edit(userId: string, id: string, request: EditRequest, requestId?: string): Promise<PostRow> {
    const post = await this.owned(userId, id);
    const locked = lockedReason(post.status);
    if (locked) throw conflict(locked);
    if (request.expectedVersion !== undefined && request.expectedVersion !== post.version) {
      throw conflict(POST_MESSAGES.changedElsewhere);
    }
    const changes: PostChanges = {};
    if (request.content !== undefined) changes.content = request.content;
    if (request.reschedule) {
      const schedule = request.reschedule(post);
      // A failed post given a new time is simply scheduled again.
      Object.assign(changes, {
        status: 'scheduled',
        scheduledAt: schedule.instant,
        timeZone: schedule.timeZone,
        enteredDate: schedule.enteredDate,
        enteredTime: schedule.enteredTime,
        failureReason: null,
      } satisfies PostChanges);
    }
    const updated = await this.changeOrExplain(userId, post, changes);
    if (updated.status === 'scheduled') await this.moveDueJob(post, updated, requestId);
    return updated;
  }

  /** Cancels a scheduled or failed post; cancelling twice is fine. */
  async cancel(userId: string, id: string): Promise<PostRow> {
    const post = await this.owned(userId, id);
    if (post.status === 'cancelled') return post;
    const locked = lockedReason(post.status);
    if (locked) throw conflict(locked);
    const updated = await this.changeOrExplain(userId, post, { status: 'cancelled' });
    if (post.status === 'scheduled') await this.queues.removeDue(post.id, post.version);
    return updated;
  }

  /** A failed post goes out again now, as a new attempt. */
  async retry(userId: string, id: string, requestId?: string): Promise<PostRow> {
    const post = await this.owned(userId, id);
    if (post.status !== 'failed') throw conflict(POST_MESSAGES.onlyFailedRetry);
    const updated = await this.changeOrExplain(userId, post, {
      status: 'scheduled',
      scheduledAt: new Date(),
      failureReason: null,
    });
    await this.queues.scheduleDue(updated, requestId);
    return updated;
  }

  /** Applies a conditional change; when another change won the race, says why in the caller's terms. */
  private async changeOrExplain(userId: string, post: PostRow, changes: PostChanges): Promise<PostRow> {
    const updated = await this.store.change(post, changes);
    if (updated) return updated;
    const now = await this.owned(userId, post.id);
    throw conflict(lockedReason(now.status) ?? POST_MESSAGES.changedElsewhere);
  }

  private async moveDueJob(before: PostRow, after: PostRow, requestId?: string): Promise<void> {
    if (before.status === 'scheduled') await this.queues.removeDue(before.id, before.version);
    await this.queues.scheduleDue(after, requestId);
  }
}
