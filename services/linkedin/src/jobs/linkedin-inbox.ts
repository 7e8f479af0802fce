import {
  accountConnectedEvent,
  accountDisconnectedEvent,
  CONNECTION_EXPIRY_REMINDERS,
  type ConnectionExpiryReminder,
  connectionExpiringEvent,
  connectionExpiryTickJob,
  entitlementChangedEvent,
  QUEUES,
  userDeletedEvent,
  voiceMeasureRequestedEvent,
} from '@nashr/contracts';
import { createWorker, handleJob, type Logger, type QueueContext, type Queues } from '@nashr/platform';
import type { AccountStore } from '../accounts/account-store.js';
import type { UserData } from '../accounts/user-data.js';
import type { AnalyticsSchedules } from '../analytics/schedules.js';
import type { ProfileService } from '../profile/profile-service.js';

export interface InboxDeps {
  userData: UserData;
  accounts: AccountStore;
  profiles: ProfileService;
  queues: Queues;
  /** The accounts' analytics snapshots, started and stopped with their connection. */
  schedules: AnalyticsSchedules;
  clock?: () => Date;
}

/** The reminder a connection expiring at `expiresAt` is due for at `now`: the nearest one it is within. */
export function reminderDue(expiresAt: Date, now: Date): ConnectionExpiryReminder | null {
  const left = expiresAt.getTime() - now.getTime();
  if (left <= 0) return null;
  if (left <= CONNECTION_EXPIRY_REMINDERS['1d']) return '1d';
  if (left <= CONNECTION_EXPIRY_REMINDERS['7d']) return '7d';
  return null;
}

/**
 * The linkedin inbox: events this service subscribes to (a deleted account, a voice to measure
 * again), and the hourly look
 * for connections about to expire. Each reminder is published with an id made of the user, the
 * expiry and the reminder, so the hourly look repeats nothing; a reconnection (a new expiry)
 * starts the reminders again.
 */
export function linkedinInbox(deps: InboxDeps) {
  const now = deps.clock ?? (() => new Date());
  return [
    handleJob(userDeletedEvent, async ({ userId }, _job, log) => {
      const outcome = await deps.userData.forget(userId);
      log.info({ userId, ...outcome }, 'deleted account: linkedin data removed');
      return outcome;
    }),
    // The user's plan changed: keep the newest copy of how many company pages it allows.
    handleJob(entitlementChangedEvent, async (event, _job, log) => {
      const stored = await deps.accounts.applyPageAllowance(event);
      log.info(
        { userId: event.userId, version: event.version, pages: event.limits.pages, stored },
        'page allowance copied',
      );
      return { stored };
    }),
    // The ai service counted enough new posts: read them again for the writer's voice. An account
    // that is no longer connected is left alone (the user can ask again once reconnected).
    handleJob(voiceMeasureRequestedEvent, async ({ userId, requestId }, _job, log) => {
      const row = await deps.accounts.findByUser(userId);
      if (row?.status !== 'connected') {
        log.info({ userId }, 'voice measure skipped: no connected account');
        return { posts: null };
      }
      const posts = await deps.profiles.sendPostsForVoice(row, requestId);
      log.info({ userId, posts }, 'posts sent to measure the voice again');
      return { posts };
    }),
    // A connection made or lost: the account's analytics snapshots start (the first at once) or stop.
    handleJob(accountConnectedEvent, async ({ userId, changedAt, requestId }, job, log) => {
      const outcome = await deps.schedules.sync(userId, changedAt ?? job.timestamp, requestId);
      log.info({ userId, outcome }, 'analytics snapshots after a connection');
      return { outcome };
    }),
    handleJob(accountDisconnectedEvent, async ({ userId, changedAt, requestId }, job, log) => {
      const outcome = await deps.schedules.sync(userId, changedAt ?? job.timestamp, requestId);
      log.info({ userId, outcome }, 'analytics snapshots after a disconnection');
      return { outcome };
    }),
    handleJob(connectionExpiryTickJob, async (_payload, _job, log) => {
      const at = now();
      const expiring = await deps.accounts.expiringBetween(
        at,
        new Date(at.getTime() + CONNECTION_EXPIRY_REMINDERS['7d']),
      );
      let reminded = 0;
      for (const { userId, accessExpiresAt } of expiring) {
        const reminder = reminderDue(accessExpiresAt, at);
        if (!reminder) continue;
        await deps.queues.publish(
          connectionExpiringEvent,
          { userId, expiresAt: accessExpiresAt.toISOString(), reminder },
          { id: `${userId}-${accessExpiresAt.getTime()}-${reminder}` },
        );
        reminded++;
      }
      log.info({ expiring: expiring.length, reminded }, 'connection expiry reminders');
      return { reminded };
    }),
  ];
}

/** The hourly expiry look, as a BullMQ job scheduler (one across every worker). */
export const EXPIRY_TICK_SCHEDULE = { id: 'connection-expiry-tick', pattern: '17 * * * *' } as const;

export function startInboxWorker(
  deps: InboxDeps,
  context: QueueContext,
  options: { logger: Logger },
): ReturnType<typeof createWorker> {
  return createWorker(QUEUES.linkedinInbox, linkedinInbox(deps), context, options);
}
