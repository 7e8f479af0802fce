import { QUEUES, userDeletedEvent } from '@nashr/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asGateway, fromGateway, type Harness, me, signInByMail, startHarness, storedUserId } from './test-harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { ADMIN_EMAILS: 'boss@example.com' } });
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
    const anonymous = await h.app.inject({ method: 'GET', url: '/api/v1/auth/export', headers: fromGateway() });
    expect(anonymous.statusCode).toBe(401);
  });
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

  it('deletes the account, its sign-in links and every session, and tells every service', async () => {
    const email = 'leaver@example.com';
    const first = await signInByMail(h, email);
    const second = await signInByMail(h, email);
    const userId = await storedUserId(h, email);

    const res = await deleteAccount(first, { confirmation: ' Leaver@Example.com ' });
    expect(res.statusCode).toBe(200);
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
