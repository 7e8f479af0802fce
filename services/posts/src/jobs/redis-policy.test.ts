import {
  canStartRedisServer,
  createTestDatabase,
  type ScratchRedis,
  startScratchRedis,
  type TestDatabase,
} from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnPostsWorker } from '../testing/worker-process.js';

// The real worker process on a Redis of this file's own, set to delete any key when full.
describe.skipIf(!canStartRedisServer)('a posts worker on a Redis that may evict queued jobs', () => {
  let redis: ScratchRedis;
  let database: TestDatabase;
  beforeAll(async () => {
    [redis, database] = await Promise.all([
      startScratchRedis(['--maxmemory-policy', 'allkeys-lru']),
      createTestDatabase(),
    ]);
  });
  afterAll(async () => {
    await redis?.stop();
    await database?.drop();
  });

  it('refuses to start and says which setting to change', async () => {
    const worker = spawnPostsWorker({ DATABASE_URL: database.url, REDIS_URL: redis.url, REDIS_PREFIX: 'policy' });
    const exit = await worker.started.then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(exit).toMatch(/posts worker exited \(1\)/);
    expect(worker.output()).toMatch(/maxmemory-policy is allkeys-lru: .*Set maxmemory-policy noeviction/);
  }, 60_000);
});
