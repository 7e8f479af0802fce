import { API, type Identity, type Post, postDeletedOnNetworkEvent } from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostsHarness } from '../testing/harness.js';
import type { PostsWorker } from './posts-worker.js';

let h: PostsHarness;
let worker: PostsWorker;

beforeAll(async () => {
  h = await PostsHarness.start();
  worker = await h.startWorker();
});
afterAll(async () => {
  await worker?.close();
  await h?.close();
});

/** A post of `user` published on the network as `networkPostId`. */
async function published(user: Identity, networkPostId: string) {
  const post = await h.service.schedule(user.userId, `Published as ${networkPostId}`, {
    instant: new Date(Date.now() + 3_600_000),
    timeZone: 'Asia/Riyadh',
  });
  await h.store.markPublished(post.id, user.userId, { networkPostId, url: null, publishedAt: new Date() });
  return post;
}

async function read(who: Identity, id: string): Promise<Post> {
  const res = await h.call(who, API.posts.get, { params: { id } });
  expect(res.statusCode).toBe(200);
  return res.json().data as Post;
}

describe('a published post deleted on LinkedIn', () => {
  it('says so with the first time told, in the post and the list; telling it again changes nothing', async () => {
    const user = testIdentity();
    const gone = await published(user, 'urn:li:share:7001');
    const kept = await published(user, 'urn:li:share:7002');
    // Another user's post with the same network id is not theirs to mark.
    const other = testIdentity();
    const othersPost = await published(other, 'urn:li:share:7001');
    expect((await read(user, gone.id)).deletedOnNetworkAt).toBeNull();

    const first = '2026-11-20T10:00:00.000Z';
    const tell = (deletedAt: string, id: string) =>
      h.deliver(postDeletedOnNetworkEvent, { userId: user.userId, networkPostId: 'urn:li:share:7001', deletedAt }, id);
    await tell(first, `${user.userId}-first`);
    const marked = await read(user, gone.id);
    expect(marked).toMatchObject({ status: 'published', deletedOnNetworkAt: first });

    await tell('2026-11-21T10:00:00.000Z', `${user.userId}-again`);
    expect(await read(user, gone.id)).toEqual(marked);

    const list = await h.request(user, 'GET', '/api/v1/posts?status=published');
    expect(list.statusCode).toBe(200);
    const shown = new Map(list.json().data.map((post: Post) => [post.id, post.deletedOnNetworkAt]));
    expect(shown.get(gone.id)).toBe(first);
    expect(shown.get(kept.id)).toBeNull();
    expect((await read(other, othersPost.id)).deletedOnNetworkAt).toBeNull();
  });
});
