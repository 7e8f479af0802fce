/**
 * A user's plan, moved the way the product moves it: the trial starts when billing hears of the
 * new account (as auth tells it on a first sign-in), Starter is paid through the test-payments
 * checkout as its page's Pay button does. Each waits until Engage's copy of the plan says so.
 */
import { entitlementChangedEvent, PLAN_CATALOGUE, type PurchasablePlanId, userCreatedEvent } from '@nashr/contracts';
import { createRedis, Queues, waitForRedis } from '@nashr/platform';
import { createCapturingLogger } from '@nashr/platform/testing';
import type { Stack } from '@nashr/tools/process-stack';
import { expect } from 'vitest';
import { callAs, type StackUser } from './full-user';

const POLL = { timeout: 30_000, interval: 250 };

export async function startTrial(stack: Stack, user: StackUser): Promise<void> {
  const redis = createRedis(stack.redisUrl, 'request');
  await waitForRedis(redis);
  const queues = new Queues({ connection: redis, prefix: stack.redisPrefix }, createCapturingLogger().logger);
  await queues.publish(userCreatedEvent, { userId: user.userId, createdAt: new Date().toISOString() });
  await queues.close();
  redis.disconnect();
  await expect
    .poll(async () => (await callAs(stack, user, 'GET', '/api/v1/engage/allowance')).body?.allowance?.plan, POLL)
    .toBe('trial');
}

/**
 * For a stack without the billing service: announces `plan` as billing announces a paid plan
 * (`entitlement-changed`, at a version newer than any before). Each service copies it in its own
 * time: a caller waits for the state it needs.
 */
export async function announcePlan(stack: Stack, user: StackUser, plan: PurchasablePlanId): Promise<void> {
  const redis = createRedis(stack.redisUrl, 'request');
  await waitForRedis(redis);
  const queues = new Queues({ connection: redis, prefix: stack.redisPrefix }, createCapturingLogger().logger);
  await queues.publish(entitlementChangedEvent, {
    userId: user.userId,
    // Newer than billing's own versions (small counters), within the copies' integer columns.
    version: Math.floor(Date.now() / 1000),
    plan,
    status: 'active',
    active: true,
    limits: PLAN_CATALOGUE[plan].limits,
    periodStart: new Date().toISOString(),
    periodEnd: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  });
  await queues.close();
  redis.disconnect();
}

export async function takeStarter(stack: Stack, user: StackUser): Promise<void> {
  const checkout = await callAs(stack, user, 'POST', '/api/v1/billing/checkout', { planId: 'starter' });
  expect(checkout.status).toBe(200);
  const paid = await fetch(`${stack.url}${checkout.body.url}/pay`, {
    method: 'POST',
    headers: { cookie: user.session.cookieHeader, 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  await expect
    .poll(async () => (await callAs(stack, user, 'GET', '/api/v1/engage/allowance')).body.allowance.included, POLL)
    .toBe(true);
}
