import type { Redis } from '@nashr/platform';

/** The limiter would make a snapshot wait longer than a job should sleep: the job is put off instead. */
export class AccountBusyError extends Error {
  constructor(readonly waitMs: number) {
    super(`the account's network calls are limited for ${waitMs} ms`);
    this.name = 'AccountBusyError';
  }
}

export interface AccountLimiterOptions {
  /** Calls one account may make per window. */
  max: number;
  windowMs: number;
  /** Longer waits than this throw AccountBusyError rather than sleeping in the job. */
  maxSleepMs?: number;
}

// One round trip: count the call in the current window unless the account is blocked (a 429 the
// network answered). Answers 0 when the call may go, else how long to wait.
const TAKE = `
local blocked = redis.call('PTTL', KEYS[2])
if blocked > 0 then return blocked end
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
if count <= tonumber(ARGV[2]) then return 0 end
local left = redis.call('PTTL', KEYS[1])
if left < 0 then left = tonumber(ARGV[1]) end
return left
`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How many network calls one account's snapshots make, across every worker process: a fixed
 * window per account in Redis, and a block set when the network itself said "too many" (429), so
 * every snapshot of that account waits it out. Accounts never wait for each other.
 */
export class AccountLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly options: AccountLimiterOptions,
  ) {}

  private keys(accountId: string, now: number): [string, string] {
    const window = Math.floor(now / this.options.windowMs);
    // One hash tag per account: both keys of the script sit in one slot of a Redis Cluster.
    return [`${this.prefix}:analytics:{${accountId}}:calls:${window}`, this.blockKey(accountId)];
  }

  private blockKey(accountId: string): string {
    return `${this.prefix}:analytics:{${accountId}}:blocked`;
  }

  /** Resolves when the account may make one more call; throws AccountBusyError for a long wait. */
  async take(accountId: string): Promise<void> {
    const maxSleep = this.options.maxSleepMs ?? 30_000;
    for (;;) {
      const now = Date.now();
      const wait = Number(
        await this.redis.eval(TAKE, 2, ...this.keys(accountId, now), this.options.windowMs, this.options.max),
      );
      if (wait <= 0) return;
      if (wait > maxSleep) throw new AccountBusyError(wait);
      await sleep(wait + 5);
    }
  }

  /** The network answered 429: no call for this account until `ms` have passed. */
  async block(accountId: string, ms: number): Promise<void> {
    await this.redis.set(this.blockKey(accountId), '1', 'PX', Math.max(1, Math.round(ms)));
  }
}
