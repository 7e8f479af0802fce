import { accountConnectedEvent, accountDisconnectedEvent } from '@nashr/contracts';
import { handleJob } from '@nashr/platform';
import type { UserStore } from '../users/user-store.js';

/**
 * `linkedinConnected` follows the linkedin service's events and nothing else. The job's creation
 * time stands for when the event happened, so a late, retried event cannot undo a newer one.
 */
export function accountEventHandlers(users: UserStore) {
  return [
    handleJob(accountConnectedEvent, async ({ userId }, job, log) => {
      const changed = await users.setLinkedinConnected(userId, true, new Date(job.timestamp));
      log.info({ userId, changed }, 'network account connected');
    }),
    handleJob(accountDisconnectedEvent, async ({ userId }, job, log) => {
      const changed = await users.setLinkedinConnected(userId, false, new Date(job.timestamp));
      log.info({ userId, changed }, 'network account disconnected');
    }),
  ];
}
