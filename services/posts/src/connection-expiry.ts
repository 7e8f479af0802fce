import { type PostAttentionCause, postNeedsAttentionEvent } from '@nashr/contracts';
import type { Queues } from '@nashr/platform';
import type { PostRow } from './db/schema.js';
import { type ConnectionState, connectionWritesAs, type PostStore } from './post-store.js';

/** Why a scheduled post cannot go out through this connection, or null. */
export function attentionCause(
  post: Pick<PostRow, 'scheduledAt' | 'identity'>,
  connection: ConnectionState | null,
): PostAttentionCause | null {
  if (!connection) return null;
  if (connection.disconnected) return 'account_disconnected';
  // Compared only when both are known: posts written before members were told stay as they were.
  if (post.identity && connection.identity && !connectionWritesAs(connection, post.identity)) return 'identity_changed';
  const end = connection.accessExpiresAt;
  return end && post.scheduledAt.getTime() > end.getTime() ? 'connection_expires' : null;
}

/**
 * A scheduled post that cannot go out through the user's connection as it stands (the connection
 * will have expired by its time, the network refused it, or it now signs in as another member
 * than the post's) is marked as needing attention on the
 * post, with the cause, as soon as that is known (when it is scheduled or moved, and when the
 * connection changes), not when it fails at its time; the user is told once per post and cause
 * (and expiry: the event's id). A reconnection whose expiry comes after the post clears the mark,
 * and leaves the post and its schedule as they are.
 */
export class ConnectionExpiry {
  constructor(
    private readonly store: PostStore,
    private readonly queues: Queues,
  ) {}

  /**
   * Marks or clears `post` (when scheduled) against the connection (read when not given); tells
   * the user when it is marked. Returns the cause it is marked with, or null.
   */
  async check(
    post: Pick<PostRow, 'id' | 'userId' | 'status' | 'scheduledAt' | 'identity'>,
    connection?: ConnectionState | null,
    requestId?: string,
  ): Promise<PostAttentionCause | null> {
    if (post.status !== 'scheduled') return null;
    // A post due now ("Post now") goes to the network at once: its own outcome (published, or
    // refused with Reconnect) tells the user, not a notice ahead of a time that has come.
    if (post.scheduledAt.getTime() <= Date.now()) return null;
    const state = connection === undefined ? await this.store.connection(post.userId) : connection;
    const cause = attentionCause(post, state);
    await this.store.setAttention(post.id, cause);
    if (!cause) return null;
    const end = state?.accessExpiresAt;
    await this.queues.publish(
      postNeedsAttentionEvent,
      {
        postId: post.id,
        userId: post.userId,
        cause,
        scheduledAt: post.scheduledAt.toISOString(),
        requestId,
      },
      { id: cause === 'connection_expires' && end ? `${post.id}-${cause}-${end.getTime()}` : `${post.id}-${cause}` },
    );
    return cause;
  }

  /**
   * The user's connection changed: every scheduled post still to come is marked or cleared
   * against it. Returns how many are marked.
   */
  async connectionChanged(userId: string, connection: ConnectionState, requestId?: string): Promise<number> {
    const waiting = await this.store.upcomingOf(userId, new Date());
    let marked = 0;
    for (const post of waiting) {
      if (await this.check({ ...post, userId, status: 'scheduled' }, connection, requestId)) marked++;
    }
    return marked;
  }
}
