import { sql } from 'drizzle-orm';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import type { PostgresJsDatabase, PostgresJsQueryResultHKT } from 'drizzle-orm/postgres-js';
import type { schema } from './schema.js';

type Db = PostgresJsDatabase<typeof schema>;
/** The transaction a locked piece of work reads and writes through. */
export type LockedTx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The pool or a transaction: what a store's write may go through. */
export type Queryable = PgDatabase<PostgresJsQueryResultHKT, typeof schema>;

/**
 * Runs `work` in one transaction holding PostgreSQL's transaction-scoped advisory lock on `key`
 * (`pg_advisory_xact_lock`): whoever holds the same key anywhere waits until this transaction
 * ends. A limit counts and writes inside it, so parallel requests cannot all see room and all
 * write. It needs no row, never conflicts with the rows the work writes, goes with its
 * transaction even when the process dies, and works behind PgBouncer in transaction mode.
 *
 * The work should use only `tx`: a query through the pool while holding the lock could wait for
 * a connection that the requests lined up behind this lock are all holding (QueueLock, whose work
 * does use the pool, bounds how many of its locks a process holds for that reason).
 */
export function inAdvisoryLock<T>(db: Db, key: string, work: (tx: LockedTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    return work(tx);
  });
}
