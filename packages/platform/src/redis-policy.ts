import type { Logger } from './logger.js';
import type { Redis } from './redis.js';

/**
 * What Redis may delete when it reaches `maxmemory`:
 * - `safe`: nothing (noeviction): writes fail loudly instead;
 * - `expiring`: keys with an expiry only (volatile-*): sessions and sign-in limits, never a queue;
 * - `unsafe`: any key (allkeys-*): queued jobs vanish or are half deleted, which BullMQ cannot repair;
 * - `unknown`: INFO did not say (a proxy or a managed Redis that hides it).
 */
export type EvictionRisk = 'safe' | 'expiring' | 'unsafe' | 'unknown';

export interface EvictionPolicy {
  policy: string | undefined;
  risk: EvictionRisk;
  /** One readable line for the logs, naming the setting and what to do; undefined when safe. */
  message?: string;
}

/** Redis may refuse CONFIG (managed services rename it); INFO memory carries the policy everywhere. */
export async function readEvictionPolicy(redis: Redis): Promise<EvictionPolicy> {
  const info = await redis.info('memory');
  const policy = /^maxmemory_policy:(\S+)/m.exec(info)?.[1];
  return judgeEvictionPolicy(policy);
}

export function judgeEvictionPolicy(policy: string | undefined): EvictionPolicy {
  const fix = 'Set maxmemory-policy noeviction (in redis.conf, or CONFIG SET maxmemory-policy noeviction).';
  if (policy === 'noeviction') return { policy, risk: 'safe' };
  if (policy === undefined) {
    return {
      policy,
      risk: 'unknown',
      message: `Redis did not report its maxmemory-policy. Make sure it is noeviction.`,
    };
  }
  if (policy.startsWith('volatile-')) {
    return {
      policy,
      risk: 'expiring',
      message: `Redis maxmemory-policy is ${policy}: when Redis is full it deletes keys that expire, so people may be signed out early. Queues are kept. ${fix}`,
    };
  }
  return {
    policy,
    risk: 'unsafe',
    message: `Redis maxmemory-policy is ${policy}: when Redis is full it deletes any key, queued jobs included, so e-mails, events and publishes can be lost. ${fix}`,
  };
}

/**
 * For workers, at start: refuses to run on a Redis that may delete queued jobs (the worker stops
 * with the reason, so the fault is seen before a job is lost) and warns on one that may delete
 * expiring keys.
 */
export async function requireQueueSafeRedis(redis: Redis, logger: Logger): Promise<void> {
  const verdict = await readEvictionPolicy(redis);
  if (verdict.risk === 'unsafe') throw new Error(verdict.message);
  if (verdict.message) logger.warn({ maxmemoryPolicy: verdict.policy }, verdict.message);
}

/**
 * For APIs and the gateway: logs the same reasons each time the connection is (re)made, since a
 * restarted Redis may come back with another setting. An API keeps serving either way: reading
 * and writing posts does not depend on the queues' safety, and the workers refuse to start.
 */
export function watchEvictionPolicy(redis: Redis, logger: Logger): void {
  const check = () => {
    readEvictionPolicy(redis).then(
      (verdict) => {
        if (verdict.risk === 'unsafe') logger.error({ maxmemoryPolicy: verdict.policy }, verdict.message);
        else if (verdict.message) logger.warn({ maxmemoryPolicy: verdict.policy }, verdict.message);
      },
      (error: unknown) => logger.warn({ err: error }, 'could not read the Redis maxmemory-policy'),
    );
  };
  redis.on('ready', check);
  if (redis.status === 'ready') check();
}
