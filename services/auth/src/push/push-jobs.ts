import { type NotificationKind, type PushPayload, pushPayloadSchema, sendPushJob } from '@nashr/contracts';
import { handleJob } from '@nashr/platform';
import { UnrecoverableError } from 'bullmq';
import webpush from 'web-push';
import type { PushSubscriptionRow } from '../db/schema.js';
import { pushMessage } from '../mail/notification-mail.js';
import { withActors } from '../notifications/mail-jobs.js';
import type { NotificationStore } from '../notifications/notification-store.js';
import type { UserStore } from '../users/user-store.js';
import type { PushCap } from './push-cap.js';
import type { PushStore } from './push-store.js';
import type { VapidKeySource } from './vapid.js';

/** How long a push service keeps a message for a device that is off: a day-old alert is still worth seeing. */
const PUSH_TTL_SECONDS = 24 * 3600;

/** Retries of one delivery: about three minutes in all, so a push service's short outage is ridden out. */
export const PUSH_JOB_OPTIONS = { attempts: 6, backoff: { type: 'exponential', delay: 5_000 } } as const;

export interface PushJobDeps {
  store: NotificationStore;
  push: PushStore;
  users: UserStore;
  vapid: VapidKeySource;
  /** The hourly cap per device (PUSHES_PER_DEVICE_PER_HOUR). */
  cap: PushCap;
  /** A push service that has not answered by then is given up on for this attempt (retried later). */
  timeoutMs: number;
}

/**
 * Sends one encrypted message (RFC 8291, aes128gcm) signed with our VAPID key (RFC 8292). The
 * library makes the request; it is sent here with a timeout, so a slow push service holds one
 * worker slot for a few seconds at most, and plain http reaches a local stand-in in tests.
 */
export async function sendPushMessage(
  subscription: Pick<PushSubscriptionRow, 'endpoint' | 'p256dh' | 'auth'>,
  payload: PushPayload,
  vapid: { publicKey: string; privateKey: string; subject: string },
  timeoutMs: number,
): Promise<number> {
  const request = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: vapid,
      TTL: PUSH_TTL_SECONDS,
      urgency: 'high',
      contentEncoding: 'aes128gcm',
      // One topic per notification (RFC 8030 5.4): a retry after an answer lost in a timeout
      // replaces the copy the push service still holds instead of queueing a second one.
      topic: payload.tag.replaceAll('-', ''),
    },
  );
  // fetch sets the length from the body itself (undici refuses a given one), and takes strings only.
  const headers = Object.fromEntries(
    Object.entries(request.headers)
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => [name, String(value)]),
  );
  const answer = await fetch(request.endpoint, {
    method: request.method,
    headers,
    body: new Uint8Array(request.body),
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
  });
  await answer.body?.cancel();
  return answer.status;
}

/**
 * The auth-push queue: one job per notification and device. The notification, the device and the
 * user's choice are read again when it runs, so a device removed or push turned off meanwhile
 * gets nothing; past the hourly cap a device is not pushed (the bell has it all the same). 404 and 410 mean the push service dropped the device: it is removed, never
 * retried. Other refusals of the request itself cannot get better and are not retried; a push
 * service down, slow or busy (429, 5xx, no answer) is retried with backoff.
 */
export function pushHandlers(deps: PushJobDeps) {
  return [
    handleJob(sendPushJob, async ({ notificationId, subscriptionId }, _job, log) => {
      const [row, device] = await Promise.all([deps.store.find(notificationId), deps.push.find(subscriptionId)]);
      if (!row || !device || device.userId !== row.userId) return { outcome: 'gone' };
      const [preferences, display] = await Promise.all([
        deps.store.preferences(row.userId),
        deps.users.displayPreferences(row.userId),
      ]);
      const kind = row.kind as NotificationKind;
      if (!preferences.kinds[kind]?.push) return { outcome: 'off' };
      const lang = preferences.locale;
      const [told] = await withActors(deps.users, [row]);
      const words = pushMessage(lang, told ?? row, { timeZone: preferences.timeZone, digits: display?.digits });
      const payload = pushPayloadSchema.parse({
        kind,
        title: words.title,
        ...(words.body ? { body: words.body } : {}),
        url: words.url,
        tag: row.id,
        lang,
        dir: lang === 'ar' ? 'rtl' : 'ltr',
      });
      // Counted before the send, and once per notification: a retried job passes again without counting twice.
      if (!(await deps.cap.admit(device.id, row.id))) {
        log.info({ notificationId, subscriptionId, kind }, 'push capped: the device had its hourly share');
        return { outcome: 'capped' };
      }
      const vapid = await deps.vapid.keys();
      let status: number;
      try {
        status = await sendPushMessage(device, payload, vapid, deps.timeoutMs);
      } catch (err) {
        // No answer in time, or none at all: the push service may be back by the next attempt.
        log.warn({ err, subscriptionId }, 'push service did not answer');
        throw new Error('The push service did not answer');
      }
      if (status === 404 || status === 410) {
        const removed = await deps.push.removeGone(device);
        log.info({ subscriptionId, status, removed }, 'push subscription expired: removed');
        return { outcome: 'expired' };
      }
      if (status === 429 || status >= 500) throw new Error(`The push service answered ${status}`);
      if (status < 200 || status >= 300) {
        // 400 (bad request), 401/403 (our VAPID key refused), 413 (too large): a retry would say the same.
        throw new UnrecoverableError(`The push service refused the message: ${status}`);
      }
      await deps.push.markDelivered(device.id);
      log.info({ notificationId, subscriptionId, kind }, 'push notification delivered');
      return { outcome: 'delivered' };
    }),
  ];
}
