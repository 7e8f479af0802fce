import { createHash, randomUUID } from 'node:crypto';
import { holdRateSlots, type RateSlotKeys, takeRateSlot } from './rate-slots.js';
import type { Redis } from './redis.js';

/**
 * Which network account a call is made as. The hosted API (`unipile`) names its accounts, and the
 * linkedin service and Engage both hold that id; the sandbox and the official API are called as
 * the user's one connected account.
 */
export type NetworkAccount = { provider: 'unipile'; accountId: string } | { provider: string; userId: string };

/** The account's key in the rate budget: the same whichever service calls as it. */
export function networkAccountKey(account: NetworkAccount): string {
  const identity =
    'accountId' in account ? `unipile:${account.accountId}` : `${account.provider}:user:${account.userId}`;
  // Hashed: a hosted API's account id is kept sealed at rest, so it is not spelled in Redis either.
  return createHash('sha256').update(identity).digest('base64url').slice(0, 22);
}

/** The account's next slot is further away than the caller may wait. */
export class NetworkRateBusy extends Error {
  constructor(readonly waitMs: number) {
    super(`the account's next network call may go in ${waitMs} ms`);
    this.name = 'NetworkRateBusy';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One budget of network calls per account (`networkAccountKey`), counted in Redis: the network's
 * limits are the account's, so Engage's feed refreshes and the linkedin worker's analytics
 * snapshots, in every process, take their slots from the same log, and a 429 either of them meets
 * rests the account for both. Accounts never wait for each other.
 */
export class NetworkAccountRate {
  constructor(
    private readonly redis: Redis,
    private readonly options: { prefix: string; limit: number; windowMs: number },
  ) {}

  private keys(account: string): RateSlotKeys {
    // One hash tag per account: both keys of the script sit in one slot of a Redis Cluster.
    const base = `${this.options.prefix}:network-account:{${account}}`;
    return { log: `${base}:calls`, hold: `${base}:held` };
  }

  /** Resolves when the account may make one more call; throws `NetworkRateBusy` rather than wait longer than `maxWaitMs`. */
  async take(account: string, maxWaitMs: number): Promise<void> {
    const started = Date.now();
    for (;;) {
      const wait = await takeRateSlot(this.redis, this.keys(account), this.options, randomUUID());
      if (wait <= 0) return;
      if (Date.now() - started + wait > maxWaitMs) throw new NetworkRateBusy(wait);
      // A little spread, so accounts' waiters do not all wake in the same millisecond.
      await sleep(wait + Math.floor(Math.random() * 20));
    }
  }

  /** The network said 429: no call as this account, by anyone, until `ms` have passed. */
  async holdOff(account: string, ms: number): Promise<void> {
    await holdRateSlots(this.redis, this.keys(account), ms);
  }
}
