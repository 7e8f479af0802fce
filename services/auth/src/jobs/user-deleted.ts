import { QUEUES, userDeletedEvent } from '@nashr/contracts';
import { forgetJobs, handleJob, jobOfUser, type Queues } from '@nashr/platform';
import type { NotificationStore } from '../notifications/notification-store.js';
import type { UserStore } from '../users/user-store.js';

/**
 * The auth part of a deleted account that the request could not finish: sign-in links asked for
 * meanwhile, and the jobs naming the user in the auth queues (sign-in e-mails, account events).
 */
export function userDeletedHandler(users: UserStore, queues: Queues, notifications: NotificationStore) {
  return handleJob(userDeletedEvent, async ({ userId, email }, _job, log) => {
    await users.deleteMagicLinks(email);
    // Deleted with the account too; again here for any an in-flight event added meanwhile.
    await notifications.deleteUser(userId);
    const matches = jobOfUser(userId, email);
    const forgotten =
      (await forgetJobs(queues.get(QUEUES.authMail), matches, [userId])) +
      (await forgetJobs(queues.get(QUEUES.authInbox), matches, [userId])) +
      (await forgetJobs(queues.get(QUEUES.authWebhooks), matches, [userId]));
    log.info({ userId, forgotten }, 'deleted account: auth data removed');
    return { forgotten };
  });
}
