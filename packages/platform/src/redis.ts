import { Redis, type RedisOptions } from 'ioredis';

export type { Redis } from 'ioredis';

/**
 * `worker` connections wait for Redis forever (BullMQ requires it); `request` connections fail
 * fast while Redis is down, so an HTTP request answers 503 at once instead of hanging.
 */
export function createRedis(url: string, role: 'worker' | 'request', extra: RedisOptions = {}): Redis {
  const redis = new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: role === 'worker' ? null : 1,
    enableOfflineQueue: role === 'worker',
    connectTimeout: 5000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    ...extra,
  });
  // Without a listener ioredis prints every reconnect failure as an unhandled error.
  redis.on('error', () => {});
  return redis;
}

/** Resolves once the connection is ready; commands sent earlier would fail on request connections. */
export async function waitForRedis(redis: Redis, timeoutMs = 10_000): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`Redis did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
    const onReady = () => {
      cleanup();
      resolve();
    };
    const cleanup = () => {
      clearTimeout(timer);
      redis.off('ready', onReady);
    };
    redis.on('ready', onReady);
  });
}
