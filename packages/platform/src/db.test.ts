import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, runMigrations } from './db.js';
import { isUnavailableError } from './errors.js';
import { createTestDatabase, migratedTemplate, type TestDatabase } from './testing/index.js';

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

describe('createTestDatabase with migrations', () => {
  // Schemas of this run only, so the template is built here and not found from an earlier run.
  const schemas = ['alpha', 'beta'].map((name) => `${name}_${randomBytes(3).toString('hex')}`);
  const migrations = schemas.map((serviceSchema) => ({
    serviceSchema,
    migrationsFolder: migrationsFor(serviceSchema),
  }));
  const admin = () => postgres(process.env.DATABASE_URL as string, { max: 1, onnotice: () => {} });
  const templatesOf = async (sql: postgres.Sql, name: string) =>
    (
      await sql<{ datname: string }[]>`select datname from pg_database
        where starts_with(datname, ${name.slice(0, name.lastIndexOf('_') + 1)}) order by datname`
    ).map((row) => row.datname);
  let built: string | undefined;
  afterAll(async () => {
    if (!built) return;
    const sql = admin();
    for (const name of await templatesOf(sql, built)) await sql.unsafe(`drop database if exists "${name}"`);
    await sql.end();
  });

  it('copies one template, built once though many files ask at the same moment, with every migration applied', async () => {
    const copies = await Promise.all([1, 2, 3].map(() => createTestDatabase(migrations)));
    try {
      for (const copy of copies) {
        const sql = postgres(copy.url, { max: 1, onnotice: () => {} });
        const tables = await sql<{ schemaname: string }[]>`
          select schemaname from pg_tables where tablename = 'items' order by schemaname`;
        await sql.end();
        expect(tables.map((t) => t.schemaname)).toEqual([...schemas].sort());
      }
      built = await migratedTemplate(process.env.DATABASE_URL as string, migrations);
      const sql = admin();
      // One complete template, and no half-built one left behind.
      expect(await templatesOf(sql, built)).toEqual([built]);
      await sql.end();
    } finally {
      await Promise.all(copies.map((copy) => copy.drop()));
    }
  });

  it('builds a new template when a migration is added, and drops the older one', async () => {
    const before = await migratedTemplate(process.env.DATABASE_URL as string, migrations);
    const [first] = migrations;
    if (!first) throw new Error('no migrations');
    writeFileSync(
      join(first.migrationsFolder, 'meta', '_journal.json'),
      JSON.stringify({
        version: '7',
        dialect: 'postgresql',
        entries: [
          { idx: 0, version: '7', when: 1_700_000_000_000, tag: '0000_init', breakpoints: true },
          { idx: 1, version: '7', when: 1_700_000_000_001, tag: '0001_more', breakpoints: true },
        ],
      }),
    );
    writeFileSync(
      join(first.migrationsFolder, '0001_more.sql'),
      `CREATE TABLE "${first.serviceSchema}"."more" ("id" integer PRIMARY KEY);\n`,
    );
    built = await migratedTemplate(process.env.DATABASE_URL as string, migrations);
    expect(built).not.toBe(before);
    const sql = admin();
    expect(await templatesOf(sql, built)).toEqual([built]);
    await sql.end();
    const copy = await createTestDatabase(migrations);
    const copied = postgres(copy.url, { max: 1, onnotice: () => {} });
    const [more] = await copied`select to_regclass(${`"${first.serviceSchema}"."more"`})::text as name`;
    await copied.end();
    await copy.drop();
    expect(more?.name).toBe(`${first.serviceSchema}.more`);
  });
});
