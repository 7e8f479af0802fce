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

/**
 * A view of the Redis client that records when each slot was given: the time the limiter sent
 * with the call that got it. The test's own clock read after `take` returns can be late on a busy
 * machine, which would make two grants look closer than they were.
 */
function recordingGrants(client: TestRedis['redis']) {
  const grants: number[] = [];
  const recording = new Proxy(client, {
    get(target, property, receiver) {
      if (property !== 'eval') return Reflect.get(target, property, receiver);
      return async (...args: Parameters<typeof target.eval>) => {
        const answer = await target.eval(...args);
        // eval(script, 2, log, hold, now, window, limit, slot): 0 means the slot was given at `now`.
        if (Number(answer) === 0) grants.push(Number(args[4]));
        return answer;
      };
    },
  });
  return { recording, grants };
}

describe('the snapshots’ limit per account', () => {
  it('keeps any window of the limit to its calls, also across the edge of a clock window', async () => {
    // Two worker processes' limiters share the account's count.
    const { recording, grants } = recordingGrants(redis.redis);
    const one = new AccountLimiter(recording, redis.prefix, { max: 1, windowMs });
    const two = new AccountLimiter(recording, redis.prefix, { max: 1, windowMs });
    await justBeforeAWindowEdge();
    await one.take('account-a');
    // The next call comes after the clock window's edge, a few milliseconds after the first:
    // counted per clock window it would go at once.
    await pastTheEdgeAfter(grants[0] ?? 0);
    await two.take('account-a');
    await one.take('account-a');
    expect(grants).toHaveLength(3);
    expect((grants[1] ?? 0) - (grants[0] ?? 0)).toBeGreaterThanOrEqual(windowMs);
    expect((grants[2] ?? 0) - (grants[1] ?? 0)).toBeGreaterThanOrEqual(windowMs);
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
