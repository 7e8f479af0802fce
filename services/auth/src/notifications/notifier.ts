import {
  type AUTOPILOT_STOP_CODES,
  BILLING_ERROR_CODES,
  checkoutRefundedEvent,
  connectionExpiringEvent,
  creditsLowEvent,
  draftReviewNoticeEvent,
  engageAutopilotStoppedEvent,
  LINKEDIN_ERROR_CODES,
  LINKEDIN_MESSAGES,
  type NotificationKind,
  type PostAttentionCause,
  postNeedsAttentionEvent,
  postPublishedEvent,
  postPublishFailedEvent,
  sendNotificationMailJob,
  sendPushJob,
  URGENT_NOTIFICATION_KINDS,
  WORKSPACE_ERROR_CODES,
} from '@nashr/contracts';
import { handleJob, type Logger, type Queues } from '@nashr/platform';
import type { Job } from 'bullmq';
import { PUSH_JOB_OPTIONS } from '../push/push-jobs.js';
import type { PushStore } from '../push/push-store.js';
import type { UserStore } from '../users/user-store.js';
import type { WorkspaceStore } from '../workspaces/workspace-store.js';
import type { EmailState, NewNotification, NotificationStore } from './notification-store.js';

/**
 * How each reason a scheduled post needs the user is told: the declared code whose words the app
 * and the e-mail show (and whose action they offer), and the English for API users. A cause
 * added later (plan limit reached, media missing) adds its line here.
 */
export const ATTENTION_CAUSES: Record<PostAttentionCause, { code: string; reason: string }> = {
  account_disconnected: { code: LINKEDIN_ERROR_CODES.reconnect, reason: LINKEDIN_MESSAGES.reconnect },
  connection_expires: {
    code: LINKEDIN_ERROR_CODES.expiresBeforePost,
    reason: LINKEDIN_MESSAGES.expiresBeforePost,
  },
  identity_changed: { code: LINKEDIN_ERROR_CODES.identityChanged, reason: LINKEDIN_MESSAGES.identityChanged },
};

/** Why Engage's autopilot stopped by itself, in English for API users (the app and the e-mail show the code's words). */
export const AUTOPILOT_STOP_REASONS: Record<(typeof AUTOPILOT_STOP_CODES)[number], string> = {
  'engage.credits_exhausted': "This period's commenting credits are used up.",
  'engage.not_included': 'Your plan no longer includes Engage.',
};

/** Why billing refused a paid checkout it then refunded: the code whose words the app and the e-mail show, and the English for API users. */
export const REFUND_REASONS = {
  stale: {
    code: BILLING_ERROR_CODES.checkoutStale,
    reason: 'It was made on a checkout a newer one had replaced, so it starts no plan.',
  },
  subscribed: {
    code: BILLING_ERROR_CODES.alreadySubscribed,
    reason: 'You already had a subscription, and a second one would have charged you twice.',
  },
} as const;

/**
 * Turns events into notifications: one per event (the job id is the key, so a repeated delivery
 * adds no second one), and queues the urgent ones for e-mail at once (the rest wait for the digest)
 * and, where the user wants this kind pushed, one push per device. Every delivery queues these
 * again under the same job ids, so a try that failed halfway loses none and repeats none.
 */
export class Notifier {
  constructor(
    private readonly store: NotificationStore,
    private readonly queues: Queues,
    private readonly users: UserStore,
    private readonly push: PushStore,
    private readonly workspaces: Pick<WorkspaceStore, 'managers'>,
  ) {}

  /**
   * `dedupeKey` names the event told: the job itself, unless one event tells several people
   * (each then has a key of its own).
   */
  async tell(
    job: Job,
    entry: Omit<NewNotification, 'dedupeKey' | 'email'>,
    log: Logger,
    dedupeKey = `${job.name}:${job.id}`,
  ): Promise<void> {
    // An event about an account deleted meanwhile (a publish that was in flight) tells no one.
    if (!(await this.users.find(entry.userId))) return;
    const preferences = await this.store.preferences(entry.userId);
    const email: EmailState = !preferences.kinds[entry.kind].email
      ? 'none'
      : URGENT_NOTIFICATION_KINDS.has(entry.kind)
        ? 'urgent'
        : 'digest';
    const { row, created } = await this.store.create({ ...entry, dedupeKey, email });
    // An event handled again (its first try failed after the notification was stored, while queueing)
    // queues the deliveries again: the job ids are one per notification and device, so those queued
    // before are not repeated, and those lost are queued now. What the stored row says counts: an
    // e-mail since sent, or moved to the digest, is not queued again.
    if (!created) log.debug({ kind: entry.kind, userId: entry.userId }, 'event already told: deliveries queued again');
    if (row.email === 'urgent') {
      await this.queues.enqueue(
        sendNotificationMailJob,
        { notificationId: row.id, requestId: job.data?.requestId },
        { jobId: `mail-${row.id}` },
      );
    }
    // One job per device, on a queue of its own: a dead or slow push service delays no e-mail and no other device.
    const devices = preferences.kinds[entry.kind].push ? await this.push.listOf(entry.userId) : [];
    for (const device of devices) {
      await this.queues.enqueue(
        sendPushJob,
        { notificationId: row.id, subscriptionId: device.id, requestId: job.data?.requestId },
        { jobId: `push-${row.id}-${device.id}`, ...PUSH_JOB_OPTIONS },
      );
    }
    log.info(
      { kind: entry.kind, userId: entry.userId, email: row.email, pushed: devices.length, again: !created },
      'user notified',
    );
  }

  /**
   * The post events: a published post (its link), a failed one (its reason), one that needs the
   * user before its time (the cause); the credits running low; Engage's autopilot stopping by itself;
   * a refused payment refunded; a draft's review.
   */
  handlers() {
    return [
      // A refused first comment rides on the published notification: the post is live, and the
      // reason says what is missing under it.
      handleJob(postPublishedEvent, ({ postId, userId, url, firstComment }, job, log) => {
        const missing = firstComment?.status === 'failed' ? firstComment : null;
        return this.tell(
          job,
          {
            userId,
            kind: 'post_published' satisfies NotificationKind,
            postId,
            url,
            ...(missing ? { reason: missing.reason ?? null, reasonCode: missing.code ?? null } : {}),
          },
          log,
        );
      }),
      handleJob(postPublishFailedEvent, async ({ postId, userId, reason, code, workspaceId }, job, log) => {
        await this.tell(job, { userId, kind: 'post_failed', postId, reason, reasonCode: code ?? null }, log);
        // Held because the member who scheduled it may no longer publish there: they cannot put it
        // out, so the workspace's owners and admins hear of it too, each once.
        if (code !== WORKSPACE_ERROR_CODES.publisherLeft || !workspaceId) return;
        for (const manager of await this.workspaces.managers(workspaceId)) {
          if (manager === userId) continue;
          await this.tell(
            job,
            {
              userId: manager,
              kind: 'team_post_failed',
              postId,
              workspaceId,
              actorId: userId,
              reason,
              reasonCode: code,
            },
            log,
            `${job.name}:${job.id}:${manager}`,
          );
        }
      }),
      handleJob(postNeedsAttentionEvent, ({ postId, userId, cause }, job, log) => {
        const { code, reason } = ATTENTION_CAUSES[cause];
        return this.tell(job, { userId, kind: 'post_needs_attention', postId, reason, reasonCode: code }, log);
      }),
      handleJob(creditsLowEvent, ({ userId }, job, log) => this.tell(job, { userId, kind: 'credits_low' }, log)),
      // The expiry rides as the reason: the mail and the bell name its date in the reader's words.
      // The event's id (user, expiry, reminder) makes each reminder told once per expiry.
      handleJob(connectionExpiringEvent, ({ userId, expiresAt }, job, log) =>
        this.tell(job, { userId, kind: 'connection_expiring', reason: expiresAt }, log),
      ),
      // The event's id (user, stop time) makes each stop told once.
      handleJob(engageAutopilotStoppedEvent, ({ userId, reason }, job, log) =>
        this.tell(
          job,
          { userId, kind: 'autopilot_stopped', reason: AUTOPILOT_STOP_REASONS[reason], reasonCode: reason },
          log,
        ),
      ),
      // The event's id (provider, subscription) makes each refund told once.
      handleJob(checkoutRefundedEvent, ({ userId, reason }, job, log) =>
        this.tell(
          job,
          {
            userId,
            kind: 'checkout_refunded',
            reason: reason ? REFUND_REASONS[reason].reason : null,
            reasonCode: reason ? REFUND_REASONS[reason].code : null,
          },
          log,
        ),
      ),
      // One event per member told, its id one per activity or comment and member: each is told once.
      // The kinds of a review are the notification kinds of the same names.
      handleJob(draftReviewNoticeEvent, ({ userId, kind, workspaceId, draftId, actorId, excerpt }, job, log) => {
        // Nobody is told of what they did themselves (a reviewer mentioning themselves, say).
        if (userId === actorId) {
          log.debug({ kind, userId }, 'review notice of the member’s own doing: not told');
          return Promise.resolve();
        }
        return this.tell(job, { userId, kind, workspaceId, draftId, actorId, excerpt }, log);
      }),
    ];
  }
}
