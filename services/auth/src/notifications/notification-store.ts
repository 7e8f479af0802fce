import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_KINDS,
  NOTIFICATIONS_PAGE,
  type Notification,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
  notificationPreferencesSchema,
} from '@nashr/contracts';
import { and, count, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import {
  type NotificationRow,
  notificationPreferences,
  notifications,
  pushSubscriptions,
  type schema,
  users,
} from '../db/schema.js';

type Db = PostgresJsDatabase<typeof schema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type EmailState = 'none' | 'urgent' | 'digest' | 'sent' | 'skipped';

const kindMac = (secret: string, kind: NotificationKind) =>
  createHmac('sha256', secret).update(`unsubscribe:${kind}`).digest('base64url');

/**
 * The token of one kind's unsubscribe links: `{userId}.{kind}.{mac}`, the mac keyed by the user's
 * stored secret. It names its kind, so a link from one kind's e-mail (forwarded, say) cannot turn
 * off another kind.
 */
export const unsubscribeTokenFor = (userId: string, secret: string, kind: NotificationKind): string =>
  `${userId}.${kind}.${kindMac(secret, kind)}`;

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  /** The event that caused it: the same event delivered twice makes one notification. */
  dedupeKey: string;
  postId?: string | null;
  url?: string | null;
  reason?: string | null;
  reasonCode?: string | null;
  workspaceId?: string | null;
  draftId?: string | null;
  actorId?: string | null;
  excerpt?: string | null;
  email: EmailState;
}

/** A stored notification as the API gives it; `actorEmail` is read with it (null once that account is gone). */
export function toNotification(row: NotificationRow, actorEmail: string | null = null): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    postId: row.postId,
    url: row.url,
    reason: row.reason,
    reasonCode: row.reasonCode,
    workspaceId: row.workspaceId,
    draftId: row.draftId,
    actorEmail,
    excerpt: row.excerpt,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}

type KindsUpdate = NonNullable<NotificationPreferencesUpdate['kinds']>;

/** Each kind's channels over `base`'s: a kind or a channel the update leaves out stays as it was. */
const mergeKinds = (base: NotificationPreferences['kinds'], update: KindsUpdate | undefined) =>
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, { ...base[kind], ...update?.[kind] }])) as Record<
    NotificationKind,
    NotificationPreferences['kinds'][NotificationKind]
  >;

/**
 * Stored preferences over the defaults: a kind added later starts with its default, and so does
 * a channel added later (push) in the kinds stored before it.
 */
function withDefaults(data: unknown): NotificationPreferences {
  const stored = (typeof data === 'object' && data !== null ? data : {}) as Partial<NotificationPreferences>;
  const merged = {
    ...DEFAULT_NOTIFICATION_PREFERENCES,
    ...stored,
    kinds: mergeKinds(
      DEFAULT_NOTIFICATION_PREFERENCES.kinds,
      typeof stored.kinds === 'object' && stored.kinds !== null ? stored.kinds : undefined,
    ),
  };
  const parsed = notificationPreferencesSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_NOTIFICATION_PREFERENCES;
}

export class NotificationStore {
  constructor(private readonly db: Db) {}

  /**
   * Stores a notification once per event. Returns it, and whether this call stored it: an event
   * delivered again gets the row stored the first time, so its deliveries can be queued again.
   */
  async create(entry: NewNotification): Promise<{ row: NotificationRow; created: boolean }> {
    const [row] = await this.db
      .insert(notifications)
      .values({
        userId: entry.userId,
        kind: entry.kind,
        dedupeKey: entry.dedupeKey,
        postId: entry.postId ?? null,
        url: entry.url ?? null,
        reason: entry.reason ?? null,
        reasonCode: entry.reasonCode ?? null,
        workspaceId: entry.workspaceId ?? null,
        draftId: entry.draftId ?? null,
        actorId: entry.actorId ?? null,
        excerpt: entry.excerpt ?? null,
        email: entry.email,
      })
      .onConflictDoNothing({ target: notifications.dedupeKey })
      .returning();
    if (row) return { row, created: true };
    const [stored] = await this.db.select().from(notifications).where(eq(notifications.dedupeKey, entry.dedupeKey));
    // Gone in between: the account was deleted meanwhile; the event's retry finds no user.
    if (!stored) throw new Error('The notification of this event was deleted while it was being told');
    return { row: stored, created: false };
  }

  async find(id: string): Promise<NotificationRow | undefined> {
    const [row] = await this.db.select().from(notifications).where(eq(notifications.id, id));
    return row;
  }

  /** The newest first, of the kinds the user sees in the app, and how many of those are unread. */
  async list(userId: string): Promise<{ notifications: Notification[]; unread: number }> {
    const shown = await this.shownKinds(userId);
    if (shown.length === 0) return { notifications: [], unread: 0 };
    const mine = and(eq(notifications.userId, userId), inArray(notifications.kind, shown));
    const [rows, [unread]] = await Promise.all([
      // Who acted is read now, not kept: an account deleted since leaves no address in others' bells.
      this.db
        .select({ row: notifications, actorEmail: users.email })
        .from(notifications)
        .leftJoin(users, eq(users.id, notifications.actorId))
        .where(mine)
        .orderBy(desc(notifications.createdAt))
        .limit(NOTIFICATIONS_PAGE),
      this.db
        .select({ n: count() })
        .from(notifications)
        .where(and(mine, isNull(notifications.readAt))),
    ]);
    return {
      notifications: rows.map(({ row, actorEmail }) => toNotification(row, actorEmail)),
      unread: unread?.n ?? 0,
    };
  }

  private async shownKinds(userId: string): Promise<NotificationKind[]> {
    const preferences = await this.preferences(userId);
    return NOTIFICATION_KINDS.filter((kind) => preferences.kinds[kind].app);
  }

  /** Marks the user's own notifications read; ids of someone else's are simply not found. */
  async markRead(userId: string, ids: string[] | 'all'): Promise<number> {
    const rows = await this.db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(notifications.userId, userId),
          isNull(notifications.readAt),
          ids === 'all' ? undefined : inArray(notifications.id, ids),
        ),
      )
      .returning({ id: notifications.id });
    return rows.length;
  }

  async preferences(userId: string): Promise<NotificationPreferences> {
    const [row] = await this.db
      .select({ data: notificationPreferences.data })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId));
    return withDefaults(row?.data);
  }

  /** Applies a partial update in one statement, so two tabs saving different parts both keep theirs. */
  async updatePreferences(userId: string, update: NotificationPreferencesUpdate): Promise<NotificationPreferences> {
    return this.db.transaction(async (tx) => {
      await tx
        .insert(notificationPreferences)
        .values({ userId, data: {}, unsubscribeToken: randomBytes(32).toString('base64url') })
        .onConflictDoNothing({ target: notificationPreferences.userId });
      const [row] = await tx
        .select({ data: notificationPreferences.data })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId))
        .for('update');
      const current = withDefaults(row?.data);
      const next = withDefaults({ ...current, ...update, kinds: mergeKinds(current.kinds, update.kinds) });
      await tx
        .update(notificationPreferences)
        .set({ data: next, updatedAt: sql`now()` })
        .where(eq(notificationPreferences.userId, userId));
      return next;
    });
  }

  /** The user's secret the unsubscribe tokens are made with (unsubscribeTokenFor), made on first use. */
  async unsubscribeSecret(userId: string): Promise<string> {
    await this.db
      .insert(notificationPreferences)
      .values({ userId, data: {}, unsubscribeToken: randomBytes(32).toString('base64url') })
      .onConflictDoNothing({ target: notificationPreferences.userId });
    const [row] = await this.db
      .select({ token: notificationPreferences.unsubscribeToken })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId));
    if (!row) throw new Error('unsubscribe token was not stored');
    return row.token;
  }

  /**
   * Turns off e-mail of one kind for the holder of that kind's token; false when the token is
   * unknown or made for another kind. Links of before tokens named their kind carry the bare
   * secret: they are refused too, as they would turn off any kind.
   */
  async unsubscribe(token: string, kind: NotificationKind): Promise<boolean> {
    const [userId, tokenKind, mac, ...rest] = token.split('.');
    if (rest.length > 0 || tokenKind !== kind || !mac || !userId || !UUID.test(userId)) return false;
    const [row] = await this.db
      .select({ userId: notificationPreferences.userId, secret: notificationPreferences.unsubscribeToken })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId));
    if (!row) return false;
    const expected = Buffer.from(kindMac(row.secret, kind));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    const current = await this.preferences(row.userId);
    await this.updatePreferences(row.userId, { kinds: { [kind]: { ...current.kinds[kind], email: false } } });
    // What was waiting to be mailed of that kind is not mailed any more.
    await this.db
      .update(notifications)
      .set({ email: 'skipped' })
      .where(
        and(
          eq(notifications.userId, row.userId),
          eq(notifications.kind, kind),
          inArray(notifications.email, ['urgent', 'digest']),
        ),
      );
    return true;
  }

  /**
   * Sends one urgent e-mail under the hourly cap: one user's e-mails are decided one at a time (an
   * advisory lock), so a burst handled by several workers at once cannot pass the cap. The e-mail
   * goes out before the row says sent: a crash in between repeats an e-mail rather than losing one.
   *
   * `compose` reads what the e-mail needs and returns how to send it (null: not to be sent). It
   * runs before the transaction: a transaction that waited for a second pool connection while it
   * held one would, in a burst for one user (each job holding a connection while it waits for the
   * lock), leave none for the holder, and the worker would stall. Inside, only the send runs.
   */
  async sendUrgent(
    id: string,
    cap: { max: number; since: Date },
    compose: (row: NotificationRow) => Promise<(() => Promise<void>) | null>,
  ): Promise<'sent' | 'capped' | 'skipped' | 'gone'> {
    const [first] = await this.db.select().from(notifications).where(eq(notifications.id, id));
    if (first?.email !== 'urgent') return 'gone';
    const send = await compose(first);
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`notify-mail:${first.userId}`}))`);
      // Read again under the lock: another attempt may have decided this one meanwhile.
      const [row] = await tx.select().from(notifications).where(eq(notifications.id, id));
      if (row?.email !== 'urgent') return 'gone';
      const [recent] = await tx
        .select({ n: count() })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, row.userId),
            eq(notifications.email, 'sent'),
            gt(notifications.emailedAt, cap.since),
          ),
        );
      let outcome: 'sent' | 'capped' | 'skipped';
      if ((recent?.n ?? 0) >= cap.max) outcome = 'capped';
      else if (send) {
        await send();
        outcome = 'sent';
      } else outcome = 'skipped';
      const email: EmailState = outcome === 'capped' ? 'digest' : outcome;
      await tx
        .update(notifications)
        .set({ email, ...(email === 'sent' ? { emailedAt: sql`now()` } : {}) })
        .where(eq(notifications.id, id));
      return outcome;
    });
  }

  /** Everything of the user's, for 'Download my data': notifications, preferences and push devices. */
  async exportOf(userId: string) {
    const rows = await this.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt))
      .limit(10_000);
    const devices = await this.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(pushSubscriptions.createdAt)
      .limit(100);
    return {
      preferences: await this.preferences(userId),
      // Without who acted: that is another member's address, not the user's data.
      notifications: rows.map((row) => toNotification(row)),
      // The devices push goes to: the push service and the dates, not the keys nor the device's address there.
      pushDevices: devices.map((device) => ({
        label: device.label,
        pushService: new URL(device.endpoint).host,
        createdAt: device.createdAt.toISOString(),
        lastDeliveredAt: device.lastSuccessAt?.toISOString() ?? null,
      })),
    };
  }

  /**
   * A deleted account's notifications, preferences and the devices they were pushed to; and its
   * id as who acted in other members' notifications (they stay, naming no one).
   */
  async deleteUser(userId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(notifications).where(eq(notifications.userId, userId));
      await tx.update(notifications).set({ actorId: null }).where(eq(notifications.actorId, userId));
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
      await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
    });
  }

  /** Users with something waiting for the digest. */
  async usersWithDigest(): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.email, 'digest'))
      .limit(10_000);
    return rows.map((r) => r.userId);
  }

  /** What waits for the user's digest, oldest first. */
  async pendingDigest(userId: string): Promise<NotificationRow[]> {
    return this.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.email, 'digest')))
      .orderBy(notifications.createdAt)
      .limit(200);
  }

  /** After the digest went out. Sent before marking: a crash in between repeats a mail rather than losing one. */
  async markSent(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(notifications)
      .set({ email: 'sent', emailedAt: sql`now()` })
      .where(and(inArray(notifications.id, ids), eq(notifications.email, 'digest')));
  }

  /** Urgent e-mails still unsent after `before` (their job gave up: the mail server was down): into the digest. */
  async urgentToDigest(before: Date): Promise<number> {
    const rows = await this.db
      .update(notifications)
      .set({ email: 'digest' })
      .where(and(eq(notifications.email, 'urgent'), lt(notifications.createdAt, before)))
      .returning({ id: notifications.id });
    return rows.length;
  }
}
