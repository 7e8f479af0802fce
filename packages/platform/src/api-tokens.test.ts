import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiTokenStore, apiTokenDigest } from './api-tokens.js';
import { createTestRedis, type TestRedis } from './testing/index.js';

let redis: TestRedis;
let tokens: ApiTokenStore;
const alice = { userId: '00000000-0000-4000-8000-00000000a11c', email: 'alice@example.test' };
const bob = { userId: '00000000-0000-4000-8000-000000000b0b', email: 'bob@example.test' };

beforeAll(async () => {
  redis = await createTestRedis();
  // Each reading of the clock is a millisecond later, as two tokens made one after the other are.
  let clock = Date.now();
  tokens = new ApiTokenStore(redis.redis, redis.prefix, () => ++clock);
});
afterAll(async () => {
  await redis?.cleanup();
});

/** Every value Redis holds under this file's prefix, keys included. */
async function everythingStored(): Promise<string> {
  const keys = await redis.redis.keys(`${redis.prefix}:*`);
  const parts: string[] = [...keys];
  for (const key of keys) {
    const type = await redis.redis.type(key);
    if (type === 'string') parts.push((await redis.redis.get(key)) ?? '');
    if (type === 'hash') parts.push(JSON.stringify(await redis.redis.hgetall(key)));
  }
  return parts.join('\n');
}

describe('ApiTokenStore', () => {
  it('keeps only the digest: the secret is nowhere in Redis, and resolves to its owner without roles', async () => {
    const { token, record } = await tokens.create(alice, { name: 'CLI', scopes: ['posts:read'], expiresAt: null });
    expect(token).toMatch(/^nashr_pat_[A-Za-z0-9_-]{43}$/);
    expect(record.hint).toBe(token.slice(0, 14));
    const stored = await everythingStored();
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(token.slice(14));
    expect(stored).toContain(apiTokenDigest(token));
    expect(await tokens.resolve(token)).toEqual({
      id: record.id,
      identity: { ...alice, roles: [] },
      scopes: ['posts:read'],
      expiresAt: null,
    });
  });

  it('refuses malformed and unknown tokens', async () => {
    expect(await tokens.resolve('')).toBeNull();
    expect(await tokens.resolve('nashr_pat_short')).toBeNull();
    expect(await tokens.resolve(`nashr_pat_${'A'.repeat(43)}`)).toBeNull();
  });

  it('lists the owner’s tokens newest first with their last use, and no one else’s', async () => {
    const { token } = await tokens.create(bob, { name: 'first', scopes: ['posts:read'], expiresAt: null });
    await tokens.create(bob, { name: 'second', scopes: ['ai:generate'], expiresAt: null });
    const resolved = await tokens.resolve(token);
    if (!resolved) throw new Error('the token should resolve');
    await tokens.touch(resolved, 1_750_000_000_000);
    const listed = await tokens.list(bob.userId);
    expect(listed.map((t) => t.name)).toEqual(['second', 'first']);
    expect(listed[1]?.lastUsedAt).toBe(1_750_000_000_000);
    expect(listed[0]?.lastUsedAt).toBeNull();
    expect(JSON.stringify(listed)).not.toContain(token);
    // Written at most once a minute per token.
    expect(tokens.touch(resolved, 1_750_000_030_000)).toBeUndefined();
  });

  it('revokes at once, and only the owner can', async () => {
    const { token, record } = await tokens.create(alice, { name: 'revoked', scopes: ['posts:read'], expiresAt: null });
    expect(await tokens.revoke(bob.userId, record.id)).toBe(false);
    expect(await tokens.resolve(token)).not.toBeNull();
    expect(await tokens.revoke(alice.userId, record.id)).toBe(true);
    expect(await tokens.resolve(token)).toBeNull();
    expect((await tokens.list(alice.userId)).map((t) => t.id)).not.toContain(record.id);
    expect(await tokens.revoke(alice.userId, record.id)).toBe(false);
  });

  it('stops an expired token and forgets it in the list', async () => {
    const expiresAt = new Date(Date.now() + 300);
    const { token, record } = await tokens.create(alice, { name: 'brief', scopes: ['posts:read'], expiresAt });
    expect(await tokens.resolve(token)).not.toBeNull();
    await expect.poll(() => tokens.resolve(token), { timeout: 3000 }).toBeNull();
    expect((await tokens.list(alice.userId)).map((t) => t.id)).not.toContain(record.id);
  });

  it('revokes every token of a deleted account', async () => {
    const carol = { userId: '00000000-0000-4000-8000-0000000ca201', email: 'carol@example.test' };
    const made = await Promise.all(
      ['a', 'b'].map((name) => tokens.create(carol, { name, scopes: ['posts:read'], expiresAt: null })),
    );
    expect(await tokens.destroyAllOf(carol.userId)).toBe(2);
    for (const { token } of made) expect(await tokens.resolve(token)).toBeNull();
    expect(await tokens.list(carol.userId)).toEqual([]);
  });
});
