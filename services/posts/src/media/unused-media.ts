import type { Logger, ObjectStore } from '@nashr/platform';
import { sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { drafts, posts, type schema } from '../db/schema.js';
import { carriedIn } from './carried.js';

type Db = PostgresJsDatabase<typeof schema>;

/** Rows removed per statement: a long backlog is cleared in short transactions. */
const BATCH = 500;

/**
 * Deletes the images uploaded before `uploadedBefore` that no post and no draft carries any more
 * (never attached, or their post or draft was deleted), whoever's post or draft it was (in a
 * shared workspace one member's post may carry another's upload), rows first, then their files and
 * thumbnails. Safe to run in two workers at once: a row is deleted once. Returns how many images were deleted.
 */
export async function deleteUnusedMedia(db: Db, store: ObjectStore, uploadedBefore: Date, logger: Logger) {
  let deleted = 0;
  for (;;) {
    const rows = await db.execute<{ storage_key: string; thumbnail_key: string }>(sql`
      DELETE FROM posts.media m
       WHERE m.id IN (
         SELECT u.id FROM posts.media u
          WHERE u.created_at < ${uploadedBefore.toISOString()}::timestamptz
            AND NOT ${carriedIn(posts, sql`u.id`)}
            AND NOT ${carriedIn(drafts, sql`u.id`)}
          LIMIT ${BATCH}
          FOR UPDATE SKIP LOCKED)
      RETURNING m.storage_key, m.thumbnail_key`);
    for (const row of rows) {
      for (const key of [row.storage_key, row.thumbnail_key]) {
        // Deleting a file already gone succeeds; another failure leaves a file that costs disk only.
        await store
          .delete(key)
          .catch((error: unknown) => logger.warn({ err: error, key }, 'unused media file not deleted'));
      }
    }
    deleted += rows.length;
    if (rows.length < BATCH) return deleted;
  }
}

export interface UnusedMediaSweep {
  /** Runs one sweep now (it also runs at start and every `everyMs`). */
  sweep: () => Promise<number>;
  close: () => Promise<void>;
}

/** Sweeps unused images every `everyMs`, deleting those uploaded more than `unusedForMs` ago. */
export function startUnusedMediaSweep(options: {
  db: Db;
  store: ObjectStore;
  logger: Logger;
  everyMs: number;
  unusedForMs: number;
}): UnusedMediaSweep {
  const { db, store, logger } = options;
  let running: Promise<number> = Promise.resolve(0);
  const sweep = () => {
    running = running.then(async () => {
      const deleted = await deleteUnusedMedia(db, store, new Date(Date.now() - options.unusedForMs), logger);
      if (deleted > 0) logger.info({ deleted }, 'unused images deleted');
      return deleted;
    });
    return running;
  };
  const quietly = () => {
    sweep().catch((error: unknown) => logger.error({ err: error }, 'unused media sweep failed'));
  };
  quietly();
  const timer = setInterval(quietly, options.everyMs);
  timer.unref();
  return {
    sweep,
    close: async () => {
      clearInterval(timer);
      await running.catch(() => 0);
    },
  };
}
