import { randomUUID } from 'node:crypto';
import { type AddressInfo, createServer } from 'node:net';
import { accountStepResponseSchema, publishPostJob, QUEUES } from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPublishWorker } from '../../publish/publish-worker.js';
import {
  FAKE_API_KEY,
  FAKE_CAPTCHA_KEY,
  FAKE_CODE,
  type FakeUnipile,
  startFakeUnipile,
} from '../../testing/fake-unipile.js';
import { createHarness, type Harness } from '../../testing/harness.js';
import { ProviderError } from '../provider-error.js';
import { UnipileProvider } from './unipile-provider.js';

let fake: FakeUnipile;
let unipile: UnipileProvider;

beforeAll(async () => {
  fake = await startFakeUnipile();
  unipile = new UnipileProvider({
    dsn: fake.url,
    apiKey: FAKE_API_KEY,
    // Generous: on a busy machine the local server may take a while; the timeout test uses its own.
    timeoutMs: 15_000,
    captchaScriptHost: 'https://captcha.example.test',
  });
});
afterAll(() => fake.close());

/** The error a call throws, for asserting on its kind and message. */
async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

async function connectedAccount(): Promise<string> {
  const outcome = await unipile.connect({ username: `u-${randomUUID()}@example.com`, password: 'pw' });
  expect(outcome.status).toBe('connected');
  return outcome.accountId;
}

describe('unipile adapter against a local server speaking its wire format', () => {
  it('connects with the API key, the provider name and the credentials', async () => {
    const outcome = await unipile.connect({ username: 'plain@fake.test', password: 'pw' });
    expect(outcome).toEqual({ status: 'connected', accountId: expect.stringMatching(/^acc_/) });
    expect(fake.connectBodies.at(-1)).toEqual({ provider: 'LINKEDIN', username: 'plain@fake.test', password: 'pw' });
  });

  it('turns error types into clear messages', async () => {
    const wrong = await failure(unipile.connect({ username: 'plain@fake.test', password: 'wrong' }));
    expect(wrong.kind).toBe('invalid_credentials');
    expect(wrong.message).toBe('LinkedIn did not accept this email or password. Check them and try again.');

    const badKey = new UnipileProvider({ dsn: fake.url, apiKey: 'nope' });
    const misconfigured = await failure(badKey.connect({ username: 'a@fake.test', password: 'pw' }));
    expect(misconfigured.kind).toBe('misconfigured');
    expect(misconfigured.transient).toBe(true);

    fake.options.failures['/users/me'] = { status: 429, type: 'errors/too_many_requests', times: 1 };
    expect((await failure(unipile.getOwnProfile(await connectedAccount()))).kind).toBe('rate_limited');
    fake.options.failures['/users/me'] = { status: 503, times: 1 };
    expect((await failure(unipile.getOwnProfile(await connectedAccount()))).kind).toBe('unavailable');
  });

  it('follows a checkpoint chain: CAPTCHA, then 2FA with a wrong code first', async () => {
    const first = await unipile.connect({ username: 'chain@fake.test', password: 'pw' });
    if (first.status !== 'checkpoint') throw new Error('expected a checkpoint');
    expect(first.checkpoint).toMatchObject({
      type: 'CAPTCHA',
      public_key: FAKE_CAPTCHA_KEY,
      script_url: `https://captcha.example.test/v2/${FAKE_CAPTCHA_KEY}/api.js`,
    });
    const blob = first.checkpoint.data;
    const second = await unipile.solveCheckpoint(first.accountId, `arkose-token-for-${blob}`);
    expect(second).toMatchObject({
      status: 'checkpoint',
      accountId: first.accountId,
      checkpoint: { type: '2FA', source: 'APP' },
    });

    await unipile.resendCheckpoint(first.accountId);
    const wrong = await failure(unipile.solveCheckpoint(first.accountId, '000000'));
    expect(wrong.kind).toBe('invalid_checkpoint_solution');
    expect(await unipile.solveCheckpoint(first.accountId, FAKE_CODE)).toEqual({
      status: 'connected',
      accountId: first.accountId,
    });
  });

  it('polls in-app validation until the account works', async () => {
    const first = await unipile.connect({ username: 'inapp@fake.test', password: 'pw' });
    expect(first).toMatchObject({ status: 'checkpoint', checkpoint: { type: 'IN_APP_VALIDATION' } });
    expect(await unipile.checkInAppValidation(first.accountId)).toMatchObject({ status: 'checkpoint' });
    expect(await unipile.checkInAppValidation(first.accountId)).toEqual({
      status: 'connected',
      accountId: first.accountId,
    });
  });

  it('reports an expired checkpoint (408) as expired', async () => {
    const first = await unipile.connect({ username: '2fa@fake.test', password: 'pw' });
    const account = fake.accounts.get(first.accountId);
    if (account) account.checkpointExpired = true;
    const expired = await failure(unipile.solveCheckpoint(first.accountId, FAKE_CODE));
    expect(expired.kind).toBe('checkpoint_expired');
  });

  it('reconnects a known account in place and falls back to a new one when it is gone', async () => {
    const id = await connectedAccount();
    expect(await unipile.connect({ username: 'again@fake.test', password: 'pw' }, { reconnectAccountId: id })).toEqual({
      status: 'connected',
      accountId: id,
    });
    expect(fake.calls).toContain(`POST /api/v1/accounts/${id}`);
    const fresh = await unipile.connect(
      { username: 'again@fake.test', password: 'pw' },
      { reconnectAccountId: 'acc_gone' },
    );
    expect(fresh.status === 'connected' && fresh.accountId !== 'acc_gone').toBe(true);
  });

  it('reads the own profile, the full profile and paged posts', async () => {
    const id = await connectedAccount();
    expect(await unipile.getOwnProfile(id)).toMatchObject({
      first_name: 'Mona',
      last_name: 'Fakeh',
      headline: 'Head of Growth at Fake Corp',
      premium: true,
    });
    const full = await unipile.getFullProfile(id);
    expect(full).toMatchObject({
      summary: 'Growth person.',
      follower_count: 5120,
      connections_count: 830,
      websites: ['https://mona.example.test'],
      education: [{ school: 'Sultan Qaboos University', start: '2012', end: '2016' }],
      skills: [
        { name: 'Growth', endorsement_count: 12 },
        { name: 'SEO', endorsement_count: null },
      ],
    });
    const page1 = await unipile.listPosts(id, { limit: 3 });
    expect(page1.items).toHaveLength(3);
    expect(page1.items[0]).toMatchObject({
      reaction_counter: 7,
      impressions_counter: 300,
      author: { name: 'Mona Fakeh' },
    });
    const page2 = await unipile.listPosts(id, { limit: 3, cursor: page1.cursor });
    expect(page2.items).toHaveLength(2);
    expect(page2.cursor).toBeNull();
  });

  it('says when the session expired, so the account can be marked disconnected', async () => {
    const id = await connectedAccount();
    const account = fake.accounts.get(id);
    if (account) account.status = 'CREDENTIALS';
    const expired = await failure(unipile.getOwnProfile(id));
    expect(expired.kind).toBe('credentials_expired');
    expect(expired.credentialsLost).toBe(true);
  });

  it('publishes as multipart form data and returns the post id and URL', async () => {
    const id = await connectedAccount();
    const result = await unipile.publish(id, { text: 'Hello from the adapter' });
    expect(fake.published.at(-1)).toEqual({ account_id: id, text: 'Hello from the adapter' });
    expect(result.postId).toMatch(/^71\d+$/);
    expect(result.url).toBe(`https://www.linkedin.com/feed/update/urn:li:activity:${result.postId}/`);
  });

  it('sends a document as it sends images: a file of the repeated attachments field, named by its title', async () => {
    const id = await connectedAccount();
    const data = new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
    await unipile.publish(id, {
      text: 'Our hiring guide',
      attachments: [{ filename: 'How we hire.pdf', contentType: 'application/pdf', data, title: 'How we hire' }],
    });
    expect(fake.published.at(-1)).toEqual({
      account_id: id,
      text: 'Our hiring guide',
      attachments: [{ name: 'How we hire.pdf', type: 'application/pdf', size: data.length }],
    });
  });

  it('comments on a post by its social id, as JSON, and passes on a refusal', async () => {
    const id = await connectedAccount();
    const post = await unipile.publish(id, { text: 'A post to comment on' });
    const sent = await unipile.comment(id, post.postId as string, 'The links are here: https://example.com');
    expect(sent).toEqual({ commentId: null });
    expect(fake.comments.at(-1)).toEqual({
      post_id: `urn:li:activity:${post.postId}`,
      account_id: id,
      text: 'The links are here: https://example.com',
    });
    const tooLong = await failure(unipile.comment(id, post.postId as string, 'x'.repeat(1251)));
    expect(tooLong.kind).toBe('rejected');
    expect(tooLong.message).toBe('LinkedIn refused this comment: text is too long');
    expect((await failure(unipile.comment(id, '7100000000', 'Under nothing'))).kind).toBe('not_found');
  });

  it('calls a lost publish answer "outcome unknown" and a lost read "unavailable"', async () => {
    const id = await connectedAccount();
    fake.options.loseNextPublishAnswers = 1;
    expect((await failure(unipile.publish(id, { text: 'Into the void' }))).kind).toBe('outcome_unknown');
    expect(fake.posts.get(id)?.some((p) => p.text === 'Into the void')).toBe(true);

    // An answer well past the client's timeout, so the order of the two never depends on the machine.
    const impatient = new UnipileProvider({ dsn: fake.url, apiKey: FAKE_API_KEY, timeoutMs: 300 });
    fake.options.delays['/posts'] = 5000;
    try {
      expect((await failure(impatient.publish(id, { text: 'Too slow' }))).kind).toBe('outcome_unknown');
      expect((await failure(impatient.listPosts(id))).kind).toBe('unavailable');
    } finally {
      delete fake.options.delays['/posts'];
    }
  });

  it('knows a refused connection reached nothing', async () => {
    // A port that was just free: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const closed = new UnipileProvider({ dsn: `http://127.0.0.1:${port}`, apiKey: FAKE_API_KEY, timeoutMs: 500 });
    expect((await failure(closed.publish('acc', { text: 'x' }))).kind).toBe('unavailable');
  });
});

describe('the service on the unipile adapter', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ provider: () => unipile });
  });
  afterAll(() => h.close());

  it('runs the chained sign-in through the HTTP routes', async () => {
    const user = testIdentity();
    const first = accountStepResponseSchema.parse(
      (await h.call(user, 'POST', '/api/v1/linkedin/accounts', { username: 'chain@fake.test', password: 'pw' })).json(),
    );
    expect(first.data.checkpoint?.type).toBe('CAPTCHA');
    const step = (code: string) =>
      h.call(user, 'POST', `/api/v1/linkedin/accounts/${first.data.account_id}/challenges`, { code });
    const second = accountStepResponseSchema.parse(
      (await step(`arkose-token-for-${first.data.checkpoint?.data}`)).json(),
    );
    expect(second.data.checkpoint?.type).toBe('2FA');
    const wrong = await step('999999');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('That code is not right. Check it and try again.');
    expect(accountStepResponseSchema.parse((await step(FAKE_CODE)).json()).data.connected).toBe(true);

    const refused = await h.call(testIdentity(), 'POST', '/api/v1/linkedin/accounts', {
      username: 'x@fake.test',
      password: 'wrong',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().success).toBe(false);
  });

  it('publishes exactly once when the answer is lost: it finds the post among recent posts', async () => {
    const user = testIdentity();
    await h.call(user, 'POST', '/api/v1/linkedin/accounts', { username: 'writer@fake.test', password: 'pw' });
    const worker = startPublishWorker(
      h.services.publisher,
      { connection: h.redis.redis.duplicate({ maxRetriesPerRequest: null }), prefix: h.redis.prefix },
      { logger: h.deps.logger },
    );
    try {
      fake.options.loseNextPublishAnswers = 1;
      const postsBefore = fake.calls.filter((c) => c === 'POST /api/v1/posts').length;
      const postId = randomUUID();
      const text = `Exactly once ${postId}`;
      const job = await h.queues.enqueue(
        publishPostJob,
        { postId, userId: user.userId, text, attempt: 1 },
        { jobId: `publish-${postId}-1`, attempts: 3, backoff: { type: 'fixed', delay: 50 } },
      );
      await expect
        .poll(async () => (await h.queues.get(QUEUES.linkedinPublish).getJob(job.id as string))?.returnvalue, {
          timeout: 10_000,
        })
        .toBe('recovered');
      expect(fake.calls.filter((c) => c === 'POST /api/v1/posts').length - postsBefore).toBe(1);
      const events = (await h.jobsOn(QUEUES.postsInbox, 'post-published')).filter((j) => j.data.postId === postId);
      expect(events).toHaveLength(1);
      expect(events[0]?.data.url).toMatch(/^https:\/\/www\.linkedin\.com\/posts\/mona-fake_/);
    } finally {
      await worker.close();
    }
  });
});
