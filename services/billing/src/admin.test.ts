import { QUEUES, userCreatedEvent } from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe("the admin area reads a user's plan", () => {
  it("answers the user's trial and its end to an administrator, and refuses anyone else", async () => {
    const user = testIdentity();
    const createdAt = new Date(Date.now() - 3 * 24 * 3600 * 1000);
    const job = await h.queues
      .get(QUEUES.billingInbox)
      .add(userCreatedEvent.name, { userId: user.userId, createdAt: createdAt.toISOString() });
    await expect
      .poll(async () => (await h.queues.get(QUEUES.billingInbox).getJob(job.id!))?.finishedOn, POLL)
      .toBeTruthy();

    const url = `/api/v1/billing/admin/users/${user.userId}`;
    const admin = testIdentity(['user', 'admin']);
    const res = await h.app.inject({ method: 'GET', url, headers: h.as(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.json().entitlement).toMatchObject({
      plan: 'trial',
      status: 'trialing',
      trialEndsAt: new Date(createdAt.getTime() + 7 * 24 * 3600 * 1000).toISOString(),
      limits: { aiCredits: 100, commentingCredits: 0 },
    });

    expect((await h.app.inject({ method: 'GET', url, headers: h.as(user) })).statusCode).toBe(403);
    const bad = await h.app.inject({ method: 'GET', url: '/api/v1/billing/admin/users/nope', headers: h.as(admin) });
    expect(bad.statusCode).toBe(400);
  });
});
