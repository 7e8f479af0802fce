import { randomUUID } from 'node:crypto';
import { publishPostJob, QUEUES } from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { publishAttempts, sandboxPosts } from '../db/schema.js';
import type { NetworkProvider } from '../providers/network-provider.js';
import { ProviderError } from '../providers/provider-error.js';
import { SandboxProvider, sandboxAccountId } from '../providers/sandbox/sandbox-provider.js';
import { createHarness, type Harness } from '../testing/harness.js';
import { PublishStore } from './publish-store.js';
import { startPublishWorker } from './publish-worker.js';
import { Publisher } from './publisher.js';

let h: Harness;
let worker: ReturnType<typeof startPublishWorker> | null = null;

beforeAll(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await worker?.close();
  worker = null;
});
afterAll(() => h.close());

/** Starts the real publish consumer on this file's queue, with the given parts swapped in. */
function startWorker(overrides: Partial<ConstructorParameters<typeof Publisher>[0]> = {}) {
  const publisher = new Publisher({
    accounts: h.services.accounts,
    store: h.services.store,
    provider: h.provider,
    queues: h.queues,
    cache: h.services.cache,
    logger: h.deps.logger,
    ...overrides,
  });
  worker = startPublishWorker(
    publisher,
    { connection: h.redis.redis.duplicate({ maxRetriesPerRequest: null }), prefix: h.redis.prefix },
    { logger: h.deps.logger },
  );
  return worker;
}

async function connectedUser(username = `writer-${randomUUID().slice(0, 8)}@example.com`) {
  const user = testIdentity();
  const res = await h.call(user, 'POST', '/api/v1/linkedin/accounts', { username, password: 'secret' });
  expect(res.json().data.connected).toBe(true);
  return { user, networkAccountId: sandboxAccountId(username) };
}

async function enqueue(
  userId: string,
  text: string,
  options: { postId?: string; attempt?: number; attempts?: number; identity?: string } = {},
) {
  const postId = options.postId ?? randomUUID();
  const attempt = options.attempt ?? 1;
  const job = await h.queues.enqueue(
    publishPostJob,
    { postId, userId, text, attempt, ...(options.identity ? { identity: options.identity } : {}) },
    { jobId: `publish-${postId}-${attempt}`, attempts: options.attempts ?? 3, backoff: { type: 'fixed', delay: 50 } },
  );
  return { postId, job };
}

/** Resolves once BullMQ has finished the job (completed or failed for good). */
async function settled(jobId: string) {
  const queue = h.queues.get(QUEUES.linkedinPublish);
  await expect
    .poll(
      async () => {
        const job = await queue.getJob(jobId);
        return (
          job?.finishedOn !== undefined && (job.returnvalue !== null || job.attemptsMade >= (job.opts.attempts ?? 1))
        );
      },
      { timeout: 10_000, interval: 50 },
    )
    .toBe(true);
  return queue.getJob(jobId);
}

const networkPostsWith = async (networkAccountId: string, text: string) =>
  h.database.db
    .select()
    .from(sandboxPosts)
    .where(and(eq(sandboxPosts.accountId, networkAccountId), eq(sandboxPosts.text, text)));

const events = async (name: string, postId: string) =>
  (await h.jobsOn(QUEUES.postsInbox, name)).filter((job) => job.data.postId === postId);

describe('the publish worker', () => {
  it('publishes, reports the network post id and URL, and the post shows in the account’s posts', async () => {
    const { user, networkAccountId } = await connectedUser();
    // Fill the cache first: the new post must show all the same.
    await h.call(user, 'POST', '/linkedln/getPosts', {});
    startWorker();
    const text = `Launch day! ${randomUUID()}`;
    const { postId, job } = await enqueue(user.userId, text);
    const done = await settled(job.id as string);
    expect(done?.returnvalue).toBe('published');

    const [created] = await networkPostsWith(networkAccountId, text);
    expect(created).toBeDefined();
    const [published] = await events('post-published', postId);
    expect(published?.data).toMatchObject({
      postId,
      userId: user.userId,
      networkPostId: created?.id,
      url: `https://www.linkedin.com/feed/update/urn:li:activity:${created?.id}/`,
    });
    const posts = await h.call(user, 'POST', '/linkedln/getPosts', {});
    expect(posts.json().data.items[0]).toMatchObject({ id: created?.id, text });
  });

  it('does nothing when the same job runs again after a success', async () => {
    const { user, networkAccountId } = await connectedUser();
    startWorker();
    const text = `Run me twice ${randomUUID()}`;
    const { postId, job } = await enqueue(user.userId, text);
    await settled(job.id as string);
    await (await h.queues.get(QUEUES.linkedinPublish).getJob(job.id as string))?.remove();

    const again = await enqueue(user.userId, text, { postId });
    expect(again.job.id).toBe(job.id);
    expect((await settled(again.job.id as string))?.returnvalue).toBe('already-published');
    expect(await networkPostsWith(networkAccountId, text)).toHaveLength(1);
    expect(await events('post-published', postId)).toHaveLength(1);
  });

  it('does not publish again when a later attempt of an already published post arrives', async () => {
    const { user, networkAccountId } = await connectedUser();
    startWorker();
    const text = `Retried by the user ${randomUUID()}`;
    const { postId, job } = await enqueue(user.userId, text);
    await settled(job.id as string);
    const second = await enqueue(user.userId, text, { postId, attempt: 2 });
    expect((await settled(second.job.id as string))?.returnvalue).toBe('already-published');
    expect(await networkPostsWith(networkAccountId, text)).toHaveLength(1);
  });

  it('survives a crash between the network publish and its recording without publishing twice', async () => {
    const { user, networkAccountId } = await connectedUser();
    let crashes = 1;
    class CrashingStore extends PublishStore {
      override async markPublished(...args: Parameters<PublishStore['markPublished']>) {
        if (crashes-- > 0) throw new Error('worker process died before recording the publish');
        return super.markPublished(...args);
      }
    }
    startWorker({ store: new CrashingStore(h.database.db) });
    const text = `Crash test ${randomUUID()}`;
    const { postId, job } = await enqueue(user.userId, text);
    const done = await settled(job.id as string);
    // BullMQ counts every run: the crashed one and the retry that recovered the post.
    expect(done?.attemptsMade).toBe(2);
    expect(done?.returnvalue).toBe('recovered');
    expect(await networkPostsWith(networkAccountId, text)).toHaveLength(1);
    const [row] = await h.database.db.select().from(publishAttempts).where(eq(publishAttempts.postId, postId));
    expect(row).toMatchObject({ state: 'published', calls: 1 });
    expect(await events('post-published', postId)).toHaveLength(1);
  });

  it('checks recent posts after a lost answer instead of publishing again', async () => {
    // The sandbox's own failure injection: the first publish creates the post and loses the answer.
    let draws = 0;
    const lossy = new SandboxProvider(h.database.db, { lostAnswerRate: 0.5, random: () => (draws++ === 0 ? 0 : 1) });
    const { user, networkAccountId } = await connectedUser();
    startWorker({ provider: lossy });
    const text = `Lost answer ${randomUUID()}`;
    const { postId, job } = await enqueue(user.userId, text);
    const done = await settled(job.id as string);
    expect(done?.returnvalue).toBe('recovered');
    expect(await networkPostsWith(networkAccountId, text)).toHaveLength(1);
    const [published] = await events('post-published', postId);
    expect(published?.data.networkPostId).toBe((await networkPostsWith(networkAccountId, text))[0]?.id);
  });

  it('waits for a slow network that creates the post after the call gave up, instead of publishing again', async () => {
    const { user, networkAccountId } = await connectedUser();
    let calls = 0;
    // The first call gives up before the network answers; the network still creates the post 600 ms later.
    const slow: NetworkProvider = Object.assign(Object.create(h.sandbox), {
      publish: async (accountId: string, post: { text: string }) => {
        calls++;
        if (calls === 1) {
          setTimeout(() => void h.sandbox.publish(accountId, post), 600);
          throw new ProviderError('outcome_unknown');
        }
        return h.sandbox.publish(accountId, post);
      },
    });
    startWorker({ provider: slow, settleMs: 5_000 });
    const text = `Slow network ${randomUUID()}`;
    const { postId, job } = await enqueue(user.userId, text, { attempts: 10 });
    const done = await settled(job.id as string);
    expect(done?.returnvalue).toBe('recovered');
    expect(calls).toBe(1);
    expect(await networkPostsWith(networkAccountId, text)).toHaveLength(1);
    expect(await events('post-published', postId)).toHaveLength(1);
  });

  it('retries transient failures with backoff, then publishes once', async () => {
    const { user, networkAccountId } = await connectedUser();
    let failures = 2;
    const flaky: NetworkProvider = Object.assign(Object.create(h.sandbox), {
      publish: async (accountId: string, post: { text: string }) => {
        if (failures-- > 0) throw new ProviderError('unavailable');
        return h.sandbox.publish(accountId, post);
      },
    });
    startWorker({ provider: flaky });
    const text = `Flaky network ${randomUUID()}`;
    const { postId, job } = await enqueue(user.userId, text, { attempts: 4 });
    const done = await settled(job.id as string);
    expect(done?.returnvalue).toBe('published');
    expect(done?.attemptsMade).toBe(3); // two failed runs and the one that published
    expect(await networkPostsWith(networkAccountId, text)).toHaveLength(1);
    expect(await events('post-publish-failed', postId)).toHaveLength(0);
  });

  it('reports a transient failure that outlasts every retry as not permanent', async () => {
    const { user } = await connectedUser();
    const down: NetworkProvider = Object.assign(Object.create(h.sandbox), {
      publish: async () => {
        throw new ProviderError('unavailable');
      },
    });
    startWorker({ provider: down });
    const { postId, job } = await enqueue(user.userId, 'Nobody hears me', { attempts: 2 });
    const done = await settled(job.id as string);
    expect(done?.failedReason).toBe('LinkedIn could not be reached. Please try again in a moment.');
    const [failed] = await events('post-publish-failed', postId);
    expect(failed?.data).toMatchObject({
      permanent: false,
      code: 'linkedin.unavailable',
      reason: 'LinkedIn could not be reached. Please try again in a moment.',
    });
  });

  it('reports a refused text as a permanent failure without retrying', async () => {
    const { user, networkAccountId } = await connectedUser();
    startWorker();
    const text = `Please [refuse] this ${randomUUID()}`;
    const { postId, job } = await enqueue(user.userId, text);
    const done = await settled(job.id as string);
    expect(done?.attemptsMade).toBe(1); // one run, no retry
    expect(done?.returnvalue).toBe('failed');
    expect(await networkPostsWith(networkAccountId, text)).toHaveLength(0);
    const [failed] = await events('post-publish-failed', postId);
    expect(failed?.data).toMatchObject({
      permanent: true,
      code: 'linkedin.rejected',
      reason: expect.stringContaining('refused this post'),
    });
  });

  it('reports expired credentials as permanent and marks the account disconnected', async () => {
    const { user, networkAccountId } = await connectedUser();
    await h.sandbox.expireSession(networkAccountId);
    startWorker();
    const { postId, job } = await enqueue(user.userId, 'After a password change');
    expect((await settled(job.id as string))?.returnvalue).toBe('failed');
    const [failed] = await events('post-publish-failed', postId);
    expect(failed?.data).toMatchObject({
      permanent: true,
      code: 'linkedin.reconnect',
      reason: 'Your LinkedIn connection has expired. Please reconnect your account.',
    });
    const dropped = (await h.jobsOn(QUEUES.authInbox, 'account-disconnected')).filter(
      (j) => j.data.userId === user.userId,
    );
    expect(dropped).toHaveLength(1);
    const info = await h.call(user, 'POST', '/linkedln/getUserInfo', {});
    expect(info.json().data.status).toBe('disconnected');
  });

  it('never publishes a post as another member than its own, after a reconnection with another login', async () => {
    const first = `first-${randomUUID().slice(0, 8)}@example.com`;
    const { user } = await connectedUser(first);
    const identityNow = async () =>
      (await h.jobsOn(QUEUES.postsInbox, 'account-connected'))
        .filter((j) => j.data.userId === user.userId)
        .sort((a, b) => a.timestamp - b.timestamp)
        .at(-1)?.data.identity as string;
    const firstIdentity = await identityNow();
    expect(firstIdentity).toMatch(/^[\w-]{22}$/);

    const second = `second-${randomUUID().slice(0, 8)}@example.com`;
    const again = await h.call(user, 'POST', '/api/v1/linkedin/accounts', { username: second, password: 'secret' });
    expect(again.json().data.connected).toBe(true);
    const secondIdentity = await identityNow();
    expect(secondIdentity).not.toBe(firstIdentity);

    startWorker();
    const text = `Written as the first login ${randomUUID()}`;
    const { postId, job } = await enqueue(user.userId, text, { identity: firstIdentity });
    expect((await settled(job.id as string))?.returnvalue).toBe('failed');
    expect(await networkPostsWith(sandboxAccountId(second), text)).toHaveLength(0);
    const [failed] = await events('post-publish-failed', postId);
    expect(failed?.data).toMatchObject({ permanent: true, code: 'linkedin.identity_changed' });

    // The post moved to the connected member goes out.
    const moved = await enqueue(user.userId, text, { identity: secondIdentity });
    expect((await settled(moved.job.id as string))?.returnvalue).toBe('published');
    expect(await networkPostsWith(sandboxAccountId(second), text)).toHaveLength(1);
  });

  it('fails for good when the user has no connected account', async () => {
    startWorker();
    const { postId, job } = await enqueue(randomUUID(), 'No account yet');
    expect((await settled(job.id as string))?.returnvalue).toBe('failed');
    const [failed] = await events('post-publish-failed', postId);
    expect(failed?.data).toMatchObject({
      permanent: true,
      code: 'linkedin.not_connected',
      reason: 'Connect your LinkedIn account to publish posts.',
    });
  });
});
