import { randomUUID } from 'node:crypto';
import { LINKEDIN_ERROR_CODES, publishPostJob, QUEUES } from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { firstComments, sandboxComments, sandboxPosts } from '../db/schema.js';
import type { NetworkProvider } from '../providers/network-provider.js';
import { ProviderError } from '../providers/provider-error.js';
import { type SandboxProvider, sandboxAccountId } from '../providers/sandbox/sandbox-provider.js';
import { createHarness, type Harness } from '../testing/harness.js';
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

function startWorker(provider: NetworkProvider = h.provider) {
  const publisher = new Publisher({
    accounts: h.services.accounts,
    store: h.services.store,
    provider,
    queues: h.queues,
    cache: h.services.cache,
    logger: h.deps.logger,
  });
  worker = startPublishWorker(
    publisher,
    { connection: h.redis.redis.duplicate({ maxRetriesPerRequest: null }), prefix: h.redis.prefix },
    { logger: h.deps.logger },
  );
}

async function connectedUser() {
  const username = `commenter-${randomUUID().slice(0, 8)}@example.com`;
  const user = testIdentity();
  const res = await h.call(user, 'POST', '/api/v1/linkedin/accounts', { username, password: 'secret' });
  expect(res.json().data.connected).toBe(true);
  return { user, networkAccountId: sandboxAccountId(username) };
}

async function publishWithComment(userId: string, firstComment: string, postId: string = randomUUID(), attempt = 1) {
  const jobId = `publish-${postId}-${attempt}`;
  await h.queues.enqueue(
    publishPostJob,
    { postId, userId, text: `A post with a first comment ${randomUUID()}`, firstComment, attempt },
    { jobId, attempts: 3, backoff: { type: 'fixed', delay: 50 } },
  );
  const queue = h.queues.get(QUEUES.linkedinPublish);
  await expect
    .poll(async () => (await queue.getJob(jobId))?.returnvalue ?? null, { timeout: 10_000, interval: 50 })
    .not.toBeNull();
  return { postId, jobId };
}

const publishedEvent = async (postId: string) =>
  (await h.jobsOn(QUEUES.postsInbox, 'post-published')).find((job) => job.data.postId === postId)?.data;

async function commentsUnder(postId: string) {
  const event = await publishedEvent(postId);
  return h.database.db
    .select()
    .from(sandboxComments)
    .where(eq(sandboxComments.postId, event?.networkPostId ?? ''));
}

describe('the first comment', () => {
  it('is posted under the new post right after it publishes, and reported with it', async () => {
    const { user, networkAccountId } = await connectedUser();
    startWorker();
    const { postId } = await publishWithComment(user.userId, 'Sources in the first comment: https://example.com');
    expect((await publishedEvent(postId))?.firstComment).toEqual({ status: 'posted' });
    const comments = await commentsUnder(postId);
    expect(comments.map((c) => [c.text, c.accountId])).toEqual([
      ['Sources in the first comment: https://example.com', networkAccountId],
    ]);
    const [post] = await h.database.db
      .select()
      .from(sandboxPosts)
      .where(eq(sandboxPosts.id, comments[0]?.postId ?? ''));
    expect(post?.comments).toBe(1);
  });

  it('is never posted twice when the job runs again, or a later attempt arrives', async () => {
    const { user } = await connectedUser();
    startWorker();
    const { postId, jobId } = await publishWithComment(user.userId, 'Only once, please');
    await (await h.queues.get(QUEUES.linkedinPublish).getJob(jobId))?.remove();
    await publishWithComment(user.userId, 'Only once, please', postId);
    await publishWithComment(user.userId, 'Only once, please', postId, 2);
    expect(await commentsUnder(postId)).toHaveLength(1);
  });

  it('leaves the post published and reports the refusal when the network refuses the comment', async () => {
    const { user } = await connectedUser();
    startWorker();
    const { postId } = await publishWithComment(user.userId, 'A comment the network will [refuse]');
    const event = await publishedEvent(postId);
    expect(event?.networkPostId).toBeTruthy();
    expect(event?.firstComment).toMatchObject({ status: 'failed', code: 'linkedin.rejected' });
    expect(event?.firstComment?.reason).toMatch(/refused this comment/);
    expect(await commentsUnder(postId)).toHaveLength(0);
  });

  it('is not sent again after a lost answer: it is reported as unconfirmed', async () => {
    const { user } = await connectedUser();
    let calls = 0;
    const losing: NetworkProvider = Object.assign(Object.create(h.sandbox as SandboxProvider), {
      comment: async (a: string, p: string, t: string) => {
        calls += 1;
        await (h.sandbox as SandboxProvider).comment(a, p, t);
        throw new ProviderError('outcome_unknown');
      },
    });
    startWorker(losing);
    const { postId, jobId } = await publishWithComment(user.userId, 'Lost on the way back');
    expect((await publishedEvent(postId))?.firstComment).toMatchObject({
      status: 'failed',
      code: LINKEDIN_ERROR_CODES.firstCommentUnconfirmed,
    });
    await (await h.queues.get(QUEUES.linkedinPublish).getJob(jobId))?.remove();
    await publishWithComment(user.userId, 'Lost on the way back', postId);
    expect(calls).toBe(1);
    const [record] = await h.database.db.select().from(firstComments).where(eq(firstComments.postId, postId));
    expect(record?.state).toBe('failed');
  });
});
