import { randomUUID } from 'node:crypto';
import { accountStepResponseSchema, CHANGED_HEADER, parseStamps, QUEUES } from '@nashr/contracts';
import { installationKeyPatterns } from '@nashr/platform';
import { testIdentity } from '@nashr/platform/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxAccountId } from '../providers/sandbox/sandbox-provider.js';
import { createHarness, type Harness } from '../testing/harness.js';
import { runCaptchaWidget } from '../testing/run-captcha-widget.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** One password for every sign-in in this file, so the leak checks below cover all of them. */
const PASSWORD = `Pa55-${randomUUID()}`;

const connect = (user: ReturnType<typeof testIdentity>, username: string, password = PASSWORD) =>
  h.call(user, 'POST', '/api/v1/linkedin/accounts', { username, password });
const solve = (user: ReturnType<typeof testIdentity>, accountId: string, code: string) =>
  h.call(user, 'POST', `/api/v1/linkedin/accounts/${accountId}/challenges`, { code });
const checkInApp = (user: ReturnType<typeof testIdentity>, accountId: string) =>
  h.call(user, 'GET', `/api/v1/linkedin/accounts/${accountId}/challenges/in-app`);

const connectedEvents = async (userId: string) =>
  (await h.jobsOn(QUEUES.authInbox, 'account-connected')).filter((job) => job.data.userId === userId);

/** Loads the checkpoint's widget script from this service and lets it produce a token. */
async function widgetToken(checkpoint: { script_url?: string; data?: string }) {
  expect(checkpoint.script_url).toBeTruthy();
  const script = await h.app.inject({
    method: 'GET',
    url: checkpoint.script_url as string,
    headers: { 'x-internal-secret': 'test-internal-secret-0123456789' },
  });
  expect(script.statusCode).toBe(200);
  expect(script.headers['content-type']).toMatch(/^text\/javascript/);
  const result = await runCaptchaWidget(script.body, { blob: checkpoint.data ?? '' });
  expect(result.token).toBeTruthy();
  return result.token as string;
}

describe('connecting a network account (sandbox)', () => {
  it('says the password sign-in is the sandbox, so the connect screen does not promise LinkedIn', async () => {
    const answer = await h.call(testIdentity(), 'GET', '/api/v1/linkedin/providers');
    expect(answer.json()).toEqual({ success: true, data: { methods: ['credentials'], sandbox: true } });
  });

  it('connects any other username at once and tells the auth service', async () => {
    const user = testIdentity();
    const res = await connect(user, 'Someone@Example.com');
    expect(res.statusCode).toBe(200);
    const body = accountStepResponseSchema.parse(res.json());
    expect(body.data.connected).toBe(true);
    expect(body.data.checkpoint).toBeUndefined();
    expect(body.data.account).toMatchObject({
      accountID: body.data.account_id,
      status: 'connected',
      provider: 'sandbox',
    });
    expect(await connectedEvents(user.userId)).toHaveLength(1);
  });

  it('refuses a wrong password with the network message and records nothing', async () => {
    const user = testIdentity();
    const res = await connect(user, 'someone@example.com', 'wrong-password');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'linkedin.credentials_wrong',
      message: 'LinkedIn did not accept this email or password. Check them and try again.',
    });
    expect(await connectedEvents(user.userId)).toHaveLength(0);
    const info = await h.call(user, 'POST', '/linkedln/getUserInfo', {});
    expect(info.statusCode).toBe(404);
  });

  it('asks for a 2FA code, refuses a wrong one, then accepts the right one', async () => {
    const user = testIdentity();
    const first = accountStepResponseSchema.parse((await connect(user, '2fa@sandbox.test')).json());
    expect(first.data).toMatchObject({ connected: false, checkpoint: { type: '2FA' } });
    expect(await connectedEvents(user.userId)).toHaveLength(0);

    const wrong = await solve(user, first.data.account_id, '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      success: false,
      code: 'linkedin.code_wrong',
      message: 'That code is not right. Check it and try again.',
    });

    const right = await solve(user, first.data.account_id, '123456');
    expect(right.statusCode).toBe(200);
    const done = accountStepResponseSchema.parse(right.json());
    expect(done.data).toMatchObject({ account_id: first.data.account_id, connected: true });
    expect(done.message).toBe('Your LinkedIn account is connected.');
    expect(await connectedEvents(user.userId)).toHaveLength(1);
  });

  it('voids a checkpoint at its fifth wrong code: the right one then connects nothing, a new sign-in does', async () => {
    const user = testIdentity();
    const first = accountStepResponseSchema.parse((await connect(user, '2fa@sandbox.test')).json());
    for (let i = 1; i <= 4; i++) {
      expect((await solve(user, first.data.account_id, '000000')).json()).toMatchObject({
        code: 'linkedin.code_wrong',
      });
    }
    const fifth = await solve(user, first.data.account_id, '000000');
    expect(fifth.statusCode).toBe(409);
    expect(fifth.json()).toMatchObject({ success: false, code: 'linkedin.too_many_wrong_codes' });
    const right = await solve(user, first.data.account_id, '123456');
    expect(right.statusCode).toBeGreaterThanOrEqual(400);
    expect(right.json().data?.connected).not.toBe(true);
    expect(await connectedEvents(user.userId)).toHaveLength(0);

    const again = accountStepResponseSchema.parse((await connect(user, '2fa@sandbox.test')).json());
    expect((await solve(user, again.data.account_id, '000000')).json()).toMatchObject({ code: 'linkedin.code_wrong' });
    expect((await solve(user, again.data.account_id, '123456')).json().data.connected).toBe(true);
  });

  it('caps codes sent all at once as well', async () => {
    const user = testIdentity();
    const first = accountStepResponseSchema.parse((await connect(user, '2fa@sandbox.test')).json());
    await Promise.all(Array.from({ length: 12 }, () => solve(user, first.data.account_id, '000000')));
    expect((await solve(user, first.data.account_id, '123456')).json().data?.connected).not.toBe(true);
    expect(await connectedEvents(user.userId)).toHaveLength(0);
  });

  it('asks for an OTP code and accepts 123456', async () => {
    const user = testIdentity();
    const first = accountStepResponseSchema.parse((await connect(user, 'otp@sandbox.test')).json());
    expect(first.data.checkpoint?.type).toBe('OTP');
    expect((await solve(user, first.data.account_id, '654321')).statusCode).toBe(400);
    const done = accountStepResponseSchema.parse((await solve(user, first.data.account_id, '123456')).json());
    expect(done.data.connected).toBe(true);
  });

  it('waits for in-app validation and connects from the second status check', async () => {
    const user = testIdentity();
    const first = accountStepResponseSchema.parse((await connect(user, 'inapp@sandbox.test')).json());
    expect(first.data.checkpoint?.type).toBe('IN_APP_VALIDATION');

    const waiting = await checkInApp(user, first.data.account_id);
    expect(waiting.statusCode).toBe(200);
    expect(accountStepResponseSchema.parse(waiting.json()).data).toMatchObject({
      connected: false,
      checkpoint: { type: 'IN_APP_VALIDATION' },
    });
    expect(await connectedEvents(user.userId)).toHaveLength(0);

    const done = accountStepResponseSchema.parse((await checkInApp(user, first.data.account_id)).json());
    expect(done.data.connected).toBe(true);
    expect(await connectedEvents(user.userId)).toHaveLength(1);
  });

  it('shows a CAPTCHA whose local widget yields a token that succeeds', async () => {
    const user = testIdentity();
    const first = accountStepResponseSchema.parse((await connect(user, 'captcha@sandbox.test')).json());
    const checkpoint = first.data.checkpoint;
    expect(checkpoint).toMatchObject({ type: 'CAPTCHA', public_key: expect.any(String), data: expect.any(String) });

    const forged = await solve(user, first.data.account_id, 'not-a-token');
    expect(forged.statusCode).toBe(400);

    const token = await widgetToken(checkpoint ?? {});
    const done = accountStepResponseSchema.parse((await solve(user, first.data.account_id, token)).json());
    expect(done.data.connected).toBe(true);
  });

  it('lets the widget report a failed check, in the page language', async () => {
    const user = testIdentity();
    const first = accountStepResponseSchema.parse((await connect(user, 'captcha@sandbox.test')).json());
    const script = await h.app.inject({
      method: 'GET',
      url: first.data.checkpoint?.script_url as string,
      headers: { 'x-internal-secret': 'test-internal-secret-0123456789' },
    });
    const failed = await runCaptchaWidget(script.body, { blob: 'x', click: 'fail', lang: 'en' });
    expect(failed.failed).toBe(true);
    expect(failed.token).toBeUndefined();
    expect(failed.text).toContain('I am not a robot');
    const arabic = await runCaptchaWidget(script.body, { blob: 'x', lang: 'ar' });
    expect(arabic.text).toContain('أنا لست روبوتًا');
  });

  it('chains a CAPTCHA and then a 2FA code', async () => {
    const user = testIdentity();
    const first = accountStepResponseSchema.parse((await connect(user, 'chain@sandbox.test')).json());
    expect(first.data.checkpoint?.type).toBe('CAPTCHA');
    const token = await widgetToken(first.data.checkpoint ?? {});

    const second = accountStepResponseSchema.parse((await solve(user, first.data.account_id, token)).json());
    expect(second.data).toMatchObject({
      account_id: first.data.account_id,
      connected: false,
      checkpoint: { type: '2FA' },
    });
    expect(await connectedEvents(user.userId)).toHaveLength(0);

    expect((await solve(user, first.data.account_id, '111111')).statusCode).toBe(400);
    const done = accountStepResponseSchema.parse((await solve(user, first.data.account_id, '123456')).json());
    expect(done.data.connected).toBe(true);
    expect(await connectedEvents(user.userId)).toHaveLength(1);
  });

  it('answers a repeated code after success as connected, not as an error', async () => {
    const user = testIdentity();
    const first = accountStepResponseSchema.parse((await connect(user, '2fa@sandbox.test')).json());
    await solve(user, first.data.account_id, '123456');
    const again = await solve(user, first.data.account_id, '123456');
    expect(again.statusCode).toBe(200);
    expect(again.json().data.connected).toBe(true);
  });

  it("refuses another user's sign-in with 403 and an unknown one with 404", async () => {
    const owner = testIdentity();
    const intruder = testIdentity();
    const first = accountStepResponseSchema.parse((await connect(owner, '2fa@sandbox.test')).json());

    const stolen = await solve(intruder, first.data.account_id, '123456');
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().code).toBe('linkedin.sign_in_of_someone_else');
    expect(stolen.json().success).toBe(false);
    expect((await checkInApp(intruder, first.data.account_id)).statusCode).toBe(403);
    expect(await connectedEvents(intruder.userId)).toHaveLength(0);

    // The owner's sign-in is untouched by the attempt.
    expect((await solve(owner, first.data.account_id, '123456')).json().data.connected).toBe(true);
    expect((await solve(owner, randomUUID(), '123456')).statusCode).toBe(404);
  });

  it('validates input with readable messages', async () => {
    const user = testIdentity();
    const missing = await h.call(user, 'POST', '/api/v1/linkedin/accounts', { username: 'a@b.c' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^password: /);
    const badId = await solve(user, 'not-an-id', '123456');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toMatch(/account id is not valid/);
    const noCode = await h.call(user, 'POST', `/api/v1/linkedin/accounts/${randomUUID()}/challenges`, {});
    expect(noCode.statusCode).toBe(400);
  });

  it('requires a session for every call', async () => {
    const id = randomUUID();
    expect((await h.call(null, 'POST', '/api/v1/linkedin/accounts', { username: 'a', password: 'b' })).statusCode).toBe(
      401,
    );
    expect((await h.call(null, 'POST', `/api/v1/linkedin/accounts/${id}/challenges`, { code: '1' })).statusCode).toBe(
      401,
    );
    expect((await h.call(null, 'GET', `/api/v1/linkedin/accounts/${id}/challenges/in-app`)).statusCode).toBe(401);
  });

  it('keeps the password out of logs, the database and Redis, and seals the network id', async () => {
    const user = testIdentity();
    await connect(user, 'sealed@example.com');
    await connect(testIdentity(), '2fa@sandbox.test');

    const logs = h.lines().join('\n');
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).not.toContain(PASSWORD);

    const tables = await h.database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'linkedin'`,
    );
    expect(tables.length).toBeGreaterThanOrEqual(4);
    let dump = '';
    for (const { table_name } of tables) {
      const rows = await h.database.sql.unsafe(`select row_to_json(t)::text as row from linkedin."${table_name}" t`);
      dump += rows.map((r) => r.row).join('\n');
    }
    expect(dump).toContain('sealed@example.com'); // the sandbox network keeps its usernames...
    expect(dump).not.toContain(PASSWORD); // ...but nobody keeps a password

    const [account] = await h.database
      .sql`select provider_account from linkedin.accounts where user_id = ${user.userId}`;
    expect(account?.provider_account).toMatch(/^v1\./);
    expect(account?.provider_account).not.toContain(sandboxAccountId('sealed@example.com'));

    let redisDump = '';
    const keys = await Promise.all(installationKeyPatterns(h.redis.prefix).map((p) => h.redis.redis.keys(p)));
    for (const key of keys.flat()) {
      const type = await h.redis.redis.type(key);
      if (type === 'hash') redisDump += JSON.stringify(await h.redis.redis.hgetall(key));
      if (type === 'string') redisDump += await h.redis.redis.get(key);
    }
    expect(redisDump).toContain('account-connected');
    expect(redisDump).not.toContain(PASSWORD);
  });
});

describe('a dropped connection', () => {
  it('is reported once, shown as disconnected, and can be reconnected', async () => {
    const user = testIdentity();
    const first = accountStepResponseSchema.parse((await connect(user, 'dropped@example.com')).json());
    await h.sandbox.expireSession(sandboxAccountId('dropped@example.com'));

    const profile = await h.call(user, 'POST', '/linkedln/getUserProfile', {});
    expect(profile.statusCode).toBe(409);
    expect(profile.json().message).toBe('Your LinkedIn connection has expired. Please reconnect your account.');
    expect(profile.json().code).toBe('linkedin.reconnect');
    // The refusal announces the disconnection, so the caller's next `/me` waits for auth to know it.
    expect(parseStamps(String(profile.headers[CHANGED_HEADER])).connection).toBeGreaterThan(0);
    await h.call(user, 'POST', '/linkedln/getUserProfileData', {});

    const dropped = await h.jobsOn(QUEUES.authInbox, 'account-disconnected');
    expect(dropped.filter((job) => job.data.userId === user.userId)).toHaveLength(1);
    const toPosts = await h.jobsOn(QUEUES.postsInbox, 'account-disconnected');
    expect(toPosts.filter((job) => job.data.userId === user.userId)).toHaveLength(1);
    const info = await h.call(user, 'POST', '/linkedln/getUserInfo', {});
    expect(info.json().data).toMatchObject({ accountID: first.data.account_id, status: 'disconnected' });

    const again = accountStepResponseSchema.parse((await connect(user, 'dropped@example.com')).json());
    expect(again.data).toMatchObject({ account_id: first.data.account_id, connected: true });
    expect((await h.call(user, 'POST', '/linkedln/getUserProfile', {})).statusCode).toBe(200);
  });
});

describe('one network member, one Nashr account', () => {
  const official = (suffix: string) => ({ account: `urn:li:person:${suffix}`, identity: `member-${suffix}` });

  it('refuses a second Nashr user the member another holds connected, leaving both as they were', async () => {
    const [first, second] = [testIdentity(), testIdentity()];
    const member = official(randomUUID().slice(0, 8));
    await h.services.accounts.markConnected(first.userId, 'linkedin', member.account, null, member.identity);
    await expect(
      h.services.accounts.markConnected(second.userId, 'linkedin', member.account, null, member.identity),
    ).rejects.toMatchObject({ statusCode: 409, answerCode: 'linkedin.connected_elsewhere' });
    expect((await h.services.accounts.findByUser(first.userId))?.status).toBe('connected');
    expect(await h.services.accounts.findByUser(second.userId)).toBeUndefined();
    // The user who holds it reconnects as ever.
    await h.services.accounts.markConnected(first.userId, 'linkedin', member.account, null, member.identity);
  });

  it('lets exactly one of two users connecting the same member at once have it', async () => {
    const users = [testIdentity(), testIdentity(), testIdentity()];
    const member = official(randomUUID().slice(0, 8));
    const outcomes = await Promise.allSettled(
      users.map((user) =>
        h.services.accounts.markConnected(user.userId, 'linkedin', member.account, null, member.identity),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const refused of outcomes.filter((o) => o.status === 'rejected')) {
      expect(refused.reason).toMatchObject({ answerCode: 'linkedin.connected_elsewhere' });
    }
  });

  it('lets the sandbox share its practice logins between users', async () => {
    const name = `shared-${randomUUID().slice(0, 8)}@example.com`;
    for (const user of [testIdentity(), testIdentity()]) {
      expect((await connect(user, name)).json().data.connected).toBe(true);
    }
  });
});
