import {
  checkoutRefundedEvent,
  endSubscriptionForDeletionJob,
  entitlementsAnnounceSweepJob,
  graceEndedJob,
  QUEUES,
  refusedSubscriptionJob,
  refusedSubscriptionsSweepJob,
  SUBSCRIPTION_END_WAIT_MS,
  type SubscriptionEndedForDeletion,
  userCreatedEvent,
  userDeletedEvent,
} from '@nashr/contracts';
import {
  announceOwed,
  forgetJobs,
  handleJob,
  jobIdPart,
  jobOfUser,
  LOST_ANNOUNCEMENT_AFTER_MS,
  type Queues,
} from '@nashr/platform';
import type { EntitlementStore } from '../entitlements.js';
import type { BillingProvider } from '../providers/types.js';
import type { RefusedSubscriptions } from '../refused-subscriptions.js';

export interface BillingInboxDeps {
  store: EntitlementStore;
  provider: BillingProvider;
  refused: RefusedSubscriptions;
  trialHash: (email: string) => string;
}

/**
 * New accounts start their trial (once per person); deleted ones have their paid subscription
 * ended at the provider, then lose their billing rows; a failed payment's grace ends; a refused
 * checkout's subscription is cancelled and its payment refunded. All are safe to run twice.
 */
export function billingInbox({ store, provider, refused, trialHash }: BillingInboxDeps, queues: Queues) {
  /** A paid subscription the provider still runs for the user (one ended or cancelled for deletion is not). */
  const running = (row: Awaited<ReturnType<EntitlementStore['row']>>) =>
    row?.subscriptionId && row.provider === provider.name && row.status !== 'expired' ? row.subscriptionId : null;
  return [
    handleJob(endSubscriptionForDeletionJob, async ({ userId, requestId }, job, log) => {
      // Asked by 'Delete my account', which refuses once its wait is over: a request found later
      // (a billing worker back after an outage) must not end the plan of an account that stays.
      // Real time on both sides: the job's timestamp is the asker's clock (one attempt, no retry).
      if (Date.now() - job.timestamp > SUBSCRIPTION_END_WAIT_MS) {
        throw new Error('The deletion stopped waiting for this request: the subscription is left as it is');
      }
      const row = await store.row(userId);
      const subscriptionId = running(row);
      if (!row || !subscriptionId) {
        return { plan: null, cancelled: null };
      }
      // Throws when the provider cannot be reached: the job fails (one attempt) and nothing is deleted.
      await provider.cancelSubscription(subscriptionId);
      await store.endForDeletion(userId, subscriptionId, requestId);
      log.info({ userId, subscriptionId, plan: row.plan }, 'subscription ended at the provider for the deletion');
      return { plan: row.plan as SubscriptionEndedForDeletion['plan'], cancelled: subscriptionId };
    }),
    handleJob(userCreatedEvent, async ({ userId, createdAt, email, requestId }, _job, log) => {
      const { started, trial } = await store.startTrial(
        userId,
        new Date(createdAt),
        email ? trialHash(email) : null,
        requestId,
      );
      log.info(
        { userId, started, trial },
        !started ? 'trial already started' : trial ? 'trial started' : 'no trial: this address had one before',
      );
      return { started, trial };
    }),
    handleJob(graceEndedJob, async ({ userId, version }, _job, log) => {
      const ended = await store.endGrace(userId, version);
      log.info({ userId, version, ended }, ended ? 'grace period over: plan ended' : 'grace already settled');
      return { ended };
    }),
    handleJob(refusedSubscriptionJob, async ({ provider: name, subscriptionId }, _job, log) => {
      if (name !== provider.name) {
        // Taken by a provider this installation no longer uses: an operator settles it there.
        log.error({ provider: name, subscriptionId }, 'refused subscription at a provider not configured: not settled');
        return { settled: false };
      }
      // Throws while the provider cannot be reached: the job is retried (attempts and backoff).
      const settled = await refused.settle(provider, subscriptionId);
      log.info(
        { subscriptionId, refundIds: settled?.refundIds ?? [], before: settled?.before ?? false },
        settled ? 'refused subscription cancelled and its payment refunded' : 'no refusal of this subscription',
      );
      // The user is told that money went back (once: the event's id is the subscription's, and a
      // retry after a lost publish tells again under the same id). A deleted account tells no one.
      if (settled?.userId && settled.refundIds.length > 0) {
        await queues.publish(
          checkoutRefundedEvent,
          {
            userId: settled.userId,
            reason: settled.reason === 'stale' || settled.reason === 'subscribed' ? settled.reason : null,
            refunds: settled.refundIds.length,
          },
          { id: `${jobIdPart(name)}-${jobIdPart(subscriptionId)}` },
        );
      }
      return { settled: Boolean(settled), refundIds: settled?.refundIds ?? [] };
    }),
    // Entitlements still owed a while after their change lost their announcement.
    handleJob(entitlementsAnnounceSweepJob, async (_payload, _job, log) => {
      const announced = await announceOwed((size) => store.announceOwed(LOST_ANNOUNCEMENT_AFTER_MS, size));
      if (announced) log.warn({ announced }, 'entitlements announced late: their announcement was lost');
      return { announced };
    }),
    handleJob(refusedSubscriptionsSweepJob, async (_payload, _job, log) => {
      const queued = await refused.requeueUnsettled(provider.name);
      log.info({ queued }, 'refused subscriptions not settled yet queued again');
      return { queued };
    }),
    handleJob(userDeletedEvent, async ({ userId }, _job, log) => {
      // The subscription ends at the provider first: if that fails the job fails before any row is
      // deleted and is retried (its attempts and backoff), so the subscription id is not lost and
      // the person is not charged for an account that no longer exists.
      // One ended for the deletion just before (endSubscriptionForDeletionJob) reads as expired: it is not cancelled twice.
      const row = await store.row(userId);
      let cancelled: string | null = null;
      const subscriptionId = running(row);
      if (subscriptionId) {
        await provider.cancelSubscription(subscriptionId);
        cancelled = subscriptionId;
      }
      // A refused checkout's money goes back before the provider's records of the user go: the
      // stand-in's refund is a mark on a record deleted next.
      const refunded: string[] = [];
      for (const subscriptionId of await refused.unsettledOf(provider.name, userId)) {
        await refused.settle(provider, subscriptionId);
        refunded.push(subscriptionId);
      }
      await provider.forgetUser?.(userId);
      const rows = await store.deleteUser(userId);
      const forgotten = await forgetJobs(queues.get(QUEUES.billingInbox), jobOfUser(userId), [userId]);
      log.info(
        { userId, rows, forgotten, cancelled, refunded },
        'deleted account: subscription ended, billing rows removed',
      );
      return { rows, forgotten, cancelled, refunded };
    }),
  ];
}
