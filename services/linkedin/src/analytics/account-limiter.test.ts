import { createTestRedis, type TestRedis } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountBusyError, AccountLimiter } from './account-limiter.js';

let redis: TestRedis;
beforeAll(async () => {
  redis = await createTestRedis();
});
afterAll(async () => {
  await redis?.cleanup();
});

const windowMs = 400;

/** Resolves a few milliseconds before the next multiple of the window: where fixed windows meet. */
async function justBeforeAWindowEdge(): Promise<void> {
  for (;;) {
    const left = windowMs - (Date.now() % windowMs);
    if (left <= 25 && left >= 5) return;
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, left - 20)));
  }
}

/** Resolves once the clock window holding `at` has ended. */
async function pastTheEdgeAfter(at: number): Promise<void> {
  const edge = (Math.floor(at / windowMs) + 1) * windowMs;
  while (Date.now() < edge) await new Promise((resolve) => setTimeout(resolve, Math.max(1, edge - Date.now())));
}

describe('the snapshots’ limit per account', () => {
  it('keeps any window of the limit to its calls, also across the edge of a clock window', async () => {
    // Two worker processes' limiters share the account's count.
    const one = new AccountLimiter(redis.redis, redis.prefix, { max: 1, windowMs });
    const two = new AccountLimiter(redis.redis, redis.prefix, { max: 1, windowMs });
    await justBeforeAWindowEdge();
    const times: number[] = [];
    await one.take('account-a');
    times.push(Date.now());
    // The next call comes after the clock window's edge, a few milliseconds after the first:
    // counted per clock window it would go at once.
    await pastTheEdgeAfter(times[0] ?? 0);
    await two.take('account-a');
    times.push(Date.now());
    await one.take('account-a');
    times.push(Date.now());
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(windowMs);
    expect((times[2] ?? 0) - (times[1] ?? 0)).toBeGreaterThanOrEqual(windowMs);
    // Another account does not wait for this one.
    const started = Date.now();
    await one.take('account-b');
    expect(Date.now() - started).toBeLessThan(windowMs);
  });

  it('holds an account the network asked to wait, and puts off a wait longer than a job sleeps', async () => {
    const limiter = new AccountLimiter(redis.redis, redis.prefix, { max: 100, windowMs, maxSleepMs: 1_000 });
    await limiter.block('account-c', 60_000);
    await expect(limiter.take('account-c')).rejects.toBeInstanceOf(AccountBusyError);
    // Read before the block: the block ends 300 ms after it is set, so never before this + 300,
    // however long the call setting it takes on a busy machine.
    const started = Date.now();
    await limiter.block('account-d', 300);
    await limiter.take('account-d');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });
});
