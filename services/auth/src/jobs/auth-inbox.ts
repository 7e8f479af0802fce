import type { Queues } from '@nashr/platform';
import type { NotificationStore } from '../notifications/notification-store.js';
import { Notifier } from '../notifications/notifier.js';
import type { PushStore } from '../push/push-store.js';
import type { UserStore } from '../users/user-store.js';
import { accountEventHandlers } from './account-events.js';
import { userDeletedHandler } from './user-deleted.js';

/** The auth inbox: connection changes, publishing outcomes to tell the user about, and deleted accounts. */
export function authInbox(deps: {
  users: UserStore;
  notifications: NotificationStore;
  push: PushStore;
  queues: Queues;
}) {
  const { users, notifications, push, queues } = deps;
  const notifier = new Notifier(notifications, queues, users, push);
  return [
    ...accountEventHandlers(users, notifier),
    ...notifier.handlers(),
    userDeletedHandler(users, queues, notifications),
  ];
}
