import { QUEUES, type SubscriptionEndedForDeletion, userDeletedEvent } from '@nashr/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  asGateway,
  fromGateway,
  type Harness,
  me,
  type StandInBilling,
  signInByMail,
  standInBilling,
  startHarness,
  storedUserId,
} from './test-harness.js';

let h: Harness;
beforeAll(async () => {
  // A short wait: the refusals below are about billing not answering.
  h = await startHarness({ env: { ADMIN_EMAILS: 'boss@example.com', SUBSCRIPTION_END_WAIT_MS: '1500' } });
});
afterAll(async () => {
  await h?.close();
});

async function deleteAccount(sid: string | undefined, body: unknown) {
  return h.app.inject({
    method: 'DELETE',
    url: '/api/v1/auth/account',
    headers: await asGateway(h, sid),
    payload: body as object,
  });
}

const jobsOf = async (queue: string) =>
  (await h.queues.get(queue as never).getJobs(['waiting', 'delayed', 'active', 'completed', 'failed'])) ?? [];

describe('GET /api/v1/auth/export', () => {
  it("answers the account's own data, and nothing to an anonymous caller", async () => {
    const sid = await signInByMail(h, 'exporter@example.com');
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/auth/export', headers: await asGateway(h, sid) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.account).toMatchObject({ email: 'exporter@example.com', roles: ['user'] });
    expect(res.json().data.workspaces).toEqual([
      { name: 'exporter', personal: true, role: 'owner', joinedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    ]);
    const anonymous = await h.app.inject({ method: 'GET', url: '/api/v1/auth/export', headers: fromGateway() });
    expect(anonymous.statusCode).toBe(401);
  });
});

let billing: StandInBilling | undefined;
const startBilling = (provider: 'answers' | 'fails', answer?: SubscriptionEndedForDeletion) => {
  billing = standInBilling(h, provider, answer);
};
afterEach(async () => {
  await billing?.close();
  billing = undefined;
});

describe('DELETE /api/v1/auth/account', () => {
  it('refuses an anonymous caller and a confirmation that is not the account e-mail', async () => {
    const sid = await signInByMail(h, 'keeper@example.com');
    expect((await deleteAccount(undefined, { confirmation: 'keeper@example.com' })).statusCode).toBe(401);
    const wrong = await deleteAccount(sid, { confirmation: 'someone@example.com' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ success: false, code: 'account.confirmation_mismatch' });
    const missing = await deleteAccount(sid, {});
    expect(missing.statusCode).toBe(400);
    expect((await me(h, sid)).statusCode).toBe(200);
  });

  it.each([
    ['billing does not answer', null],
    ['the payment provider fails', 'fails'],
  ] as const)(
    'deletes nothing when %s: 503 with its code, the account and its sessions kept',
    async (_case, provider) => {
      if (provider) startBilling(provider);
      const email = `stays-${provider ?? 'silent'}@example.com`;
      const first = await signInByMail(h, email);
      const second = await signInByMail(h, email);
      const userId = await storedUserId(h, email);

      const res = await deleteAccount(first, { confirmation: email });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'account.subscription_not_ended',
        message: expect.stringMatching(/nothing was deleted/),
      });
      expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
      expect((await me(h, first)).statusCode).toBe(200);
      expect((await me(h, second)).statusCode).toBe(200);
      expect(await h.database.sql`select 1 from auth.users where id = ${userId}`).toHaveLength(1);
      // No service was told, and the request was taken back: it does not act after the refusal.
      for (const queue of [QUEUES.linkedinInbox, QUEUES.postsInbox, QUEUES.billingInbox]) {
        const left = (await jobsOf(queue)).filter((job) => job.data.userId === userId && job.name !== 'user-created');
        expect(left.map((job) => job.name)).toEqual([]);
      }
    },
  );

  it('deletes the account, its sign-in links and every session, and tells every service', async () => {
    startBilling('answers', { plan: 'pro', cancelled: 'sub_test_leaver' });
    const email = 'leaver@example.com';
    const first = await signInByMail(h, email);
    const second = await signInByMail(h, email);
    const userId = await storedUserId(h, email);

    const res = await deleteAccount(first, { confirmation: ' Leaver@Example.com ' });
    expect(res.statusCode).toBe(200);
    // The plan billing ended at the provider before the deletion, named for the page that follows.
    expect(res.json()).toEqual({ success: true, message: expect.any(String), cancelledPlan: 'pro' });
    expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');

    expect((await me(h, first)).statusCode).toBe(401);
    expect((await me(h, second)).statusCode).toBe(401);
    expect(await h.database.sql`select 1 from auth.users where id = ${userId}`).toHaveLength(0);
    expect(await h.database.sql`select 1 from auth.magic_links where email = ${email}`).toHaveLength(0);

    for (const queue of [QUEUES.linkedinInbox, QUEUES.postsInbox, QUEUES.aiInbox]) {
      const events = (await jobsOf(queue)).filter((job) => job.name === userDeletedEvent.name);
      expect(events.map((job) => job.data)).toEqual([expect.objectContaining({ userId, email })]);
    }
    // The auth worker forgets the sign-in e-mails sent to the address, and its own event.
    await expect
      .poll(async () => (await jobsOf(QUEUES.authMail)).filter((job) => job.data.email === email).length, {
        timeout: 20_000,
      })
      .toBe(0);
    await expect.poll(async () => (await jobsOf(QUEUES.authInbox)).length, { timeout: 20_000 }).toBe(0);
  }, 90_000);
});

describe('GET /api/v1/auth/admin/audit', () => {
  it('lists sign-ins that carried the admin role, with the address they came from, for administrators only', async () => {
    // The sign-in happens where the link is opened (the harness's gateway forwards 203.0.113.10).
    const boss = await signInByMail(h, 'boss@example.com');
    const member = await signInByMail(h, 'member@example.com');
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/v1/auth/admin/audit',
      headers: await asGateway(h, boss),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        service: 'auth',
        action: 'admin.sign_in',
        actorEmail: 'boss@example.com',
        actorId: await storedUserId(h, 'boss@example.com'),
        ip: '203.0.113.10',
      }),
    ]);
    const refused = await h.app.inject({
      method: 'GET',
      url: '/api/v1/auth/admin/audit',
      headers: await asGateway(h, member),
    });
    expect(refused.statusCode).toBe(403);
  });
});
