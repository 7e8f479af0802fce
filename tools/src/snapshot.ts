import type postgres from 'postgres';

/** Row count and a checksum of every row, per table: equal snapshots mean nothing was written. */
export type Snapshot = Record<string, { rows: number; checksum: string }>;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Snapshots of every table of given PostgreSQL schemas, one round trip each. A stack's tables
 * are all made before its tests (by its migrations), so each set of schemas' query is built once,
 * from the tables found on its first use, and prepared: the hostile-input tests take two
 * snapshots per refused write, thousands in a run, and reading the table list and planning the
 * query again each time cost more than the snapshot itself. Make a new one after adding a table.
 */
export function tableSnapshots(sql: postgres.Sql): (schemas: readonly string[]) => Promise<Snapshot> {
  const queries = new Map<string, Promise<string | null>>();
  const queryFor = async (schemas: readonly string[]) => {
    const tables = await sql<{ schema: string; name: string }[]>`
      select table_schema as schema, table_name as name from information_schema.tables
      where table_schema in ${sql([...schemas])} and table_type = 'BASE TABLE'
      order by 1, 2`;
    if (tables.length === 0) return null;
    return tables
      .map(
        ({ schema, name }) =>
          `select '${schema}.${name}' as "table", count(*)::int as rows,
                  coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as checksum
           from ${quote(schema)}.${quote(name)} t`,
      )
      .join(' union all ');
  };
  return async (schemas) => {
    const key = [...schemas].sort().join(',');
    let query = queries.get(key);
    if (!query) {
      query = queryFor(schemas);
      queries.set(key, query);
    }
    const text = await query;
    if (text === null) return {};
    const rows = await sql.unsafe<{ table: string; rows: number; checksum: string }[]>(text, [], { prepare: true });
    return Object.fromEntries(rows.map((r) => [r.table, { rows: r.rows, checksum: r.checksum }]));
  };
}
