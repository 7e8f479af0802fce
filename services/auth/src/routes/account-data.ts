import { API, DATA_EXPORT_PARTS, SESSION_COOKIE, userDeletedEvent } from '@nashr/contracts';
import {
  type ApiTokenStore,
  AppError,
  identityOf,
  parseOrThrow,
  type Queues,
  route,
  type ServiceApp,
  type SessionStore,
  unauthenticated,
} from '@nashr/platform';
import type { NotificationStore } from '../notifications/notification-store.js';
import { exportUser, type UserStore } from '../users/user-store.js';

export interface AccountDataDeps {
  users: UserStore;
  sessions: SessionStore;
  tokens: ApiTokenStore;
  queues: Queues;
  notifications: NotificationStore;
}

export const ACCOUNT_DELETED_MESSAGE = 'Your account and its data are deleted';

/** 'Download my data' (the auth part) and 'Delete my account'. */
export function accountDataRoutes(app: ServiceApp, deps: AccountDataDeps): void {
  route(app, API.account.exportAuth, { checkResponses: true }, async (request, reply) => {
    const user = await deps.users.find(identityOf(request).userId);
    if (!user) throw unauthenticated();
    reply.header('cache-control', 'no-store');
    return {
      success: true as const,
      data: {
        account: exportUser(user),
        notifications: await deps.notifications.exportOf(user.id),
        parts: [...DATA_EXPORT_PARTS],
      },
    };
  });

  route(app, API.account.delete, { bodyCheck: 'handler' }, async (request, reply) => {
    const { userId } = identityOf(request);
    const { confirmation } = parseOrThrow(API.account.delete.body, request.body ?? {});
    const user = await deps.users.find(userId);
    if (!user) throw unauthenticated();
    if (confirmation.toLowerCase() !== user.email) {
      throw new AppError('UNPROCESSABLE', 'Type the e-mail address of your account to confirm the deletion', {
        code: 'account.confirmation_mismatch',
      });
    }
    // Published first: if the deletion below fails, the retried request publishes again and every
    // subscriber's handler is idempotent; the other order could lose the event for good.
    await deps.queues.publish(
      userDeletedEvent,
      { userId, email: user.email, requestId: request.id },
      // No event id: a job id naming the user would outlive the job in the queues' event streams.
      { removeOnComplete: true },
    );
    await deps.users.delete(user);
    await deps.notifications.deleteUser(userId);
    const ended = await deps.sessions.destroyAllOf(userId);
    const revoked = await deps.tokens.destroyAllOf(userId);
    request.log.info({ userId, sessionsEnded: ended, tokensRevoked: revoked }, 'account deleted');
    reply.header('cache-control', 'no-store').clearCookie(SESSION_COOKIE, { path: '/' });
    return { success: true as const, message: ACCOUNT_DELETED_MESSAGE };
  });
}
