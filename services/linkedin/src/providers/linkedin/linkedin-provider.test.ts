import { randomBytes, randomUUID } from 'node:crypto';
import { publishPostJob, QUEUES } from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPublishWorker } from '../../publish/publish-worker.js';
import { Sealer } from '../../sealer.js';
import {
  FAKE_LINKEDIN_CLIENT_ID,
  type FakeLinkedin,
  fakeMember,
  startFakeLinkedin,
} from '../../testing/fake-linkedin.js';
import { createHarness, type Harness } from '../../testing/harness.js';
import { FAKE_REDIRECT, fakeLinkedinProvider } from '../../testing/official-network.js';
import { ProviderError } from '../provider-error.js';
import { ProviderRouter } from '../provider-router.js';
import { type LinkedinOptions, type LinkedinProvider, VERSION_RETIRED_DETAIL } from './linkedin-provider.js';
import { RESERVED_CHARACTERS } from './little-text.js';
import { TokenVault } from './token-vault.js';

const REDIRECT = FAKE_REDIRECT;
/** Every reserved character, Arabic, emoji, hashtags in both scripts and mixed direction. */
const HARD_TEXT = `${RESERVED_CHARACTERS.join(' ')} مرحبا بالعالم 🚀👩🏽‍💻 #نشر #AI_2026 (a) [b] {c} <d> *e* _f_ ~g~ @mona \u200FRTL\u200E | back\\slash`;

let fake: FakeLinkedin;
let h: Harness;
let linkedin: LinkedinProvider;
let vault: TokenVault;

const make = (overrides: Partial<LinkedinOptions> = {}) => fakeLinkedinProvider(fake, vault, overrides);

beforeAll(async () => {
  fake = await startFakeLinkedin({ redirectUris: [REDIRECT] });
  h = await createHarness({
    provider: (db, sandbox) => {
      vault = new TokenVault(db, new Sealer(randomBytes(32).toString('base64')));
      linkedin = make();
      return new ProviderRouter(linkedin, sandbox);
    },
  });
});
afterAll(async () => {
  await h.close();
  await fake.close();
});

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

/** The browser's part of the flow: follow the authorization page back to the redirect URL. */
async function consent(url: string): Promise<URL> {
  const answer = await fetch(url, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location') ?? '');
}

async function connected(provider = linkedin): Promise<string> {
  fake.member = fakeMember();
  const start = provider.authorization();
  const back = await consent(start.url);
  expect(back.searchParams.get('state')).toBe(start.state);
  const member = await provider.completeAuthorization(back.searchParams.get('code') ?? '', start.codeVerifier);
  return member.accountId;
}

describe('the official network provider against a local server speaking its wire format', () => {
  it('signs in as the member chosen on the local sign-in page, when the page asks (npm start)', async () => {
    fake.member = fakeMember();
    fake.options.chooseMember = true;
    try {
      const start = linkedin.authorization();
      const page = await fetch(start.url, { redirect: 'manual' });
      expect(page.status).toBe(200);
      const html = await page.text();
      const links = [...html.matchAll(/href="([^"]+)" data-member="(\w+)"/g)].map((m) => [m[2], m[1]]);
      expect(links.map(([member]) => member)).toEqual(['usual', 'other', 'new']);
      const other = new URL(String(new Map(links as [string, string][]).get('other')).replace(/&amp;/g, '&'), fake.url);
      const back = await consent(other.toString());
      const member = await linkedin.completeAuthorization(back.searchParams.get('code') ?? '', start.codeVerifier);
      expect(member.accountId).not.toBe(`urn:li:person:${fake.member.sub}`);
      expect(member.name).toBe('سارة العتيبي');
    } finally {
      fake.options.chooseMember = false;
    }
  });

  it('connects with state, PKCE (S256) and the posting scopes, and knows the member from userinfo', async () => {
    fake.member = fakeMember();
    const start = linkedin.authorization();
    const url = new URL(start.url);
    expect(url.pathname).toBe('/oauth/v2/authorization');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: FAKE_LINKEDIN_CLIENT_ID,
      redirect_uri: REDIRECT,
      state: start.state,
      scope: 'openid profile email w_member_social',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('code_challenge')).not.toBe(start.codeVerifier);
    const code = (await consent(start.url)).searchParams.get('code') ?? '';

    // A wrong verifier is refused: the code is bound to this sign-in.
    const wrong = await failure(linkedin.completeAuthorization(code, 'not-the-verifier'));
    expect(wrong.kind).toBe('credentials_expired');

    const again = linkedin.authorization();
    const member = await linkedin.completeAuthorization(
      (await consent(again.url)).searchParams.get('code') ?? '',
      again.codeVerifier,
    );
    expect(member.accountId).toBe(`urn:li:person:${fake.member.sub}`);
    expect(member.name).toBe('منى الفقيه');
    expect(member.expiresAt.getTime()).toBeGreaterThan(Date.now() + 59 * 86_400_000);
    expect(fake.tokenRequests.at(-1)).toMatchObject({ grant_type: 'authorization_code', client_secret: 'right' });

    const profile = await linkedin.getFullProfile(member.accountId);
    expect(profile).toMatchObject({
      first_name: 'منى',
      last_name: 'الفقيه',
      profile_picture_url: fake.member.picture,
      email: fake.member.email,
      provider_id: fake.member.sub,
      headline: null,
      limited_access: true,
      follower_count: null,
      connections_count: null,
    });
  });

  it('keeps the tokens sealed at rest', async () => {
    const accountId = await connected();
    const rows = await h.database.db.query.networkTokens.findMany();
    const stored = JSON.stringify(rows);
    const tokens = await vault.get(accountId);
    expect(tokens?.accessToken).toMatch(/^AQV/);
    expect(stored).not.toContain(tokens?.accessToken);
    expect(stored).not.toContain(accountId);
  });

  it('is told apart when the member cancels at the consent page', async () => {
    fake.options.denyNext = 1;
    const start = linkedin.authorization();
    const back = await consent(start.url);
    expect(back.searchParams.get('error')).toBe('user_cancelled_authorize');
    expect(back.searchParams.get('state')).toBe(start.state);
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('publishes text with every reserved character, Arabic and emoji, stored whole', async () => {
    const accountId = await connected();
    const result = await linkedin.publish(accountId, { text: HARD_TEXT });
    expect(result.postId).toMatch(/^urn:li:share:\d+$/);
    expect(result.url).toBe(`https://www.linkedin.com/feed/update/${result.postId}/`);
    const post = fake.posts.find((p) => p.id === result.postId);
    expect(post?.shown).toBe(HARD_TEXT);
    expect(post?.commentary).toContain('{hashtag|\\#|نشر}');
    expect(post?.body).toMatchObject({
      author: accountId,
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED' },
      lifecycleState: 'PUBLISHED',
    });
    const call = fake.calls.filter((c) => c.call === 'POST /rest/posts').at(-1);
    expect(call).toMatchObject({ version: '202601', restli: '2.0.0', authorization: true });
  });

  it('uploads images first and posts one as media, several as a multi-image post', async () => {
    const accountId = await connected();
    const png = (n: number) => ({
      filename: `i${n}.png`,
      contentType: 'image/png',
      data: new Uint8Array([n, 1, 2, 3]),
    });
    const one = await linkedin.publish(accountId, { text: 'واحدة', attachments: [png(1)] });
    const single = fake.posts.find((p) => p.id === one.postId)?.body.content as { media: { id: string } };
    expect(fake.images.get(single.media.id)?.uploaded).toEqual({ contentType: 'image/png', bytes: 4 });

    const two = await linkedin.publish(accountId, { text: 'two', attachments: [png(2), png(3)] });
    const multi = fake.posts.find((p) => p.id === two.postId)?.body.content as {
      multiImage: { images: { id: string }[] };
    };
    expect(multi.multiImage.images).toHaveLength(2);
    for (const image of multi.multiImage.images) expect(fake.images.get(image.id)?.uploaded?.bytes).toBe(4);
  });

  it('uploads a PDF through the documents API and posts it as media under its title', async () => {
    const accountId = await connected();
    const data = new TextEncoder().encode('%PDF-1.4\n% نشر\n1 0 obj << >> endobj\n%%EOF\n');
    const pdf = { filename: 'guide.pdf', contentType: 'application/pdf', data, title: 'دليل البدء: 10 خطوات' };
    const before = fake.calls.length;
    const result = await linkedin.publish(accountId, { text: 'الدليل كاملًا 📄', attachments: [pdf] });
    const calls = fake.calls.slice(before).map((c) => c.call);
    expect(calls.filter((c) => c !== 'POST /oauth/v2/accessToken')).toEqual([
      'POST /rest/documents',
      expect.stringMatching(/^PUT \/dms-uploads\/sp\/D5610AQ\w+\/uploaded-document$/),
      'POST /rest/posts',
    ]);
    expect(calls).not.toContain('POST /rest/images');
    const content = fake.posts.find((p) => p.id === result.postId)?.body.content as {
      media: { id: string; title: string };
    };
    expect(content.media).toEqual({ id: expect.stringMatching(/^urn:li:document:/), title: 'دليل البدء: 10 خطوات' });
    const stored = fake.documents.get(content.media.id);
    expect(stored?.title).toBe('دليل البدء: 10 خطوات');
    expect(stored?.uploaded).toMatchObject({ contentType: 'application/pdf', bytes: data.length });
    expect(Buffer.from(stored?.uploaded?.data ?? []).equals(Buffer.from(data))).toBe(true);

    // Without a title the file's name stands for it: the network refuses a document post without one.
    const untitled = await linkedin.publish(accountId, {
      text: 'untitled',
      attachments: [{ ...pdf, title: undefined }],
    });
    const named = fake.posts.find((p) => p.id === untitled.postId)?.body.content as { media: { title: string } };
    expect(named.media.title).toBe('guide.pdf');
  });

  it('posts a document once when the answer is lost, so the publisher finds it instead of sending again', async () => {
    const accountId = await connected();
    const data = new TextEncoder().encode('%PDF-1.7\n%%EOF\n');
    const text = `Lost answer with a document ${randomUUID()}`;
    const before = fake.posts.length;
    fake.options.loseNextPostAnswers = 1;
    const lost = await failure(
      linkedin.publish(accountId, {
        text,
        attachments: [{ filename: 'deck.pdf', contentType: 'application/pdf', data, title: 'Deck' }],
      }),
    );
    expect(lost.kind).toBe('outcome_unknown');
    expect(fake.posts.length - before).toBe(1);
    const found = await linkedin.listPosts(accountId, { limit: 10 });
    expect(found.items.filter((p) => p.text === text)).toHaveLength(1);
  });

  it('comments under the post through its social actions, escaped', async () => {
    const accountId = await connected();
    const { postId } = await linkedin.publish(accountId, { text: 'post' });
    const sent = await linkedin.comment(accountId, postId ?? '', 'الرابط (هنا) #نشر_2026 :)');
    expect(sent.commentId).toMatch(/^urn:li:comment:/);
    expect(fake.comments.at(-1)).toMatchObject({
      object: postId,
      actor: accountId,
      shown: 'الرابط (هنا) #نشر_2026 :)',
    });
  });

  it('says the session is lost on a 401, and refreshes an expired token where allowed', async () => {
    const accountId = await connected();
    const sub = accountId.replace('urn:li:person:', '');
    fake.expire(sub);
    const tokens = await vault.get(accountId);
    if (!tokens) throw new Error('no tokens');
    await vault.put(accountId, { ...tokens, expiresAt: new Date(Date.now() - 1000) });
    await linkedin.publish(accountId, { text: 'after a refresh' });
    expect(fake.tokenRequests.at(-1)).toMatchObject({ grant_type: 'refresh_token' });

    fake.revoke(sub);
    const revoked = await failure(linkedin.publish(accountId, { text: 'revoked' }));
    expect(revoked.kind).toBe('credentials_expired');
    expect(revoked.credentialsLost).toBe(true);
  });

  it('gives the operator a clear error when the API version is retired (426)', async () => {
    const accountId = await connected();
    const old = make({ version: '202301' });
    const error = await failure(old.publish(accountId, { text: 'old version' }));
    expect(error.kind).toBe('misconfigured');
    expect(error.status).toBe(426);
    expect(error.detail).toContain(VERSION_RETIRED_DETAIL);
    expect(error.detail).toContain('202301');
  });

  it('maps 403, 422 and 429 (with Retry-After)', async () => {
    const accountId = await connected();
    fake.options.failures['/rest/posts'] = { status: 403, times: 1 };
    expect((await failure(linkedin.publish(accountId, { text: 'x' }))).kind).toBe('insufficient_privileges');
    fake.options.failures['/rest/posts'] = { status: 422, times: 1 };
    const refused = await failure(linkedin.publish(accountId, { text: 'x' }));
    expect(refused.kind).toBe('rejected');
    expect(refused.message).toMatch(/^LinkedIn refused this post/);
    fake.options.failures['/rest/posts'] = { status: 429, times: 1, retryAfterSeconds: 7 };
    const limited = await failure(linkedin.publish(accountId, { text: 'x' }));
    expect(limited.kind).toBe('rate_limited');
    expect(limited.retryAfterMs).toBe(7000);
  });
});

describe('the service publishing through the official network', () => {
  const worker = () =>
    startPublishWorker(
      h.services.publisher,
      { connection: h.redis.redis.duplicate({ maxRetriesPerRequest: null }), prefix: h.redis.prefix },
      { logger: h.deps.logger },
    );

  async function connectUser() {
    const user = testIdentity();
    const accountId = await connected();
    await h.services.accounts.markConnected(user.userId, 'linkedin', accountId);
    return { user, accountId };
  }

  it('waits the time a 429 gives and then publishes, without using up a try', async () => {
    const { user } = await connectUser();
    const running = worker();
    try {
      fake.options.failures['/rest/posts'] = { status: 429, times: 1, retryAfterSeconds: 1 };
      const postId = randomUUID();
      const text = `Rate limited (then) published #نشر ${postId}`;
      const before = Date.now();
      const job = await h.queues.enqueue(
        publishPostJob,
        { postId, userId: user.userId, text, attempt: 1 },
        { jobId: `publish-${postId}-1`, attempts: 1, backoff: { type: 'fixed', delay: 50 } },
      );
      await expect
        .poll(async () => (await h.queues.get(QUEUES.linkedinPublish).getJob(job.id as string))?.returnvalue, {
          timeout: 15_000,
        })
        .toBe('published');
      expect(fake.posts.filter((p) => p.shown === text)).toHaveLength(1);
      const failed = (await h.jobsOn(QUEUES.postsInbox, 'post-publish-failed')).filter((j) => j.data.postId === postId);
      expect(failed).toHaveLength(0);
      // The post was told when it would go out again (it shows 'will retry at …', not failed).
      const delayed = (await h.jobsOn(QUEUES.postsInbox, 'post-publish-delayed')).filter(
        (j) => j.data.postId === postId,
      );
      expect(delayed.map((j) => ({ attempt: j.data.attempt, code: j.data.code }))).toEqual([
        { attempt: 1, code: 'linkedin.rate_limited' },
      ]);
      const retryAt = Date.parse(delayed[0]!.data.retryAt);
      expect(retryAt).toBeGreaterThanOrEqual(before + 1000);
      expect(retryAt).toBeLessThanOrEqual(Date.now());
    } finally {
      await running.close();
    }
  });

  it('marks the account disconnected when the network answers 401', async () => {
    const { user, accountId } = await connectUser();
    fake.revoke(accountId.replace('urn:li:person:', ''));
    const running = worker();
    try {
      const postId = randomUUID();
      const job = await h.queues.enqueue(
        publishPostJob,
        { postId, userId: user.userId, text: 'revoked', attempt: 1 },
        { jobId: `publish-${postId}-1`, attempts: 2, backoff: { type: 'fixed', delay: 50 } },
      );
      await expect
        .poll(async () => (await h.queues.get(QUEUES.linkedinPublish).getJob(job.id as string))?.returnvalue, {
          timeout: 10_000,
        })
        .toBe('failed');
      expect((await h.services.accounts.findByUser(user.userId))?.status).toBe('disconnected');
    } finally {
      await running.close();
    }
  });

  it('publishes exactly once when the answer is lost: it finds the post before sending again', async () => {
    const { user } = await connectUser();
    const running = worker();
    try {
      fake.options.loseNextPostAnswers = 1;
      const before = fake.posts.length;
      const postId = randomUUID();
      const text = `Exactly once (lost answer) ${postId}`;
      const job = await h.queues.enqueue(
        publishPostJob,
        { postId, userId: user.userId, text, attempt: 1 },
        { jobId: `publish-${postId}-1`, attempts: 3, backoff: { type: 'fixed', delay: 50 } },
      );
      await expect
        .poll(async () => (await h.queues.get(QUEUES.linkedinPublish).getJob(job.id as string))?.returnvalue, {
          timeout: 15_000,
        })
        .toBe('recovered');
      expect(fake.posts.length - before).toBe(1);
    } finally {
      await running.close();
    }
  });
});

describe('Continue with LinkedIn through the service routes', () => {
  /** Start, the network's page, then the callback: as the browser follows the redirects. */
  async function signIn(user: ReturnType<typeof testIdentity>, display?: 'page') {
    const start = await h.call(user, 'GET', `/api/v1/linkedin/oauth/start${display ? '?display=page' : ''}`);
    expect(start.statusCode).toBe(302);
    const network = await consent(start.headers.location as string);
    expect(`${network.origin}${network.pathname}`).toBe(REDIRECT);
    return h.call(user, 'GET', `/api/v1/linkedin/oauth/callback${network.search}`);
  }

  it('offers the official sign-in first, then the password sign-in', async () => {
    const answer = await h.call(testIdentity(), 'GET', '/api/v1/linkedin/providers');
    expect(answer.json()).toEqual({ success: true, data: { methods: ['oauth', 'credentials'], sandbox: true } });
  });

  it('connects the account and announces it like the password sign-in', async () => {
    const user = testIdentity();
    fake.member = fakeMember();
    const back = await signIn(user);
    expect(back.statusCode).toBe(302);
    const location = new URL(back.headers.location as string, 'http://web.test');
    expect(location.pathname).toBe('/linkedln-connect-screen');
    expect(location.searchParams.get('oauth')).toBe('connected');
    const row = await h.services.accounts.findByUser(user.userId);
    expect(row).toMatchObject({ status: 'connected', provider: 'linkedin', id: location.searchParams.get('account') });
    expect(row && h.services.accounts.providerAccount(row)).toBe(`urn:li:person:${fake.member.sub}`);
    // The connection's end is known and shown: the refresh token's year, or the access token's 60 days.
    expect(row?.accessExpiresAt?.getTime()).toBeGreaterThan(Date.now() + 59 * 86_400_000);
    const info = await h.call(user, 'POST', '/linkedln/getUserInfo', {});
    expect(info.json().data.accessExpiresAt).toBe(row?.accessExpiresAt?.toISOString());
    const events = (await h.jobsOn(QUEUES.authInbox, 'account-connected')).filter((j) => j.data.userId === user.userId);
    expect(events.length).toBeGreaterThan(0);

    // Reconnecting keeps the same account record.
    const again = await signIn(user, 'page');
    const second = new URL(again.headers.location as string, 'http://web.test');
    expect(second.pathname).toBe('/connect-linkedIn');
    expect(second.searchParams.get('connected')).toBe('1');
    expect(second.searchParams.get('account')).toBe(row?.id);
  });

  it('refuses a cancelled consent, a replayed state and a state started by someone else', async () => {
    const user = testIdentity();
    fake.options.denyNext = 1;
    const cancelled = new URL((await signIn(user)).headers.location as string, 'http://web.test');
    expect(cancelled.searchParams.get('oauth')).toBe('cancelled');
    expect(await h.services.accounts.findByUser(user.userId)).toBeUndefined();

    const start = await h.call(user, 'GET', '/api/v1/linkedin/oauth/start');
    const network = await consent(start.headers.location as string);
    const stranger = await h.call(testIdentity(), 'GET', `/api/v1/linkedin/oauth/callback${network.search}`);
    expect(new URL(stranger.headers.location as string, 'http://web.test').searchParams.get('oauth')).toBe('expired');
    const replay = await h.call(user, 'GET', `/api/v1/linkedin/oauth/callback${network.search}`);
    expect(new URL(replay.headers.location as string, 'http://web.test').searchParams.get('oauth')).toBe('expired');
  });
});
