import { createTestRedis, type TestRedis } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PacerBusy, RedisPacer } from './pacing.js';

let redis: TestRedis;
beforeAll(async () => {
  redis = await createTestRedis();
});
afterAll(async () => {
  await redis?.cleanup();
});

describe('each account within its rate', () => {
  it('lets no more than the limit through in any window, across pacers sharing Redis, and accounts apart', async () => {
    const options = { prefix: redis.prefix, limit: 3, windowMs: 600 };
    // Two processes' pacers: the limit is the account's, whoever calls.
    const one = new RedisPacer(redis.redis, options);
    const two = new RedisPacer(redis.redis, options);
    const at: number[] = [];
    const started = Date.now();
    await Promise.all(
      Array.from({ length: 7 }, async (_, i) => {
        await (i % 2 ? one : two).take('acc-a', 10_000);
        at.push(Date.now() - started);
      }),
    );
    at.sort((a, b) => a - b);
    // Within any 600 ms at most 3: the 4th waits for the 1st to leave the window, the 7th for the 4th.
    for (let i = 3; i < at.length; i++) expect((at[i] ?? 0) - (at[i - 3] ?? 0)).toBeGreaterThanOrEqual(590);
    // Another account is not held up by this one.
    const other = Date.now();
    await one.take('acc-b', 100);
    expect(Date.now() - other).toBeLessThan(300);
  });

  it('rests an account told to wait, and refuses a caller who cannot wait that long', async () => {
    const pacer = new RedisPacer(redis.redis, { prefix: redis.prefix, limit: 100, windowMs: 60_000 });
    await pacer.holdOff('acc-c', 400);
    await expect(pacer.take('acc-c', 100)).rejects.toBeInstanceOf(PacerBusy);
    const started = Date.now();
    await pacer.take('acc-c', 2_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });
});
