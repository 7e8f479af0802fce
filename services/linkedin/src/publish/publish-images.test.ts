import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MEDIA_ERROR_CODES, mediaStorageKey, publishPostJob, QUEUES } from '@nashr/contracts';
import { DiskObjectStore } from '@nashr/platform';
import { testIdentity } from '@nashr/platform/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Attachment, NetworkProvider } from '../providers/network-provider.js';
import { ProviderError } from '../providers/provider-error.js';
import { sandboxAccountId } from '../providers/sandbox/sandbox-provider.js';
import { createHarness, type Harness } from '../testing/harness.js';
import { startPublishWorker } from './publish-worker.js';
import { Publisher } from './publisher.js';

let h: Harness;
let storage: DiskObjectStore;
let worker: ReturnType<typeof startPublishWorker> | null = null;

beforeAll(async () => {
  h = await createHarness();
  storage = new DiskObjectStore(mkdtempSync(join(tmpdir(), 'nashr-publish-images-')));
});
afterEach(async () => {
  await worker?.close();
  worker = null;
});
afterAll(async () => {
  await h.close();
  rmSync(storage.root, { recursive: true, force: true });
});

/** The sandbox, counting what it is asked to publish; `loseFirstAnswer` creates the post and then loses the answer. */
function countingSandbox(loseFirstAnswer = false) {
  const calls: { text: string; attachments: Attachment[] }[] = [];
  const provider: NetworkProvider = Object.create(h.sandbox) as NetworkProvider;
  provider.publish = async (accountId, post) => {
    calls.push({ text: post.text, attachments: post.attachments ?? [] });
    const result = await h.sandbox.publish(accountId, post);
    if (loseFirstAnswer && calls.length === 1) throw new ProviderError('outcome_unknown');
    return result;
  };
  return { provider, calls };
}

function startWorker(provider: NetworkProvider) {
  const publisher = new Publisher({
    accounts: h.services.accounts,
    store: h.services.store,
    provider,
    queues: h.queues,
    cache: h.services.cache,
    logger: h.deps.logger,
    storage,
  });
  worker = startPublishWorker(
    publisher,
    { connection: h.redis.redis.duplicate({ maxRetriesPerRequest: null }), prefix: h.redis.prefix },
    { logger: h.deps.logger },
  );
}

async function connectedUser() {
  const user = testIdentity();
  const username = `pictures-${randomUUID().slice(0, 8)}@example.com`;
  const res = await h.call(user, 'POST', '/api/v1/linkedin/accounts', { username, password: 'secret' });
  expect(res.json().data.connected).toBe(true);
  return { user, networkAccountId: sandboxAccountId(username) };
}

/** Three images as the posts service stores them, each with its own bytes. */
async function storedImages(userId: string) {
  const images = [0, 1, 2].map((n) => ({
    id: randomUUID(),
    contentType: 'image/png' as const,
    data: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.from(`image number ${n} ${randomUUID()}`)]),
  }));
  for (const image of images) await storage.put(mediaStorageKey(userId, image.id, image.contentType), image.data);
  return images;
}

async function publish(
  userId: string,
  text: string,
  attachments: { key: string; contentType: 'image/png' | 'application/pdf'; title?: string }[],
) {
  const postId = randomUUID();
  const job = await h.queues.enqueue(
    publishPostJob,
    { postId, userId, text, attempt: 1, attachments },
    { jobId: `publish-${postId}-1`, attempts: 3, backoff: { type: 'fixed', delay: 50 } },
  );
  const queue = h.queues.get(QUEUES.linkedinPublish);
  await expect
    .poll(async () => (await queue.getJob(job.id as string))?.returnvalue ?? null, { timeout: 10_000, interval: 50 })
    .not.toBeNull();
  return { postId, result: (await queue.getJob(job.id as string))?.returnvalue as string };
}

describe('publishing a post with images', () => {
  it('hands the images to the network once, in order, and the sandbox shows them with the post', async () => {
    const { user } = await connectedUser();
    const { provider, calls } = countingSandbox();
    startWorker(provider);
    const images = await storedImages(user.userId);
    const text = `Three pictures ${randomUUID()}`;
    const { result } = await publish(
      user.userId,
      text,
      images.map((image) => ({
        key: mediaStorageKey(user.userId, image.id, image.contentType),
        contentType: 'image/png',
      })),
    );
    expect(result).toBe('published');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.attachments.map((a) => Buffer.from(a.data).toString('hex'))).toEqual(
      images.map((image) => image.data.toString('hex')),
    );
    expect(calls[0]?.attachments.map((a) => a.contentType)).toEqual(['image/png', 'image/png', 'image/png']);

    const posts = await h.call(user, 'POST', '/linkedln/getPosts', {});
    const post = posts.json().data.items.find((item: { text: string }) => item.text === text);
    expect(post.images).toHaveLength(3);
    for (const [index, image] of post.images.entries()) {
      // As the gateway forwards it for anyone who sees the post.
      const real = await h.call(null, 'GET', image.url);
      expect(real.statusCode).toBe(200);
      expect(real.headers['content-type']).toBe('image/png');
      expect(real.rawPayload.equals(images[index]!.data)).toBe(true);
    }
  });

  it('hands a document to the network once with its title, and the sandbox shows it with the post', async () => {
    const { user } = await connectedUser();
    const { provider, calls } = countingSandbox(true);
    startWorker(provider);
    const id = randomUUID();
    const data = Buffer.from(`%PDF-1.7\n${randomUUID()}\n%%EOF\n`);
    const key = mediaStorageKey(user.userId, id, 'application/pdf');
    await storage.put(key, data);
    const text = `A carousel ${randomUUID()}`;
    const { result } = await publish(user.userId, text, [
      { key, contentType: 'application/pdf', title: 'How we hire: 7/10' },
    ]);
    // The first answer was lost: the post was found on the network, not sent again.
    expect(result).toBe('recovered');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.attachments).toEqual([
      expect.objectContaining({
        contentType: 'application/pdf',
        title: 'How we hire: 7/10',
        filename: 'How we hire  7 10.pdf',
      }),
    ]);
    const posts = await h.call(user, 'POST', '/linkedln/getPosts', {});
    const matching = posts.json().data.items.filter((item: { text: string }) => item.text === text);
    expect(matching).toHaveLength(1);
    expect(matching[0].images).toBeUndefined();
    expect(matching[0].document).toMatchObject({ title: 'How we hire: 7/10' });
    const file = await h.call(null, 'GET', matching[0].document.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(data)).toBe(true);
  });

  it('sends the images once even when the first answer was lost', async () => {
    const { user } = await connectedUser();
    const { provider, calls } = countingSandbox(true);
    startWorker(provider);
    const images = await storedImages(user.userId);
    const text = `Lost answer with pictures ${randomUUID()}`;
    const { result } = await publish(
      user.userId,
      text,
      images.map((image) => ({
        key: mediaStorageKey(user.userId, image.id, image.contentType),
        contentType: 'image/png',
      })),
    );
    expect(result).toBe('recovered');
    expect(calls).toHaveLength(1);
    const posts = await h.call(user, 'POST', '/linkedln/getPosts', {});
    const mine = posts.json().data.items.filter((item: { text: string }) => item.text === text);
    expect(mine).toHaveLength(1);
    expect(await h.sandbox.imagesOf(mine[0].id)).toHaveLength(3);
  });

  it('fails the post without calling the network when an image file is missing', async () => {
    const { user } = await connectedUser();
    const { provider, calls } = countingSandbox();
    startWorker(provider);
    const { postId, result } = await publish(user.userId, `Missing picture ${randomUUID()}`, [
      { key: mediaStorageKey(user.userId, randomUUID(), 'image/png'), contentType: 'image/png' },
    ]);
    expect(result).toBe('failed');
    expect(calls).toHaveLength(0);
    const failed = (await h.jobsOn(QUEUES.postsInbox, 'post-publish-failed')).filter((j) => j.data.postId === postId);
    expect(failed[0]?.data).toMatchObject({ code: MEDIA_ERROR_CODES.notFound, permanent: true });
  });
});
