import { QUEUES, refusedSubscriptionJob } from '@nashr/contracts';
import { jobIdPart, type Queues } from '@nashr/platform';
import { and, eq, isNull } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { providerSubscriptions, type schema } from './db/schema.js';
import type { BillingProvider } from './providers/types.js';

type Db = PostgresJsDatabase<typeof schema>;

/** How many unsettled refusals one sweep queues again. */
const SWEEP_BATCH = 500;

/** The one job of a refused subscription: a second queueing of it is dropped while the first is kept. */
export const settlementJobId = (provider: string, subscriptionId: string) =>
  `refused-subscription-${jobIdPart(provider)}-${jobIdPart(subscriptionId)}`;

/**
 * The money of refused checkouts: the subscription a stale or second checkout made is cancelled at
 * the provider, then what it was paid is refunded. The refusal is a row first (stored with the
 * decision, in the event's transaction) and a job second; each step is recorded once the provider
 * confirms it, so a retried job resumes after the last step done and never cancels or refunds twice.
 */
export class RefusedSubscriptions {
  constructor(
    private readonly db: Db,
    private readonly queues: Queues,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async queueSettlement(provider: string, subscriptionId: string): Promise<void> {
    await this.queues.enqueue(
      refusedSubscriptionJob,
      { provider, subscriptionId },
      { jobId: settlementJobId(provider, subscriptionId) },
    );
  }

  /**
   * Cancels, then refunds. Throws while the provider cannot be reached (the job is retried).
   * Null: no refusal of this subscription at this provider (nothing to do).
   */
  async settle(
    provider: BillingProvider,
    subscriptionId: string,
  ): Promise<{ refundIds: string[]; before: boolean; userId: string | null; reason: string | null } | null> {
    const where = and(
      eq(providerSubscriptions.provider, provider.name),
      eq(providerSubscriptions.subscriptionId, subscriptionId),
      eq(providerSubscriptions.outcome, 'refused'),
    );
    const [refusal] = await this.db.select().from(providerSubscriptions).where(where);
    if (!refusal) return null;
    const whose = { userId: refusal.userId, reason: refusal.reason };
    if (refusal.settledAt) return { refundIds: refusal.refundIds, before: true, ...whose };
    if (!refusal.cancelledAt) {
      await provider.cancelSubscription(subscriptionId);
      await this.db.update(providerSubscriptions).set({ cancelledAt: this.clock() }).where(where);
    }
    const refundIds = await provider.refundSubscription(subscriptionId);
    await this.db
      .update(providerSubscriptions)
      .set({ settledAt: this.clock(), refundIds })
      .where(and(where, isNull(providerSubscriptions.settledAt)));
    return { refundIds, before: false, ...whose };
  }

  /** The user's refusals at this provider not settled yet (a deleted account settles them before it goes). */
  async unsettledOf(provider: string, userId: string): Promise<string[]> {
    const rows = await this.db
      .select({ subscriptionId: providerSubscriptions.subscriptionId })
      .from(providerSubscriptions)
      .where(
        and(
          eq(providerSubscriptions.provider, provider),
          eq(providerSubscriptions.userId, userId),
          eq(providerSubscriptions.outcome, 'refused'),
          isNull(providerSubscriptions.settledAt),
        ),
      );
    return rows.map((row) => row.subscriptionId);
  }

  /**
   * Queues again the job of each refusal at this provider not settled yet: one lost with Redis's
   * data, or failed for good while the provider was down longer than its retries last.
   */
  async requeueUnsettled(provider: string): Promise<number> {
    const unsettled = await this.db
      .select({ subscriptionId: providerSubscriptions.subscriptionId })
      .from(providerSubscriptions)
      .where(
        and(
          eq(providerSubscriptions.provider, provider),
          eq(providerSubscriptions.outcome, 'refused'),
          isNull(providerSubscriptions.settledAt),
        ),
      )
      .limit(SWEEP_BATCH);
    const queue = this.queues.get(QUEUES.billingInbox);
    let queued = 0;
    for (const { subscriptionId } of unsettled) {
      const job = await queue.getJob(settlementJobId(provider, subscriptionId));
      if (!job) {
        await this.queueSettlement(provider, subscriptionId);
        queued++;
      } else if (await job.isFailed()) {
        await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
        queued++;
      }
    }
    return queued;
  }
}
