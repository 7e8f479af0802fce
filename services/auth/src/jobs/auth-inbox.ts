import { entitlementChangedEvent, membersAnnounceTickJob } from '@nashr/contracts';
import { handleJob, type Queues } from '@nashr/platform';
import type { NotificationStore } from '../notifications/notification-store.js';
import { Notifier } from '../notifications/notifier.js';
import type { PushStore } from '../push/push-store.js';
import type { UserStore } from '../users/user-store.js';
import { announceMembers } from '../workspaces/announce-members.js';
import type { WorkspaceStore } from '../workspaces/workspace-store.js';
import { accountEventHandlers } from './account-events.js';
import { userDeletedHandler } from './user-deleted.js';

/**
 * The auth inbox: connection changes, publishing outcomes to tell the user about, deleted
 * accounts, what each plan allows of workspaces, and member lists whose announcement was lost.
 */
export function authInbox(deps: {
  users: UserStore;
  notifications: NotificationStore;
  push: PushStore;
  queues: Queues;
  workspaces: WorkspaceStore;
}) {
  const { users, notifications, push, queues, workspaces } = deps;
  const notifier = new Notifier(notifications, queues, users, push);
  return [
    ...accountEventHandlers(users, notifier),
    ...notifier.handlers(),
    userDeletedHandler(users, queues, notifications),
    // Older or repeated events change nothing; existing members stay when a plan shrinks.
    handleJob(entitlementChangedEvent, async (event, _job, log) => {
      const stored = await workspaces.applyPlan(event);
      log.info({ userId: event.userId, version: event.version, plan: event.plan, stored }, 'workspace limits copied');
      return { stored };
    }),
    // A change announces itself after its commit; one still in the outbox a while later lost its
    // announcement (the API stopped, or Redis failed, in between). Batch after batch, until none is left.
    handleJob(membersAnnounceTickJob, async (_data, _job, log) => {
      let announced = 0;
      for (;;) {
        const batch = await workspaces.unannounced(LOST_ANNOUNCEMENT_AFTER_MS, ANNOUNCE_BATCH);
        if (batch.length) await announceMembers(workspaces, queues, batch);
        announced += batch.length;
        if (batch.length < ANNOUNCE_BATCH) break;
      }
      if (announced) log.warn({ announced }, 'member lists announced late: their announcement was lost');
      return { announced };
    }),
  ];
}

/** How long after its change a list still unannounced is taken for lost (its request is long over). */
export const LOST_ANNOUNCEMENT_AFTER_MS = 30_000;
const ANNOUNCE_BATCH = 200;
