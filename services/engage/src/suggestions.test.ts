import { randomUUID } from 'node:crypto';
import { type FakeOpenAi, startFakeOpenAi } from '@nashr/ai/testing';
import {
  commentSuggestionsWrittenJob,
  entitlementChangedEvent,
  type PersonalizationInput,
  personalizationUpdatedEvent,
  publishedPostsFetchedEvent,
  QUEUES,
  toStoredPersonalization,
} from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suggestionRequests, suggestions, writers } from './db/schema.js';
import { type Harness, startHarness } from './testing/harness.js';

/**
 * Suggestions as engage and the ai service write them together: engage asks (a job on the ai
 * service's queue), the ai worker writes with its provider (here a local server speaking the
 * OpenAI wire format) from its own copies of the user's personalization and voice, and answers on
 * engage's feed queue.
 */
let fake: FakeOpenAi;
let h: Harness;
/** Workers share two busy cores with other test files: wait generously. */
const POLL = { timeout: 20_000, interval: 150 };

beforeAll(async () => {
  fake = await startFakeOpenAi();
  h = await startHarness(
    {},
    {
      aiEnv: {
        OPENAI_API_KEY: 'sk-test-engage',
        OPENAI_BASE_URL: fake.url,
        OPENAI_TIMEOUT_MS: '3000',
        OPENAI_MAX_RETRIES: '0',
      },
    },
  );
});
afterAll(async () => {
  await h?.close();
  await fake?.close();
});

type Who = ReturnType<typeof testIdentity>;
type Item = { kind: string; text: string };
type Post = {
  postId: string;
  text: string;
  suggestions: { language: string; source: string; items: Item[] } | null;
  suggestionsWriting: boolean;
};
const call = (who: Who, method: 'GET' | 'POST', url: string, payload?: object) =>
  h.app.inject({ method, url, headers: h.as(who), ...(payload ? { payload } : {}) });
const follow = (who: Who, handle: string) =>
  call(who, 'POST', '/api/v1/engage/people', { profileUrl: `https://www.linkedin.com/in/${handle}` });
/** The feed read without choosing a language: suggestions come in the writer's own. */
const feedOf = async (who: Who): Promise<Post[]> => (await call(who, 'GET', '/api/v1/engage/feed')).json().posts;

/** Three comments the fake model answers with, marked so a test can tell one answer from another. */
const comments = (mark: string) => ({
  comments: [
    { kind: 'question' as const, text: `${mark}: how did you pick the thirty customers?` },
    {
      kind: 'experience' as const,
      text: `${mark}: we did the same with our churned users and heard things no dashboard showed.`,
    },
    {
      kind: 'counterpoint' as const,
      text: `${mark}: listening matters, though a month without ads can hurt a young brand.`,
    },
  ],
});
const answerWith = (mark: string) => fake.behave({ kind: 'ok', text: JSON.stringify(comments(mark)) });
const texts = (mark: string) => comments(mark).comments.map((c) => c.text);

/** Waits until every post of the feed holds suggestions that pass `check`. */
async function feedWhere(who: Who, check: (post: Post) => boolean): Promise<Post[]> {
  let posts: Post[] = [];
  await expect
    .poll(async () => {
      posts = await feedOf(who);
      return posts.length > 0 && posts.every(check);
    }, POLL)
    .toBe(true);
  return posts;
}

/** The last prompt the model was sent for this post. */
const promptFor = (post: Post) => {
  const sent = fake.requests.filter((r) => r.body.messages[1]?.content.includes(post.text)).at(-1);
  return { system: sent?.body.messages[0]?.content ?? '', user: sent?.body.messages[1]?.content ?? '', sent };
};

const writer: PersonalizationInput = {
  jobTitle: 'Marketing lead',
  language: 'English',
  goals: ['Grow Network'],
  interests: ['Leadership'],
  tones: ['Humorous'],
  styles: ['Simple Language'],
};
let version = 1;
/** Auth announces a personalization (to the ai service and engage alike); waits for engage's copy. */
async function personalize(who: Who, input: PersonalizationInput) {
  const v = version++;
  await h.queues.publish(personalizationUpdatedEvent, {
    userId: who.userId,
    personalization: toStoredPersonalization(input),
    version: v,
  });
  await expect
    .poll(async () => {
      const [row] = await h.database.db.select().from(writers).where(eq(writers.userId, who.userId));
      return row?.personalizationVersion;
    }, POLL)
    .toBe(v);
  return v;
}
/** The linkedin service sends the user's published posts; the ai service measures their voice and tells engage. */
async function postsLike(who: Who, posts: string[], emoji: 'never' | 'often') {
  await h.queues.publish(publishedPostsFetchedEvent, { userId: who.userId, posts });
  await expect
    .poll(async () => {
      const [row] = await h.database.db.select().from(writers).where(eq(writers.userId, who.userId));
      return row?.voice?.emoji;
    }, POLL)
    .toBe(emoji);
}
const EMOJI_POSTS = [
  'Shipped it! 🚀🎉🙌 The team did it again.',
  'Monday lesson: ask before you build 💡🔥👏',
  'Customers first, always 😊🙏✨',
];
const PLAIN_POSTS = [
  'Three things I learned from our last launch. First, talk to customers early. Second, write things down.',
  'Most teams do not need more meetings. They need clearer written decisions.',
  'A good brief saves a week of rework. Here is the template we use for every campaign.',
];

describe('suggestions written by the ai service', () => {
  it("lands three comments on every feed post, written from the post in the user's language, tone and voice", async () => {
    const me = testIdentity();
    await personalize(me, writer);
    await postsLike(me, EMOJI_POSTS, 'often');
    answerWith('first');
    await follow(me, 'emma-carter');

    const posts = await feedWhere(me, (p) => p.suggestions?.source === 'ai');
    for (const post of posts) {
      expect(post.suggestions?.language).toBe('en');
      expect(post.suggestions?.items).toEqual(comments('first').comments);
      expect(post.suggestionsWriting).toBe(false);
    }
    const { system, user, sent } = promptFor(posts[0] as Post);
    expect(user).toContain(`<post>\n${posts[0]?.text}\n</post>`);
    expect(user).toContain('Emma Carter');
    for (const expected of [
      'Marketing lead',
      'Tone: Humorous',
      'exactly three comments in English',
      'Emoji: the member uses emoji often',
    ]) {
      expect(system).toContain(expected);
    }
    // Free suggestions: the standard model, never the premium one the credits pay for.
    expect(sent?.body.model).toBe('gpt-3.5-turbo');
    expect(sent?.headers.authorization).toBe('Bearer sk-test-engage');
  });

  it('gives other suggestions at once, and says honestly when the offline writer wrote them', async () => {
    const me = testIdentity();
    answerWith('prepared');
    await follow(me, 'liam-patel');
    const [post] = await feedWhere(me, (p) => p.suggestions?.source === 'ai');
    if (!post) throw new Error('no post');

    answerWith('others');
    const others = await call(me, 'POST', `/api/v1/engage/posts/${post.postId}/suggestions`, { lang: 'en' });
    expect(others.statusCode).toBe(200);
    expect(others.json().suggestions).toEqual({ language: 'en', source: 'ai', items: comments('others').comments });
    const user = promptFor(post).user;
    expect(user).toContain('asked for other suggestions');

    // The endpoint fails: the ai service's offline writer answers, and the feed says so.
    fake.behave({ kind: 'status', status: 500, message: 'down' });
    const offline = await call(me, 'POST', `/api/v1/engage/posts/${post.postId}/suggestions`, { lang: 'en' });
    expect(offline.statusCode).toBe(200);
    expect(offline.json().suggestions.source).toBe('offline');
    expect(offline.json().suggestions.items).toHaveLength(3);

    // The endpoint answers, twice, with nothing usable: the label says that, not that no AI was there.
    fake.behave({ kind: 'ok', text: 'Sure! Here are three comments you could write.' });
    const unusable = await call(me, 'POST', `/api/v1/engage/posts/${post.postId}/suggestions`, { lang: 'en' });
    expect(unusable.statusCode).toBe(200);
    expect(unusable.json().suggestions.source).toBe('unusable');
    expect(unusable.json().suggestions.items).toHaveLength(3);
  });

  it('keeps only the answer to the newest request of a post', async () => {
    const me = testIdentity();
    answerWith('kept');
    await follow(me, 'olivia-nguyen');
    const [post] = await feedWhere(me, (p) => p.suggestions?.source === 'ai');
    if (!post) throw new Error('no post');
    // A late answer to a request already answered (generation 0) changes nothing.
    const late = await h.queues.enqueue(commentSuggestionsWrittenJob, {
      userId: me.userId,
      postId: post.postId,
      generation: 0,
      language: 'en',
      source: 'ai',
      model: 'gpt-3.5-turbo',
      items: comments('late').comments,
    });
    await expect.poll(async () => (await late.getState()) === 'completed', POLL).toBe(true);
    const after = (await feedOf(me)).find((p) => p.postId === post.postId);
    expect(after?.suggestions?.items.map((i) => i.text)).toEqual(texts('kept'));
  });
  it('drops an answer in the language the user left while it was written, and asks again in theirs', async () => {
    const me = testIdentity();
    answerWith('first');
    await call(me, 'GET', '/api/v1/engage/feed?lang=en');
    await follow(me, 'olivia-nguyen');
    const [post] = await feedWhere(me, (p) => p.suggestions?.source === 'ai');
    if (!post) throw new Error('no post');
    // The post's set was asked for in Arabic a moment before the feed was read in English (the
    // change of language saw no set to write again), and its answer comes after.
    const mine = and(eq(suggestions.userId, me.userId), eq(suggestions.postId, post.postId));
    await h.database.db.delete(suggestions).where(mine);
    await h.database.db
      .insert(suggestionRequests)
      .values({ userId: me.userId, postId: post.postId, generation: 5, language: 'ar', requestedAt: new Date() })
      .onConflictDoUpdate({
        target: [suggestionRequests.userId, suggestionRequests.postId],
        set: { generation: 5, language: 'ar', requestedAt: new Date() },
      });
    answerWith('again');
    const left = await h.queues.enqueue(commentSuggestionsWrittenJob, {
      userId: me.userId,
      postId: post.postId,
      generation: 5,
      language: 'ar',
      source: 'ai',
      model: 'gpt-3.5-turbo',
      items: comments('left').comments,
    });
    await expect.poll(async () => (await left.getState()) === 'completed', POLL).toBe(true);
    await expect
      .poll(async () => (await feedOf(me)).find((p) => p.postId === post.postId)?.suggestions, POLL)
      .toEqual({ language: 'en', source: 'ai', items: comments('again').comments });
  });
});

describe('prepared suggestions when the way the user writes changes', () => {
  it('writes again those not used yet, once per change, with the new personalization and voice', async () => {
    const me = testIdentity();
    await personalize(me, writer);
    await h.queues.publish(entitlementChangedEvent, {
      userId: me.userId,
      version: 1,
      plan: 'starter',
      status: 'active',
      active: true,
      limits: {
        weeklyPosts: null,
        aiCredits: 500,
        commentingCredits: 100,
        engage: true,
        library: 100,
        workspaces: 1,
        seats: 1,
        pages: 1,
      },
      periodStart: new Date(Date.now() - 86_400_000).toISOString(),
      periodEnd: new Date(Date.now() + 29 * 86_400_000).toISOString(),
    });
    answerWith('before');
    await follow(me, 'noah-schmidt');
    const posts = await feedWhere(me, (p) => p.suggestions?.items[0]?.text === texts('before')[0]);
    const used = posts[0];
    if (!used || posts.length < 2) throw new Error('too few posts');
    await expect
      .poll(async () => (await call(me, 'GET', '/api/v1/engage/allowance')).json().allowance.included, POLL)
      .toBe(true);
    const sent = await call(me, 'POST', '/api/v1/engage/comments', {
      postId: used.postId,
      key: randomUUID(),
      text: 'Thanks, this helps.',
    });
    expect(sent.statusCode).toBe(200);

    // A new personalization: the unused sets are written again with it; the used one stays.
    answerWith('formal');
    const v = await personalize(me, { ...writer, tones: ['Professional'], jobTitle: 'Head of brand' });
    const rewritten = await feedWhere(me, (p) =>
      p.postId === used.postId
        ? p.suggestions?.items[0]?.text === texts('before')[0]
        : p.suggestions?.items[0]?.text === texts('formal')[0],
    );
    const other = rewritten.find((p) => p.postId !== used.postId) as Post;
    expect(promptFor(other).system).toContain('Head of brand');
    expect(promptFor(other).system).toContain('Tone: Professional');
    const asked = fake.requests.length;
    const rewriteJobs = async () =>
      (await h.queues.get(QUEUES.engageFeed).getJobs(['completed', 'waiting', 'active', 'delayed', 'failed'])).filter(
        (j) => j.name === 'engage-suggest' && j.data.userId === me.userId && j.data.rewrite === `p${v}`,
      ).length;
    expect(await rewriteJobs()).toBe(posts.length - 1);

    // The same announcement again asks for nothing more: the rewrite jobs keep their ids.
    await h.queues.publish(personalizationUpdatedEvent, {
      userId: me.userId,
      personalization: toStoredPersonalization({ ...writer, tones: ['Professional'], jobTitle: 'Head of brand' }),
      version: v,
    });
    await expect
      .poll(async () => {
        const jobs = await h.queues.get(QUEUES.engageInbox).getJobs(['completed']);
        return jobs.filter((j) => j.name === 'personalization-updated' && j.data.userId === me.userId).length;
      }, POLL)
      .toBe(3);
    expect(await rewriteJobs()).toBe(posts.length - 1);
    expect(fake.requests.length).toBe(asked);

    // A new voice: written again in it.
    answerWith('voice');
    await postsLike(me, PLAIN_POSTS, 'never');
    const voiced = await feedWhere(me, (p) =>
      p.postId === used.postId
        ? p.suggestions?.items[0]?.text === texts('before')[0]
        : p.suggestions?.items[0]?.text === texts('voice')[0],
    );
    expect(promptFor(voiced.find((p) => p.postId !== used.postId) as Post).system).toContain(
      'Emoji: the member never uses emoji',
    );
  });
});
