import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedis, type Redis, waitForRedis } from './redis.js';
import { readEvictionPolicy, requireQueueSafeRedis, watchEvictionPolicy } from './redis-policy.js';
import { canStartRedisServer, createCapturingLogger, type ScratchRedis, startScratchRedis } from './testing/index.js';

// A Redis of this file's own: the policy is changed with CONFIG SET, which the shared one must not see.
describe.skipIf(!canStartRedisServer)('the Redis eviction policy', () => {
  let server: ScratchRedis;
  let admin: Redis;
  beforeAll(async () => {
    server = await startScratchRedis(['--maxmemory-policy', 'noeviction']);
    admin = createRedis(server.url, 'worker');
    await waitForRedis(admin);
  });
  afterAll(async () => {
    admin?.disconnect();
    await server?.stop();
  });

  it('is read from Redis and judged by what it may delete', async () => {
    const cases = [
      ['noeviction', 'safe'],
      ['volatile-lru', 'expiring'],
      ['volatile-ttl', 'expiring'],
      ['allkeys-lru', 'unsafe'],
      ['allkeys-random', 'unsafe'],
    ] as const;
    for (const [policy, risk] of cases) {
      await admin.config('SET', 'maxmemory-policy', policy);
      const verdict = await readEvictionPolicy(admin);
      expect({ policy: verdict.policy, risk: verdict.risk }).toEqual({ policy, risk });
      if (risk === 'safe') expect(verdict.message).toBeUndefined();
      else expect(verdict.message).toContain(`maxmemory-policy is ${policy}`);
    }
  });

  it('stops a worker on a Redis that may delete queued jobs, and only warns when it may delete expiring keys', async () => {
    const { logger, lines } = createCapturingLogger();
    await admin.config('SET', 'maxmemory-policy', 'allkeys-lru');
    await expect(requireQueueSafeRedis(admin, logger)).rejects.toThrow(
      /maxmemory-policy is allkeys-lru: .*queued jobs included.*Set maxmemory-policy noeviction/,
    );
    await admin.config('SET', 'maxmemory-policy', 'volatile-lru');
    await expect(requireQueueSafeRedis(admin, logger)).resolves.toBeUndefined();
    expect(lines().join('\n')).toMatch(/"level":40.*maxmemory-policy is volatile-lru/);
    await admin.config('SET', 'maxmemory-policy', 'noeviction');
    const before = lines().length;
    await requireQueueSafeRedis(admin, logger);
    expect(lines().length).toBe(before);
  });

  it('tells an API each time its connection is made, since a restarted Redis may have another setting', async () => {
    const { logger, lines } = createCapturingLogger();
    await admin.config('SET', 'maxmemory-policy', 'allkeys-lfu');
    const api = createRedis(server.url, 'request', { connectionName: 'policy-watch' });
    try {
      watchEvictionPolicy(api, logger);
      await expect.poll(() => lines().join('\n')).toMatch(/"level":50.*maxmemory-policy is allkeys-lfu/);
      await admin.config('SET', 'maxmemory-policy', 'volatile-random');
      await admin.call('CLIENT', 'KILL', 'SKIPME', 'yes', 'TYPE', 'normal');
      await expect.poll(() => lines().join('\n')).toMatch(/"level":40.*maxmemory-policy is volatile-random/);
    } finally {
      api.disconnect();
      await admin.config('SET', 'maxmemory-policy', 'noeviction');
    }
  });
});
