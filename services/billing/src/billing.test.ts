import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  endSubscriptionForDeletionJob,
  entitlementChangedEvent,
  entitlementsAnnounceSweepJob,
  IDENTITY_HEADERS,
  QUEUES,
  refusedSubscriptionsSweepJob,
  SUBSCRIPTION_END_WAIT_MS,
  userCreatedEvent,
  userDeletedEvent,
} from '@nashr/contracts';
import { TEST_INTERNAL_SECRET, testIdentity } from '@nashr/platform/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './app.js';
import { entitlements, providerSubscriptions, testSubscriptions, trialGrants } from './db/schema.js';
import { TEST_SIGNATURE_HEADER, testPaymentsSignature } from './providers/test-payments.js';
import { type Harness, startHarness } from './testing/harness.js';

let h: Harness;
/** Workers share two busy cores with other test files: wait generously. */
const POLL = { timeout: 10_000 };

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

type Who = ReturnType<typeof testIdentity>;
const me = async (who: Who) =>
  (await h.app.inject({ method: 'GET', url: '/api/v1/billing/me', headers: h.as(who) })).json().entitlement;
const form = { 'content-type': 'application/x-www-form-urlencoded' };
/** What the gateway adds to a visitor's request. */
const gateway = { [IDENTITY_HEADERS.internalSecret]: TEST_INTERNAL_SECRET };

/** The entitlement events waiting in the posts inbox for this user, oldest version first. */
async function announced(who: Who) {
  const jobs = await h.queues.get(QUEUES.postsInbox).getJobs(['waiting', 'delayed', 'completed', 'failed']);
  return jobs
    .filter((job) => job?.name === entitlementChangedEvent.name && job.data.userId === who.userId)
    .map((job) => job.data)
    .sort((a, b) => a.version - b.version);
}

/** Goes through the test-payments checkout as a user would: plan picker, checkout page, Pay. */
async function subscribe(who: Who, planId: string) {
  const start = await h.app.inject({
    method: 'POST',
    url: '/api/v1/billing/checkout',
    headers: h.as(who),
    payload: { planId },
  });
  expect(start.statusCode).toBe(200);
  const { url } = start.json();
  const page = await h.app.inject({ method: 'GET', url, headers: h.as(who) });
  expect(page.statusCode).toBe(200);
  const pay = await h.app.inject({
    method: 'POST',
    url: `${url}/pay`,
    headers: { ...h.as(who), ...form },
    payload: '',
  });
  expect(pay.statusCode).toBe(303);
  expect(pay.headers.location).toBe('/billing?checkout=done');
  return { url, page: page.body };
}

/** Signs a body as the test-payments provider does. */
const sign = (body: string, at = new Date()) => testPaymentsSignature(TEST_INTERNAL_SECRET, body, at);
const webhook = (body: string, signature: string) =>
  h.app.inject({
    method: 'POST',
    url: '/api/v1/billing/webhooks/test-payments',
    headers: { ...gateway, 'content-type': 'application/json', [TEST_SIGNATURE_HEADER]: signature },
    payload: body,
  });
/** A test-payments event as its pages send it; a payment's events name the checkout that made the subscription. */
const event = (who: Who, id: string, type: string, occurredAt: Date, sub: { id: string } | null, checkoutId?: string) =>
  JSON.stringify({
    id,
    type,
    occurredAt: occurredAt.toISOString(),
    userId: who.userId,
    customerId: `cus_${id}`,
    subscription: sub,
    ...(checkoutId && sub ? { checkout: { id: checkoutId, subscriptionId: sub.id } } : {}),
  });

describe('plans', () => {
  it('lists every plan with its price and limits, to visitors', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/billing/plans', headers: gateway });
    expect(res.statusCode).toBe(200);
    const plans = res.json().plans;
    expect(plans.map((p: { id: string }) => p.id)).toEqual(['trial', 'basic', 'starter', 'pro']);
    expect(plans[1]).toMatchObject({
      name: 'Basic',
      price: { amountMinor: 2499, currency: 'USD' },
      limits: { weeklyPosts: 10 },
    });
    expect(plans[2].limits).toMatchObject({ aiCredits: 500, commentingCredits: 100, engage: true, weeklyPosts: null });
    expect(plans[3].limits).toMatchObject({ aiCredits: 5000, commentingCredits: 1500, library: null });
  });
});

describe('the trial', () => {
  it('starts a 7-day trial when the account is created, once, and tells the services that enforce limits', async () => {
    const who = testIdentity();
    const createdAt = new Date();
    await h.queues.publish(userCreatedEvent, { userId: who.userId, createdAt: createdAt.toISOString() });
    await expect.poll(async () => (await announced(who)).length, POLL).toBe(1);
    // Delivered again: nothing new.
    const again = await h.queues.get(QUEUES.billingInbox).add(userCreatedEvent.name, {
      userId: who.userId,
      createdAt: new Date(createdAt.getTime() + 5000).toISOString(),
    });
    await expect
      .poll(async () => (await h.queues.get(QUEUES.billingInbox).getJob(again.id!))?.returnvalue, POLL)
      .toEqual({ started: false, trial: false });
    const entitlement = await me(who);
    expect(entitlement).toMatchObject({ plan: 'trial', status: 'trialing', active: true, limits: { weeklyPosts: 10 } });
    expect(new Date(entitlement.trialEndsAt).getTime() - createdAt.getTime()).toBeGreaterThan(7 * 86_400_000 - 2000);
    const [first] = await announced(who);
    expect(first).toMatchObject({ plan: 'trial', status: 'trialing', active: true, version: 1 });
  });

  it('answers the coming trial for an account billing has not heard of yet, storing nothing', async () => {
    const who = testIdentity();
    expect(await me(who)).toMatchObject({ plan: 'trial', status: 'trialing', version: 0 });
    expect(await announced(who)).toHaveLength(0);
  });
});

describe('subscribing through the test-payments checkout', () => {
  it('takes the price from the plan, never from the caller, and no plan is set through the API', async () => {
    const who = testIdentity();
    for (const payload of [{ planId: 'pro', amountMinor: 1 }, { planId: 'trial' }, { planId: 'enterprise' }, {}]) {
      const res = await h.app.inject({ method: 'POST', url: '/api/v1/billing/checkout', headers: h.as(who), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const anonymous = await h.app.inject({
      method: 'POST',
      url: '/api/v1/billing/checkout',
      headers: gateway,
      payload: { planId: 'pro' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('subscribes to Pro: the page says no money moves, and the plan is active for a month', async () => {
    const who = testIdentity();
    const { page } = await subscribe(who, 'pro');
    expect(page).toContain('Test payments: no money moves.');
    expect(page).toContain('44.99 USD');
    const entitlement = await me(who);
    expect(entitlement).toMatchObject({ plan: 'pro', status: 'active', active: true, provider: 'test-payments' });
    expect(entitlement.limits).toMatchObject({ aiCredits: 5000, commentingCredits: 1500 });
    expect(new Date(entitlement.currentPeriodEnd).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect((await announced(who)).at(-1)).toMatchObject({ plan: 'pro', status: 'active', active: true });
    // A second checkout while subscribed: manage it instead.
    const again = await h.app.inject({
      method: 'POST',
      url: '/api/v1/billing/checkout',
      headers: h.as(who),
      payload: { planId: 'basic' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('billing.already_subscribed');
  });

  it("keeps one user's checkout from another, and a paid checkout cannot be paid twice", async () => {
    const who = testIdentity();
    const other = testIdentity();
    const { url } = await subscribe(who, 'basic');
    const theirs = await h.app.inject({ method: 'GET', url, headers: h.as(other) });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('billing.checkout_not_found');
    // A second click on Pay shows the first one's outcome, and pays nothing more.
    const twice = await h.app.inject({
      method: 'POST',
      url: `${url}/pay`,
      headers: { ...h.as(who), ...form },
      payload: '',
    });
    expect(twice.statusCode).toBe(303);
    expect(twice.headers.location).toBe('/billing?checkout=done');
    const subs = await h.database.db.select().from(testSubscriptions).where(eq(testSubscriptions.userId, who.userId));
    expect(subs).toHaveLength(1);
  });

  it('answers a browser with pages, never raw JSON: a paid checkout says so, an unknown one is not found', async () => {
    const who = testIdentity();
    const other = testIdentity();
    const { url } = await subscribe(who, 'starter');
    const browser = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    const paid = await h.app.inject({ method: 'GET', url, headers: { ...h.as(who), ...browser } });
    expect(paid.statusCode).toBe(200);
    expect(paid.headers['content-type']).toContain('text/html');
    expect(paid.body).toContain('data-testid="checkout-paid"');
    expect(paid.body).toContain('دُفع هذا الاشتراك');
    expect(paid.body).toContain('This checkout is paid');
    expect(paid.body).not.toContain('<form');
    // Another user's checkout, paid or not, and an unknown one: the same page, which tells nothing.
    for (const address of [url, '/api/v1/billing/test-payments/checkout/cs_test_nothing']) {
      const hidden = await h.app.inject({ method: 'GET', url: address, headers: { ...h.as(other), ...browser } });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.headers['content-type']).toContain('text/html');
      expect(hidden.body).toContain('data-testid="checkout-not-found"');
      expect(hidden.body).toContain('This payment page was not found');
      expect(hidden.body).not.toContain('checkout_not_found');
    }
    const pay = await h.app.inject({
      method: 'POST',
      url: '/api/v1/billing/test-payments/checkout/cs_test_nothing/pay',
      headers: { ...h.as(who), ...form, ...browser },
      payload: '',
    });
    expect(pay.statusCode).toBe(404);
    expect(pay.body).toContain('data-testid="checkout-not-found"');
  });

  it('cancels in the portal: the plan stays until the period ends, and the end date is shown', async () => {
    const who = testIdentity();
    const none = await h.app.inject({ method: 'POST', url: '/api/v1/billing/portal', headers: h.as(who) });
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('billing.no_subscription');
    await subscribe(who, 'starter');
    const portal = await h.app.inject({ method: 'POST', url: '/api/v1/billing/portal', headers: h.as(who) });
    const { url } = portal.json();
    expect((await h.app.inject({ method: 'GET', url, headers: h.as(who) })).body).toContain('Cancel at period end');
    const cancel = await h.app.inject({
      method: 'POST',
      url: `${url}/cancel`,
      headers: { ...h.as(who), ...form },
      payload: '',
    });
    expect(cancel.statusCode).toBe(303);
    const entitlement = await me(who);
    expect(entitlement).toMatchObject({ plan: 'starter', status: 'canceled', active: true, cancelAtPeriodEnd: true });
    const page = (await h.app.inject({ method: 'GET', url, headers: h.as(who) })).body;
    expect(page).toContain(`Ends on ${entitlement.currentPeriodEnd.slice(0, 10)}`);
  });
});

describe('a failed payment in the test-payments portal', () => {
  it('keeps the plan through the grace period with its end date, until the card is fixed', async () => {
    const who = testIdentity();
    await subscribe(who, 'pro');
    const { url } = (await h.app.inject({ method: 'POST', url: '/api/v1/billing/portal', headers: h.as(who) })).json();
    expect((await h.app.inject({ method: 'GET', url, headers: h.as(who) })).body).toContain(
      'Simulate a failed payment',
    );
    const fail = await h.app.inject({
      method: 'POST',
      url: `${url}/fail`,
      headers: { ...h.as(who), ...form },
      payload: '',
    });
    expect(fail.statusCode).toBe(303);
    expect(fail.headers.location).toBe('/billing?portal=payment-failed');
    const pastDue = await me(who);
    expect(pastDue).toMatchObject({ plan: 'pro', status: 'past_due', active: true });
    const graceDays = (new Date(pastDue.graceEndsAt).getTime() - Date.now()) / 86_400_000;
    expect(graceDays).toBeGreaterThan(6.99);
    expect(graceDays).toBeLessThanOrEqual(7);
    expect((await announced(who)).at(-1)).toMatchObject({ status: 'past_due', active: true });
    const page = (await h.app.inject({ method: 'GET', url, headers: h.as(who) })).body;
    expect(page).toContain('The last payment failed.');
    const pay = await h.app.inject({
      method: 'POST',
      url: `${url}/pay`,
      headers: { ...h.as(who), ...form },
      payload: '',
    });
    expect(pay.statusCode).toBe(303);
    expect(await me(who)).toMatchObject({ plan: 'pro', status: 'active', active: true, graceEndsAt: null });
  });
});

describe('webhooks', () => {
  const sub = (status: string, cancelAtPeriodEnd: boolean, id = 'sub_1') => ({
    id,
    plan: 'pro',
    status,
    periodStart: '2026-01-01T00:00:00.000Z',
    periodEnd: '2099-02-01T00:00:00.000Z',
    cancelAtPeriodEnd,
  });

  it('refuses a forged webhook, and one signed long ago', async () => {
    const who = testIdentity();
    const body = event(who, 'evt_forged', 'subscription.created', new Date(), sub('active', false));
    const forged = await webhook(body, `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('billing.webhook_invalid');
    expect((await webhook(body, sign(body, new Date(Date.now() - 3600_000)))).statusCode).toBe(400);
    expect((await webhook(body, '')).statusCode).toBe(400);
    expect(await me(who)).toMatchObject({ plan: 'trial' });
  });

  it('applies a replayed webhook once', async () => {
    const who = testIdentity();
    const body = event(who, `evt_replay_${who.userId}`, 'subscription.created', new Date(), sub('active', false));
    const first = await webhook(body, sign(body));
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const version = (await me(who)).version;
    const replay = await webhook(body, sign(body));
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect((await me(who)).version).toBe(version);
  });

  it("ends in the right state when 'updated' arrives before 'created'", async () => {
    const who = testIdentity();
    const checkout = sessionOf(await openCheckout(who, 'pro'));
    const t0 = new Date(Date.now() - 60_000);
    const t1 = new Date(Date.now() - 30_000);
    const id = `sub_${who.userId}`;
    const updated = event(who, `evt_u_${who.userId}`, 'subscription.updated', t1, sub('active', true, id), checkout);
    const created = event(who, `evt_c_${who.userId}`, 'subscription.created', t0, sub('active', false, id), checkout);
    expect((await webhook(updated, sign(updated))).statusCode).toBe(200);
    expect((await webhook(created, sign(created))).statusCode).toBe(200);
    expect(await me(who)).toMatchObject({ plan: 'pro', status: 'canceled', cancelAtPeriodEnd: true, active: true });
  });

  it('a failed payment keeps the plan as past due; a deletion ends it', async () => {
    const who = testIdentity();
    const checkout = sessionOf(await openCheckout(who, 'pro'));
    const at = (s: number) => new Date(Date.now() - 100_000 + s * 1000);
    const id = `sub_${who.userId}`;
    const send = async (eventId: string, type: string, s: number, state: { id: string }, from?: string) => {
      const body = event(who, `${eventId}_${who.userId}`, type, at(s), state, from);
      expect((await webhook(body, sign(body))).statusCode).toBe(200);
    };
    // The payment's events name its checkout; later ones are about the subscription billing accepted.
    await send('evt_a', 'subscription.created', 1, sub('active', false, id), checkout);
    await send('evt_b', 'invoice.failed', 2, sub('past_due', false, id));
    expect(await me(who)).toMatchObject({ status: 'past_due', active: true });
    await send('evt_c', 'subscription.deleted', 3, sub('canceled', false, id));
    expect(await me(who)).toMatchObject({ status: 'expired', active: false });
  });
});

/** The test-payments checkout a page URL names. */
const sessionOf = (url: string) => url.split('/').at(-1) ?? '';

/** Opens a checkout through the API: its test-payments page. */
async function openCheckout(who: Who, planId: string): Promise<string> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/v1/billing/checkout',
    headers: h.as(who),
    payload: { planId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().url;
}
const pay = (who: Who, url: string) =>
  h.app.inject({ method: 'POST', url: `${url}/pay`, headers: { ...h.as(who), ...form }, payload: '' });
const subscriptionsOf = (who: Who) =>
  h.database.db.select().from(testSubscriptions).where(eq(testSubscriptions.userId, who.userId));

describe('a checkout completes only while it is the open one and the user has no subscription', () => {
  it('voids a checkout when another is opened: paying it is refused with a code, nothing is charged', async () => {
    const who = testIdentity();
    const basic = await openCheckout(who, 'basic');
    const starter = await openCheckout(who, 'starter');
    const stale = await pay(who, basic);
    expect(stale.statusCode).toBe(303);
    expect(stale.headers.location).toBe('/billing?checkout=refused&code=billing.checkout_stale');
    expect(await subscriptionsOf(who)).toHaveLength(0);
    expect((await pay(who, starter)).headers.location).toBe('/billing?checkout=done');
    // Paying the stale one after subscribing is refused too, and the plan stays.
    expect((await pay(who, basic)).headers.location).toBe('/billing?checkout=refused&code=billing.checkout_stale');
    expect(await me(who)).toMatchObject({ plan: 'starter', status: 'active' });
    expect(await subscriptionsOf(who)).toHaveLength(1);
  });

  it('refuses the open checkout once the user has subscribed by other means', async () => {
    const who = testIdentity();
    const url = await openCheckout(who, 'basic');
    // A subscription the user held before billing recorded the checkout of each (accepted as such).
    await h.database.db.insert(providerSubscriptions).values({
      provider: 'test-payments',
      subscriptionId: `sub_elsewhere_${who.userId}`,
      userId: who.userId,
      outcome: 'accepted',
    });
    const now = new Date();
    const sub = {
      id: `sub_elsewhere_${who.userId}`,
      plan: 'pro',
      status: 'active',
      periodStart: now.toISOString(),
      periodEnd: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
      cancelAtPeriodEnd: false,
    };
    const body = event(who, `evt_${who.userId}`, 'subscription.created', now, sub);
    expect((await webhook(body, sign(body))).statusCode).toBe(200);
    const refused = await pay(who, url);
    expect(refused.headers.location).toBe('/billing?checkout=refused&code=billing.already_subscribed');
    expect(await subscriptionsOf(who)).toHaveLength(0);
    expect(await me(who)).toMatchObject({ plan: 'pro', status: 'active' });
  });

  it('completes one of two parallel payments of the same checkout (a double click), showing one outcome', async () => {
    const who = testIdentity();
    const url = await openCheckout(who, 'pro');
    const answers = await Promise.all([pay(who, url), pay(who, url), pay(who, url)]);
    expect(answers.map((a) => a.headers.location)).toEqual(Array(3).fill('/billing?checkout=done'));
    expect(await subscriptionsOf(who)).toHaveLength(1);
  });
});

describe('a paid checkout refused at test-payments', () => {
  it('has its subscription cancelled and recorded as refunded, once: no money moves, the records say so', async () => {
    const who = testIdentity();
    const basic = await openCheckout(who, 'basic');
    const starter = await openCheckout(who, 'starter');
    // Basic paid just before Starter replaced it, and told late: the provider's record and its event.
    const now = new Date();
    const end = new Date(now.getTime() + 30 * 86_400_000);
    const subscriptionId = `sub_test_late_${who.userId}`;
    await h.database.db.insert(testSubscriptions).values({
      id: subscriptionId,
      userId: who.userId,
      customerId: `cus_test_${who.userId}`,
      plan: 'basic',
      status: 'active',
      periodStart: now,
      periodEnd: end,
    });
    const state = {
      id: subscriptionId,
      plan: 'basic',
      status: 'active',
      periodStart: now.toISOString(),
      periodEnd: end.toISOString(),
      cancelAtPeriodEnd: false,
    };
    const body = event(who, `evt_late_${who.userId}`, 'subscription.created', now, state, sessionOf(basic));
    expect((await webhook(body, sign(body))).json()).toEqual({ received: true, duplicate: false });
    expect(await me(who)).toMatchObject({ plan: 'trial' });
    await expect.poll(async () => (await subscriptionsOf(who))[0]?.refundId ?? null, POLL).toMatch(/^re_test_/);
    const [record] = await subscriptionsOf(who);
    expect(record).toMatchObject({ status: 'canceled' });
    const decided = () =>
      h.database.db
        .select()
        .from(providerSubscriptions)
        .where(eq(providerSubscriptions.subscriptionId, subscriptionId));
    await expect.poll(async () => (await decided())[0]?.settledAt ?? null, POLL).not.toBeNull();
    expect((await decided())[0]).toMatchObject({
      outcome: 'refused',
      reason: 'stale',
      refundIds: [record?.refundId],
      cancelledAt: expect.any(Date),
    });
    // The user is told, in the bell and by e-mail (auth's inbox takes the event).
    const notice = await h.queues.get(QUEUES.authInbox).getJob(`checkout-refunded-test-payments-${subscriptionId}`);
    expect(notice?.data).toMatchObject({ userId: who.userId, reason: 'stale', refunds: 1 });
    // Told again: a replay, nothing is refunded twice.
    expect((await webhook(body, sign(body))).json()).toEqual({ received: true, duplicate: true });
    expect((await subscriptionsOf(who))[0]?.refundId).toBe(record?.refundId);
    // Starter is still the user's to pay.
    expect((await pay(who, starter)).headers.location).toBe('/billing?checkout=done');
    expect(await me(who)).toMatchObject({ plan: 'starter', status: 'active' });
  });
});

describe('a subscription refused as a second one', () => {
  it('stays refused: its checkout told later does not complete, even once the first subscription has ended', async () => {
    const who = testIdentity();
    const url = await openCheckout(who, 'basic');
    const at = (s: number) => new Date(Date.now() - 100_000 + s * 1000);
    const state = (id: string, status: string) => ({
      id,
      plan: id.startsWith('sub_first') ? 'pro' : 'basic',
      status,
      periodStart: at(0).toISOString(),
      periodEnd: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      cancelAtPeriodEnd: false,
    });
    const send = async (body: string) => expect((await webhook(body, sign(body))).statusCode).toBe(200);
    // The user holds Pro (accepted before), and the open Basic checkout is paid too: a second subscription.
    const first = `sub_first_${who.userId}`;
    const second = `sub_second_${who.userId}`;
    await h.database.db
      .insert(providerSubscriptions)
      .values({ provider: 'test-payments', subscriptionId: first, userId: who.userId, outcome: 'accepted' });
    await send(event(who, `evt_1_${who.userId}`, 'subscription.created', at(1), state(first, 'active')));
    await send(
      event(who, `evt_2_${who.userId}`, 'subscription.created', at(2), state(second, 'active'), sessionOf(url)),
    );
    expect(await me(who)).toMatchObject({ plan: 'pro', status: 'active' });
    // Pro ends; then Basic's checkout is told: it does not complete, so nothing holds off a new checkout.
    await send(event(who, `evt_3_${who.userId}`, 'subscription.deleted', at(3), state(first, 'canceled')));
    await send(
      JSON.stringify({
        id: `evt_4_${who.userId}`,
        type: 'checkout.completed',
        occurredAt: at(4).toISOString(),
        userId: who.userId,
        customerId: null,
        subscription: null,
        checkout: { id: sessionOf(url), subscriptionId: second },
      }),
    );
    expect(await me(who)).toMatchObject({ plan: 'pro', status: 'expired' });
    const [decided] = await h.database.db
      .select()
      .from(providerSubscriptions)
      .where(eq(providerSubscriptions.subscriptionId, second));
    expect(decided).toMatchObject({ outcome: 'refused', reason: 'subscribed' });
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: '/api/v1/billing/checkout',
          headers: h.as(who),
          payload: { planId: 'starter' },
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('a change whose announcement was lost', () => {
  const rowOf = async (who: Who) =>
    (await h.database.db.select().from(entitlements).where(eq(entitlements.userId, who.userId)))[0];

  it('is announced by the sweep half a minute later; an announced one is owed nothing', async () => {
    const who = testIdentity();
    await h.queues.publish(userCreatedEvent, { userId: who.userId, createdAt: new Date().toISOString() });
    await subscribe(who, 'pro');
    await expect.poll(async () => (await announced(who)).at(-1)?.plan, POLL).toBe('pro');
    const subscribed = await rowOf(who);
    expect(subscribed?.announcedVersion).toBe(subscribed?.version);

    // A change committed, then the process stopped before it was announced.
    const lost = async (plan: string, changedAgo: string) =>
      h.database.db
        .update(entitlements)
        .set({ plan, version: sql`${entitlements.version} + 1`, updatedAt: sql`now() - ${changedAgo}::interval` })
        .where(eq(entitlements.userId, who.userId));
    const sweep = async () => {
      const job = await h.queues.enqueue(entitlementsAnnounceSweepJob, {});
      await expect.poll(async () => (await job.getState()) === 'completed', POLL).toBe(true);
    };
    await lost('starter', '1 second');
    await sweep();
    // Too recent: the request that made it may still announce it.
    expect((await announced(who)).at(-1)?.plan).toBe('pro');

    await lost('basic', '1 minute');
    await sweep();
    const owed = await rowOf(who);
    expect((await announced(who)).at(-1)).toMatchObject({ plan: 'basic', version: owed?.version });
    expect(owed?.announcedVersion).toBe(owed?.version);
  });
});

describe('refusals recorded before refunds were made', () => {
  it('are refunded once by the sweep after the migration, and nothing else is touched', async () => {
    const who = testIdentity();
    const earlier = new Date(Date.now() - 40 * 86_400_000);
    const ids = { owed: `sub_test_earlier_${Date.now()}`, nothingPaid: `sub_test_unpaid_${Date.now()}` };
    // As migration 0003 left them: cancelled then, marked settled, no reason and no refund.
    await h.database.db.insert(testSubscriptions).values({
      id: ids.owed,
      userId: who.userId,
      customerId: `cus_test_${who.userId}`,
      plan: 'basic',
      status: 'canceled',
      periodStart: earlier,
      periodEnd: earlier,
    });
    const legacy = { provider: 'test-payments', userId: who.userId, outcome: 'refused', decidedAt: earlier };
    await h.database.db.insert(providerSubscriptions).values([
      { ...legacy, subscriptionId: ids.owed, cancelledAt: earlier, settledAt: earlier },
      // A refusal of this time settled with no refund because nothing was paid stays as it is.
      { ...legacy, subscriptionId: ids.nothingPaid, reason: 'stale', cancelledAt: earlier, settledAt: earlier },
    ]);
    const migration = await readFile(join(MIGRATIONS_FOLDER, '0004_refund-earlier-refusals.sql'), 'utf8');
    await h.database.db.execute(sql.raw(migration));
    const row = async (id: string) =>
      (await h.database.db.select().from(providerSubscriptions).where(eq(providerSubscriptions.subscriptionId, id)))[0];
    expect((await row(ids.owed))?.settledAt).toBeNull();
    await h.queues.enqueue(refusedSubscriptionsSweepJob, {});
    await expect.poll(async () => (await row(ids.owed))?.settledAt ?? null, POLL).not.toBeNull();
    const [record] = await subscriptionsOf(who);
    expect(record?.refundId).toMatch(/^re_test_/);
    expect(await row(ids.owed)).toMatchObject({ refundIds: [record?.refundId], cancelledAt: earlier });
    expect(await row(ids.nothingPaid)).toMatchObject({ settledAt: earlier, refundIds: [] });
    // The user is told the money went back (the refusal's reason was not recorded then).
    const notice = await h.queues.get(QUEUES.authInbox).getJob(`checkout-refunded-test-payments-${ids.owed}`);
    expect(notice?.data).toMatchObject({ userId: who.userId, reason: null, refunds: 1 });
  });
});

describe('the trial, once per person', () => {
  /** Creates the account as auth tells billing, and waits for billing to have handled it. */
  async function signUp(email: string) {
    const who = testIdentity();
    const job = await h.queues.get(QUEUES.billingInbox).add(userCreatedEvent.name, {
      userId: who.userId,
      createdAt: new Date().toISOString(),
      email,
    });
    await expect
      .poll(async () => (await h.queues.get(QUEUES.billingInbox).getJob(job.id ?? ''))?.returnvalue, POLL)
      .toBeTruthy();
    return who;
  }
  const deleteAccount = async (who: Who, email: string) => {
    await h.queues.publish(userDeletedEvent, { userId: who.userId, email });
    await expect
      .poll(
        async () => (await h.database.db.select().from(entitlements).where(eq(entitlements.userId, who.userId))).length,
        POLL,
      )
      .toBe(0);
  };

  it.each([
    ['the same address', 'Layla@example.com', 'layla@example.com'],
    ['a +tag', 'omar@example.com', 'Omar+again@Example.com'],
    ['dots at Gmail', 'sara.ali@gmail.com', 's.a.r.a.a.l.i+x@googlemail.com'],
  ])('starts no trial for %s after the account was deleted', async (_case, first, second) => {
    const one = await signUp(first);
    expect(await me(one)).toMatchObject({ plan: 'trial', status: 'trialing', active: true });
    await deleteAccount(one, first);
    const two = await signUp(second);
    const entitlement = await me(two);
    expect(entitlement).toMatchObject({ plan: 'trial', status: 'expired', active: false, trialUsedBefore: true });
    expect(entitlement.trialEndsAt).toBeNull();
    // The services that enforce limits hear the account has nothing to use yet.
    expect((await announced(two)).at(-1)).toMatchObject({ active: false, status: 'expired' });
  });

  it('keeps only a keyed hash: neither the address nor the user id', async () => {
    const who = await signUp('hash.check@example.com');
    const rows = await h.database.db.select().from(trialGrants);
    expect(rows.length).toBeGreaterThan(0);
    const text = JSON.stringify(rows);
    expect(text).not.toContain('hash.check');
    expect(text).not.toContain(who.userId);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.emailHash))).toBe(true);
    // Another person still has their trial.
    expect(await me(await signUp('someone.else@example.com'))).toMatchObject({ status: 'trialing' });
  });
});

describe('deleting an account with a paid subscription', () => {
  it('cancels it at test-payments and refunds a refusal still owed, then keeps no record of the user', async () => {
    const who = testIdentity();
    await subscribe(who, 'starter');
    const [paid] = await subscriptionsOf(who);
    expect(paid).toMatchObject({ status: 'active' });
    // A refused checkout's subscription whose refund job has not run yet (the worker was down).
    const owed = `sub_test_owed_${Date.now()}`;
    const now = new Date();
    await h.database.db.insert(testSubscriptions).values({
      id: owed,
      userId: who.userId,
      customerId: `cus_test_${who.userId}`,
      plan: 'basic',
      status: 'active',
      periodStart: now,
      periodEnd: new Date(now.getTime() + 30 * 86_400_000),
    });
    await h.database.db.insert(providerSubscriptions).values({
      provider: 'test-payments',
      subscriptionId: owed,
      userId: who.userId,
      outcome: 'refused',
      reason: 'stale',
    });
    const queue = h.queues.get(QUEUES.billingInbox);
    const job = await queue.add(userDeletedEvent.name, { userId: who.userId, email: 'paid@example.com' });
    await expect.poll(async () => (await queue.getJob(job.id as string))?.returnvalue ?? null, POLL).not.toBeNull();
    expect((await queue.getJob(job.id as string))?.returnvalue).toMatchObject({
      cancelled: paid?.id,
      refunded: [owed],
    });
    const [refusal] = await h.database.db
      .select()
      .from(providerSubscriptions)
      .where(eq(providerSubscriptions.subscriptionId, owed));
    expect(refusal).toMatchObject({ userId: null, cancelledAt: expect.any(Date), settledAt: expect.any(Date) });
    expect(refusal?.refundIds).toEqual([expect.stringMatching(/^re_test_/)]);
    // Nothing of the user in any billing table: the plan, the checkouts, the stand-in's records.
    const compact = who.userId.replaceAll('-', '');
    const left = await h.database.db.execute(
      sql`select count(*)::int as n from (
        select t::text as row from billing.entitlements t union all select t::text from billing.test_sessions t
        union all select t::text from billing.test_subscriptions t union all select t::text from billing.checkouts t
        union all select t::text from billing.provider_events t union all select t::text from billing.provider_subscriptions t
      ) rows where row ilike ${`%${who.userId}%`} or row ilike ${`%${compact}%`}`,
    );
    expect(left[0]).toEqual({ n: 0 });
  });
});

describe("ending the subscription before 'Delete my account' deletes anything", () => {
  const ask = (who: Who) =>
    h.queues.ask(endSubscriptionForDeletionJob, { userId: who.userId }, { timeoutMs: SUBSCRIPTION_END_WAIT_MS });

  it('cancels it at test-payments at once and answers the plan; the deletion that follows does not cancel it again', async () => {
    const who = testIdentity();
    await subscribe(who, 'pro');
    await expect.poll(async () => (await me(who)).status, POLL).toBe('active');
    const [paid] = await subscriptionsOf(who);

    await expect(ask(who)).resolves.toEqual({ plan: 'pro', cancelled: paid?.id });
    // Ended at the provider before the answer, and the plan reads as ended (announced to the services).
    const [atProvider] = await subscriptionsOf(who);
    expect(atProvider).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false });
    expect(await me(who)).toMatchObject({ plan: 'pro', status: 'expired', active: false });
    expect((await announced(who)).at(-1)).toMatchObject({ status: 'expired', active: false });
    // Asked again (the user retries after a lost answer): nothing runs any more.
    await expect(ask(who)).resolves.toEqual({ plan: null, cancelled: null });

    const queue = h.queues.get(QUEUES.billingInbox);
    const job = await queue.add(userDeletedEvent.name, { userId: who.userId, email: 'ending@example.com' });
    await expect.poll(async () => (await queue.getJob(job.id as string))?.returnvalue ?? null, POLL).not.toBeNull();
    expect((await queue.getJob(job.id as string))?.returnvalue).toMatchObject({ cancelled: null, rows: 1 });
  });

  it('answers no plan for a trial, and leaves alone a request older than the deletion waits', async () => {
    const trial = testIdentity();
    await h.queues.publish(userCreatedEvent, { userId: trial.userId, createdAt: new Date().toISOString() });
    await expect.poll(async () => (await me(trial)).status, POLL).toBe('trialing');
    await expect(ask(trial)).resolves.toEqual({ plan: null, cancelled: null });

    const who = testIdentity();
    await subscribe(who, 'basic');
    await expect.poll(async () => (await me(who)).status, POLL).toBe('active');
    // Found by a worker after the deletion had refused (billing was down): the plan stays.
    const late = await h.queues
      .get(QUEUES.billingInbox)
      .add(endSubscriptionForDeletionJob.name, { userId: who.userId }, { attempts: 1, timestamp: Date.now() - 60_000 });
    await expect.poll(async () => await late.getState(), POLL).toBe('failed');
    expect((await subscriptionsOf(who))[0]).toMatchObject({ status: 'active' });
    expect(await me(who)).toMatchObject({ status: 'active' });
  });
});

describe("billing's part of 'Download my data'", () => {
  it('gives the plan as stored, the checkouts and the subscription, and nothing of another user', async () => {
    const who = testIdentity();
    await subscribe(who, 'starter');
    const exported = async (as: Who) =>
      (await h.app.inject({ method: 'GET', url: '/api/v1/billing/export', headers: h.as(as) })).json().data;
    await expect.poll(async () => (await exported(who)).subscription?.status, POLL).toBe('active');
    const data = await exported(who);
    expect(data.subscription).toMatchObject({ plan: 'starter', provider: 'test-payments', cancelAtPeriodEnd: false });
    expect(data.checkouts).toEqual([
      expect.objectContaining({ kind: 'checkout', plan: 'starter', completedAt: expect.any(String) }),
    ]);
    expect(data.testSubscriptions).toEqual([
      expect.objectContaining({ plan: 'starter', status: 'active', refundId: null }),
    ]);
    expect(data.providerSubscriptions).toEqual([
      expect.objectContaining({ provider: 'test-payments', outcome: 'accepted', settledAt: null, refundIds: [] }),
    ]);
    expect(data.providerEvents.length).toBeGreaterThanOrEqual(1);
    expect(await exported(testIdentity())).toEqual({
      subscription: null,
      providerEvents: [],
      providerSubscriptions: [],
      checkouts: [],
      testSubscriptions: [],
    });
  });
});
