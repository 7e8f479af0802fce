import { creditsLowEvent } from '@nashr/contracts';
import type { Logger, Queues } from '@nashr/platform';
import type { LowCredits } from './credit-store.js';

/** Tells the user their credits run low; what the ledger decided stands whatever happens here. */
export type CreditsLowAlert = (userId: string, low: LowCredits, requestId?: string) => Promise<void>;

/**
 * Publishes `credits-low` keyed by the grant that runs out, so a second crossing of the same
 * grant (after a refund lifted the balance back) is dropped as a duplicate. The draft is never
 * refused for it: while Redis is down the warning is lost and logged, and the composer still shows
 * the balance.
 */
export function creditsLowAlert(queues: Queues, logger: Logger): CreditsLowAlert {
  return async (userId, low, requestId) => {
    try {
      await queues.publish(
        creditsLowEvent,
        { userId, remaining: low.remaining, total: low.total, requestId },
        { id: `${userId}-${low.grant}` },
      );
    } catch (err) {
      logger.warn({ err, userId }, 'could not tell that the credits run low');
    }
  };
}
