import type { Logger } from '@nashr/platform';
import type postgres from 'postgres';
import type { PostRow } from './db/schema.js';
import type { PostStore } from './post-store.js';

/** Matches the trigger of migration 0001. */
const CHANNEL = 'posts_status';
/** In case a notification is missed (listener reconnecting), the row is read at least this often. */
const POLL_MS = 1000;

const settled = (post: PostRow | undefined) =>
  !post || post.status === 'published' || post.status === 'failed' || post.status === 'cancelled';

/**
 * Lets an HTTP request wait for the network's answer to a post: the worker's status change
 * fires a PostgreSQL notification, which wakes the request waiting on that post.
 */
export class PublishWaiter {
  private readonly waiting = new Map<string, Set<() => void>>();
  private listening: Promise<{ unlisten: () => Promise<void> } | null> | null = null;

  constructor(
    private readonly sql: postgres.Sql,
    private readonly store: PostStore,
    private readonly logger: Logger,
  ) {}

  /** The post once it is settled, or as it stands when `timeoutMs` runs out. */
  async waitForOutcome(id: string, timeoutMs: number): Promise<PostRow | undefined> {
    const deadline = Date.now() + timeoutMs;
    await this.listen();
    let wake: () => void = () => {};
    const waiters = this.waiting.get(id) ?? new Set();
    this.waiting.set(id, waiters);
    try {
      for (;;) {
        const woken = new Promise<void>((resolve) => {
          wake = resolve;
          waiters.add(resolve);
        });
        // Read after registering, so a change between the read and the wait is not missed.
        const post = await this.store.get(id);
        const left = deadline - Date.now();
        if (settled(post) || left <= 0) return post;
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([woken, new Promise((r) => (timer = setTimeout(r, Math.min(POLL_MS, left))))]);
        clearTimeout(timer);
        waiters.delete(wake);
      }
    } finally {
      waiters.delete(wake);
      if (waiters.size === 0) this.waiting.delete(id);
    }
  }

  async close(): Promise<void> {
    const listening = await this.listening?.catch(() => null);
    await listening?.unlisten().catch(() => {});
  }

  private listen(): Promise<unknown> {
    this.listening ??= this.sql
      .listen(CHANNEL, (postId) => {
        for (const wake of this.waiting.get(postId) ?? []) wake();
      })
      .catch((err) => {
        // Polling still answers, only a little later.
        this.logger.warn({ err }, 'could not listen for post status changes: polling instead');
        this.listening = null;
        return null;
      });
    return this.listening;
  }
}
