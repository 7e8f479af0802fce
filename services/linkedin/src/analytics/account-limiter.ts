import { randomUUID } from 'node:crypto';
import { holdRateSlots, type RateSlotKeys, type Redis, takeRateSlot } from '@nashr/platform';

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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How many network calls one account's snapshots make, across every worker process: a sliding
 * log per account in Redis (`takeRateSlot`), and a hold set when the network itself said "too
 * many" (429), so every snapshot of that account waits it out. Accounts never wait for each other.
 */
export class AccountLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly options: AccountLimiterOptions,
  ) {}

  private keys(accountId: string): RateSlotKeys {
    // One hash tag per account: both keys of the script sit in one slot of a Redis Cluster.
    const base = `${this.prefix}:analytics:{${accountId}}`;
    return { log: `${base}:calls`, hold: `${base}:blocked` };
  }

  /** Resolves when the account may make one more call; throws AccountBusyError for a long wait. */
  async take(accountId: string): Promise<void> {
    const maxSleep = this.options.maxSleepMs ?? 30_000;
    const rate = { limit: this.options.max, windowMs: this.options.windowMs };
    for (;;) {
      const wait = await takeRateSlot(this.redis, this.keys(accountId), rate, randomUUID());
      if (wait <= 0) return;
      if (wait > maxSleep) throw new AccountBusyError(wait);
      await sleep(wait + 5);
    }
  }

  /** The network answered 429: no call for this account until `ms` have passed. */
  async block(accountId: string, ms: number): Promise<void> {
    await holdRateSlots(this.redis, this.keys(accountId), ms);
  }
}
