import type { ObjectStore } from '@nashr/platform';
import { eq } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { media, type schema } from '../db/schema.js';

/**
 * The files a deleted account uploaded, removed from the object store with the account rather than
 * by the unused-media sweep a day later. A row goes only once both its files are gone: when the
 * store fails, the row stays, the sweep (which takes rows no post or draft carries) finds it, and
 * `forget` reports the failure so the job retries.
 */
export class UserMedia {
  constructor(
    private readonly db: PostgresJsDatabase<typeof schema>,
    private readonly objects: ObjectStore,
  ) {}

  /** Deletes every file of the user and its row; returns how many were deleted and how many failed. */
  async forget(userId: string): Promise<{ deleted: number; failed: number }> {
    const rows = await this.db
      .select({ id: media.id, storageKey: media.storageKey, thumbnailKey: media.thumbnailKey })
      .from(media)
      .where(eq(media.userId, userId));
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
