import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from '@nashr/platform';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { inAdvisoryLock } from '../db/advisory-lock.js';
import type { schema } from '../db/schema.js';

/**
 * How many queue turns of one process may hold a pooled connection at once (each holds one for
 * its lock while its work uses others). Fewer than the pool's size, so the work always finds a
 * connection: with every connection holding a lock, the work under those locks would wait for
 * the pool forever.
 */
const MAX_HELD = 2;

/** A counting semaphore: at most `size` callers inside at once, the others in line. */
class Turns {
  private inside = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  async use<T>(work: () => Promise<T>): Promise<T> {
    if (this.inside >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.inside += 1;
    try {
      return await work();
    } finally {
      // The place passes straight to the next in line, so `inside` stays counted for it.
      const next = this.waiting.shift();
      if (next) next();
      else this.inside -= 1;
    }
  }
}

/**
 * One change to a user's posting queue at a time: adding, saving new slots (which re-times the
 * queued posts), and a queued post leaving it (deleted or rescheduled by hand, which moves the
 * later ones up). Each reads the free slots and then writes, so two at once (two tabs) could put
 * two posts in one slot or undo each other's re-timing.
 *
 * Across processes the turn is PostgreSQL's transaction-scoped advisory lock on the user
 * (`pg_advisory_xact_lock`, as the drafts limit does): it needs no row (a user who never saved
 * slots still deletes posts), it never conflicts with the rows the work writes, it goes with its
 * transaction even when the process dies, and it works behind PgBouncer in transaction mode,
 * where a session lock would not. A row lock (`SELECT … FOR UPDATE` on the user's queue) would
 * block the work's own update of that row, which runs on another connection. The work goes
 * through the ordinary post paths (their own statements, then the due job in Redis), so it runs
 * beside the lock's transaction, not inside it. Within a process, a user's turns wait in line in
 * memory first, so one user's burst holds at most one connection; other users' turns are not in
 * that line. A turn taken inside a turn of the same user (a delete moving the later posts up,
 * which edits them) goes straight through. Waiting on another process's turn counts against the
 * statement timeout like any statement; a turn takes milliseconds (a re-timing, one edit a post).
 */
export class QueueLock {
  private readonly held = new AsyncLocalStorage<ReadonlySet<string>>();
  private readonly lines = new Map<string, Promise<void>>();
  private readonly turns = new Turns(MAX_HELD);

  constructor(
    private readonly db: PostgresJsDatabase<typeof schema>,
    private readonly logger: Logger,
  ) {}

  /** Runs `work` as the only change to the user's queue anywhere until it settles. */
  run<T>(userId: string, work: () => Promise<T>): Promise<T> {
    const mine = this.held.getStore();
    if (mine?.has(userId)) return work();
    const before = this.lines.get(userId) ?? Promise.resolve();
    const turn = before.then(() =>
      this.turns.use(() =>
        this.underAdvisoryLock(userId, () => this.held.run(new Set([...(mine ?? []), userId]), work)),
      ),
    );
    const settled = turn.then(
      () => undefined,
      () => undefined,
    );
    this.lines.set(userId, settled);
    void settled.then(() => {
      if (this.lines.get(userId) === settled) this.lines.delete(userId);
    });
    return turn;
  }

  private async underAdvisoryLock<T>(userId: string, work: () => Promise<T>): Promise<T> {
    // Set by the transaction's callback (`as`: so TypeScript does not take it as never set).
    let result = { done: false } as { done: false } | { done: true; value: T };
    try {
      await inAdvisoryLock(this.db, `posting-queue:${userId}`, async () => {
        result = { done: true, value: await work() };
      });
    } catch (error) {
      if (!result.done) throw error;
      // The work is done; only the lock's transaction failed to end (its connection dropped, which
      // released the lock with it). The work's answer stands.
      this.logger.warn({ err: error, userId }, 'the posting queue lock ended with its connection');
    }
    if (!result.done) throw new Error('the posting queue lock ended without its work');
    return result.value;
  }
}
