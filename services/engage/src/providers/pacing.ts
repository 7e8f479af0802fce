import { randomUUID } from 'node:crypto';
import { holdRateSlots, type RateSlotKeys, type Redis, takeRateSlot } from '@nashr/platform';

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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class RedisPacer implements Pacer {
  constructor(
    private readonly redis: Redis,
    private readonly options: { prefix: string; limit: number; windowMs: number },
  ) {}

  private keys(account: string): RateSlotKeys {
    const base = `${this.options.prefix}:engage:pace:${account}`;
    return { log: base, hold: `${base}:held` };
  }

  async take(account: string, maxWaitMs: number): Promise<void> {
    const started = Date.now();
    for (;;) {
      const wait = await takeRateSlot(this.redis, this.keys(account), this.options, randomUUID());
      if (wait <= 0) return;
      if (Date.now() - started + wait > maxWaitMs) throw new PacerBusy(wait);
      // A little spread, so accounts' waiters do not all wake in the same millisecond.
      await sleep(wait + Math.floor(Math.random() * 20));
    }
  }

  async holdOff(account: string, ms: number): Promise<void> {
    await holdRateSlots(this.redis, this.keys(account), ms);
  }
}
