import { type SQL, sql } from 'drizzle-orm';
import type { drafts, media, posts } from '../db/schema.js';

/**
 * True when a row of `table` (matching `where`, when given) carries the file `id` (a value or a
 * column) in its `media`. The GIN index on `media` answers it for every row of the table.
 */
export function carriedIn(table: typeof drafts | typeof posts, id: string | typeof media.id | SQL, where?: SQL): SQL {
  const carries = sql`${table.media} @> jsonb_build_array(jsonb_build_object('id', ${id}::text))`;
  return sql`exists (select 1 from ${table} where ${where ? sql`${where} and ` : sql``}${carries})`;
}
