import { digestTickJob, sendDigestJob, sendNotificationMailJob, URGENT_MAILS_PER_HOUR } from '@nashr/contracts';
import { handleJob, type Queues } from '@nashr/platform';
import type { NotificationRow } from '../db/schema.js';
import { digestMail, type MailRow, notificationMail } from '../mail/notification-mail.js';
import type { Mailer } from '../providers/mailer.js';
import type { UserStore } from '../users/user-store.js';
import { type NotificationStore, unsubscribeTokenFor } from './notification-store.js';

export interface MailJobDeps {
  store: NotificationStore;
  users: UserStore;
  queues: Queues;
  mailer: Mailer;
  publicUrl: string;
  clock?: () => Date;
}

const HOUR_MS = 3_600_000;

/**
 * The rows with the address of whoever acted (a draft's review), read as the mail is written: an
 * account deleted meanwhile is named by no one.
 */
export async function withActors(users: Pick<UserStore, 'find'>, rows: NotificationRow[]): Promise<MailRow[]> {
  const ids = [...new Set(rows.flatMap((row) => (row.actorId ? [row.actorId] : [])))];
  const found = await Promise.all(ids.map(async (id) => [id, (await users.find(id))?.email ?? null] as const));
  const emails = new Map(found);
  return rows.map((row) => ({ ...row, actorEmail: row.actorId ? (emails.get(row.actorId) ?? null) : null }));
}

/** The hour and the date in `timeZone` at `now`. */
export function localHourAndDay(now: Date, timeZone: string): { hour: number; day: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return { hour: Number(parts.hour), day: `${parts.year}-${parts.month}-${parts.day}` };
}

/**
 * The notification e-mails, on the auth worker's mail queue beside the sign-in links. A mail
 * server that is down fails the job, which BullMQ retries with backoff; what still did not go
 * out within the hour joins the digest, so nothing is lost.
 */
export function notificationMailHandlers(deps: MailJobDeps) {
  const now = deps.clock ?? (() => new Date());

  return [
    handleJob(sendNotificationMailJob, async ({ notificationId }, _job, log) => {
      const outcome = await deps.store.sendUrgent(
        notificationId,
        // A burst of failures must not flood the inbox: past the hourly cap, the digest carries them.
        { max: URGENT_MAILS_PER_HOUR, since: new Date(now().getTime() - HOUR_MS) },
        async (row) => {
          const [user, preferences, display] = await Promise.all([
            deps.users.find(row.userId),
            deps.store.preferences(row.userId),
            deps.users.displayPreferences(row.userId),
          ]);
          if (!user || !preferences.kinds[row.kind as keyof typeof preferences.kinds]?.email) return null;
          const secret = await deps.store.unsubscribeSecret(row.userId);
          const [told] = await withActors(deps.users, [row]);
          const mail = notificationMail(preferences.locale, told ?? row, {
            publicUrl: deps.publicUrl,
            unsubscribeToken: (kind) => unsubscribeTokenFor(row.userId, secret, kind),
            timeZone: preferences.timeZone,
            digits: display?.digits,
          });
          return () => deps.mailer.send({ to: user.email, lang: preferences.locale, ...mail });
        },
      );
      log.info({ notificationId, outcome }, 'notification e-mail');
      return { outcome };
    }),

    handleJob(digestTickJob, async (_payload, _job, log) => {
      const at = now();
      const late = await deps.store.urgentToDigest(new Date(at.getTime() - HOUR_MS));
      let queued = 0;
      for (const userId of await deps.store.usersWithDigest()) {
        const preferences = await deps.store.preferences(userId);
        const { hour, day } = localHourAndDay(at, preferences.timeZone);
        if (hour !== preferences.digestHour) continue;
        await deps.queues.enqueue(sendDigestJob, { userId, day }, { jobId: `digest-${userId}-${day}` });
        queued++;
      }
      log.info({ queued, late }, 'digests queued');
      return { queued };
    }),

    handleJob(sendDigestJob, async ({ userId }, _job, log) => {
      const rows = await deps.store.pendingDigest(userId);
      const user = await deps.users.find(userId);
      if (rows.length === 0 || !user) return { sent: 0 };
      const preferences = await deps.store.preferences(userId);
      const display = await deps.users.displayPreferences(userId);
      const secret = await deps.store.unsubscribeSecret(userId);
      const mail = digestMail(preferences.locale, await withActors(deps.users, rows), {
        publicUrl: deps.publicUrl,
        unsubscribeToken: (kind) => unsubscribeTokenFor(userId, secret, kind),
        timeZone: preferences.timeZone,
        digits: display?.digits,
      });
      await deps.mailer.send({ to: user.email, lang: preferences.locale, ...mail });
      await deps.store.markSent(rows.map((r) => r.id));
      log.info({ userId, notifications: rows.length }, 'digest e-mailed');
      return { sent: rows.length };
    }),
  ];
}

/** The hourly digest tick, as a BullMQ job scheduler (one across every worker). */
export const DIGEST_TICK_SCHEDULE = { id: 'notification-digest-tick', pattern: '0 * * * *' } as const;
