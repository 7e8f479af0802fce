import {
  type Entitlement,
  type EntitlementStatus,
  entitlementChangedEvent,
  graceEndedJob,
  type PlanId,
  TRIAL_DAYS,
} from '@nashr/contracts';
import type { Queues } from '@nashr/platform';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import {
  checkouts,
  type EntitlementRow,
  entitlements,
  providerEvents,
  providerSubscriptions,
  type schema,
  trialGrants,
} from './db/schema.js';
import { PLANS } from './plans.js';
import { PROVIDER_EVENT_TYPES, type ProviderEvent } from './providers/types.js';

type Db = PostgresJsDatabase<typeof schema>;
const DAY_MS = 24 * 3600 * 1000;

const asPlan = (value: string): PlanId => (value in PLANS ? (value as PlanId) : 'trial');

/** When a past-due plan's grace ends: the grace days after the failed payment (or after the period, for older rows). */
export function graceEndsAt(row: EntitlementRow, graceDays: number): Date | null {
  if (row.status !== 'past_due') return null;
  const from = row.pastDueAt ?? row.periodEnd;
  return from ? new Date(from.getTime() + graceDays * DAY_MS) : null;
}

/**
 * The status as it stands at `now`: a trial past its end has expired, a cancelled plan past its
 * period end has expired, and a failed payment past the grace period has too.
 */
export function effectiveStatus(row: EntitlementRow, now: Date, graceDays: number): EntitlementStatus {
  const status = row.status as EntitlementStatus;
  const end = row.periodEnd?.getTime();
  if (status === 'trialing' && end !== undefined && now.getTime() >= end) return 'expired';
  if (status === 'canceled' && (end === undefined || now.getTime() >= end)) return 'expired';
  const graceEnd = graceEndsAt(row, graceDays);
  if (status === 'past_due' && graceEnd && now.getTime() >= graceEnd.getTime()) return 'expired';
  return status;
}

export const isActiveStatus = (status: EntitlementStatus): boolean => status !== 'expired';

/** What a new account is entitled to before billing has started its trial (the same trial, not yet stored). */
function trialRow(userId: string, now: Date): EntitlementRow {
  const end = new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
  return {
    userId,
    plan: 'trial',
    status: 'trialing',
    trialEndsAt: end,
    periodStart: now,
    periodEnd: end,
    cancelAtPeriodEnd: false,
    pastDueAt: null,
    provider: null,
    customerId: null,
    subscriptionId: null,
    stateAt: null,
    stateRank: 0,
    version: 0,
    announcedVersion: 0,
    createdAt: now,
    updatedAt: now,
  };
}

/** What became of the row an account starts with, when its trial was asked for. */
function noTrialRow(userId: string, now: Date): EntitlementRow {
  // No trial: the plan reads as ended from the start, so nothing is granted until a plan is paid.
  return { ...trialRow(userId, now), status: 'expired', trialEndsAt: null, periodEnd: now };
}

export interface ApplyResult {
  /** False when the event was seen before (a replay): nothing changed. */
  fresh: boolean;
  /** The row after the event, when it changed. */
  changed: EntitlementRow | null;
  /**
   * A paid checkout that was not the user's open one, or that would be a second subscription:
   * the subscription it made must be cancelled and its payment refunded at the provider.
   */
  refused?: { subscriptionId: string | null } | null;
  /**
   * A subscription billing has not decided on, told before its checkout and without naming it:
   * nothing was recorded; apply the event again with the checkout that made it (null: none).
   */
  checkoutUnknown?: boolean;
}

/** Thrown inside the event's transaction to undo it: the event needs its subscription's checkout. */
class CheckoutUnknown extends Error {}

/**
 * completed: this call completed the user's open checkout. already: it was completed before (a
 * second click of Pay). stale: it is not the user's open checkout (another replaced it). subscribed:
 * the user has a subscription already.
 */
export type CheckoutClaim = 'completed' | 'already' | 'stale' | 'subscribed';

/** How long a paid checkout holds off a new one while its subscription has not arrived yet. */
const PENDING_PAYMENT_MS = 3600 * 1000;

/**
 * Users' entitlements. Every change raises the row's version and announces it with the
 * `entitlement-changed` event, whose id carries the version, so a retried publish is delivered once.
 * A change whose announcement is lost stays owed in its row (`announcedVersion`) until the sweep.
 */
export class EntitlementStore {
  constructor(
    private readonly db: Db,
    private readonly queues: Queues,
    private readonly graceDays: number,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async row(userId: string): Promise<EntitlementRow | undefined> {
    const [row] = await this.db.select().from(entitlements).where(eq(entitlements.userId, userId));
    return row;
  }

  /**
   * The caller's entitlement as the Billing page shows it. An account whose creation has not
   * reached billing yet reads as the trial it is about to start (a read never writes).
   */
  async view(userId: string): Promise<Entitlement> {
    const now = this.clock();
    return this.present((await this.row(userId)) ?? trialRow(userId, now), now);
  }

  present(row: EntitlementRow, now = this.clock()): Entitlement {
    const status = effectiveStatus(row, now, this.graceDays);
    const plan = asPlan(row.plan);
    return {
      plan,
      status,
      active: isActiveStatus(status),
      limits: PLANS[plan].limits,
      trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
      currentPeriodStart: row.periodStart?.toISOString() ?? null,
      currentPeriodEnd: row.periodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      graceEndsAt: status === 'past_due' ? (graceEndsAt(row, this.graceDays)?.toISOString() ?? null) : null,
      provider: row.provider,
      version: row.version,
      ...(row.plan === 'trial' && !row.trialEndsAt ? { trialUsedBefore: true } : {}),
    };
  }

  /**
   * Starts a new account's trial, once: a second call (a redelivered event) changes nothing. With
   * `emailHash` (the keyed hash of the normalized address), the trial is granted once per person:
   * an address that had one before (an account deleted and made again, a +tag) starts the account
   * without a trial. The hash is kept after the account is deleted; it names neither.
   */
  async startTrial(
    userId: string,
    createdAt: Date,
    emailHash: string | null = null,
    requestId?: string,
  ): Promise<{ started: boolean; trial: boolean }> {
    const row = await this.db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ userId: entitlements.userId })
        .from(entitlements)
        .where(eq(entitlements.userId, userId));
      if (existing) return undefined;
      let granted = true;
      if (emailHash) {
        const [grant] = await tx
          .insert(trialGrants)
          .values({ emailHash, grantedAt: createdAt })
          .onConflictDoNothing()
          .returning({ emailHash: trialGrants.emailHash });
        granted = Boolean(grant);
      }
      const values = granted ? trialRow(userId, createdAt) : noTrialRow(userId, createdAt);
      const [inserted] = await tx
        .insert(entitlements)
        .values({ ...values, version: 1 })
        .onConflictDoNothing()
        .returning();
      return inserted;
    });
    if (row) await this.announce(row, requestId);
    return { started: Boolean(row), trial: row ? row.status === 'trialing' : false };
  }

  /** Whether the row holds a paid subscription that still gives its plan (a second one must be refused). */
  subscribed(row: EntitlementRow | undefined): boolean {
    return Boolean(row?.subscriptionId) && row?.status !== 'expired' && this.present(row as EntitlementRow).active;
  }

  /**
   * A checkout was opened: it becomes the user's one open checkout, and any other one is void
   * (paying it is refused). Answers the checkout it replaced, if that one was open.
   */
  async openCheckout(userId: string, checkoutId: string, plan: string): Promise<string | null> {
    const now = this.clock();
    const [before] = await this.db.select().from(checkouts).where(eq(checkouts.userId, userId));
    await this.db
      .insert(checkouts)
      .values({ userId, checkoutId, plan, openedAt: now, completedAt: null })
      .onConflictDoUpdate({ target: checkouts.userId, set: { checkoutId, plan, openedAt: now, completedAt: null } });
    // The one replaced, when it was still open: the caller closes it at the provider.
    return before && !before.completedAt && before.checkoutId !== checkoutId ? before.checkoutId : null;
  }

  /** Whether this is the user's open checkout: not replaced by a newer one, not completed. */
  async isOpenCheckout(userId: string, checkoutId: string): Promise<boolean> {
    const [open] = await this.db.select().from(checkouts).where(eq(checkouts.userId, userId));
    return open?.checkoutId === checkoutId && !open.completedAt;
  }

  /** True while a checkout of the user was paid and its subscription has not reached billing yet. */
  async paymentPending(userId: string): Promise<boolean> {
    const [open] = await this.db.select().from(checkouts).where(eq(checkouts.userId, userId));
    if (!open?.completedAt) return false;
    if (this.clock().getTime() - open.completedAt.getTime() > PENDING_PAYMENT_MS) return false;
    const row = await this.row(userId);
    return !row?.stateAt || row.stateAt.getTime() < open.completedAt.getTime();
  }

  /**
   * Completes a checkout, atomically: only the user's open checkout, and only while the user has
   * no subscription (other than the one this checkout made). Parallel completions queue on the
   * checkout's row: one completes, the others read it as completed or void.
   */
  async claimCheckout(userId: string, checkoutId: string): Promise<CheckoutClaim> {
    return this.db.transaction((tx) => this.claimIn(tx, userId, checkoutId, null));
  }

  /**
   * The claim, and with the subscription the checkout made, billing's decision on it: accepted
   * when the checkout completes (now or before), refused otherwise (recorded once, to settle).
   */
  private async claimIn(
    tx: Db,
    userId: string,
    checkoutId: string,
    made: { provider: string; subscriptionId: string | null } | null,
  ): Promise<CheckoutClaim> {
    const [row] = await tx.select().from(entitlements).where(eq(entitlements.userId, userId)).for('update');
    const [open] = await tx.select().from(checkouts).where(eq(checkouts.userId, userId)).for('update');
    // A subscription refused once stays refused: its checkout's later events never complete it.
    const decided = made?.subscriptionId ? await this.decisionOn(tx, made.provider, made.subscriptionId) : undefined;
    const claim: CheckoutClaim =
      decided?.outcome === 'refused'
        ? decided.reason === 'subscribed'
          ? 'subscribed'
          : 'stale'
        : open?.checkoutId !== checkoutId
          ? 'stale'
          : open.completedAt
            ? 'already'
            : this.subscribed(row) && row?.subscriptionId !== made?.subscriptionId
              ? 'subscribed'
              : 'completed';
    if (claim === 'completed') {
      await tx
        .update(checkouts)
        .set({ completedAt: this.clock() })
        .where(and(eq(checkouts.userId, userId), eq(checkouts.checkoutId, checkoutId), isNull(checkouts.completedAt)));
    }
    if (made?.subscriptionId) {
      const refused = claim === 'stale' || claim === 'subscribed';
      await tx
        .insert(providerSubscriptions)
        .values({
          provider: made.provider,
          subscriptionId: made.subscriptionId,
          userId,
          checkoutId,
          outcome: refused ? 'refused' : 'accepted',
          reason: refused ? claim : null,
          decidedAt: this.clock(),
        })
        .onConflictDoNothing();
    }
    return claim;
  }

  /** Billing's decision on a subscription, if it made one. */
  private async decisionOn(tx: Db, provider: string, subscriptionId: string) {
    const [decided] = await tx
      .select({ outcome: providerSubscriptions.outcome, reason: providerSubscriptions.reason })
      .from(providerSubscriptions)
      .where(
        and(eq(providerSubscriptions.provider, provider), eq(providerSubscriptions.subscriptionId, subscriptionId)),
      );
    return decided as { outcome: 'accepted' | 'refused'; reason: string | null } | undefined;
  }

  /** Forgets an event's record, so the provider's retry of it is handled again (its handling failed). */
  async forgetEvent(provider: string, eventId: string): Promise<void> {
    await this.db
      .delete(providerEvents)
      .where(and(eq(providerEvents.provider, provider), eq(providerEvents.eventId, eventId)));
  }

  /** Tells the services that enforce limits what the user's entitlement is now. */
  async announce(row: EntitlementRow, requestId?: string): Promise<void> {
    const view = this.present(row);
    await this.queues.publish(
      entitlementChangedEvent,
      {
        userId: row.userId,
        version: row.version,
        plan: view.plan,
        status: row.status as EntitlementStatus,
        active: view.active,
        limits: view.limits,
        periodStart: view.currentPeriodStart,
        periodEnd: view.currentPeriodEnd,
        requestId,
      },
      { id: `${row.userId}-${row.version}` },
    );
    await this.db
      .update(entitlements)
      .set({ announcedVersion: sql`greatest(${entitlements.announcedVersion}, ${row.version})` })
      .where(eq(entitlements.userId, row.userId));
  }

  /**
   * Announces again the entitlements changed at least `olderThanMs` ago whose announcement never
   * went out (the process stopped, or Redis refused it, after the change was committed): up to
   * `limit` of them, oldest change first. Returns how many were announced.
   */
  async announceOwed(olderThanMs: number, limit: number): Promise<number> {
    const owed = await this.db
      .select()
      .from(entitlements)
      .where(
        and(
          sql`${entitlements.announcedVersion} < ${entitlements.version}`,
          lte(entitlements.updatedAt, new Date(this.clock().getTime() - olderThanMs)),
        ),
      )
      .orderBy(asc(entitlements.updatedAt))
      .limit(limit);
    for (const row of owed) await this.announce(row);
    return owed.length;
  }

  /**
   * Applies one provider event: at most once by its id, and only when it is newer than the state
   * the row holds, so a replay or a late, older event changes nothing.
   */
  async applyProviderEvent(provider: string, event: ProviderEvent, requestId?: string): Promise<ApplyResult> {
    let result: ApplyResult;
    try {
      result = await this.db.transaction(async (tx) => {
        const [seen] = await tx
          .insert(providerEvents)
          .values({ provider, eventId: event.id, type: event.type, userId: event.userId })
          .onConflictDoNothing()
          .returning({ eventId: providerEvents.eventId });
        if (!seen) return { fresh: false, changed: null };
        const row = await this.rowForEvent(tx, provider, event);
        if (!row) {
          // About no account billing holds (one deleted, its subscription's end told late): the
          // record keeps the event id for idempotency, not the user's id.
          if (event.userId) {
            await tx
              .update(providerEvents)
              .set({ userId: null })
              .where(and(eq(providerEvents.provider, provider), eq(providerEvents.eventId, event.id)));
          }
          return { fresh: true, changed: null };
        }
        const refusal = await this.decideIn(tx, provider, row, event);
        if (refusal) return { fresh: true, changed: null, ...refusal };
        const changes = this.changesFor(row, provider, event);
        if (!changes) return { fresh: true, changed: null };
        const [changed] = await tx
          .update(entitlements)
          .set({ ...changes, version: sql`${entitlements.version} + 1`, updatedAt: this.clock() })
          .where(eq(entitlements.userId, row.userId))
          .returning();
        return { fresh: true, changed: changed ?? null };
      });
    } catch (error) {
      if (error instanceof CheckoutUnknown) return { fresh: true, changed: null, checkoutUnknown: true };
      throw error;
    }
    if (result.changed) {
      await this.announce(result.changed, requestId);
      await this.scheduleGraceEnd(result.changed);
    }
    return result;
  }

  /**
   * Whether the event may change the plan, whichever of a checkout's events comes first: a
   * checkout completes only as the user's open one (`claimIn`), and a subscription's state counts
   * only once billing accepted the subscription, as the one its user's accepted checkout made.
   * Answers null when it may, else what stops it (`refused` when this event refused a subscription).
   */
  private async decideIn(
    tx: Db,
    provider: string,
    row: EntitlementRow,
    event: ProviderEvent,
  ): Promise<Pick<ApplyResult, 'refused'> | null> {
    const sub = event.subscription;
    if (event.type === 'checkout.completed') {
      if (!event.checkout) return null;
      const subscriptionId = event.checkout.subscriptionId;
      const claim = await this.claimIn(tx, row.userId, event.checkout.id, { provider, subscriptionId });
      return claim === 'stale' || claim === 'subscribed' ? { refused: { subscriptionId } } : null;
    }
    if (!sub) return null;
    const decided = await this.decisionOn(tx, provider, sub.id);
    if (decided?.outcome === 'accepted') return null;
    if (decided?.outcome === 'refused') return {};
    // Not decided yet: told before its checkout. An ended subscription claims nothing (it grants nothing).
    if (event.type === 'subscription.deleted' || sub.status === 'canceled') return {};
    if (event.checkout === undefined) throw new CheckoutUnknown();
    // Made by no checkout of this user's: it never grants a plan.
    if (!event.checkout) return {};
    const claim = await this.claimIn(tx, row.userId, event.checkout.id, { provider, subscriptionId: sub.id });
    return claim === 'stale' || claim === 'subscribed' ? { refused: { subscriptionId: sub.id } } : null;
  }

  /** A plan gone past due falls back when its grace ends: a delayed job says so then. */
  private async scheduleGraceEnd(row: EntitlementRow): Promise<void> {
    const end = graceEndsAt(row, this.graceDays);
    if (!end) return;
    await this.queues.enqueue(
      graceEndedJob,
      { userId: row.userId, version: row.version },
      {
        jobId: `grace-ended-${row.userId}-${row.version}`,
        delay: Math.max(0, end.getTime() - this.clock().getTime()),
      },
    );
  }

  /**
   * The grace of a failed payment is over: the plan falls back as at the end of a trial, and the
   * services that enforce limits are told. Nothing happens when the row has moved on (paid, or
   * changed again: that change scheduled its own job) or the grace is not over yet.
   */
  async endGrace(userId: string, version: number, requestId?: string): Promise<boolean> {
    const now = this.clock();
    const [changed] = await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(entitlements).where(eq(entitlements.userId, userId)).for('update');
      if (!row || row.version !== version || row.status !== 'past_due') return [];
      if (effectiveStatus(row, now, this.graceDays) !== 'expired') return [];
      return tx
        .update(entitlements)
        .set({ status: 'expired', version: sql`${entitlements.version} + 1`, updatedAt: now })
        .where(eq(entitlements.userId, userId))
        .returning();
    });
    if (changed) await this.announce(changed, requestId);
    return Boolean(changed);
  }

  /** The row an event is about: by our user id when it names one, else by the provider's customer. */
  private async rowForEvent(tx: Db, provider: string, event: ProviderEvent): Promise<EntitlementRow | undefined> {
    if (event.userId) {
      // An account whose user-created event has not arrived yet still gets its row (not for the end
      // of a subscription: that grants nothing, and may come after the account was deleted).
      if (event.type === 'subscription.deleted') {
        const [row] = await tx.select().from(entitlements).where(eq(entitlements.userId, event.userId)).for('update');
        return row;
      }
      await tx
        .insert(entitlements)
        .values({ ...trialRow(event.userId, event.occurredAt), version: 1 })
        .onConflictDoNothing();
      const [row] = await tx.select().from(entitlements).where(eq(entitlements.userId, event.userId)).for('update');
      return row;
    }
    if (!event.customerId) return undefined;
    const [row] = await tx
      .select()
      .from(entitlements)
      .where(and(eq(entitlements.provider, provider), eq(entitlements.customerId, event.customerId)))
      .for('update');
    return row;
  }

  /** What the event changes in the row, or null when it says nothing newer than the row holds. */
  private changesFor(row: EntitlementRow, provider: string, event: ProviderEvent): Partial<EntitlementRow> | null {
    const identity: Partial<EntitlementRow> = {
      provider,
      ...(event.customerId ? { customerId: event.customerId } : {}),
      ...(event.subscription ? { subscriptionId: event.subscription.id } : {}),
    };
    const sub = event.subscription;
    if (!sub) {
      // A checkout without the subscription's state: remember who the customer is, nothing more.
      const same = row.provider === provider && (!event.customerId || row.customerId === event.customerId);
      return same ? null : identity;
    }
    // One subscription per user: another one's events (a second checkout refused and being
    // cancelled) do not touch the plan the user pays for.
    if (row.subscriptionId && sub.id !== row.subscriptionId && this.subscribed(row)) return null;
    const rank = PROVIDER_EVENT_TYPES.indexOf(event.type);
    if (row.stateAt) {
      const older =
        event.occurredAt.getTime() < row.stateAt.getTime() ||
        (event.occurredAt.getTime() === row.stateAt.getTime() && rank <= row.stateRank);
      if (older) return row.customerId ? null : identity;
    }
    const status: EntitlementStatus =
      event.type === 'subscription.deleted' || sub.status === 'canceled'
        ? 'expired'
        : event.type === 'invoice.failed' || sub.status === 'past_due'
          ? 'past_due'
          : sub.cancelAtPeriodEnd
            ? 'canceled'
            : 'active';
    // The grace counts from the first failure: a later past-due statement does not extend it.
    const pastDueAt =
      status !== 'past_due' ? null : row.status === 'past_due' && row.pastDueAt ? row.pastDueAt : event.occurredAt;
    return {
      ...identity,
      plan: sub.plan,
      status,
      pastDueAt,
      periodStart: sub.periodStart,
      periodEnd: event.type === 'subscription.deleted' ? event.occurredAt : sub.periodEnd,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      stateAt: event.occurredAt,
      stateRank: rank,
    };
  }

  /**
   * The subscription was cancelled at the provider for the account's deletion: the plan ends now
   * (and is announced), so the deletion's own handler does not cancel it again. Its state time is
   * now: the provider's older statements of the subscription change nothing afterwards.
   */
  async endForDeletion(userId: string, subscriptionId: string, requestId?: string): Promise<void> {
    const now = this.clock();
    const [changed] = await this.db
      .update(entitlements)
      .set({
        status: 'expired',
        periodEnd: now,
        cancelAtPeriodEnd: false,
        pastDueAt: null,
        stateAt: now,
        stateRank: PROVIDER_EVENT_TYPES.indexOf('subscription.deleted'),
        version: sql`${entitlements.version} + 1`,
        updatedAt: now,
      })
      .where(and(eq(entitlements.userId, userId), eq(entitlements.subscriptionId, subscriptionId)))
      .returning();
    if (changed) await this.announce(changed, requestId);
  }

  async deleteUser(userId: string): Promise<number> {
    const rows = await this.db.delete(entitlements).where(eq(entitlements.userId, userId)).returning();
    await this.db.delete(providerEvents).where(eq(providerEvents.userId, userId));
    await this.db.delete(checkouts).where(eq(checkouts.userId, userId));
    // Kept without the user: a refund still owed is still made, and the subscriptions' late events stay decided.
    await this.db.update(providerSubscriptions).set({ userId: null }).where(eq(providerSubscriptions.userId, userId));
    return rows.length;
  }
}
