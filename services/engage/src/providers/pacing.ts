/**
 * Keeps each network account under its rate: every call to the network takes a slot first. The
 * network's limits are per account, and one account's calls come from the API, from every worker
 * process and from the linkedin service's analytics snapshots, so the slots are counted in Redis
 * (`NetworkAccountRate`, one budget per account for all of them). `account` is the account's
 * `networkAccountKey`.
 */
export interface Pacer {
  /** Waits for a slot of this account; throws `NetworkRateBusy` rather than wait longer than `maxWaitMs`. */
  take(account: string, maxWaitMs: number): Promise<void>;
  /** The network said 429: no call of this account for `ms`. */
  holdOff(account: string, ms: number): Promise<void>;
}

/** No limit: the sandbox without a configured latency answers from memory. */
export const unpaced: Pacer = { take: async () => {}, holdOff: async () => {} };
