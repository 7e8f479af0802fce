import { randomUUID } from 'node:crypto';
import { testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_ORIGIN } from './providers/sandbox/sandbox-provider.js';
import { callers, POLL } from './testing/callers.js';
import { type Harness, startHarness } from './testing/harness.js';

/** The sandbox network: searching its creators, and commenting on a post brought by its address. */
let h: Harness;
let c: ReturnType<typeof callers>;
beforeAll(async () => {
  h = await startHarness();
  c = callers(h);
});
afterAll(async () => {
  await h?.close();
});

const search = async (q: string) => {
  const res = await c.call(testIdentity(), 'GET', `/api/v1/engage/people/search?q=${encodeURIComponent(q)}`);
  expect(res.statusCode).toBe(200);
  return res.json().people.map((p: { handle: string }) => p.handle);
};

/** A post of a sandbox creator that exists now (their newest). */
async function newestPostOf(handle: string) {
  const [post] = await h.sandbox.recentPosts({
    maxWaitMs: 0,
    userId: randomUUID(),
    handles: [handle],
    topics: [],
    since: new Date(0),
    now: new Date(),
  });
  if (!post) throw new Error(`${handle} has no post yet`);
  return post;
}

describe('searching people in the sandbox', () => {
  it('finds creators by name or headline in both scripts, however the letters are written', async () => {
    expect(await search('سارة')).toEqual(['sara-alqahtani']);
    // Ta marbuta typed as ha, and hamza left off the alef: the same person.
    expect(await search('ساره القحطاني')).toEqual(['sara-alqahtani']);
    expect(await search('احمد')).toEqual(['ahmed-elsayed']);
    // An Arabic creator found by the Latin letters of their handle; a headline word.
    expect(await search('Sara')).toContain('sara-alqahtani');
    expect(await search('تسويق')).toContain('sara-alqahtani');
    expect(await search('zzzz-nobody')).toEqual([]);
    const empty = await c.call(testIdentity(), 'GET', '/api/v1/engage/people/search?q=');
    expect(empty.statusCode).toBe(400);
    expect((await c.call(testIdentity(), 'GET', '/api/v1/engage/network')).json().network).toEqual({
      provider: 'sandbox',
      mode: 'full',
      features: { follow: true, search: true, byUrl: true, send: true },
    });
  });
});

describe('a post by its address', () => {
  it('brings the post into the feed with suggestions, keeps it across refreshes, and sends a comment on it', async () => {
    const me = testIdentity();
    await c.starter(me);
    const post = await newestPostOf('emma-carter');
    const added = await c.call(me, 'POST', '/api/v1/engage/posts/by-url', { url: post.url, lang: 'en' });
    expect(added.statusCode).toBe(200);
    expect(added.json().post).toMatchObject({
      postId: post.postId,
      text: post.text,
      author: { name: 'Emma Carter' },
      matched: { person: false, topics: [], byUrl: true },
    });
    expect(await c.suggestionsOf(me, post.postId, 'en')).toMatchObject({ language: 'en' });
    // Following someone refreshes the feed: the post brought by address stays.
    expect(
      (await c.call(me, 'POST', '/api/v1/engage/people', { profileUrl: 'https://www.linkedin.com/in/omar-alharbi' }))
        .statusCode,
    ).toBe(201);
    await expect
      .poll(async () => {
        const feed = (await c.call(me, 'GET', '/api/v1/engage/feed?lang=en')).json();
        return feed.posts.some((p: { author: { handle: string } }) => p.author.handle === 'omar-alharbi');
      }, POLL)
      .toBe(true);
    const feed = (await c.call(me, 'GET', '/api/v1/engage/feed?lang=en')).json();
    expect(feed.posts.map((p: { postId: string }) => p.postId)).toContain(post.postId);

    const sent = await c.call(me, 'POST', '/api/v1/engage/comments', {
      postId: post.postId,
      key: randomUUID(),
      text: 'Thank you, Emma.',
    });
    expect(sent.statusCode).toBe(200);
    expect((await h.sandbox.commentsOn(post.postId)).filter((x) => x.userId === me.userId)).toHaveLength(1);

    // Another user cannot comment on it through this user's feed.
    const stranger = await c.call(testIdentity(), 'POST', '/api/v1/engage/comments', {
      postId: post.postId,
      key: randomUUID(),
      text: 'Hello',
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().code).toBe('engage.post_not_found');
  });

  it('refuses addresses that are not posts, unknown or deleted posts, private ones and comments over the limit', async () => {
    const me = testIdentity();
    await c.starter(me);
    const bad = async (url: string) => c.call(me, 'POST', '/api/v1/engage/posts/by-url', { url });
    for (const url of [
      'https://example.com/posts/sbx-emma-carter-1',
      'https://www.linkedin.com/in/emma-carter',
      'not a url',
    ]) {
      const res = await bad(url);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('engage.invalid_post_url');
    }
    // A network address the sandbox does not know, and one of its own posts not yet written.
    for (const url of [
      'https://www.linkedin.com/feed/update/urn:li:activity:7212345678901234567/',
      `${SANDBOX_ORIGIN}/posts/sbx-emma-carter-999999`,
    ]) {
      const res = await bad(url);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('engage.unknown_post');
    }
    const hidden = await newestPostOf('mia-rossi');
    h.sandbox.privatePosts.add(hidden.postId);
    const privateOne = await bad(hidden.url);
    expect(privateOne.statusCode).toBe(403);
    expect(privateOne.json().code).toBe('engage.private_post');
    h.sandbox.privatePosts.delete(hidden.postId);

    // Deleted between bringing it in and sending: nothing posted, no credit used.
    const post = await newestPostOf('emma-carter');
    expect((await bad(post.url)).statusCode).toBe(200);
    const tooLong = await c.call(me, 'POST', '/api/v1/engage/comments', {
      postId: post.postId,
      key: randomUUID(),
      text: 'x'.repeat(1251),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'engage.comment_too_long', params: { limit: 1250 } });
    h.sandbox.deletedPosts.add(post.postId);
    const gone = await c.call(me, 'POST', '/api/v1/engage/comments', {
      postId: post.postId,
      key: randomUUID(),
      text: 'Too late',
    });
    expect(gone.statusCode).toBe(422);
    expect(gone.json().code).toBe('engage.post_not_found');
    h.sandbox.deletedPosts.delete(post.postId);
    expect((await c.call(me, 'GET', '/api/v1/engage/allowance')).json().allowance.credits.used).toBe(0);
  });
});
