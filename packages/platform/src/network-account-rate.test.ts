import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NetworkAccountRate, NetworkRateBusy, networkAccountKey } from './network-account-rate.js';
import { createTestRedis, type TestRedis } from './testing/index.js';

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
 * A view of the Redis client that records when each slot was given: the time the budget sent
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

describe('one budget of network calls per account', () => {
  it('keeps any window to its limit across every caller, also across the edge of a clock window', async () => {
    // Two callers (Engage's refresh and the linkedin worker's snapshot, say) spend the same budget.
    const { recording, grants } = recordingGrants(redis.redis);
    const options = { prefix: redis.prefix, limit: 1, windowMs };
    const engage = new NetworkAccountRate(recording, options);
    const snapshots = new NetworkAccountRate(recording, options);
    await justBeforeAWindowEdge();
    await engage.take('account-a', 10_000);
    // The next call comes after the clock window's edge, a few milliseconds after the first:
    // counted per clock window it would go at once.
    await pastTheEdgeAfter(grants[0] ?? 0);
    await snapshots.take('account-a', 10_000);
    await engage.take('account-a', 10_000);
    expect(grants).toHaveLength(3);
    expect((grants[1] ?? 0) - (grants[0] ?? 0)).toBeGreaterThanOrEqual(windowMs);
    expect((grants[2] ?? 0) - (grants[1] ?? 0)).toBeGreaterThanOrEqual(windowMs);
    // Another account does not wait for this one.
    const started = Date.now();
    await engage.take('account-b', 10_000);
    expect(Date.now() - started).toBeLessThan(windowMs);
  });

  it('rests an account the network asked to wait, for every caller, and refuses a caller who cannot wait that long', async () => {
    const options = { prefix: redis.prefix, limit: 100, windowMs };
    const engage = new NetworkAccountRate(redis.redis, options);
    const snapshots = new NetworkAccountRate(redis.redis, options);
    await engage.holdOff('account-c', 60_000);
    const busy = await snapshots.take('account-c', 1_000).catch((error: unknown) => error);
    expect(busy).toBeInstanceOf(NetworkRateBusy);
    expect((busy as NetworkRateBusy).waitMs).toBeGreaterThan(50_000);
    // Read before the hold: it ends 300 ms after it is set, so never before this + 300, however
    // long the call setting it takes on a busy machine.
    const started = Date.now();
    await snapshots.holdOff('account-d', 300);
    await engage.take('account-d', 2_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('knows a hosted account by its id whoever holds it, the other networks by the user, and spells neither', () => {
    const hosted = networkAccountKey({ provider: 'unipile', accountId: 'acc_123' });
    expect(networkAccountKey({ provider: 'unipile', accountId: 'acc_123' })).toBe(hosted);
    expect(networkAccountKey({ provider: 'unipile', accountId: 'acc_456' })).not.toBe(hosted);
    const user = '0b6f1c1e-8f0a-4c1e-9d52-3a0e1b7c9f10';
    const sandbox = networkAccountKey({ provider: 'sandbox', userId: user });
    expect(sandbox).not.toBe(networkAccountKey({ provider: 'linkedin', userId: user }));
    expect(sandbox).not.toBe(networkAccountKey({ provider: 'sandbox', userId: 'another-user' }));
    for (const key of [hosted, sandbox]) expect(key).toMatch(/^[\w-]{22}$/);
    expect(hosted).not.toContain('acc_123');
  });
});
