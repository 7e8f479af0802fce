import { adminAuditTable } from '@nashr/platform';
import { integer, jsonb, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const contentSchema = pgSchema('content');

/** One row per block and language; a block never saved has no row and is served from the seed. */
export const blocks = contentSchema.table(
  'blocks',
  {
    name: text('name').notNull(),
    lang: text('lang').notNull(),
    data: jsonb('data').notNull(),
    /** Raised by every save; an editor that loaded an older version cannot overwrite a newer one. */
    version: integer('version').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by'),
  },
  (t) => [primaryKey({ columns: [t.name, t.lang] })],
);

/** Administrators' saves: who, which block, from where, when. */
export const adminAudit = adminAuditTable(contentSchema);

export const schema = { blocks, adminAudit };
