import {
  ACCOUNT_ERROR_CODES,
  API,
  DATA_EXPORT_PARTS,
  endSubscriptionForDeletionJob,
  SESSION_COOKIE,
  SUBSCRIPTION_END_WAIT_MS,
  type SubscriptionEndedForDeletion,
  userDeletedEvent,
} from '@nashr/contracts';
import {
  type ApiTokenStore,
  AppError,
  identityOf,
  NoAnswerError,
  parseOrThrow,
  type Queues,
  route,
  type ServiceApp,
  type SessionStore,
  unauthenticated,
} from '@nashr/platform';
import type { NotificationStore } from '../notifications/notification-store.js';
import { exportUser, type UserStore } from '../users/user-store.js';
import type { WebhookStore } from '../webhooks/webhook-store.js';
import { announceMembers } from '../workspaces/announce-members.js';
import type { WorkspaceStore } from '../workspaces/workspace-store.js';

export interface AccountDataDeps {
  users: UserStore;
  sessions: SessionStore;
  tokens: ApiTokenStore;
  queues: Queues;
  notifications: NotificationStore;
  webhooks: WebhookStore;
  workspaces: WorkspaceStore;
  /** How long the deletion waits for billing to end the paid subscription (tests shorten it). */
  subscriptionEndWaitMs?: number;
}

export const ACCOUNT_DELETED_MESSAGE = 'Your account and its data are deleted';
export const SUBSCRIPTION_NOT_ENDED_MESSAGE =
  'Your payment provider did not confirm the end of your subscription, so nothing was deleted. Try again in a few minutes.';

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
        // The endpoints (address, events, creation), never their secrets.
        webhooks: await deps.webhooks.exportOf(user.id),
        // The workspaces the account belongs to and its role in each; not the other members.
        workspaces: await deps.workspaces.exportOf(user.id),
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
    // The paid subscription ends at the provider before anything is deleted: an account must not
    // be gone while the provider still charges for it. Without billing's answer in time, nothing is.
    let ended: SubscriptionEndedForDeletion;
    try {
      ended = await deps.queues.ask(
        endSubscriptionForDeletionJob,
        { userId, requestId: request.id },
        { timeoutMs: deps.subscriptionEndWaitMs ?? SUBSCRIPTION_END_WAIT_MS },
      );
    } catch (error) {
      if (!(error instanceof NoAnswerError)) throw error;
      request.log.warn({ userId, reason: error.reason, err: error }, 'account not deleted: subscription not ended');
      throw new AppError('UNAVAILABLE', SUBSCRIPTION_NOT_ENDED_MESSAGE, {
        code: ACCOUNT_ERROR_CODES.subscriptionNotEnded,
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
    const { workspaces } = await deps.users.delete(user);
    // Its workspaces lost a member, passed to another owner, or are gone with it. Not its personal
    // one: each service forgets that with the account (user-deleted), leaving nothing naming it.
    const others = workspaces.memberOf.filter((id) => id !== userId);
    await announceMembers(deps.workspaces, deps.queues, others, request.id);
    await deps.notifications.deleteUser(userId);
    await deps.webhooks.deleteUser(userId);
    const sessionsEnded = await deps.sessions.destroyAllOf(userId);
    const revoked = await deps.tokens.destroyAllOf(userId);
    request.log.info(
      {
        userId,
        sessionsEnded,
        tokensRevoked: revoked,
        subscriptionCancelled: ended.cancelled,
        workspacesHandedOver: workspaces.handedOver,
        workspacesDeleted: workspaces.deleted.length,
      },
      'account deleted',
    );
    reply.header('cache-control', 'no-store').clearCookie(SESSION_COOKIE, { path: '/' });
    // The plan named only when its subscription ended with the account.
    const cancelledPlan = ended.cancelled ? ended.plan : null;
    return { success: true as const, message: ACCOUNT_DELETED_MESSAGE, cancelledPlan };
  });
}
