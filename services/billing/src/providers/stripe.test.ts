/**
 * The Stripe adapter end to end: the billing app, configured for Stripe, talks through the
 * official SDK to a local server speaking Stripe's wire format, and that server's webhooks come
 * back signed as Stripe signs them.
 */
import {
  endSubscriptionForDeletionJob,
  entitlementChangedEvent,
  graceEndedJob,
  IDENTITY_HEADERS,
  QUEUES,
  SUBSCRIPTION_END_WAIT_MS,
  userDeletedEvent,
} from '@nashr/contracts';
import { NoAnswerError } from '@nashr/platform';
import { TEST_INTERNAL_SECRET, testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeStripe, type StripeEvent, stripeSignature } from '../testing/fake-stripe.js';
import { type Harness, startHarness } from '../testing/harness.js';

const SECRET_KEY = 'sk_test_nashr_fake_0123456789';
const WEBHOOK_SECRET = 'whsec_nashr_fake_signing_secret';
const PRICES = { basic: 'price_basic_m', starter: 'price_starter_m', pro: 'price_pro_m' };
const DAY_MS = 86_400_000;
const POLL = { timeout: 10_000 };

let h: Harness;
let stripe: FakeStripe;
/** The time billing and the fake Stripe live at: moved forward to reach the end of a grace period. */
let offset = 0;
const clock = () => new Date(Date.now() + offset);

const WEBHOOK_URL = '/api/v1/billing/webhooks/stripe';
const gateway = { [IDENTITY_HEADERS.internalSecret]: TEST_INTERNAL_SECRET };
const post = (body: string, headers: Record<string, string>) =>
  h.app.inject({ method: 'POST', url: WEBHOOK_URL, headers: { ...gateway, ...headers }, payload: body });

beforeAll(async () => {
  stripe = await new FakeStripe({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    prices: Object.values(PRICES),
    deliver: async (body, headers) => (await post(body, headers)).statusCode,
    clock,
  }).start();
  h = await startHarness({
    clock,
    env: {
      BILLING_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_BASIC: PRICES.basic,
      STRIPE_PRICE_STARTER: PRICES.starter,
      STRIPE_PRICE_PRO: PRICES.pro,
      ...stripe.sdkEnv,
    },
  });
});
afterAll(async () => {
  await h?.close();
  await stripe?.stop();
});

type Who = ReturnType<typeof testIdentity>;
const me = async (who: Who) =>
  (await h.app.inject({ method: 'GET', url: '/api/v1/billing/me', headers: h.as(who) })).json().entitlement;

/** The entitlement events for this user in the posts inbox, oldest version first. */
async function announced(who: Who) {
  const jobs = await h.queues.get(QUEUES.postsInbox).getJobs(['waiting', 'delayed', 'completed', 'failed']);
  return jobs
    .filter((job) => job?.name === entitlementChangedEvent.name && job.data.userId === who.userId)
    .map((job) => job.data)
    .sort((a, b) => a.version - b.version);
}

/** The caller starts a checkout through the API: the fake's session id. */
async function startCheckout(who: Who, planId: string) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/v1/billing/checkout',
    headers: h.as(who),
    payload: { planId },
  });
  expect(res.statusCode, res.body).toBe(200);
  const url: string = res.json().url;
  expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${stripe.port}/c/pay/cs_test_`));
  return stripe.sessionOf(url);
}

/** The subscription a customer.subscription.* event is about. */
const subscriptionOf = (event: StripeEvent | undefined) => {
  if (!event) throw new Error('no subscription event');
  return String(event.data.object.id);
};

async function subscribed(who: Who, planId = 'pro') {
  const events = await stripe.completeCheckout(await startCheckout(who, planId));
  const subscriptionId = subscriptionOf(events[1]);
  return { events, subscriptionId };
}

describe('subscribing through Stripe Checkout', () => {
  it("asks Stripe for the plan's configured price, for this user, and applies the webhooks", async () => {
    const who = testIdentity();
    const sessionId = await startCheckout(who, 'pro');
    const request = stripe.requests.findLast((r) => r.path === '/v1/checkout/sessions');
    expect(request?.params).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: PRICES.pro, quantity: '1' }],
      client_reference_id: who.userId,
      metadata: { userId: who.userId, plan: 'pro' },
      subscription_data: { metadata: { userId: who.userId, plan: 'pro' } },
      success_url: 'http://localhost:8080/billing?checkout=done',
      cancel_url: 'http://localhost:8080/billing?checkout=cancelled',
    });
    expect(request?.params).not.toHaveProperty('customer');
    expect(await me(who)).toMatchObject({ plan: 'trial' });

    const events = await stripe.completeCheckout(sessionId);
    expect(events.map((e) => e.type)).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    const entitlement = await me(who);
    expect(entitlement).toMatchObject({ plan: 'pro', status: 'active', active: true, provider: 'stripe' });
    expect(entitlement.limits).toMatchObject({ aiCredits: 5000, commentingCredits: 1500 });
    expect(new Date(entitlement.currentPeriodEnd).getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
    expect((await announced(who)).at(-1)).toMatchObject({ plan: 'pro', status: 'active', active: true });
    // invoice.paid carries no subscription: the adapter read it from Stripe.
    expect(stripe.requests.some((r) => r.method === 'GET' && r.path.startsWith('/v1/subscriptions/sub_'))).toBe(true);
  });

  it("opens Stripe's Customer Portal for the user's own customer", async () => {
    const who = testIdentity();
    const { events } = await subscribed(who, 'starter');
    const customer = String(events[0]?.data.object.customer);
    const res = await h.app.inject({ method: 'POST', url: '/api/v1/billing/portal', headers: h.as(who) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toMatch(/\/p\/session\/bps_/);
    expect(stripe.requests.findLast((r) => r.path === '/v1/billing_portal/sessions')?.params).toEqual({
      customer,
      return_url: 'http://localhost:8080/billing',
    });
  });

  it('says the provider could not be reached when Stripe refuses the request', async () => {
    // A price deleted in Stripe's dashboard: Stripe answers 400 resource_missing.
    stripe.forgetPrice(PRICES.basic);
    try {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/v1/billing/checkout',
        headers: h.as(testIdentity()),
        payload: { planId: 'basic' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('billing.provider_unavailable');
      expect(res.body).not.toContain(SECRET_KEY);
    } finally {
      stripe.rememberPrice(PRICES.basic);
    }
  });
});

describe('Stripe webhooks', () => {
  it('refuses a forged, a stale or an unsigned event, with its code, and changes nothing', async () => {
    const who = testIdentity();
    const sessionId = await startCheckout(who, 'pro');
    const [, created] = (await stripe.completeCheckout(sessionId, { hold: true })) as StripeEvent[];
    const body = JSON.stringify(created);
    const attempts: Record<string, string>[] = [
      { 'stripe-signature': stripeSignature('whsec_someone_else', body, new Date()) },
      { 'stripe-signature': stripeSignature(WEBHOOK_SECRET, body, new Date(Date.now() - 3600_000)) },
      { 'stripe-signature': stripeSignature(WEBHOOK_SECRET, `${body} `, new Date()) },
      {},
    ];
    for (const headers of attempts) {
      const res = await post(body, { 'content-type': 'application/json', ...headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(400);
      expect(res.json().code).toBe('billing.webhook_invalid');
    }
    expect(await me(who)).toMatchObject({ plan: 'trial', status: 'trialing' });
  });

  it('applies a replayed event once', async () => {
    const who = testIdentity();
    const { events } = await subscribed(who);
    const version = (await me(who)).version;
    for (const event of events) expect(await stripe.send(event)).toBe(200);
    const replay = await post(JSON.stringify(events[1]), {
      'content-type': 'application/json',
      'stripe-signature': stripeSignature(WEBHOOK_SECRET, JSON.stringify(events[1]), new Date()),
    });
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect((await me(who)).version).toBe(version);
  });

  it("ends in the right state when 'updated' arrives before 'created'", async () => {
    const who = testIdentity();
    const sessionId = await startCheckout(who, 'starter');
    const [completed, created, paid] = await stripe.completeCheckout(sessionId, { hold: true });
    const subscriptionId = subscriptionOf(created);
    offset += 5000;
    const [updated] = await stripe.cancelAtPeriodEnd(subscriptionId, { hold: true });
    for (const event of [updated, created, paid, completed]) expect(await stripe.send(event!)).toBe(200);
    expect(await me(who)).toMatchObject({
      plan: 'starter',
      status: 'canceled',
      cancelAtPeriodEnd: true,
      active: true,
      provider: 'stripe',
    });
  });

  it('a deleted subscription falls back, and the services are told', async () => {
    const who = testIdentity();
    const { subscriptionId } = await subscribed(who);
    offset += 1000;
    await stripe.deleteSubscription(subscriptionId);
    expect(await me(who)).toMatchObject({ plan: 'pro', status: 'expired', active: false });
    expect((await announced(who)).at(-1)).toMatchObject({ status: 'expired', active: false });
  });

  it('receives and ignores an event kind it does not use', async () => {
    const [event] = await stripe.other('customer.created');
    expect(event?.type).toBe('customer.created');
  });
});

describe('a failed payment', () => {
  it('keeps the plan for the grace period, then falls back as at the end of a trial', async () => {
    const who = testIdentity();
    const { subscriptionId } = await subscribed(who);
    offset += 1000;
    const failedAt = clock();
    await stripe.failPayment(subscriptionId);
    const pastDue = await me(who);
    expect(pastDue).toMatchObject({ plan: 'pro', status: 'past_due', active: true });
    expect(new Date(pastDue.graceEndsAt).getTime()).toBeCloseTo(failedAt.getTime() + 7 * DAY_MS, -4);
    expect((await announced(who)).at(-1)).toMatchObject({ status: 'past_due', active: true });

    // The fallback waits in the queue for the grace's end.
    const version = (await me(who)).version;
    const job = await h.queues.get(QUEUES.billingInbox).getJob(`grace-ended-${who.userId}-${version}`);
    expect(job?.name).toBe(graceEndedJob.name);
    expect(job?.opts.delay).toBeGreaterThan(7 * DAY_MS - 60_000);

    // Seven days later, the job runs: the plan has ended and the services are told.
    offset += 7 * DAY_MS;
    expect(await me(who)).toMatchObject({ status: 'expired', active: false, graceEndsAt: null });
    await job?.promote();
    await expect.poll(async () => (await announced(who)).at(-1)?.status, POLL).toBe('expired');
    expect((await announced(who)).at(-1)).toMatchObject({ plan: 'pro', active: false });
  });

  it('a fixed card before the grace ends keeps the plan, and the waiting fallback does nothing', async () => {
    const who = testIdentity();
    const { subscriptionId } = await subscribed(who, 'starter');
    offset += 1000;
    await stripe.failPayment(subscriptionId);
    const version = (await me(who)).version;
    offset += 1000;
    await stripe.payInvoice(subscriptionId);
    expect(await me(who)).toMatchObject({ status: 'active', active: true, graceEndsAt: null });
    const job = await h.queues.get(QUEUES.billingInbox).getJob(`grace-ended-${who.userId}-${version}`);
    await job?.promote();
    await expect.poll(async () => (await job?.getState()) ?? 'gone', POLL).toBe('completed');
    expect(await me(who)).toMatchObject({ status: 'active', active: true });
  });
});

describe('a checkout that is not the open one, paid at Stripe', () => {
  const cancels = (subscriptionId: string) =>
    stripe.requests.filter((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscriptionId}`);
  const refundRequests = (subscriptionId: string) =>
    stripe.requests.filter(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v1/refunds' &&
        (r.params.metadata as Record<string, string> | undefined)?.subscriptionId === subscriptionId,
    );
  /** Cancelled at Stripe and its payment refunded, by the background job: waits for the refund. */
  const settled = async (subscriptionId: string) => {
    await expect.poll(() => stripe.refundsOf(subscriptionId).length, POLL).toBe(1);
    expect(stripe.subscription(subscriptionId).status).toBe('canceled');
  };
  /** The money of a refused subscription went back once, and nothing of the accepted one. */
  const refundedOnce = (refused: string, accepted: string) => {
    expect(stripe.cancelled.filter((id) => id === refused)).toHaveLength(1);
    expect(stripe.refundsOf(refused)).toEqual([
      expect.objectContaining({ amount: 4499, status: 'succeeded', reason: 'duplicate' }),
    ]);
    expect(refundRequests(refused)).toHaveLength(1);
    expect(refundRequests(refused)[0]?.idempotencyKey).toMatch(/^nashr-refund-inpay_/);
    expect(stripe.subscription(accepted).status).toBe('active');
    expect(cancels(accepted)).toHaveLength(0);
    expect(stripe.refundsOf(accepted)).toHaveLength(0);
  };

  /**
   * Basic is paid on Stripe's page while the user opens Pro in another tab (too late to expire
   * it), and Pro is paid too: two payments in flight, their events held for the test to deliver.
   */
  async function twoPaidCheckouts(who: Who) {
    const basic = await startCheckout(who, 'basic');
    const stale = await stripe.completeCheckout(basic, { hold: true });
    const pro = await startCheckout(who, 'pro');
    const open = await stripe.completeCheckout(pro, { hold: true });
    return { stale, open, staleSub: subscriptionOf(stale[1]), openSub: subscriptionOf(open[1]) };
  }

  it('is refused on checkout.session.completed, its subscription cancelled and its payment refunded, once', async () => {
    const who = testIdentity();
    const { stale, open, staleSub, openSub } = await twoPaidCheckouts(who);
    // Each checkout's own events in Stripe's usual order (the checkout first), the two at once.
    const inOrder = async (events: StripeEvent[]) => {
      const answers: number[] = [];
      for (const event of events) answers.push(await stripe.send(event));
      return answers;
    };
    const statuses = (await Promise.all([inOrder(stale), inOrder(open)])).flat();
    expect(statuses).toEqual(Array(6).fill(200));
    await settled(staleSub);
    refundedOnce(staleSub, openSub);
    expect(await me(who)).toMatchObject({ plan: 'pro', status: 'active' });
    // Stripe sends the refused checkout again: it is a replay, nothing is cancelled or refunded twice.
    expect(await stripe.send(stale[0] as StripeEvent)).toBe(200);
    refundedOnce(staleSub, openSub);
    // The end of the refused subscription does not end the plan the user pays for.
    await stripe.deleteSubscription(staleSub);
    expect(await me(who)).toMatchObject({ plan: 'pro', status: 'active' });
  });

  // Which event of which checkout Stripe delivers when: s = the stale (Basic) checkout's events,
  // o = the open (Pro) one's; 0 checkout.session.completed, 1 customer.subscription.created, 2 invoice.paid.
  it.each([
    ['the stale subscription first, its checkout next, then the open checkout', 's1 s2 s0 o0 o1 o2'],
    ['the stale subscription first, the open checkout in between, the stale checkout last', 's1 o0 o1 o2 s0 s2'],
    ['both subscriptions before either checkout', 's1 o1 s2 o2 o0 s0'],
    ["the stale checkout's invoice first", 's2 o2 s1 o1 s0 o0'],
    ['the open subscription first, then the stale one, the checkouts last', 'o1 s1 o2 s2 o0 s0'],
  ])('never grants the stale plan, in any order: %s', async (_order, order) => {
    const who = testIdentity();
    const { stale, open, staleSub, openSub } = await twoPaidCheckouts(who);
    for (const step of order.split(' ')) {
      const event = (step[0] === 's' ? stale : open)[Number(step[1])] as StripeEvent;
      expect(await stripe.send(event), step).toBe(200);
      // At no moment does the user hold the stale checkout's plan.
      expect((await me(who)).plan, step).not.toBe('basic');
    }
    expect(await me(who)).toMatchObject({ plan: 'pro', status: 'active', provider: 'stripe' });
    expect((await announced(who)).map((event) => event.plan)).not.toContain('basic');
    await settled(staleSub);
    refundedOnce(staleSub, openSub);
    // Every event again, each checkout's in reverse: replays, nothing changes.
    for (const event of [...[...stale].reverse(), ...[...open].reverse()]) expect(await stripe.send(event)).toBe(200);
    expect(await me(who)).toMatchObject({ plan: 'pro', status: 'active' });
    refundedOnce(staleSub, openSub);
  });

  it('never grants the stale plan when both checkouts are told in reverse at once', async () => {
    const who = testIdentity();
    const { stale, open, staleSub, openSub } = await twoPaidCheckouts(who);
    const inReverse = async (events: StripeEvent[]) => {
      for (const event of [...events].reverse()) expect(await stripe.send(event)).toBe(200);
    };
    await Promise.all([inReverse(stale), inReverse(open)]);
    expect(await me(who)).toMatchObject({ plan: 'pro', status: 'active' });
    await settled(staleSub);
    refundedOnce(staleSub, openSub);
  });

  it('cancels and refunds through a Stripe outage: retried in the background, each once', async () => {
    const who = testIdentity();
    const { stale, open, staleSub, openSub } = await twoPaidCheckouts(who);
    // Stripe fails the first cancellations and refunds (the SDK retries once, then the job is retried).
    stripe.failCancels = 3;
    stripe.failRefunds = 3;
    for (const event of [stale[1], open[0], open[1], stale[0]])
      expect(await stripe.send(event as StripeEvent)).toBe(200);
    expect(await me(who)).toMatchObject({ plan: 'pro', status: 'active' });
    await expect.poll(() => stripe.refundsOf(staleSub).length, { timeout: 30_000 }).toBe(1);
    expect(stripe.failCancels).toBe(0);
    expect(stripe.failRefunds).toBe(0);
    expect(cancels(staleSub).length).toBeGreaterThanOrEqual(4);
    expect(stripe.cancelled.filter((id) => id === staleSub)).toHaveLength(1);
    expect(stripe.refundsOf(staleSub)).toHaveLength(1);
    expect(stripe.subscription(openSub).status).toBe('active');
    expect(stripe.refundsOf(openSub)).toHaveLength(0);
  }, 40_000);

  it('completes its own checkout when its subscription was told first, and opens no second one', async () => {
    const who = testIdentity();
    const first = await startCheckout(who, 'starter');
    const events = await stripe.completeCheckout(first, { hold: true });
    // The subscription is told before its checkout: the user has the plan, the checkout is completed.
    await stripe.send(events[1] as StripeEvent);
    expect(await me(who)).toMatchObject({ plan: 'starter', status: 'active' });
    // Billing asked Stripe which checkout made it.
    expect(
      stripe.requests.some(
        (r) =>
          r.method === 'GET' &&
          r.path === '/v1/checkout/sessions' &&
          r.params.subscription === subscriptionOf(events[1]),
      ),
    ).toBe(true);
    // A second checkout cannot be opened now.
    const again = await h.app.inject({
      method: 'POST',
      url: '/api/v1/billing/checkout',
      headers: h.as(who),
      payload: { planId: 'basic' },
    });
    expect(again.json().code).toBe('billing.already_subscribed');
    expect(await stripe.send(events[0] as StripeEvent)).toBe(200);
    expect(await stripe.send(events[2] as StripeEvent)).toBe(200);
    expect(await me(who)).toMatchObject({ plan: 'starter', status: 'active' });
    expect(cancels(subscriptionOf(events[1]))).toHaveLength(0);
    expect(stripe.refundsOf(subscriptionOf(events[1]))).toHaveLength(0);
  });
});

describe('a replaced checkout', () => {
  it('is expired at Stripe when a newer one is opened, so its page takes no payment', async () => {
    const who = testIdentity();
    const basic = await startCheckout(who, 'basic');
    await startCheckout(who, 'starter');
    expect(stripe.requests.some((r) => r.path === `/v1/checkout/sessions/${basic}/expire`)).toBe(true);
    await expect(stripe.completeCheckout(basic)).rejects.toThrow(/no open checkout session/);
  });
});

describe('deleting an account with a Stripe subscription', () => {
  const deleted = async (who: Who) => {
    await h.queues.publish(userDeletedEvent, { userId: who.userId, email: 'someone@example.com' });
  };

  it('cancels the subscription at Stripe first, retrying while Stripe fails, then deletes the rows', async () => {
    const who = testIdentity();
    const { subscriptionId } = await subscribed(who, 'pro');
    // Stripe fails the first cancellations (the SDK retries once, then the job is retried).
    stripe.failCancels = 3;
    await deleted(who);
    await expect.poll(() => stripe.subscription(subscriptionId).status, { timeout: 30_000 }).toBe('canceled');
    const cancels = stripe.requests.filter(
      (r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscriptionId}`,
    );
    expect(cancels.length).toBeGreaterThanOrEqual(4);
    await expect.poll(async () => (await me(who)).version, POLL).toBe(0);
  }, 40_000);

  it("is ended at Stripe while 'Delete my account' waits, and not cancelled again by the deletion", async () => {
    const who = testIdentity();
    const { subscriptionId } = await subscribed(who, 'starter');
    await expect.poll(async () => (await me(who)).status, POLL).toBe('active');
    const ask = () =>
      h.queues.ask(endSubscriptionForDeletionJob, { userId: who.userId }, { timeoutMs: SUBSCRIPTION_END_WAIT_MS });

    // Stripe fails (the SDK retries once): the request fails at once, and the plan is left running.
    stripe.failCancels = 2;
    const refused = await ask().catch((error: unknown) => error);
    stripe.failCancels = 0;
    expect(refused).toBeInstanceOf(NoAnswerError);
    expect((refused as NoAnswerError).reason).toBe('failed');
    expect(stripe.subscription(subscriptionId).status).toBe('active');
    expect(await me(who)).toMatchObject({ status: 'active' });

    // Stripe answers: the local server has recorded the cancellation by the time the answer comes.
    await expect(ask()).resolves.toEqual({ plan: 'starter', cancelled: subscriptionId });
    expect(stripe.cancelled.filter((id) => id === subscriptionId)).toHaveLength(1);
    expect(stripe.subscription(subscriptionId).status).toBe('canceled');

    await deleted(who);
    await expect.poll(async () => (await me(who)).version, POLL).toBe(0);
    expect(stripe.cancelled.filter((id) => id === subscriptionId)).toHaveLength(1);
  }, 40_000);
});
