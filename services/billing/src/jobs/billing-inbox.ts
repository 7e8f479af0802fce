import { graceEndedJob, QUEUES, userCreatedEvent, userDeletedEvent } from '@nashr/contracts';
import { forgetJobs, handleJob, jobOfUser, type Queues } from '@nashr/platform';
import type { EntitlementStore } from '../entitlements.js';

/**
 * New accounts start their trial; deleted ones lose their billing rows; a failed payment's grace
 * ends. All are safe to run twice.
 */
export function billingInbox(store: EntitlementStore, queues: Queues) {
  return [
    handleJob(userCreatedEvent, async ({ userId, createdAt, requestId }, _job, log) => {
      const started = await store.startTrial(userId, new Date(createdAt), requestId);
      log.info({ userId, started }, started ? 'trial started' : 'trial already started');
      return { started };
    }),
    handleJob(graceEndedJob, async ({ userId, version }, _job, log) => {
      const ended = await store.endGrace(userId, version);
      log.info({ userId, version, ended }, ended ? 'grace period over: plan ended' : 'grace already settled');
      return { ended };
    }),
    handleJob(userDeletedEvent, async ({ userId }, _job, log) => {
      const rows = await store.deleteUser(userId);
      const forgotten = await forgetJobs(queues.get(QUEUES.billingInbox), jobOfUser(userId), [userId]);
      log.info({ userId, rows, forgotten }, 'deleted account: billing rows removed');
      return { rows, forgotten };
    }),
  ];
}
