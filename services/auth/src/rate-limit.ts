import { createHash } from 'node:crypto';
import type { Redis } from '@nashr/platform';

/** Counts one hit and starts the window on the first; answers [hits, milliseconds left]. */
const HIT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {hits, ttl}
`;

export interface RateLimitVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * A fixed-window counter per key in Redis, shared by every API process. Keys are hashed, so
 * e-mail addresses and IPs never sit in Redis in clear.
 */
export class RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly windowSeconds: number,
  ) {}

  async hit(kind: string, subject: string, max: number): Promise<RateLimitVerdict> {
    const digest = createHash('sha256').update(subject).digest('base64url').slice(0, 32);
    const key = `${this.prefix}:auth:ratelimit:${kind}:${digest}`;
    const [hits, ttlMs] = (await this.redis.eval(HIT_SCRIPT, 1, key, String(this.windowSeconds * 1000))) as [
      number,
      number,
    ];
    return { allowed: hits <= max, retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)) };
  }
}

/** "12 minutes" / "40 seconds": how long someone who was refused must wait. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
