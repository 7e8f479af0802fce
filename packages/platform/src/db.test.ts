import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from './db.js';
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

  it('gives each test file its own database', async () => {
    const other = await createTestDatabase();
    expect(other.url).not.toBe(testDb.url);
    await other.drop();
  });
});
