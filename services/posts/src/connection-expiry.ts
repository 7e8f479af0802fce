import { postNeedsAttentionEvent } from '@nashr/contracts';
import type { Queues } from '@nashr/platform';
import type { PostRow } from './db/schema.js';
import type { PostStore } from './post-store.js';

/**
 * A scheduled post due after the user's connection expires cannot go out as it stands: it is
 * told as needing the user as soon as that is known (when it is scheduled or moved, and when the
 * expiry becomes known or changes), not when it fails at its time. Told once per post and expiry
 * (the event's id); a reconnection whose expiry comes after the post tells nothing more.
 */
export class ConnectionExpiry {
  constructor(
    private readonly store: PostStore,
    private readonly queues: Queues,
  ) {}

  /** Whether `post`, scheduled, comes after the connection's end; if so, tells it. */
  async check(
    post: Pick<PostRow, 'id' | 'userId' | 'status' | 'scheduledAt'>,
    expiresAt?: Date | null,
    requestId?: string,
  ): Promise<boolean> {
    if (post.status !== 'scheduled') return false;
    const end = expiresAt === undefined ? await this.store.connectionExpiry(post.userId) : expiresAt;
    if (!end || post.scheduledAt.getTime() <= end.getTime()) return false;
    await this.queues.publish(
      postNeedsAttentionEvent,
      {
        postId: post.id,
        userId: post.userId,
        cause: 'connection_expires',
        scheduledAt: post.scheduledAt.toISOString(),
        requestId,
      },
      { id: `${post.id}-connection_expires-${end.getTime()}` },
    );
    return true;
  }

  /** The user's connection now ends at `expiresAt`: tells every scheduled post due after it. */
  async expiryChanged(userId: string, expiresAt: Date | null, requestId?: string): Promise<number> {
    if (!expiresAt) return 0;
    const waiting = await this.store.upcomingOf(userId, new Date());
    let told = 0;
    for (const post of waiting) {
      if (await this.check({ ...post, userId, status: 'scheduled' }, expiresAt, requestId)) told++;
    }
    return told;
  }
}
