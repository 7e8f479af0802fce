import { API } from '@nashr/contracts';
import { identityOf, route, type ServiceApp } from '@nashr/platform';
import { asc, eq } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import {
  entitlements,
  providerEvents,
  providerSubscriptions,
  type schema,
  testSessions,
  testSubscriptions,
} from './db/schema.js';

type Db = PostgresJsDatabase<typeof schema>;

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

/**
 * The billing part of 'Download my data': the plan with its trial and period as stored, the
 * payment provider's events recorded for the user, the provider's subscriptions billing accepted
 * or refused (with the refunds of refused ones), and (with the test-payments provider) its
 * checkouts and subscriptions. Card details are never stored here: the provider keeps them.
 */
export async function exportBillingData(db: Db, userId: string) {
  const [plan] = await db.select().from(entitlements).where(eq(entitlements.userId, userId));
  const events = await db
    .select()
    .from(providerEvents)
    .where(eq(providerEvents.userId, userId))
    .orderBy(asc(providerEvents.receivedAt));
  const checkouts = await db
    .select()
    .from(testSessions)
    .where(eq(testSessions.userId, userId))
    .orderBy(asc(testSessions.createdAt));
  const subscriptions = await db.select().from(testSubscriptions).where(eq(testSubscriptions.userId, userId));
  const decided = await db
    .select()
    .from(providerSubscriptions)
    .where(eq(providerSubscriptions.userId, userId))
    .orderBy(asc(providerSubscriptions.decidedAt));
  return {
    subscription: plan
      ? {
          plan: plan.plan,
          status: plan.status,
          trialEndsAt: iso(plan.trialEndsAt),
          periodStart: iso(plan.periodStart),
          periodEnd: iso(plan.periodEnd),
          cancelAtPeriodEnd: plan.cancelAtPeriodEnd,
          pastDueAt: iso(plan.pastDueAt),
          provider: plan.provider,
          customerId: plan.customerId,
          subscriptionId: plan.subscriptionId,
          createdAt: plan.createdAt.toISOString(),
          updatedAt: plan.updatedAt.toISOString(),
        }
      : null,
    providerEvents: events.map((e) => ({
      provider: e.provider,
      eventId: e.eventId,
      type: e.type,
      receivedAt: e.receivedAt.toISOString(),
    })),
    providerSubscriptions: decided.map((d) => ({
      provider: d.provider,
      subscriptionId: d.subscriptionId,
      checkoutId: d.checkoutId,
      outcome: d.outcome,
      reason: d.reason,
      decidedAt: d.decidedAt.toISOString(),
      cancelledAt: iso(d.cancelledAt),
      settledAt: iso(d.settledAt),
      refundIds: d.refundIds,
    })),
    checkouts: checkouts.map((s) => ({
      id: s.id,
      kind: s.kind,
      plan: s.plan,
      subscriptionId: s.subscriptionId,
      createdAt: s.createdAt.toISOString(),
      completedAt: iso(s.completedAt),
    })),
    testSubscriptions: subscriptions.map((s) => ({
      id: s.id,
      plan: s.plan,
      status: s.status,
      periodStart: s.periodStart.toISOString(),
      periodEnd: s.periodEnd.toISOString(),
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      refundId: s.refundId,
    })),
  };
}

/** The billing part of 'Download my data'. */
export function userDataRoutes(app: ServiceApp, db: Db): void {
  route(app, API.billing.export, { checkResponses: true }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { success: true as const, data: await exportBillingData(db, identityOf(request).userId) };
  });
}
