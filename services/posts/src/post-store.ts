import {
  type PostAttentionCause,
  type PostStatus,
  PUBLISHER_LEFT_MESSAGE,
  REVIEW_ERROR_CODES,
  REVIEW_MESSAGES,
  roleAtLeast,
  SCHEDULER_ROLE,
  WORKSPACE_ERROR_CODES,
  WORKSPACE_ROLES,
} from '@nashr/contracts';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, ne, not, or, type SQL, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { Queryable } from './db/advisory-lock.js';
import {
  connections,
  drafts,
  media,
  type PostRow,
  postingQueues,
  posts,
  reviewSettings,
  type schema,
  workspaceMembers,
} from './db/schema.js';

export type NewPost = Pick<PostRow, 'workspaceId' | 'userId' | 'content' | 'status' | 'scheduledAt' | 'timeZone'> &
  Partial<
    Pick<
      PostRow,
      | 'enteredDate'
      | 'enteredTime'
      | 'firstComment'
      | 'firstCommentStatus'
      | 'media'
      | 'identity'
      | 'queued'
      | 'approvedBy'
      | 'approvedAt'
    >
  >;

export type PostChanges = Partial<
  Pick<
    PostRow,
    | 'userId'
    | 'content'
    | 'status'
    | 'scheduledAt'
    | 'timeZone'
    | 'enteredDate'
    | 'enteredTime'
    | 'failureReason'
    | 'failureCode'
    | 'firstComment'
    | 'firstCommentStatus'
    | 'media'
    | 'queued'
    | 'identity'
  >
>;

/** Approved, or in a workspace that does not require approval (one without a rule requires none). */
const approvedOrFree = or(
  isNotNull(posts.approvedAt),
  sql`not exists (select 1 from ${reviewSettings} where ${reviewSettings.workspaceId} = ${posts.workspaceId} and ${reviewSettings.requiresApproval})`,
)!;

/** The roles that schedule and publish in a workspace. */
const PUBLISHING_ROLES = WORKSPACE_ROLES.filter((role) => roleAtLeast(role, SCHEDULER_ROLE));

/**
 * The member whose account publishes the post may still publish in its workspace: the personal
 * workspace's own account, or a member of it with a role that schedules. One removed, or lowered
 * to contributor or viewer, while the post waited no longer speaks for the workspace.
 */
const publisherAllowed = or(
  eq(posts.workspaceId, posts.userId),
  sql`exists (select 1 from ${workspaceMembers} where ${workspaceMembers.workspaceId} = ${posts.workspaceId} and ${workspaceMembers.userId} = ${posts.userId} and ${inArray(workspaceMembers.role, PUBLISHING_ROLES)})`,
)!;

/** Why a due post is refused (see claim), by the first condition it fails. */
export const HELD_POST_CODES = [WORKSPACE_ERROR_CODES.publisherLeft, REVIEW_ERROR_CODES.notApproved] as const;

/** The user's network connection, as the linkedin service last announced it. */
export interface ConnectionState {
  accessExpiresAt: Date | null;
  disconnected: boolean;
  /** The network member it signs in as; null when not known (nothing is compared then). */
  identity: string | null;
  /** The company pages added to it: posts may be written as each. */
  pages: { identity: string; name: string }[];
}

/** Whether a post written as `identity` goes out through `connection`: as its member or one of its added pages. */
export const connectionWritesAs = (connection: ConnectionState, identity: string): boolean =>
  connection.identity === identity || connection.pages.some((page) => page.identity === identity);

/** The network member `userId` (a value or the row's column) is connected as now, or null. */
const memberConnectedAs = (userId: string | SQL) =>
  sql<string | null>`(select c.identity from ${connections} c where c.user_id = ${userId})`;
/** The post row's own member, named with its table: inside the subquery a bare name would be the connection's. */
const postsUserId = sql.raw('"posts"."user_id"');

/**
 * Every read and write of the posts table. State changes are single conditional UPDATEs, so two
 * processes racing on one post can never both win.
 */
export class PostStore {
  constructor(private readonly db: PostgresJsDatabase<typeof schema>) {}

  /** Every post of a user, oldest first ('Download my data'). */
  async byUser(userId: string): Promise<PostRow[]> {
    return this.db.select().from(posts).where(eq(posts.userId, userId)).orderBy(asc(posts.createdAt));
  }

  /**
   * Where the object store keeps each file `post` carries, by id. A file's key names its uploader,
   * who in a shared workspace may be another member than the one publishing the post.
   */
  async storageKeys(post: Pick<PostRow, 'media'>): Promise<Map<string, string>> {
    if (!post.media.length) return new Map();
    const rows = await this.db
      .select({ id: media.id, storageKey: media.storageKey })
      .from(media)
      .where(
        inArray(
          media.id,
          post.media.map((item) => item.id),
        ),
      );
    return new Map(rows.map((row) => [row.id, row.storageKey]));
  }

  /**
   * Deletes what a deleted account kept beside its workspaces: its connection and its posting
   * queue. Its personal workspace (whose id is the account's) goes with `deleteWorkspace`; what it
   * wrote in a shared workspace stays with that workspace's team: its drafts, by a former member,
   * and its scheduled posts, which fail at their time (`workspace.publisher_left`) unless a member
   * who may publish takes them over.
   */
  async deleteUser(userId: string): Promise<void> {
    await this.db.delete(connections).where(eq(connections.userId, userId));
    await this.db.delete(postingQueues).where(eq(postingQueues.userId, userId));
  }

  /** Deletes every post and draft of a workspace that is gone; returns the ids of the posts deleted. */
  async deleteWorkspace(workspaceId: string): Promise<string[]> {
    await this.db.delete(drafts).where(eq(drafts.workspaceId, workspaceId));
    const rows = await this.db.delete(posts).where(eq(posts.workspaceId, workspaceId)).returning({ id: posts.id });
    return rows.map((r) => r.id);
  }

  /**
   * Keeps until when the user's connection works, as announced at `changedAt` (a connection is no
   * longer disconnected); false when a newer announcement is already kept (a late event changes nothing).
   */
  async recordConnection(
    userId: string,
    accessExpiresAt: Date | null,
    changedAt: Date,
    identity?: string | null,
    pages?: { identity: string; name: string }[],
  ): Promise<boolean> {
    // An announcement that does not say (an older sender) leaves the member and pages as they were.
    return this.keepConnection(
      userId,
      {
        accessExpiresAt,
        disconnected: false,
        ...(identity === undefined ? {} : { identity }),
        ...(pages === undefined ? {} : { pages }),
      },
      changedAt,
    );
  }

  /** The network refused the user's credentials at `changedAt`; false when a newer announcement is kept. */
  async recordDisconnection(userId: string, changedAt: Date): Promise<boolean> {
    return this.keepConnection(userId, { disconnected: true }, changedAt);
  }

  private async keepConnection(
    userId: string,
    change: {
      accessExpiresAt?: Date | null;
      disconnected: boolean;
      identity?: string | null;
      pages?: { identity: string; name: string }[];
    },
    changedAt: Date,
  ): Promise<boolean> {
    const rows = await this.db
      .insert(connections)
      .values({ userId, ...change, changedAt })
      .onConflictDoUpdate({
        target: connections.userId,
        set: { ...change, changedAt },
        setWhere: sql`${connections.changedAt} <= ${changedAt.toISOString()}::timestamptz`,
      })
      .returning({ userId: connections.userId });
    return rows.length > 0;
  }

  /** The user's connection as last announced (null when never announced). */
  /** Whether the user's connection writes as `identity`: its member, or a company page added to it. */
  async writesAs(userId: string, identity: string): Promise<boolean> {
    const connection = await this.connection(userId);
    return connection !== null && connectionWritesAs(connection, identity);
  }

  async connection(userId: string): Promise<ConnectionState | null> {
    const [row] = await this.db
      .select({
        accessExpiresAt: connections.accessExpiresAt,
        disconnected: connections.disconnected,
        identity: connections.identity,
        pages: connections.pages,
      })
      .from(connections)
      .where(eq(connections.userId, userId));
    return row ?? null;
  }

  /**
   * Marks a scheduled post as needing the user for `cause`, or clears the mark (null). Does not
   * raise the version: the post, its text and its due job stay as they are. True when it changed.
   */
  async setAttention(id: string, cause: PostAttentionCause | null): Promise<boolean> {
    const rows = await this.db
      .update(posts)
      .set({ attention: cause, updatedAt: sql`now()` })
      .where(
        and(eq(posts.id, id), eq(posts.status, 'scheduled'), sql`${posts.attention} is distinct from ${cause}::text`),
      )
      .returning({ id: posts.id });
    return rows.length > 0;
  }

  /**
   * The network asked to wait: the current hand-over (this attempt, still publishing) goes out
   * again at `retryAt`. Undefined when the post has moved on.
   */
  async markDelayed(id: string, userId: string, attempt: number, retryAt: Date): Promise<PostRow | undefined> {
    const [row] = await this.db
      .update(posts)
      .set({ retryAt, updatedAt: sql`now()` })
      .where(
        and(eq(posts.id, id), eq(posts.userId, userId), eq(posts.status, 'publishing'), eq(posts.attempts, attempt)),
      )
      .returning();
    return row;
  }

  /**
   * The network no longer has the published post `networkPostId` of `userId`: marks it with `at`,
   * once (a later call keeps the first time). Answers the post it marked, if any.
   */
  async markDeletedOnNetwork(userId: string, networkPostId: string, at: Date): Promise<PostRow | undefined> {
    const [row] = await this.db
      .update(posts)
      .set({ deletedOnNetworkAt: at, updatedAt: sql`now()` })
      .where(
        and(
          eq(posts.userId, userId),
          eq(posts.networkPostId, networkPostId),
          eq(posts.status, 'published'),
          isNull(posts.deletedOnNetworkAt),
        ),
      )
      .returning();
    return row;
  }

  /** `db`: the transaction of a plan limit's check (PlanLimitStore.within), when it counts. */
  async insert(values: NewPost, db: Queryable = this.db): Promise<PostRow> {
    const [row] = await db
      .insert(posts)
      .values({ ...values, identity: values.identity ?? memberConnectedAs(values.userId) })
      .returning();
    return row!;
  }

  async get(id: string): Promise<PostRow | undefined> {
    const [row] = await this.db.select().from(posts).where(eq(posts.id, id));
    return row;
  }

  /** The post, if it belongs to the workspace: another workspace's post is as good as missing. */
  async getIn(id: string, workspaceId: string): Promise<PostRow | undefined> {
    const [row] = await this.db
      .select()
      .from(posts)
      .where(and(eq(posts.id, id), eq(posts.workspaceId, workspaceId)));
    return row;
  }

  /** The workspace's posts still waiting to go out, soonest first. */
  listScheduled(workspaceId: string, limit: number): Promise<PostRow[]> {
    return this.db
      .select()
      .from(posts)
      .where(and(eq(posts.workspaceId, workspaceId), eq(posts.status, 'scheduled')))
      .orderBy(asc(posts.scheduledAt), asc(posts.id))
      .limit(limit);
  }

  /** The workspace's posts due in [from, to), soonest first. */
  listRange(
    workspaceId: string,
    from: Date,
    to: Date,
    statuses: readonly PostStatus[],
    limit: number,
  ): Promise<PostRow[]> {
    return this.db
      .select()
      .from(posts)
      .where(
        and(
          eq(posts.workspaceId, workspaceId),
          gte(posts.scheduledAt, from),
          lt(posts.scheduledAt, to),
          inArray(posts.status, [...statuses]),
        ),
      )
      .orderBy(asc(posts.scheduledAt), asc(posts.id))
      .limit(limit);
  }

  /**
   * Applies `changes` and raises the version, only if the post still has the status and version
   * it had when `post` was read. Undefined means someone else changed it first. `db` as for insert.
   */
  async change(post: PostRow, changes: PostChanges, db: Queryable = this.db): Promise<PostRow | undefined> {
    const [row] = await db
      .update(posts)
      .set({
        ...changes,
        // A post passed to another member (`changes.userId`) belongs to whom they are connected as;
        // any other keeps its member, learnt now if it was not known when it was written.
        identity:
          changes.identity !== undefined
            ? changes.identity
            : changes.userId
              ? memberConnectedAs(changes.userId)
              : sql`coalesce(${posts.identity}, ${memberConnectedAs(postsUserId)})`,
        version: sql`${posts.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(posts.id, post.id), eq(posts.version, post.version), eq(posts.status, post.status)))
      .returning();
    return row;
  }

  /**
   * The one step that lets a post go out: scheduled → publishing for exactly this version. Of any
   * number of workers running the same due job, one gets the row and the others get nothing.
   * In a workspace that requires approval only an approved post is claimed, whenever the rule
   * was turned on; and only while the member who scheduled it may still publish there. Both are
   * checked here, in the same UPDATE, so nothing can slip out between a check and the hand-over.
   */
  async claim(id: string, version: number): Promise<PostRow | undefined> {
    const [row] = await this.db
      .update(posts)
      .set({
        status: 'publishing',
        attempts: sql`${posts.attempts} + 1`,
        publishingSince: sql`now()`,
        failureReason: null,
        failureCode: null,
        attention: null,
        retryAt: null,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(posts.id, id),
          eq(posts.version, version),
          eq(posts.status, 'scheduled'),
          approvedOrFree,
          publisherAllowed,
        ),
      )
      .returning();
    return row;
  }

  /**
   * A due post its workspace does not let out (see claim): scheduled → failed, for exactly this
   * version, with the reason: the member who scheduled it may no longer publish there, else no
   * approval. Undefined when it moved on, or is allowed after all.
   */
  async refuseHeld(id: string, version: number): Promise<PostRow | undefined> {
    const left = not(publisherAllowed);
    const [row] = await this.db
      .update(posts)
      .set({
        status: 'failed',
        failureReason: sql`case when ${left} then ${PUBLISHER_LEFT_MESSAGE} else ${REVIEW_MESSAGES.notApproved} end`,
        failureCode: sql`case when ${left} then ${WORKSPACE_ERROR_CODES.publisherLeft} else ${REVIEW_ERROR_CODES.notApproved} end`,
        queued: false,
        attention: null,
        retryAt: null,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(posts.id, id),
          eq(posts.version, version),
          eq(posts.status, 'scheduled'),
          or(not(approvedOrFree), not(publisherAllowed)),
        ),
      )
      .returning();
    return row;
  }

  /** The network has the post. Wins over any other state: it is what really happened. */
  async markPublished(
    id: string,
    userId: string,
    result: {
      networkPostId: string | null;
      url: string | null;
      publishedAt: Date;
      firstComment?: { status: 'posted' | 'failed'; reason?: string | null };
    },
  ): Promise<PostRow | undefined> {
    const [row] = await this.db
      .update(posts)
      .set({
        status: 'published',
        ...(result.firstComment
          ? { firstCommentStatus: result.firstComment.status, firstCommentFailure: result.firstComment.reason ?? null }
          : {}),
        networkPostId: result.networkPostId,
        networkUrl: result.url,
        publishedAt: result.publishedAt,
        failureReason: null,
        failureCode: null,
        publishingSince: null,
        attention: null,
        retryAt: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(posts.id, id), eq(posts.userId, userId), ne(posts.status, 'published')))
      .returning();
    return row;
  }

  /**
   * The hand-over failed; only a post still publishing (optionally this attempt) changes. A queued
   * post leaves the queue in the same step, as a deleted one does: its slot has passed, and a retry
   * sends it out as an ordinary post rather than taking a slot from the posts queued after it.
   */
  async markFailed(
    id: string,
    reason: string,
    where: { userId?: string; attempt?: number; code?: string } = {},
  ): Promise<PostRow | undefined> {
    const [row] = await this.db
      .update(posts)
      .set({
        status: 'failed',
        failureReason: reason,
        failureCode: where.code ?? null,
        queued: false,
        publishingSince: null,
        retryAt: null,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(posts.id, id),
          eq(posts.status, 'publishing'),
          where.userId ? eq(posts.userId, where.userId) : undefined,
          where.attempt ? eq(posts.attempts, where.attempt) : undefined,
        ),
      )
      .returning();
    return row;
  }

  /** Scheduled posts in due order after `after`, for the reconciler's walk over all of them. */
  scheduledAfter(after: Pick<PostRow, 'scheduledAt' | 'id'> | null, limit: number): Promise<PostRow[]> {
    return this.db
      .select()
      .from(posts)
      .where(
        and(
          eq(posts.status, 'scheduled'),
          after
            ? sql`(${posts.scheduledAt}, ${posts.id}) > (${after.scheduledAt.toISOString()}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(posts.scheduledAt), asc(posts.id))
      .limit(limit);
  }

  /** Posts handed over before `before` and still without an answer, oldest first. */
  publishingSince(before: Date, limit: number): Promise<PostRow[]> {
    return this.db
      .select()
      .from(posts)
      .where(and(eq(posts.status, 'publishing'), lt(posts.publishingSince, before)))
      .orderBy(asc(posts.publishingSince))
      .limit(limit);
  }

  /** The user's posts still waiting for a time after `now`, soonest first (at most `limit`). */
  async upcomingOf(
    userId: string,
    now: Date,
    limit = 500,
  ): Promise<Pick<PostRow, 'id' | 'scheduledAt' | 'attention' | 'identity'>[]> {
    return this.db
      .select({ id: posts.id, scheduledAt: posts.scheduledAt, attention: posts.attention, identity: posts.identity })
      .from(posts)
      .where(and(eq(posts.userId, userId), eq(posts.status, 'scheduled'), gte(posts.scheduledAt, now)))
      .orderBy(asc(posts.scheduledAt))
      .limit(limit);
  }
}
