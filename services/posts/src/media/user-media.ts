import type { ObjectStore } from '@nashr/platform';
import { and, eq, not } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { drafts, media, posts, type schema } from '../db/schema.js';
import { carriedIn } from './carried.js';

/**
 * The files a deleted account uploaded, removed from the object store with the account rather than
 * by the unused-media sweep a day later. A row goes only once both its files are gone: when the
 * store fails, the row stays, the sweep (which takes rows no post or draft carries) finds it, and
 * `forget` reports the failure so the job retries. Files a post or draft still carries stay: those
 * of a shared workspace, which stay with its team (the sweep takes them once nothing carries them).
 */
export class UserMedia {
  constructor(
    private readonly db: PostgresJsDatabase<typeof schema>,
    private readonly objects: ObjectStore,
  ) {}

  /**
   * Deletes every file of the user that no post or draft carries, and its row; returns how many
   * were deleted and how many failed.
   */
  async forget(userId: string): Promise<{ deleted: number; failed: number }> {
    const rows = await this.db
      .select({ id: media.id, storageKey: media.storageKey, thumbnailKey: media.thumbnailKey })
      .from(media)
      .where(and(eq(media.userId, userId), not(carriedIn(posts, media.id)), not(carriedIn(drafts, media.id))));
    let deleted = 0;
    let failed = 0;
    for (const row of rows) {
      try {
        await this.objects.delete(row.storageKey);
        await this.objects.delete(row.thumbnailKey);
        await this.db.delete(media).where(eq(media.id, row.id));
        deleted += 1;
      } catch {
        failed += 1;
      }
    }
    return { deleted, failed };
  }
}
