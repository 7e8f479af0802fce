import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, runMigrations } from './db.js';
import { isUnavailableError } from './errors.js';
import { createTestDatabase, type TestDatabase } from './testing/index.js';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

describe('createDatabase', () => {
  it('pings a reachable server', async () => {
    const database = createDatabase({ url: testDb.url, schema: {} });
    await expect(database.ping()).resolves.toBeUndefined();
    await database.close();
  });

  it('fails the ping when PostgreSQL cannot be reached', async () => {
    const database = createDatabase({ url: 'postgres://postgres@127.0.0.1:1/none', schema: {} });
    await expect(database.ping()).rejects.toThrow();
    await database.close();
  });

  it('cancels a statement that runs past the timeout, as unavailable, and the pool goes on', async () => {
    const database = createDatabase({ url: testDb.url, schema: {}, statementTimeoutMs: 200 });
    const started = Date.now();
    const error = await database.sql`select pg_sleep(5)`.then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toMatchObject({ code: '57014' });
    expect(isUnavailableError(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(3000);
    const [settings] = await database.sql`select current_setting('statement_timeout') as statement,
      current_setting('idle_in_transaction_session_timeout') as idle`;
    expect(settings).toEqual({ statement: '200ms', idle: '1min' });
    await expect(database.ping()).resolves.toBeUndefined();
    await database.close();
  });

  it('gives each test file its own database', async () => {
    const other = await createTestDatabase();
    expect(other.url).not.toBe(testDb.url);
    await other.drop();
  });
});

/** A one-migration folder in drizzle's layout, creating `schema` with one table. */
function migrationsFor(schema: string): string {
  const folder = mkdtempSync(join(tmpdir(), `migrations-${schema}-`));
  mkdirSync(join(folder, 'meta'));
  writeFileSync(
    join(folder, 'meta', '_journal.json'),
    JSON.stringify({
      version: '7',
      dialect: 'postgresql',
      entries: [{ idx: 0, version: '7', when: 1_700_000_000_000, tag: '0000_init', breakpoints: true }],
    }),
  );
  writeFileSync(
    join(folder, '0000_init.sql'),
    `CREATE SCHEMA "${schema}";\n--> statement-breakpoint\nCREATE TABLE "${schema}"."items" ("id" integer PRIMARY KEY);\n`,
  );
  return folder;
}

describe('runMigrations', () => {
  it('lets every service migrate a new database at the same moment', async () => {
    const services = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta'];
    const folders = services.map(migrationsFor);
    // The shared journal schema is created by whichever service comes first: a race each time.
    for (let round = 0; round < 3; round++) {
      const fresh = await createTestDatabase();
      try {
        await Promise.all(
          services.map((serviceSchema, i) =>
            runMigrations(fresh.url, { migrationsFolder: folders[i]!, serviceSchema }),
          ),
        );
        const sql = postgres(fresh.url, { max: 1, onnotice: () => {} });
        const tables = await sql<{ schemaname: string }[]>`
          select schemaname from pg_tables where tablename = 'items' order by schemaname`;
        await sql.end();
        expect(tables.map((t) => t.schemaname)).toEqual([...services].sort());
      } finally {
        await fresh.drop();
      }
    }
  });
});
