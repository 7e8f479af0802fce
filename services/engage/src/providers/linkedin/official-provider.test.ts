import { randomUUID } from 'node:crypto';
import { testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callers } from '../../testing/callers.js';
import { type Harness, startHarness } from '../../testing/harness.js';

/** With the official API Engage cannot read other members' posts: it says so, and works from addresses. */
let h: Harness;
let c: ReturnType<typeof callers>;
beforeAll(async () => {
  h = await startHarness({ ENGAGE_PROVIDER: 'linkedin' });
  c = callers(h);
});
afterAll(async () => {
  await h?.close();
});

describe('the official API', () => {
  it('offers comments on posts by address only, and refuses the rest with a code', async () => {
    const me = testIdentity();
    await c.starter(me);
    expect((await c.call(me, 'GET', '/api/v1/engage/network')).json().network).toEqual({
      provider: 'linkedin',
      mode: 'by_url',
      features: { follow: false, search: false, byUrl: true, send: false },
    });
    const person = await c.call(me, 'POST', '/api/v1/engage/people', {
      profileUrl: 'https://www.linkedin.com/in/someone',
    });
    expect(person.statusCode).toBe(409);
    expect(person.json().code).toBe('engage.feed_not_offered');
    const topic = await c.call(me, 'POST', '/api/v1/engage/topics', { topic: 'leadership' });
    expect(topic.json().code).toBe('engage.feed_not_offered');
    const search = await c.call(me, 'GET', '/api/v1/engage/people/search?q=sara');
    expect(search.statusCode).toBe(409);
    expect(search.json().code).toBe('engage.search_not_offered');

    // What the address tells, and the words the user pasted for suggestions that fit.
    const url =
      'https://www.linkedin.com/posts/layla-haddad_design-activity-7212345678901234567-Xy9z/?utm_source=share';
    const added = await c.call(me, 'POST', '/api/v1/engage/posts/by-url', {
      url,
      text: 'التصميم الجيد يبدأ من فهم المستخدم.',
      lang: 'ar',
    });
    expect(added.statusCode).toBe(200);
    const post = added.json().post;
    expect(post).toMatchObject({
      postId: 'urn:li:activity:7212345678901234567',
      text: 'التصميم الجيد يبدأ من فهم المستخدم.',
      language: 'ar',
      author: { handle: 'layla-haddad', name: 'Layla Haddad' },
      matched: { byUrl: true },
    });
    const suggestions = await c.suggestionsOf(me, post.postId, 'ar');
    expect(suggestions).toMatchObject({ language: 'ar' });
    expect(suggestions.items).toHaveLength(3);

    // Without a handle in the address, the author is named by their role.
    const bare = await c.call(me, 'POST', '/api/v1/engage/posts/by-url', {
      url: 'https://www.linkedin.com/feed/update/urn:li:share:7212345678901234999/',
      lang: 'en',
    });
    expect(bare.json().post.author.name).toBe('the author');

    const send = await c.call(me, 'POST', '/api/v1/engage/comments', {
      postId: post.postId,
      key: randomUUID(),
      text: 'شكرًا',
    });
    expect(send.statusCode).toBe(409);
    expect(send.json().code).toBe('engage.send_not_offered');
    expect((await c.call(me, 'GET', '/api/v1/engage/comments')).json().comments).toEqual([]);
  });
});
