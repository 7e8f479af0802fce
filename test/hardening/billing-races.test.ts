/**
 * Plans and payments under races, through the real gateway with the billing worker running:
 * checkouts paid in parallel, a stale checkout paid after subscribing, and a double click on Pay.
 * Whatever the interleaving, a user ends with at most one subscription, never on a plan from a
 * checkout that was no longer theirs, and the browser always lands on the Billing page.
 */
import { testIdentity } from '@nashr/platform/testing';
import { PUBLIC_URL, type Stack, startStack } from '@nashr/tools/in-process-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from './support/gateway-client.js';

const ROUNDS = 12;
const DONE = '/billing?checkout=done';
const STALE = '/billing?checkout=refused&code=billing.checkout_stale';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ gateway: true, workers: ['billing'] });
}, 60_000);

afterAll(async () => {
  await stack?.close();
});

async function user() {
  const identity = testIdentity();
  return { identity, cookie: await stack.cookieFor(identity) };
}
type User = Awaited<ReturnType<typeof user>>;

async function openCheckout(who: User, planId: string): Promise<string> {
  const res = await send(stack, 'POST', '/api/v1/billing/checkout', { cookie: who.cookie, body: { planId } });
  expect(res.status, res.body).toBe(200);
  return res.json().url;
}

/** The Pay button's form post, as the browser sends it from the checkout page. */
async function pay(who: User, url: string): Promise<string | null> {
  const res = await send(stack, 'POST', `${url}/pay`, {
    cookie: who.cookie,
    headers: { origin: PUBLIC_URL, 'content-type': 'application/x-www-form-urlencoded' },
  });
  // Never a raw JSON error page: always back to Billing.
  expect(res.status, res.body).toBe(303);
  return res.headers.get('location');
}

async function subscriptions(who: User) {
  return stack.sql<{ plan: string; status: string }[]>`
    select plan, status from billing.test_subscriptions where user_id = ${who.identity.userId}`;
}

async function plan(who: User) {
  const res = await send(stack, 'GET', '/api/v1/billing/me', { cookie: who.cookie });
  return res.json().entitlement;
}

describe('checkouts paid in parallel', () => {
  it('two open checkouts paid at once: only the newest one completes', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const who = await user();
      const basic = await openCheckout(who, 'basic');
      const starter = await openCheckout(who, 'starter');
      const outcomes = await Promise.all(
        round % 2 ? [pay(who, basic), pay(who, starter)] : [pay(who, starter), pay(who, basic)],
      );
      const [basicOutcome, starterOutcome] = round % 2 ? outcomes : [outcomes[1], outcomes[0]];
      expect(basicOutcome).toBe(STALE);
      expect(starterOutcome).toBe(DONE);
      expect(await subscriptions(who)).toEqual([{ plan: 'starter', status: 'active' }]);
      expect(await plan(who)).toMatchObject({ plan: 'starter', status: 'active' });
    }
  });

  it('one checkout paid several times at once (a double click): one subscription, one outcome', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const who = await user();
      const url = await openCheckout(who, 'pro');
      const outcomes = await Promise.all([pay(who, url), pay(who, url), pay(who, url)]);
      expect(outcomes).toEqual([DONE, DONE, DONE]);
      expect(await subscriptions(who)).toHaveLength(1);
    }
  });
});

describe('a stale checkout paid after subscribing', () => {
  it('is refused: the plan paid for stays, and nothing more is charged', async () => {
    const who = await user();
    const basic = await openCheckout(who, 'basic');
    const starter = await openCheckout(who, 'starter');
    expect(await pay(who, starter)).toBe(DONE);
    expect(await pay(who, basic)).toBe(STALE);
    // The checkout page of the stale one sends the browser back too, with the same code.
    const page = await send(stack, 'GET', basic, { cookie: who.cookie });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe(STALE);
    // And no new checkout can be opened while subscribed.
    const again = await send(stack, 'POST', '/api/v1/billing/checkout', {
      cookie: who.cookie,
      body: { planId: 'pro' },
    });
    expect(again.json().code).toBe('billing.already_subscribed');
    expect(await subscriptions(who)).toEqual([{ plan: 'starter', status: 'active' }]);
    expect(await plan(who)).toMatchObject({ plan: 'starter', status: 'active' });
  });

  it('in the order of the finding (open Basic and Starter, pay Basic, then Starter): one subscription', async () => {
    const who = await user();
    const basic = await openCheckout(who, 'basic');
    const starter = await openCheckout(who, 'starter');
    expect(await pay(who, basic)).toBe(STALE);
    expect(await subscriptions(who)).toEqual([]);
    expect(await pay(who, starter)).toBe(DONE);
    // Paying again after subscribing: the same outcome, nothing more charged.
    expect(await pay(who, starter)).toBe(DONE);
    expect(await subscriptions(who)).toEqual([{ plan: 'starter', status: 'active' }]);
  });
});
