import { CONTENT_ERROR_CODES, CONTENT_ERROR_MESSAGES, type ContentBlockName, type Locale } from '@nashr/contracts';
import { AppError } from '@nashr/platform';
import { and, eq } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { blocks, type schema } from './db/schema.js';
import { seedContent } from './seed/index.js';

export interface StoredBlock {
  data: unknown;
  version: number;
  updatedAt: Date | null;
}

export const STALE_MESSAGE = CONTENT_ERROR_MESSAGES.stale;

export class ContentStore {
  constructor(private readonly db: PostgresJsDatabase<typeof schema>) {}

  async read(name: ContentBlockName, lang: Locale): Promise<StoredBlock> {
    const [row] = await this.db
      .select()
      .from(blocks)
      .where(and(eq(blocks.name, name), eq(blocks.lang, lang)));
    if (!row) return { data: seedContent[lang][name], version: 0, updatedAt: null };
    return { data: row.data, version: row.version, updatedAt: row.updatedAt };
  }

  /**
   * Replaces a block. With `expectedVersion`, the save only succeeds if nobody saved in
   * between; the check and the write happen under one row lock.
   */
  async replace(
    name: ContentBlockName,
    lang: Locale,
    data: unknown,
    options: { expectedVersion?: number; userId: string },
  ): Promise<StoredBlock> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ version: blocks.version })
        .from(blocks)
        .where(and(eq(blocks.name, name), eq(blocks.lang, lang)))
        .for('update');
      const currentVersion = current?.version ?? 0;
      if (options.expectedVersion !== undefined && options.expectedVersion !== currentVersion) {
        throw new AppError('CONFLICT', STALE_MESSAGE, { code: CONTENT_ERROR_CODES.stale });
      }
      const version = currentVersion + 1;
      const [row] = await tx
        .insert(blocks)
        .values({ name, lang, data, version, updatedBy: options.userId })
        .onConflictDoUpdate({
          target: [blocks.name, blocks.lang],
          set: { data, version, updatedAt: new Date(), updatedBy: options.userId },
        })
        .returning();
      if (!row) throw new Error('content save returned no row');
      return { data: row.data, version: row.version, updatedAt: row.updatedAt };
    });
  }
}
