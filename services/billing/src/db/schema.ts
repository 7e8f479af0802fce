import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const billingSchema = pgSchema('billing');

/** What each user may do: one row per account, from its trial on. */
export const entitlements = billingSchema.table(
  'entitlements',
  {
    userId: uuid('user_id').primaryKey(),
    plan: text('plan').notNull(),
    /** trialing | active | past_due | canceled | expired, as stored (a trial past its end reads as expired). */
    status: text('status').notNull(),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** When the payment failed that made the plan past due: the grace period counts from here. */
    pastDueAt: timestamp('past_due_at', { withTimezone: true }),
    provider: text('provider'),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id'),
    /**
     * When the provider stated the subscription state this row holds (its event's time, and the
     * rank of its kind for events of the same second): an older statement arriving late is ignored.
     */
    stateAt: timestamp('state_at', { withTimezone: true }),
    stateRank: integer('state_rank').notNull().default(0),
    /** Raised by every change; the copies other services keep ignore events older than theirs. */
    version: integer('version').notNull().default(1),
    /**
     * The highest version announced (`entitlement-changed`). Below `version`, the change is owed to
     * the services that enforce limits (an outbox kept in the row the change writes): the sweep
     * announces a row still owed a while after its change.
     */
    announcedVersion: integer('announced_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('entitlements_customer_idx').on(t.provider, t.customerId),
    index('entitlements_unannounced_idx').on(t.updatedAt).where(sql`${t.announcedVersion} < ${t.version}`),
  ],
);

/** Every provider event applied, by its id: a replayed event is seen here and changes nothing. */
export const providerEvents = billingSchema.table(
  'provider_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    userId: uuid('user_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** The test-payments provider's own records: its checkout and portal sessions and its subscriptions. */
export const testSessions = billingSchema.table('test_sessions', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  userId: uuid('user_id').notNull(),
  plan: text('plan'),
  subscriptionId: text('subscription_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

export const testSubscriptions = billingSchema.table('test_subscriptions', {
  id: text('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  customerId: text('customer_id').notNull(),
  plan: text('plan').notNull(),
  status: text('status').notNull(),
  periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
  periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  /** Set when billing refunded it (a refused checkout's subscription): no money moved, but the record says so. */
  refundId: text('refund_id'),
});

/**
 * The user's one open checkout, whatever the provider: opening another replaces it (the old one is
 * void), and completing it marks it, so a stale or second payment of it finds nothing to complete.
 */
export const checkouts = billingSchema.table('checkouts', {
  userId: uuid('user_id').primaryKey(),
  checkoutId: text('checkout_id').notNull(),
  plan: text('plan').notNull(),
  openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

/**
 * Every provider subscription billing has decided on, by the checkout that made it. Accepted: it
 * completed the user's open checkout (or was the user's subscription before this record existed);
 * only an accepted subscription's events change a plan. Refused: its checkout was stale, or the
 * user had a subscription already; its events never change a plan, and it is cancelled and its
 * payment refunded at the provider by a retried job, each step recorded so a retry resumes after
 * the last one done.
 */
export const providerSubscriptions = billingSchema.table(
  'provider_subscriptions',
  {
    provider: text('provider').notNull(),
    subscriptionId: text('subscription_id').notNull(),
    /** Null once the account is deleted: a refund still owed is still made. */
    userId: uuid('user_id'),
    /** The checkout that made it, when billing saw it. */
    checkoutId: text('checkout_id'),
    /** accepted | refused */
    outcome: text('outcome').notNull(),
    /** Why it was refused: stale (not the open checkout) or subscribed (a second subscription). */
    reason: text('reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
    /** A refused one: when the provider confirmed it cancelled. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /**
     * A refused one: when nothing more was owed, its payment refunded (`refundIds`, empty when
     * nothing had been paid). Refusals recorded before refunds were made (no reason) were cancelled
     * then; migration 0004 marks them not settled, so the sweep refunds them too.
     */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    refundIds: text('refund_ids').array().notNull().default([]),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.subscriptionId] }),
    index('provider_subscriptions_user_idx').on(t.userId),
  ],
);
export type ProviderSubscriptionRow = typeof providerSubscriptions.$inferSelect;

/**
 * The people who have had their free trial, by a keyed hash of their normalized e-mail address
 * (never the address or the user id): kept after the account is deleted, so a new account for
 * the same person starts without a trial.
 */
export const trialGrants = billingSchema.table('trial_grants', {
  emailHash: text('email_hash').primaryKey(),
  grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
});

export const schema = {
  entitlements,
  providerEvents,
  testSessions,
  testSubscriptions,
  checkouts,
  providerSubscriptions,
  trialGrants,
};
export type EntitlementRow = typeof entitlements.$inferSelect;
