import {
  type AttachedMedia,
  LINKEDIN_ERROR_CODES,
  LINKEDIN_MESSAGES,
  MAX_FIRST_COMMENT_LENGTH,
  MAX_POST_LENGTH,
  POST_MESSAGES,
  WORKSPACE_ERROR_CODES,
} from '@nashr/contracts';
import { AppError } from '@nashr/platform';
import { ConnectionExpiry } from './connection-expiry.js';
import type { LockedTx } from './db/advisory-lock.js';
import type { PostRow } from './db/schema.js';
import type { PostQueues } from './jobs/post-queues.js';
import type { PlanLimitStore } from './plan-limits/plan-limit-store.js';
import type { PostChanges, PostStore } from './post-store.js';
import type { QueueLock } from './queue/queue-lock.js';
import { badRequest, type PostRefusal, refusal } from './refusal.js';
import type { Approval } from './review/review-service.js';
import type { ResolvedSchedule } from './schedule/resolve-schedule.js';

/** Trimmed post text, or a 400 saying what is wrong with it. */
export function requireContent(input: string | undefined): string {
  const content = (input ?? '').trim();
  if (!content) throw badRequest('contentRequired');
  if (content.length > MAX_POST_LENGTH) {
    throw badRequest('tooLong', POST_MESSAGES.tooLong(content.length), {
      length: content.length,
      limit: MAX_POST_LENGTH,
    });
  }
  return content;
}

/** A trimmed first comment, null when blank, or a 400 when longer than the network takes. */
export function optionalFirstComment(input: string | undefined): string | null {
  const comment = (input ?? '').trim();
  if (!comment) return null;
  if (comment.length > MAX_FIRST_COMMENT_LENGTH) {
    throw badRequest('firstCommentTooLong', POST_MESSAGES.firstCommentTooLong(comment.length), {
      length: comment.length,
      limit: MAX_FIRST_COMMENT_LENGTH,
    });
  }
  return comment;
}

const conflict = (key: PostRefusal) => refusal('CONFLICT', key);

/** Why a post in this state cannot be edited or cancelled, or null when it can. */
function lockedReason(status: PostRow['status']): PostRefusal | null {
  switch (status) {
    case 'published':
      return 'publishedCannotChange';
    case 'publishing':
      return 'publishingCannotChange';
    case 'cancelled':
      return 'cancelledCannotChange';
    default:
      return null;
  }
}

export interface EditRequest {
  content?: string;
  /** Null removes the first comment. */
  firstComment?: string | null;
  /** The images it is to carry from now on (already checked as the caller's). */
  media?: AttachedMedia[];
  /** The new due time, worked out against the post as it stands (its zone is the default). */
  reschedule?: (current: PostRow) => ResolvedSchedule;
  expectedVersion?: number;
  /** A queued post moved by the queue itself stays queued; one rescheduled by hand leaves the queue. */
  stayQueued?: boolean;
  /** The member scheduling it again (see publishedBy). */
  actingUserId?: string;
}

/**
 * Whose account a post scheduled again goes out under: one held because the member who scheduled
 * it may no longer publish in its workspace passes to the member who schedules it again (the
 * route checked they may); any other post keeps its own.
 */
function publishedBy(post: PostRow, actingUserId: string | undefined): Pick<PostChanges, 'userId'> {
  return actingUserId && post.failureCode === WORKSPACE_ERROR_CODES.publisherLeft ? { userId: actingUserId } : {};
}

/**
 * Told when a queued, scheduled post leaves the queue (deleted or rescheduled by hand), as it was
 * before. A failure takes a post out of the queue too (PostStore.markFailed), but after its time,
 * when there is no gap left to close.
 */
export type LeftQueueListener = (before: PostRow, requestId?: string) => Promise<void>;

/**
 * Who writes a new post, and in which workspace: the user publishes it (their network account,
 * plan and queue). A user id alone means their personal workspace, whose id is theirs.
 */
export type Author = string | { userId: string; workspaceId: string; identity?: string };
export const authorOf = (who: Author): { userId: string; workspaceId: string; identity?: string } =>
  typeof who === 'string' ? { userId: who, workspaceId: who } : who;

/** A post holding a slot of its user's queue: changing its time or deleting it changes the queue. */
const inQueue = (post: PostRow) => post.queued && post.status === 'scheduled';

/**
 * What users do to posts. The row is always written first and the job second: PostgreSQL is the
 * record, Redis may lose jobs and the reconciler puts them back.
 */
export class PostService {
  private readonly expiry: ConnectionExpiry;
  private leftQueue: LeftQueueListener | null = null;

  constructor(
    private readonly store: PostStore,
    private readonly queues: PostQueues,
    /** The plan's limits on new posts (none when not given). */
    private readonly planLimits: PlanLimitStore | null = null,
    /** One change to a user's queue at a time (none when not given: a test's own service). */
    private readonly queueLock: QueueLock | null = null,
  ) {
    this.expiry = new ConnectionExpiry(store, queues.queues);
  }

  /** The posting queue closes the gap a queued post leaves behind. */
  onLeftQueue(listener: LeftQueueListener): void {
    this.leftQueue = listener;
  }

  private async tellLeftQueue(before: PostRow, requestId?: string): Promise<void> {
    if (inQueue(before)) await this.leftQueue?.(before, requestId);
  }

  /** Runs `work` as the only change to the user's posting queue until it settles (see QueueLock). */
  inQueueTurn<T>(userId: string, work: () => Promise<T>): Promise<T> {
    return this.queueLock ? this.queueLock.run(userId, work) : work();
  }

  /**
   * Marks (and tells) a post the connection cannot carry at its time at once, or clears a mark
   * that no longer holds. Best effort: the post is saved either way, and the network worker
   * refuses it at its time with the same reason. Returns the post as it now stands.
   */
  private async tellIfAfterExpiry(post: PostRow, requestId?: string): Promise<PostRow> {
    const cause = await this.expiry.check(post, undefined, requestId).catch(() => post.attention);
    return { ...post, attention: post.status === 'scheduled' ? (cause ?? null) : post.attention };
  }

  async schedule(
    who: Author,
    content: string,
    schedule: Pick<ResolvedSchedule, 'instant' | 'timeZone'> & Partial<ResolvedSchedule>,
    requestId?: string,
    firstComment: string | null = null,
    media: AttachedMedia[] = [],
    queued = false,
    approval: Approval = { approvedBy: null, approvedAt: null },
  ): Promise<PostRow> {
    const { userId, workspaceId, identity } = authorOf(who);
    const writtenAs = identity === undefined ? {} : { identity: await this.identityOf(userId, identity) };
    const post = await this.counted(userId, schedule.instant, (tx) =>
      this.store.insert(
        {
          workspaceId,
          userId,
          ...writtenAs,
          content,
          media,
          firstComment,
          firstCommentStatus: firstComment ? 'pending' : null,
          status: 'scheduled',
          scheduledAt: schedule.instant,
          timeZone: schedule.timeZone,
          enteredDate: schedule.enteredDate ?? null,
          enteredTime: schedule.enteredTime ?? null,
          queued,
          approvedBy: approval.approvedBy,
          approvedAt: approval.approvedAt,
        },
        tx,
      ),
    );
    await this.queues.scheduleDue(post, requestId);
    await this.queues.announceScheduled(post, requestId);
    return this.tellIfAfterExpiry(post, requestId);
  }

  /**
   * The identity a new post is asked to go out as, if the user's connection has it: its member or
   * one of the company pages added to it. Anything else is refused before the post is written.
   */
  private async identityOf(userId: string, identity: string): Promise<string> {
    if (!(await this.store.writesAs(userId, identity))) throw refusal('UNPROCESSABLE', 'identityUnknown');
    return identity;
  }

  /**
   * Writes a post that counts in the week of `dueAt` (new, or `moving` there) through the plan's
   * limit, the count and the write under one lock (PlanLimitStore.within); without limits, as is.
   */
  private counted<T>(userId: string, dueAt: Date, write: (tx?: LockedTx) => Promise<T>, moving?: PostRow): Promise<T> {
    return this.planLimits ? this.planLimits.within(userId, dueAt, write, moving) : write();
  }

  /** "Post now" goes through the same due job and claim as a scheduled post, due at once. */
  publishNow(
    who: Author,
    content: string,
    timeZone: string,
    requestId?: string,
    firstComment: string | null = null,
    media: AttachedMedia[] = [],
    approval?: Approval,
  ): Promise<PostRow> {
    return this.schedule(
      who,
      content,
      { instant: new Date(), timeZone },
      requestId,
      firstComment,
      media,
      false,
      approval,
    );
  }

  /**
   * The workspace's post, or 404 for a post that does not exist or is in another workspace. The
   * changes below find a post this way, and then go by its own user (who publishes it): the plan's
   * limits and the queue turn are that user's, whichever member makes the change.
   */
  async owned(workspaceId: string, id: string): Promise<PostRow> {
    const post = /^[0-9a-f-]{36}$/i.test(id) ? await this.store.getIn(id, workspaceId) : undefined;
    if (!post) throw refusal('NOT_FOUND', 'notFound');
    return post;
  }

  async edit(workspaceId: string, id: string, request: EditRequest, requestId?: string): Promise<PostRow> {
    const post = await this.owned(workspaceId, id);
    if (!request.reschedule || !inQueue(post)) return this.editOwned(post, request, requestId);
    // A queued post given a new time changes the queue (it moves, or leaves and the later ones
    // move up): in the user's queue turn, against the post as it stands once the turn is ours.
    return this.inQueueTurn(post.userId, async () =>
      this.editOwned(await this.owned(workspaceId, id), request, requestId),
    );
  }

  private async editOwned(post: PostRow, request: EditRequest, requestId?: string): Promise<PostRow> {
    const locked = lockedReason(post.status);
    if (locked) throw conflict(locked);
    if (request.expectedVersion !== undefined && request.expectedVersion !== post.version) {
      throw conflict('changedElsewhere');
    }
    const changes: PostChanges = {};
    if (request.content !== undefined) changes.content = request.content;
    if (request.media !== undefined) changes.media = request.media;
    if (request.firstComment !== undefined) {
      changes.firstComment = request.firstComment;
      changes.firstCommentStatus = request.firstComment ? 'pending' : null;
    }
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
        failureCode: null,
        queued: post.queued && request.stayQueued === true,
        ...publishedBy(post, request.actingUserId),
      } satisfies PostChanges);
    }
    // A new time may take a place in a week the plan counts.
    const updated = await this.changeOrExplain(post, changes, changes.scheduledAt);
    if (updated.status === 'scheduled') await this.moveDueJob(post, updated, requestId);
    const told = request.reschedule ? await this.tellIfAfterExpiry(updated, requestId) : updated;
    if (request.reschedule && !updated.queued) await this.tellLeftQueue(post, requestId);
    return told;
  }

  /** Cancels a scheduled or failed post; cancelling twice is fine. */
  async cancel(workspaceId: string, id: string): Promise<PostRow> {
    const post = await this.owned(workspaceId, id);
    if (!inQueue(post)) return this.cancelOwned(post);
    // Deleting a queued post moves the later ones up: in the user's queue turn, like any queue change.
    return this.inQueueTurn(post.userId, async () => this.cancelOwned(await this.owned(workspaceId, id)));
  }

  private async cancelOwned(post: PostRow): Promise<PostRow> {
    if (post.status === 'cancelled') return post;
    const locked = lockedReason(post.status);
    if (locked) throw conflict(locked);
    const updated = await this.store.change(post, { status: 'cancelled' });
    if (!updated) {
      // Two deletes at once (a double click, a retry): the one that lost the race finds it done.
      const now = await this.owned(post.workspaceId, post.id);
      if (now.status === 'cancelled') return now;
      throw conflict(lockedReason(now.status) ?? 'changedElsewhere');
    }
    if (post.status === 'scheduled') await this.queues.removeDue(post.id, post.version);
    await this.tellLeftQueue(post);
    return updated;
  }

  /** A failed post goes out again now, as a new attempt: an ordinary post, never back in the queue. */
  async retry(workspaceId: string, id: string, requestId?: string, actingUserId?: string): Promise<PostRow> {
    const post = await this.owned(workspaceId, id);
    if (post.status !== 'failed') throw conflict('onlyFailedRetry');
    // Refused because it belongs to another member than the one connected: the user, told so by
    // the failure, retries it as the member connected now.
    const moved = post.failureCode === LINKEDIN_ERROR_CODES.identityChanged ? await this.connectedMember(post) : {};
    const now = new Date();
    // A failed post takes no place in its week; going out again, it takes one in this week.
    const updated = await this.changeOrExplain(
      post,
      {
        status: 'scheduled',
        scheduledAt: now,
        failureReason: null,
        failureCode: null,
        queued: false,
        ...moved,
        ...publishedBy(post, actingUserId),
      },
      now,
    );
    await this.queues.scheduleDue(updated, requestId);
    return this.tellIfAfterExpiry(updated, requestId);
  }

  /**
   * A scheduled post that belongs to another network member than the one its publisher is
   * connected as now (a reconnection with another login) goes out as the connected one.
   */
  async moveToConnectedAccount(workspaceId: string, id: string, requestId?: string): Promise<PostRow> {
    const post = await this.owned(workspaceId, id);
    if (post.status !== 'scheduled') throw conflict(lockedReason(post.status) ?? 'onlyScheduledMove');
    const updated = await this.changeOrExplain(post, await this.connectedMember(post));
    await this.moveDueJob(post, updated, requestId);
    return this.tellIfAfterExpiry(updated, requestId);
  }

  /** The member the post's publisher is connected as now; refused when they are not connected. */
  private async connectedMember(post: PostRow): Promise<Pick<PostChanges, 'identity'>> {
    const connection = await this.store.connection(post.userId);
    if (!connection || connection.disconnected || !connection.identity) {
      throw new AppError('CONFLICT', LINKEDIN_MESSAGES.notConnected, { code: LINKEDIN_ERROR_CODES.notConnected });
    }
    return { identity: connection.identity };
  }

  /**
   * Applies a conditional change (one giving the post a time `dueAt` within the plan's weekly
   * limit); when another change won the race, says why in the caller's terms.
   */
  private async changeOrExplain(post: PostRow, changes: PostChanges, dueAt?: Date): Promise<PostRow> {
    const updated = dueAt
      ? await this.counted(changes.userId ?? post.userId, dueAt, (tx) => this.store.change(post, changes, tx), post)
      : await this.store.change(post, changes);
    if (updated) return updated;
    const now = await this.owned(post.workspaceId, post.id);
    throw conflict(lockedReason(now.status) ?? 'changedElsewhere');
  }

  private async moveDueJob(before: PostRow, after: PostRow, requestId?: string): Promise<void> {
    if (before.status === 'scheduled') await this.queues.removeDue(before.id, before.version);
    await this.queues.scheduleDue(after, requestId);
  }
}
