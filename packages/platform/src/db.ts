import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';

export interface Database<TSchema extends Record<string, unknown>> {
  db: PostgresJsDatabase<TSchema>;
  sql: postgres.Sql;
  ping: () => Promise<void>;
  close: () => Promise<void>;
}

export interface DatabaseOptions<TSchema extends Record<string, unknown>> {
  url: string;
  schema: TSchema;
  /** Pool size; small by default since each service runs an API and a worker. */
  max?: number;
  /** Used in pg_stat_activity so operators can tell the connections apart. */
  applicationName?: string;
  /**
   * A statement running longer is cancelled by PostgreSQL (and answered 503), so one runaway query
   * cannot hold a connection of a small pool for good. Every query here takes milliseconds.
   */
  statementTimeoutMs?: number;
  /** Named prepared statements (postgres.js's default); off behind PgBouncer < 1.21 in transaction mode. */
  prepare?: boolean;
}

const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;
/** A transaction left open by a stalled process releases its locks after this long. */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;

export function createDatabase<TSchema extends Record<string, unknown>>(
  options: DatabaseOptions<TSchema>,
): Database<TSchema> {
  const sql = postgres(options.url, {
    max: options.max ?? 5,
    prepare: options.prepare ?? true,
    connect_timeout: 5,
    idle_timeout: 30,
    onnotice: () => {},
    connection: {
      application_name: options.applicationName ?? 'nashr',
      statement_timeout: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
      idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
  });
  return {
    db: drizzle(sql, { schema: options.schema }),
    sql,
    ping: async () => {
      await sql`select 1`;
    },
    close: () => sql.end({ timeout: 5 }),
  };
}

/**
 * Applies a service's versioned migrations. Each service owns one PostgreSQL schema (created by
 * its first migration); the journals live side by side in the shared `drizzle` schema. One
 * advisory lock for the whole database serializes every service's migrations: services and
 * workers start together, and two of them creating the shared schema at once fail
 * (`CREATE SCHEMA IF NOT EXISTS` is not safe against a concurrent one). Migrations take
 * milliseconds, so the wait is short.
 */
export async function runMigrations(
  url: string,
  options: { migrationsFolder: string; serviceSchema: string },
): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    await sql`select pg_advisory_lock(hashtext('nashr:migrations'))`;
    await migrate(drizzle(sql), {
      migrationsFolder: options.migrationsFolder,
      migrationsSchema: 'drizzle',
      migrationsTable: `${options.serviceSchema}_migrations`,
    });
    await sql`select pg_advisory_unlock(hashtext('nashr:migrations'))`;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * The database refused a write because the unique index `constraint` already holds its value
 * (PostgreSQL's 23505), however the driver and the query builder wrapped the error.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const e = current as { code?: unknown; constraint_name?: unknown; cause?: unknown };
    if (e.code === '23505' && e.constraint_name === constraint) return true;
    current = e.cause;
  }
  return false;
}
