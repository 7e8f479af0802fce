import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from './db.js';
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
