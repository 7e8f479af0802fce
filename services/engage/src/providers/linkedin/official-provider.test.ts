import { randomInt, randomUUID } from 'node:crypto';
import { type OfficialNetwork, startOfficialNetwork } from '@nashr/linkedin/testing';
import { testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callers, POLL, type Who } from '../../testing/callers.js';
import { type Harness, startHarness } from '../../testing/harness.js';

/**
 * With the official API Engage cannot read other members' posts: it says so, and works from
 * addresses. Its comments go out through the linkedin service (which holds the member's tokens),
 * here its real publish worker on the same queues, calling the local network server over HTTP.
 */
let h: Harness;
let c: ReturnType<typeof callers>;
let network: OfficialNetwork;
beforeAll(async () => {
  h = await startHarness({ ENGAGE_PROVIDER: 'linkedin', ENGAGE_SEND_WAIT_MS: '20000' });
  c = callers(h);
  network = await startOfficialNetwork({ redis: h.redis.redis, prefix: h.redis.prefix });
});
afterAll(async () => {
  await network?.close();
  await h?.close();
});

/** A post of another member on the network, brought into the user's Engage by its address. */
async function postByAddress(me: Who): Promise<string> {
  const urn = `urn:li:activity:${7_200_000_000_000_000_000n + BigInt(randomInt(1, 2 ** 47))}`;
  network.fake.addPost(urn);
  const added = await c.call(me, 'POST', '/api/v1/engage/posts/by-url', {
    url: `https://www.linkedin.com/feed/update/${urn}/`,
    text: 'التصميم الجيد يبدأ من فهم المستخدم.',
    lang: 'ar',
  });
  expect(added.statusCode).toBe(200);
  return added.json().post.postId;
}

/** A user with a plan that includes Engage, whose account is connected through the official API. */
async function member(): Promise<{ me: Who; author: string }> {
  const me = testIdentity();
  await c.starter(me);
  return { me, author: await network.connect(me.userId) };
}

const send = (me: Who, postId: string, key: string, text: string) =>
  c.call(me, 'POST', '/api/v1/engage/comments', { postId, key, text });
const onNetwork = (postId: string, text: string) =>
  network.fake.comments.filter((comment) => comment.object === postId && comment.shown === text);
const creditsUsed = async (me: Who) =>
  (await c.call(me, 'GET', '/api/v1/engage/allowance')).json().allowance.credits.used;
const history = async (me: Who) => (await c.call(me, 'GET', '/api/v1/engage/comments')).json().comments;

describe('the official API', { timeout: 60_000 }, () => {
  it('offers comments on posts by address only, and refuses the rest with a code', async () => {
    const me = testIdentity();
    await c.starter(me);
    expect((await c.call(me, 'GET', '/api/v1/engage/network')).json().network).toEqual({
      provider: 'linkedin',
      mode: 'by_url',
      features: { follow: false, search: false, byUrl: true, send: true },
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
  });

  it('sends a comment through the linkedin service once, with its link, and a second send changes nothing', async () => {
    const { me, author } = await member();
    const postId = await postByAddress(me);
    const key = randomUUID();
    const text = `سؤال جيد: كيف تقيسون فهم المستخدم؟ ${key.slice(0, 8)}`;
    const sent = await send(me, postId, key, text);
    expect(sent.statusCode).toBe(200);
    const comment = sent.json().comment;
    expect(comment).toMatchObject({ status: 'sent', postId, text, origin: 'user' });
    expect(comment.url).toMatch(
      new RegExp(`^https://www\\.linkedin\\.com/feed/update/${postId}/\\?commentUrn=urn%3Ali%3Acomment%3A`),
    );
    expect(onNetwork(postId, text)).toEqual([expect.objectContaining({ actor: author })]);

    // The same key again (a double click, a retry): the stored answer, nothing sent.
    const again = await send(me, postId, key, text);
    expect(again.statusCode).toBe(200);
    expect(again.json().comment).toMatchObject({ id: comment.id, status: 'sent', url: comment.url });
    expect(onNetwork(postId, text)).toHaveLength(1);
    expect(await history(me)).toEqual([expect.objectContaining({ id: comment.id, status: 'sent', url: comment.url })]);
    expect(await creditsUsed(me)).toBe(1);
  });

  it('does not send again a comment the network stored when its answer was lost: it is found first', async () => {
    const { me } = await member();
    const postId = await postByAddress(me);
    const key = randomUUID();
    const text = `تجربتي مشابهة، والفرق كان في المقابلات. ${key.slice(0, 8)}`;
    network.fake.options.loseNextCommentAnswers = 1;
    const lost = await send(me, postId, key, text);
    expect(lost.statusCode).toBe(503);
    expect(lost.json().code).toBe('engage.send_unconfirmed');
    expect(onNetwork(postId, text)).toHaveLength(1);
    expect(await history(me)).toEqual([expect.objectContaining({ status: 'unconfirmed', url: null })]);
    // It may have been sent: its credit stays taken.
    expect(await creditsUsed(me)).toBe(1);

    const calls = network.fake.calls.length;
    const resent = await send(me, postId, key, text);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().comment).toMatchObject({ status: 'sent', text });
    expect(resent.json().comment.url).toContain('commentUrn=');
    expect(onNetwork(postId, text)).toHaveLength(1);
    // It was looked for, and not posted again.
    const since = network.fake.calls.slice(calls).map((call) => call.call);
    expect(since).toContain(`GET /rest/socialActions/${encodeURIComponent(postId)}/comments`);
    expect(since).not.toContain(`POST /rest/socialActions/${encodeURIComponent(postId)}/comments`);
    expect(await creditsUsed(me)).toBe(1);
  });

  it('says a deleted post was deleted: nothing posted, no credit used', async () => {
    const { me } = await member();
    const postId = await postByAddress(me);
    network.fake.deletePost(postId);
    const refused = await send(me, postId, randomUUID(), 'كلام جميل');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'engage.post_not_found' });
    expect(refused.json().message).toMatch(/deleted.*Nothing was posted and no credit was used/);
    expect(onNetwork(postId, 'كلام جميل')).toHaveLength(0);
    expect(await history(me)).toEqual([expect.objectContaining({ status: 'failed', code: 'engage.post_not_found' })]);
    expect(await creditsUsed(me)).toBe(0);
  });

  it('asks to reconnect when the network no longer takes the token, and marks the account disconnected', async () => {
    const { me, author } = await member();
    const postId = await postByAddress(me);
    network.fake.revoke(author.replace('urn:li:person:', ''));
    const refused = await send(me, postId, randomUUID(), 'شكرًا على المشاركة');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('engage.not_connected');
    expect(refused.json().message).toMatch(/Reconnect/);
    expect(network.fake.comments.filter((comment) => comment.object === postId)).toHaveLength(0);
    expect(await network.accountStatus(me.userId)).toBe('disconnected');
    expect(await creditsUsed(me)).toBe(0);
  });

  it('tells how long to wait on a 429, and the same comment goes out once when sent again', async () => {
    const { me } = await member();
    const postId = await postByAddress(me);
    const key = randomUUID();
    const text = `نقطة مهمة، وأضيف أن البساطة تكسب. ${key.slice(0, 8)}`;
    network.fake.options.failures[`${encodeURIComponent(postId)}/comments`] = {
      status: 429,
      times: 1,
      retryAfterSeconds: 3,
    };
    const busy = await send(me, postId, key, text);
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toMatchObject({ code: 'engage.network_busy', params: { seconds: 3 } });
    expect(onNetwork(postId, text)).toHaveLength(0);
    expect(await creditsUsed(me)).toBe(0);

    const sent = await send(me, postId, key, text);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().comment.status).toBe('sent');
    expect(onNetwork(postId, text)).toHaveLength(1);
    expect(await creditsUsed(me)).toBe(1);
  });

  it('says a comment the network finds too long is too long', async () => {
    const { me } = await member();
    const postId = await postByAddress(me);
    network.fake.options.failures[`${encodeURIComponent(postId)}/comments`] = {
      status: 422,
      times: 1,
      message: 'ERROR :: /message/text :: length exceeds 1250 characters',
    };
    const refused = await send(me, postId, randomUUID(), 'تعليق');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'engage.comment_too_long', params: { limit: 1250 } });
    expect(await creditsUsed(me)).toBe(0);
  });

  it('answers the user without a connected account with the reconnect refusal', async () => {
    const me = testIdentity();
    await c.starter(me);
    const postId = await postByAddress(me);
    const refused = await send(me, postId, randomUUID(), 'مرحبًا');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('engage.not_connected');
    await expect.poll(() => creditsUsed(me), POLL).toBe(0);
  });
});
