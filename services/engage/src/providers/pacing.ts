import { randomUUID } from 'node:crypto';
import type { Redis } from '@nashr/platform';

/**
 * Keeps each network account under its rate: every call to the network takes a slot first. The
 * network's own limits are per account, and one account's calls come from the API and from every
 * worker process, so the slots are counted in Redis.
 */
export interface Pacer {
  /** Waits for a slot of this account; throws `PacerBusy` rather than wait longer than `maxWaitMs`. */
  take(account: string, maxWaitMs: number): Promise<void>;
  /** The network said 429: no call of this account for `ms`. */
  holdOff(account: string, ms: number): Promise<void>;
}

export class PacerBusy extends Error {
  constructor(readonly waitMs: number) {
    super(`the account's next slot is ${waitMs} ms away`);
    this.name = 'PacerBusy';
  }
}

/** No limit: the sandbox without a configured latency answers from memory. */
export const unpaced: Pacer = { take: async () => {}, holdOff: async () => {} };

/**
 * A sliding log per account: at most `limit` calls in any `windowMs`, and none while held off.
 * Answers 0 when a slot was taken, else how long to wait before the next one may be free.
 */
const TAKE = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local held = tonumber(redis.call('GET', KEYS[2]) or '0')
if held > now then return held - now end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[4])
  redis.call('PEXPIRE', KEYS[1], window)
  return 0
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return math.max(1, tonumber(oldest[2]) + window - now)
`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class RedisPacer implements Pacer {
  constructor(
    private readonly redis: Redis,
    private readonly options: { prefix: string; limit: number; windowMs: number },
  ) {}

  private keys(account: string): [string, string] {
    const base = `${this.options.prefix}:engage:pace:${account}`;
    return [base, `${base}:held`];
  }

  async take(account: string, maxWaitMs: number): Promise<void> {
    const started = Date.now();
    for (;;) {
      const wait = Number(
        await this.redis.eval(
          TAKE,
          2,
          ...this.keys(account),
          Date.now(),
          // A call reaches the network a little after its slot is given (a busy event loop, the
          // connection): a tenth of the window more keeps arrivals, not only grants, within the limit.
          Math.ceil(this.options.windowMs * 1.1),
          this.options.limit,
          randomUUID(),
        ),
      );
      if (wait <= 0) return;
      if (Date.now() - started + wait > maxWaitMs) throw new PacerBusy(wait);
      // A little spread, so accounts' waiters do not all wake in the same millisecond.
      await sleep(wait + Math.floor(Math.random() * 20));
    }
  }

  async holdOff(account: string, ms: number): Promise<void> {
    const [, held] = this.keys(account);
    await this.redis.set(held, String(Date.now() + ms), 'PX', Math.max(1, Math.ceil(ms)));
  }
}
