/**
 * Engage's plan steps as a new user meets them: the trial billing starts on the first sign-in,
 * then Starter paid through the test-payments checkout. Each waits until engage's copy of the
 * plan says so.
 */
import { userCreatedEvent } from '@nashr/contracts';
import { createRedis, Queues, waitForRedis } from '@nashr/platform';
import { createCapturingLogger } from '@nashr/platform/testing';
import type { Stack } from '@nashr/tools/process-stack';
import { expect } from 'vitest';
import { callAs, type StackUser } from './full-user';

const POLL = { timeout: 30_000, interval: 250 };

/** Tells billing about the account as auth does on a first sign-in: the trial starts. */
export async function startTrial(stack: Stack, user: StackUser) {
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

/** Pays for Starter through the test-payments checkout, as its page's Pay button does. */
export async function takeStarter(stack: Stack, user: StackUser) {
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
