import { accountConnectedEvent, accountDisconnectedEvent } from '@nashr/contracts';
import { handleJob } from '@nashr/platform';
import type { Notifier } from '../notifications/notifier.js';
import type { UserStore } from '../users/user-store.js';

/**
 * `linkedinConnected` follows the linkedin service's events and nothing else. The change's stamp
 * (or, for an event without one, the job's creation time) orders them, so a late, retried event
 * cannot undo a newer one; `/me` waits for the stamp a user has seen (read-your-writes).
 */
export function accountEventHandlers(users: UserStore, notifier: Notifier) {
  return [
    handleJob(accountConnectedEvent, async ({ userId, changedAt }, job, log) => {
      const changed = await users.setLinkedinConnected(userId, true, new Date(changedAt ?? job.timestamp));
      log.info({ userId, changed }, 'network account connected');
    }),
    handleJob(accountDisconnectedEvent, async ({ userId, changedAt }, job, log) => {
      const changed = await users.setLinkedinConnected(userId, false, new Date(changedAt ?? job.timestamp));
      log.info({ userId, changed }, 'network account disconnected');
      // Told once per disconnection (the event's job id); a late, older event tells nothing.
      if (changed) await notifier.tell(job, { userId, kind: 'account_disconnected' }, log);
    }),
  ];
}
