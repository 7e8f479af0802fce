import { QUEUES, userDeletedEvent } from '@nashr/contracts';
import { createWorker, handleJob, type Logger, type QueueContext } from '@nashr/platform';
import type { UserData } from '../accounts/user-data.js';

/** The linkedin inbox: events this service subscribes to (a deleted account). */
export function linkedinInbox(userData: UserData) {
  return [
    handleJob(userDeletedEvent, async ({ userId }, _job, log) => {
      const outcome = await userData.forget(userId);
      log.info({ userId, ...outcome }, 'deleted account: linkedin data removed');
      return outcome;
    }),
  ];
}

export function startInboxWorker(
  userData: UserData,
  context: QueueContext,
  options: { logger: Logger },
): ReturnType<typeof createWorker> {
  return createWorker(QUEUES.linkedinInbox, linkedinInbox(userData), context, options);
}
