import { entitlementChangedEvent, membersAnnounceTickJob } from '@nashr/contracts';
import { announceOwed, handleJob, LOST_ANNOUNCEMENT_AFTER_MS, type Queues } from '@nashr/platform';
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
  const notifier = new Notifier(notifications, queues, users, push, workspaces);
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
    // Member lists still in the outbox a while after their change lost their announcement.
    handleJob(membersAnnounceTickJob, async (_data, _job, log) => {
      const announced = await announceOwed(async (size) => {
        const owed = await workspaces.unannounced(LOST_ANNOUNCEMENT_AFTER_MS, size);
        if (owed.length) await announceMembers(workspaces, queues, owed);
        return owed.length;
      });
      if (announced) log.warn({ announced }, 'member lists announced late: their announcement was lost');
      return { announced };
    }),
  ];
}
