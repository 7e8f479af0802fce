import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionStore, sessionDigest } from './sessions.js';
import { createTestRedis, type TestRedis, testIdentity } from './testing/index.js';

let redis: TestRedis;
beforeAll(async () => {
  redis = await createTestRedis();
});
afterAll(() => redis.cleanup());

const sessionKey = (id: string) => `${redis.prefix}:session-sha256:${sessionDigest(id)}`;

describe('SessionStore', () => {
  it('creates, reads with a sliding expiry, and destroys sessions', async () => {
    const store = new SessionStore(redis.redis, redis.prefix, 100);
    const identity = testIdentity(['user', 'admin']);
    const id = await store.create(identity);
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await redis.redis.expire(sessionKey(id), 5);
    expect(await store.get(id)).toEqual(identity);
    expect(await redis.redis.ttl(sessionKey(id))).toBeGreaterThan(90);
    await store.destroy(id);
    expect(await store.get(id)).toBeNull();
  });

  it('ends a session at its maximum age however much it is used, as well as after its idle time', async () => {
    // Idle timeout 100 s, maximum age 1 s.
    const store = new SessionStore(redis.redis, redis.prefix, 100, 1);
    const identity = testIdentity();
    const id = await store.create(identity);
    expect(await store.get(id)).toEqual(identity);
    await expect.poll(() => store.get(id), { timeout: 5_000, interval: 100 }).toBeNull();
    expect(await redis.redis.exists(sessionKey(id))).toBe(0);
    expect(await store.list(identity.userId)).toEqual([]);
  });

  it('gives a session stored without a sign-in time one, so its maximum age counts from then', async () => {
    const store = new SessionStore(redis.redis, redis.prefix, 100, 1);
    const identity = testIdentity();
    const id = 'legacy-session-id-0123456789';
    await redis.redis.set(sessionKey(id), JSON.stringify(identity), 'EX', 100);
    expect(await store.get(id)).toEqual(identity);
    expect((await store.list(identity.userId)).map((s) => s.digest)).toEqual([sessionDigest(id)]);
    await expect.poll(() => store.get(id), { timeout: 5_000, interval: 100 }).toBeNull();
  });

  it("lists a user's sessions with where they started and when they were last used, and forgets ended ones", async () => {
    const store = new SessionStore(redis.redis, redis.prefix, 3600);
    const identity = testIdentity();
    const before = Date.now();
    const phone = await store.create(identity, { userAgent: 'Phone UA', place: '203.0.113.0/24' });
    const laptop = await store.create(identity, { userAgent: 'Laptop UA' });
    const stranger = await store.create(testIdentity());
    // The phone signed in two hours ago and was last used a quarter of an hour ago: its stored
    // sign-in time and its idle expiry say so (both sessions may otherwise share one millisecond).
    const phoneKey = sessionKey(phone);
    const twoHoursAgo = before - 2 * 3600_000;
    const stored = JSON.parse((await redis.redis.get(phoneKey)) ?? '{}');
    await redis.redis.set(phoneKey, JSON.stringify({ ...stored, createdAt: twoHoursAgo }), 'EX', 3600 - 900);
    const sessions = await store.list(identity.userId);
    expect(sessions.map((s) => s.digest)).toEqual([laptop, phone].map(sessionDigest));
    expect(sessions[1]).toMatchObject({ userAgent: 'Phone UA', place: '203.0.113.0/24' });
    expect(sessions[1]?.signedInAt.getTime()).toBe(twoHoursAgo);
    expect(sessions[1]?.lastUsedAt.getTime()).toBeLessThanOrEqual(Date.now() - 900_000);
    expect(sessions[0]?.lastUsedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(sessions.map((s) => s.digest)).not.toContain(sessionDigest(stranger));
    await store.destroyByDigest(sessionDigest(laptop));
    expect((await store.list(identity.userId)).map((s) => s.digest)).toEqual([sessionDigest(phone)]);
  });

  it('gives stored sessions the roles their address has now, and says whose changed', async () => {
    const store = new SessionStore(redis.redis, redis.prefix);
    const admin = testIdentity(['user', 'admin']);
    const user = testIdentity(['user']);
    const [adminSession, userSession] = [await store.create(admin), await store.create(user)];
    const changed = await store.reassignRoles(() => ['user']);
    expect([...changed]).toContain(admin.userId);
    expect([...changed]).not.toContain(user.userId);
    expect((await store.get(adminSession))?.roles).toEqual(['user']);
    expect((await store.get(userSession))?.roles).toEqual(['user']);
    expect(await redis.redis.ttl(sessionKey(adminSession))).toBeGreaterThan(0);
  });

  it("keeps no session id in Redis, neither as a key nor in the set of a user's sessions", async () => {
    const store = new SessionStore(redis.redis, redis.prefix);
    const identity = testIdentity();
    const id = await store.create(identity);
    const keys = await redis.redis.keys(`${redis.prefix}:*`);
    expect(keys.filter((key) => key.includes(id))).toEqual([]);
    for (const key of keys) {
      const type = await redis.redis.type(key);
      const values =
        type === 'set' ? await redis.redis.smembers(key) : type === 'string' ? [await redis.redis.get(key)] : [];
      expect(values.filter((value) => value?.includes(id))).toEqual([]);
    }
    // The session is still found by its id, and reading Redis gives only the digest.
    expect(await store.get(id)).toEqual(identity);
    expect(await redis.redis.exists(sessionKey(id))).toBe(1);
  });

  it('treats malformed ids as no session without asking Redis', async () => {
    const store = new SessionStore(redis.redis, redis.prefix);
    expect(await store.get('../../etc')).toBeNull();
    expect(await store.get('')).toBeNull();
  });
});
