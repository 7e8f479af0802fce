import type postgres from 'postgres';

/** Row count and a checksum of every row, per table: equal snapshots mean nothing was written. */
export type Snapshot = Record<string, { rows: number; checksum: string }>;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Snapshots every table of the given PostgreSQL schemas in one round trip. The table list is
 * read once per call, so tables made by later migrations are included.
 */
export async function snapshotTables(sql: postgres.Sql, schemas: readonly string[]): Promise<Snapshot> {
  const tables = await sql<{ schema: string; name: string }[]>`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_schema in ${sql([...schemas])} and table_type = 'BASE TABLE'
    order by 1, 2`;
  if (tables.length === 0) return {};
  const parts = tables.map(
    ({ schema, name }) =>
      `select '${schema}.${name}' as "table", count(*)::int as rows,
              coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as checksum
       from ${quote(schema)}.${quote(name)} t`,
  );
  const rows = await sql.unsafe<{ table: string; rows: number; checksum: string }[]>(parts.join(' union all '));
  return Object.fromEntries(rows.map((r) => [r.table, { rows: r.rows, checksum: r.checksum }]));
}
