import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionStore } from './sessions.js';
import { createTestRedis, type TestRedis, testIdentity } from './testing/index.js';

let redis: TestRedis;
beforeAll(async () => {
  redis = await createTestRedis();
});
afterAll(() => redis.cleanup());

describe('SessionStore', () => {
  it('creates, reads with a sliding expiry, and destroys sessions', async () => {
    const store = new SessionStore(redis.redis, redis.prefix, 100);
    const identity = testIdentity(['user', 'admin']);
    const id = await store.create(identity);
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await redis.redis.expire(`${redis.prefix}:session:${id}`, 5);
    expect(await store.get(id)).toEqual(identity);
    expect(await redis.redis.ttl(`${redis.prefix}:session:${id}`)).toBeGreaterThan(90);
    await store.destroy(id);
    expect(await store.get(id)).toBeNull();
  });

  it('treats malformed ids as no session without asking Redis', async () => {
    const store = new SessionStore(redis.redis, redis.prefix);
    expect(await store.get('../../etc')).toBeNull();
    expect(await store.get('')).toBeNull();
  });
});
