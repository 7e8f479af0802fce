import { randomUUID } from 'node:crypto';
import { entitlementChangedEvent, QUEUES, userDeletedEvent } from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topics } from './db/schema.js';
import { refreshSchedulerId } from './feed.js';
import { type Harness, startHarness } from './testing/harness.js';

let h: Harness;
/** Workers share two busy cores with other test files: wait generously. */
const POLL = { timeout: 15_000, interval: 100 };

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

type Who = ReturnType<typeof testIdentity>;
const call = (who: Who, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  h.app.inject({ method, url, headers: h.as(who), ...(payload ? { payload } : {}) });
const follow = (who: Who, handle: string) =>
  call(who, 'POST', '/api/v1/engage/people', { profileUrl: `https://www.linkedin.com/in/${handle}/` });
const feedOf = async (who: Who, lang = 'en') => (await call(who, 'GET', `/api/v1/engage/feed?lang=${lang}`)).json();

/** The feed once refreshed with every post's suggestions written. */
async function preparedFeed(who: Who, lang = 'en', authors: string[] = []) {
  let feed: Awaited<ReturnType<typeof feedOf>> = null;
  // Said as what is still missing, so a wait that runs out tells which part of the way stopped.
  await expect
    .poll(async () => {
      feed = await feedOf(who, lang);
      const posts: { author: { handle: string }; suggestions: { language: string } | null }[] = feed.posts;
      return {
        // Each followed person's posts come in with their own refresh: wait for every one named.
        authorsMissing: authors.filter((handle) => !posts.some((p) => p.author.handle === handle)),
        anyPost: posts.length > 0,
        // A set written before the feed was first read in `lang` is written again in it: wait for that too.
        suggestionsNotIn: posts.map((p) => p.suggestions?.language ?? 'none').filter((language) => language !== lang),
      };
    }, POLL)
    .toEqual({ authorsMissing: [], anyPost: true, suggestionsNotIn: [] });
  return feed as unknown as {
    posts: {
      postId: string;
      postedAt: string;
      author: { handle: string };
      text: string;
      suggestions: { items: { kind: string; text: string }[]; language: string };
    }[];
  };
}

/** What the sandbox post shows of this user's comments. */
const sandboxCommentsOf = async (who: Who, postId: string) =>
  (await h.sandbox.commentsOn(postId)).filter((c) => c.userId === who.userId);

let version = 1;
/** Billing announces the user's plan, as it does on the trial, a checkout or a renewal. */
async function plan(who: Who, planId: 'trial' | 'basic' | 'starter' | 'pro', commentingCredits: number) {
  const engage = planId === 'starter' || planId === 'pro';
  await h.queues.publish(entitlementChangedEvent, {
    userId: who.userId,
    version: version++,
    plan: planId,
    status: planId === 'trial' ? 'trialing' : 'active',
    active: true,
    limits: {
      weeklyPosts: null,
      aiCredits: 100,
      commentingCredits,
      engage,
      library: 100,
      workspaces: 1,
      seats: 1,
      pages: 1,
    },
    periodStart: new Date(Date.now() - 86_400_000).toISOString(),
    periodEnd: new Date(Date.now() + 29 * 86_400_000).toISOString(),
  });
  await expect
    .poll(async () => (await call(who, 'GET', '/api/v1/engage/allowance')).json().allowance.plan, POLL)
    .toBe(planId);
}

describe('whom to engage with', () => {
  it('adds people by profile address and topics, each user seeing only their own', async () => {
    const me = testIdentity();
    const other = testIdentity();
    const added = await follow(me, 'sara-alqahtani');
    expect(added.statusCode).toBe(201);
    expect(added.json().person).toMatchObject({ handle: 'sara-alqahtani', name: 'سارة القحطاني', language: 'ar' });
    expect((await call(me, 'POST', '/api/v1/engage/topics', { topic: 'Leadership' })).statusCode).toBe(201);

    const mine = (await call(me, 'GET', '/api/v1/engage/targets')).json();
    expect(mine.people.map((p: { handle: string }) => p.handle)).toEqual(['sara-alqahtani']);
    expect(mine.topics.map((t: { topic: string }) => t.topic)).toEqual(['Leadership']);
    expect(mine.limits).toEqual({ people: 200, topics: 50 });
    const theirs = (await call(other, 'GET', '/api/v1/engage/targets')).json();
    expect(theirs.people).toEqual([]);

    // Another user's entry reads as not found, and stays.
    const stranger = await call(other, 'DELETE', `/api/v1/engage/people/${added.json().person.id}`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().code).toBe('engage.not_found');
    expect((await call(me, 'GET', '/api/v1/engage/targets')).json().people).toHaveLength(1);
    expect((await call(me, 'DELETE', `/api/v1/engage/people/${added.json().person.id}`)).statusCode).toBe(200);
  });

  it('refuses bad addresses, unknown profiles, repeats and lists over their limit with a code', async () => {
    const me = testIdentity();
    const bad = await call(me, 'POST', '/api/v1/engage/people', { profileUrl: 'https://example.com/sara' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('engage.invalid_profile_url');
    const unknown = await follow(me, 'nobody-here-at-all');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('engage.unknown_profile');
    expect((await follow(me, 'emma-carter')).statusCode).toBe(201);
    const again = await follow(me, 'Emma-Carter');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('engage.person_exists');
    const empty = await call(me, 'POST', '/api/v1/engage/topics', { topic: '   ' });
    expect(empty.statusCode).toBe(400);

    // 49 stored as the service stores them, the 50th through the API.
    await h.database.db
      .insert(topics)
      .values(
        Array.from({ length: 49 }, (_, i) => ({ userId: me.userId, topic: `topic ${i}`, topicKey: `topic ${i}` })),
      );
    expect((await call(me, 'POST', '/api/v1/engage/topics', { topic: 'topic 49' })).statusCode).toBe(201);
    const over = await call(me, 'POST', '/api/v1/engage/topics', { topic: 'one more' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'engage.too_many_topics', params: { limit: 50 } });
    const dup = await call(me, 'POST', '/api/v1/engage/topics', { topic: 'TOPIC 1' });
    expect(dup.statusCode).toBe(409);
  });
});

describe('the feed', () => {
  it("shows the followed people's posts newest first, with suggestions prepared in the user's language", async () => {
    const me = testIdentity();
    await follow(me, 'emma-carter');
    await follow(me, 'omar-alharbi');
    const feed = await preparedFeed(me, 'en', ['emma-carter', 'omar-alharbi']);
    const authors = new Set(feed.posts.map((p) => p.author.handle));
    expect([...authors].sort()).toEqual(['emma-carter', 'omar-alharbi']);
    const times = feed.posts.map((p) => p.postedAt);
    expect([...times].sort().reverse()).toEqual(times);
    for (const post of feed.posts) {
      expect(post.suggestions.language).toBe('en');
      expect(post.suggestions.items.map((s) => s.kind)).toEqual(['question', 'experience', 'counterpoint']);
    }
    // The background refresh is scheduled once per user, under an id known from the user.
    const schedulers = await h.queues.get(QUEUES.engageFeed).getJobSchedulers();
    expect(schedulers.filter((s) => s.key === refreshSchedulerId(me.userId))).toHaveLength(1);
  });

  it("carries the images and documents some creators attach, in the post's own language", async () => {
    const me = testIdentity();
    await follow(me, 'emma-carter');
    await follow(me, 'omar-alharbi');
    const feed = (await preparedFeed(me, 'en', ['emma-carter', 'omar-alharbi'])) as unknown as {
      posts: { author: { handle: string }; language: string; media: Record<string, unknown>[] }[];
    };
    const emma = feed.posts.filter((p) => p.author.handle === 'emma-carter');
    const omar = feed.posts.filter((p) => p.author.handle === 'omar-alharbi');
    // Every other post of theirs has media; the rest have none.
    expect(emma.some((p) => p.media.length === 0)).toBe(true);
    const image = emma.find((p) => p.media.length > 0)?.media[0];
    expect(image).toMatchObject({ kind: 'image', url: '/images/engage-sandbox/growth-chart.svg', width: 1200 });
    expect(String(image?.alt)).toMatch(/^A line chart/);
    const document = omar.find((p) => p.media.length > 0)?.media[0];
    expect(document).toMatchObject({ kind: 'document', title: 'دروس من جولة التمويل الأولى', pages: 10 });
  });

  it('adds the posts of any creator that mention a followed topic, and drops posts once unfollowed', async () => {
    const me = testIdentity();
    const topic = await call(me, 'POST', '/api/v1/engage/topics', { topic: 'LinkedIn' });
    const feed = await preparedFeed(me);
    expect(feed.posts.length).toBeGreaterThan(0);
    for (const post of feed.posts) expect(post.text.toLowerCase()).toContain('linkedin');
    await call(me, 'DELETE', `/api/v1/engage/topics/${topic.json().topic.id}`);
    await expect.poll(async () => (await feedOf(me)).posts.length, POLL).toBe(0);
    const schedulers = await h.queues.get(QUEUES.engageFeed).getJobSchedulers();
    expect(schedulers.some((s) => s.key === refreshSchedulerId(me.userId))).toBe(false);
  });

  it('writes the suggestions again when the user turns to the other language', async () => {
    const me = testIdentity();
    await follow(me, 'layla-haddad');
    const english = await preparedFeed(me, 'en');
    expect(english.posts.every((p) => p.suggestions.language === 'en')).toBe(true);
    await feedOf(me, 'ar');
    await expect
      .poll(
        async () =>
          (await feedOf(me, 'ar')).posts.every(
            (p: { suggestions: { language: string } }) => p.suggestions.language === 'ar',
          ),
        POLL,
      )
      .toBe(true);
    const [post] = (await feedOf(me, 'ar')).posts;
    expect(post.suggestions.items[0].text).toMatch(/[\u0600-\u06FF]/);
  });

  it("gives other suggestions on asking, and refuses another user's post", async () => {
    const me = testIdentity();
    await follow(me, 'liam-patel');
    const [post] = (await preparedFeed(me)).posts;
    if (!post) throw new Error('no post');
    const others = await call(me, 'POST', `/api/v1/engage/posts/${post.postId}/suggestions`, { lang: 'ar' });
    expect(others.statusCode).toBe(200);
    const fresh = others.json().suggestions;
    expect(fresh.language).toBe('ar');
    expect(fresh.source).toBe('offline');
    expect(fresh.items.map((s: { text: string }) => s.text)).not.toEqual(post.suggestions.items.map((s) => s.text));
    const stranger = await call(testIdentity(), 'POST', `/api/v1/engage/posts/${post.postId}/suggestions`, {
      lang: 'en',
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().code).toBe('engage.post_not_found');
  });
});

describe('the best recent posts of followed creators', () => {
  it("lists the followed creators' posts by reactions, not topic matches, each user only their own", async () => {
    const me = testIdentity();
    const empty = await call(me, 'GET', '/api/v1/engage/inspiration');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ success: true, posts: [], following: false });

    await follow(me, 'sara-alqahtani');
    await follow(me, 'emma-carter');
    await call(me, 'POST', '/api/v1/engage/topics', { topic: 'LinkedIn' });
    await preparedFeed(me, 'en', ['sara-alqahtani', 'emma-carter']);
    const best = (await call(me, 'GET', '/api/v1/engage/inspiration')).json();
    expect(best.following).toBe(true);
    expect(best.posts.length).toBeGreaterThan(0);
    expect(best.posts.length).toBeLessThanOrEqual(6);
    const reactions = best.posts.map((p: { counters: { reactions: number } }) => p.counters.reactions);
    expect([...reactions].sort((a, b) => b - a)).toEqual(reactions);
    for (const post of best.posts) expect(['sara-alqahtani', 'emma-carter']).toContain(post.author.handle);

    const other = (await call(testIdentity(), 'GET', '/api/v1/engage/inspiration')).json();
    expect(other.posts).toEqual([]);
  });
});

describe('sending', () => {
  async function ready(planId: 'basic' | 'starter', credits: number) {
    const me = testIdentity();
    await plan(me, planId, credits);
    await follow(me, 'noah-schmidt');
    const feed = await preparedFeed(me);
    return { me, posts: feed.posts };
  }
  const send = (who: Who, postId: string, key: string, text: string) =>
    call(who, 'POST', '/api/v1/engage/comments', { postId, key, text });
  /** The comment-sent events handed to the webhooks' queue for this comment (auth's worker takes them there). */
  const sentEventsOf = async (commentId: string) =>
    (await h.queues.get(QUEUES.authWebhooks).getJobs(['waiting', 'active', 'completed', 'delayed']))
      .filter((job) => job.name === 'engage-comment-sent' && job.data.commentId === commentId)
      .map((job) => job.data);

  it('posts a comment exactly once per key, and shows it in the history and on the post', async () => {
    const { me, posts } = await ready('starter', 100);
    const post = posts[0];
    if (!post) throw new Error('no post');
    const key = randomUUID();
    const first = await send(me, post.postId, key, '  Great point, thanks for sharing.  ');
    expect(first.statusCode).toBe(200);
    expect(first.json().comment).toMatchObject({ status: 'sent', text: 'Great point, thanks for sharing.' });
    expect(first.json().comment.url).toContain(post.postId);
    const again = await send(me, post.postId, key, 'Great point, thanks for sharing.');
    expect(again.json().comment.id).toBe(first.json().comment.id);
    expect(await sandboxCommentsOf(me, post.postId)).toHaveLength(1);
    // Announced once, for the user's webhooks, however often the key is sent.
    expect(await sentEventsOf(first.json().comment.id)).toEqual([
      {
        commentId: first.json().comment.id,
        userId: me.userId,
        postId: post.postId,
        postUrl: expect.stringContaining(post.postId),
        url: first.json().comment.url,
        text: 'Great point, thanks for sharing.',
        origin: 'user',
        sentAt: expect.any(String),
      },
    ]);

    const history = (await call(me, 'GET', '/api/v1/engage/comments')).json().comments;
    expect(history).toHaveLength(1);
    const shown = (await feedOf(me)).posts.find((p: { postId: string }) => p.postId === post.postId);
    expect(shown.myComments.map((c: { id: string }) => c.id)).toEqual([first.json().comment.id]);
    expect((await call(me, 'GET', '/api/v1/engage/allowance')).json().allowance.credits).toEqual({
      total: 100,
      used: 1,
      remaining: 99,
    });
    const reused = await send(me, post.postId, key, 'Other words');
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('engage.key_reused');
  });

  it('looks a comment whose answer never came up before sending anything again', async () => {
    const { me, posts } = await ready('starter', 100);
    const post = posts[0];
    if (!post) throw new Error('no post');
    const key = randomUUID();
    h.sandbox.loseNextAnswers = 1;
    const lost = await send(me, post.postId, key, 'What made you change your mind?');
    expect(lost.statusCode).toBe(503);
    expect(lost.json().code).toBe('engage.send_unconfirmed');
    expect((await call(me, 'GET', '/api/v1/engage/comments')).json().comments[0].status).toBe('unconfirmed');

    const retried = await send(me, post.postId, key, 'What made you change your mind?');
    expect(retried.statusCode).toBe(200);
    expect(retried.json().comment.status).toBe('sent');
    expect(await sandboxCommentsOf(me, post.postId)).toHaveLength(1);
    expect(await sentEventsOf(retried.json().comment.id)).toHaveLength(1);
    expect((await call(me, 'GET', '/api/v1/engage/allowance')).json().allowance.credits.used).toBe(1);
  });

  it('sends exactly the credits left when more comments than that are sent at once', async () => {
    const { me, posts } = await ready('starter', 2);
    const post = posts[0];
    if (!post) throw new Error('no post');
    // The plan's row is locked while the comments are counted: the ones waiting count those sent.
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => send(me, post.postId, randomUUID(), `At once ${i}`)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.statusCode !== 200).map((a) => a.json().code)).toEqual(
      Array(4).fill('engage.credits_exhausted'),
    );
    expect(await sandboxCommentsOf(me, post.postId)).toHaveLength(2);
  });

  it('refuses empty, too long, deleted-post and uncovered comments, naming the limit', async () => {
    const { me, posts } = await ready('starter', 1);
    const [post, second, third] = posts;
    if (!post || !second || !third) throw new Error('too few posts');
    expect((await send(me, post.postId, randomUUID(), '   ')).json().code).toBe('engage.comment_empty');
    const long = await send(me, post.postId, randomUUID(), 'x'.repeat(1251));
    expect(long.json()).toMatchObject({ code: 'engage.comment_too_long', params: { limit: 1250 } });

    h.sandbox.deletedPosts.add(third.postId);
    const gone = await send(me, third.postId, randomUUID(), 'Still here?');
    expect(gone.statusCode).toBe(422);
    expect(gone.json().code).toBe('engage.post_not_found');
    expect(await sandboxCommentsOf(me, third.postId)).toHaveLength(0);

    expect((await send(me, post.postId, randomUUID(), 'First')).statusCode).toBe(200);
    const out = await send(me, second.postId, randomUUID(), 'Second');
    expect(out.statusCode).toBe(403);
    expect(out.json()).toMatchObject({ code: 'engage.credits_exhausted', params: { limit: 1, plan: 'starter' } });
    expect(out.json().message).toContain('Billing');

    const basic = await ready('basic', 0);
    const refused = await send(basic.me, basic.posts[0]?.postId ?? '', randomUUID(), 'Hello');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'engage.not_included', params: { plan: 'basic' } });
  });
});

describe('a deleted account', () => {
  it('loses its lists, feed, comments and background refresh', async () => {
    const me = testIdentity();
    await plan(me, 'pro', 1500);
    await follow(me, 'ava-johnson');
    const [post] = (await preparedFeed(me)).posts;
    if (!post) throw new Error('no post');
    await call(me, 'POST', '/api/v1/engage/comments', { postId: post.postId, key: randomUUID(), text: 'Thanks!' });
    await h.queues.publish(userDeletedEvent, { userId: me.userId, email: me.email });
    await expect
      .poll(
        async () =>
          (await h.queues.get(QUEUES.engageFeed).getJobSchedulers()).some(
            (s) => s.key === refreshSchedulerId(me.userId),
          ),
        POLL,
      )
      .toBe(false);
    const left = async () =>
      (await call(me, 'GET', '/api/v1/engage/targets')).json().people.length +
      (await feedOf(me)).posts.length +
      (await call(me, 'GET', '/api/v1/engage/comments')).json().comments.length +
      (await sandboxCommentsOf(me, post.postId)).length;
    await expect.poll(left, POLL).toBe(0);
  });
});

describe("engage's part of 'Download my data'", () => {
  it("gives the user's people, topics and plan copy, never another user's nor the sealed account id", async () => {
    const me = testIdentity();
    const other = testIdentity();
    await plan(me, 'starter', 50);
    expect((await follow(me, 'sara-alqahtani')).statusCode).toBe(201);
    expect((await call(me, 'POST', '/api/v1/engage/topics', { topic: 'Leadership' })).statusCode).toBe(201);
    expect((await follow(other, 'emma-carter')).statusCode).toBe(201);

    const answer = await call(me, 'GET', '/api/v1/engage/export');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const data = answer.json().data;
    expect(data.people.map((p: { handle: string }) => p.handle)).toEqual(['sara-alqahtani']);
    expect(data.topics.map((t: { topic: string }) => t.topic)).toEqual(['Leadership']);
    expect(data.plan).toMatchObject({ plan: 'starter', commentingCredits: 50 });
    expect(data).toMatchObject({ comments: [], autopilot: null });
    expect(answer.body).not.toContain('sealed');
    expect(answer.body).not.toContain(other.userId);
  });
});
