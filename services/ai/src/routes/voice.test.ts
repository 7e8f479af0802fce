import { randomUUID } from 'node:crypto';
import {
  type Identity,
  postPublishedEvent,
  publishedPostsFetchedEvent,
  QUEUES,
  userDeletedEvent,
  VOICE_REMEASURE_POSTS,
} from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../testing/fake-openai.js';
import { type Harness, startHarness } from '../testing/harness.js';

const history = [
  'هل فكرت يوماً لماذا تفشل معظم فرق المنتج؟\n\nالسبب ليس التقنية.\n\nالسبب هو غياب الوضوح 🎯\n\n#إدارة_المنتج',
  'هل تعرف ما الذي يميز القائد الجيد؟\n\nيستمع أكثر مما يتكلم.\n\nويمنح فريقه الثقة 🚀\n\n#القيادة',
  'هل الوضوح أهم من السرعة في المنتج؟\n\nأظن ذلك.\n\nشاركني رأيك 👇',
];
const EMOJI = /\p{Extended_Pictographic}/gu;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const getVoice = async (me: Identity) =>
  (await h.app.inject({ method: 'GET', url: '/api/v1/ai/voice', headers: h.as(me) })).json();
const correct = (me: Identity, payload: object) =>
  h.app.inject({ method: 'PUT', url: '/api/v1/ai/voice', payload, headers: h.as(me) });
const generate = async (me: Identity) => {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/v1/ai/generate',
    payload: { topic: 'وضوح الأهداف', lang: 'ar' },
    headers: h.as(me),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.text as string;
};
/** What the linkedin service sends after reading the posts; waits until the voice is measured. */
const measure = async (me: Identity, posts: string[]) => {
  await h.queues.publish(publishedPostsFetchedEvent, { userId: me.userId, posts });
  await expect.poll(async () => (await getVoice(me)).data.missing, { timeout: 10_000 }).not.toBe('not-measured');
};

describe('the writer voice', () => {
  it('says what is missing before any posts were read, and with too few posts', async () => {
    const me = testIdentity();
    expect((await getVoice(me)).data).toMatchObject({ traits: null, missing: 'not-measured', minPosts: 3 });
    await measure(me, [history[0] ?? '']);
    expect((await getVoice(me)).data).toMatchObject({ traits: null, missing: 'too-few-posts' });
    // An account with no published posts at all says the same, not an error.
    const empty = testIdentity();
    await measure(empty, []);
    expect((await getVoice(empty)).data).toMatchObject({ traits: null, missing: 'too-few-posts', measures: null });
  });

  it('is measured from the published posts, corrected by the user, and followed by the offline writer', async () => {
    const me = testIdentity();
    await measure(me, history);
    const voice = (await getVoice(me)).data;
    expect(voice.missing).toBeNull();
    expect(voice.traits).toMatchObject({ opener: 'question', paragraphs: 'short', emoji: 'sometimes', language: 'ar' });
    expect(voice.measures.posts).toBe(3);

    const never = await correct(me, { emoji: 'never' });
    expect(never.statusCode).toBe(200);
    expect(never.json().data.traits.emoji).toBe('never');
    expect(never.json().data.measured.emoji).toBe('sometimes');
    expect((await generate(me)).match(EMOJI)).toBeNull();

    await correct(me, { emoji: 'often' });
    expect((await generate(me)).match(EMOJI)?.length ?? 0).toBeGreaterThanOrEqual(3);

    // Null gives the trait back to the measure; a new measure keeps the corrections.
    expect((await correct(me, { emoji: null, length: 'short' })).json().data.traits).toMatchObject({
      emoji: 'sometimes',
      length: 'short',
    });
    await measure(me, history);
    expect((await getVoice(me)).data.corrections).toEqual({ length: 'short' });
  });

  it('is followed when a draft is adjusted or rewritten: emoji, hashtags and paragraphing', async () => {
    const me = testIdentity();
    await measure(me, history);
    const draft =
      'We shipped our first release today! 🎉 It took six months of work. The team did not give up. I am proud of them.\n\n#Product #Teams #Startups';
    const adjust = async (url: string, payload: object) => {
      const res = await h.app.inject({
        method: 'POST',
        url,
        payload: { text: draft, lang: 'en', ...payload },
        headers: h.as(me),
      });
      expect(res.statusCode, url).toBe(200);
      return res.json().data.text as string;
    };
    const all = async () => ({
      rewrite: await adjust('/api/v1/ai/rewrite', {}),
      shorter: await adjust('/api/v1/ai/modify', { action: 'shorter' }),
      longer: await adjust('/api/v1/ai/modify', { action: 'longer' }),
      casual: await adjust('/api/v1/ai/modify', { action: 'casual' }),
      formal: await adjust('/api/v1/ai/modify', { action: 'formal' }),
    });
    const tags = (text: string) => text.match(/#[\p{L}\p{N}_]+/gu)?.length ?? 0;

    await correct(me, { emoji: 'never', hashtags: 'none', paragraphs: 'short', length: 'long' });
    const plain = await all();
    for (const [action, text] of Object.entries(plain)) {
      expect(text.match(EMOJI), action).toBeNull();
      expect(tags(text), action).toBe(0);
      // Short paragraphs: none holds more than two sentences.
      for (const paragraph of text.split(/\n\s*\n/)) {
        expect(paragraph.split(/(?<=[.!?؟])\s+/).length, `${action}: ${paragraph}`).toBeLessThanOrEqual(2);
      }
    }
    expect(plain.shorter.length).toBeLessThan(draft.length);
    expect(plain.longer.length).toBeGreaterThan(draft.length);

    await correct(me, { emoji: 'often', hashtags: 'few', paragraphs: 'long' });
    const lively = await all();
    for (const action of ['rewrite', 'shorter', 'longer', 'casual'] as const) {
      expect(lively[action].match(EMOJI)?.length ?? 0, action).toBeGreaterThanOrEqual(1);
      expect(tags(lively[action]), action).toBeGreaterThanOrEqual(1);
      expect(tags(lively[action]), action).toBeLessThanOrEqual(2);
    }
    // More formal wins over the habit: one emoji at most.
    expect(lively.formal.match(EMOJI)?.length ?? 0).toBeLessThanOrEqual(1);
    // Fuller paragraphs: the rewrite comes in fewer blocks than with short ones.
    const blocks = (text: string) => text.split(/\n\s*\n/).filter((block) => !block.startsWith('#')).length;
    expect(blocks(lively.rewrite)).toBeLessThan(blocks(plain.rewrite));
  });

  it('refuses unknown traits and values with a 400', async () => {
    const me = testIdentity();
    for (const payload of [{ emoji: 'always' }, { mood: 'happy' }, { length: 5 }]) {
      const res = await correct(me, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });
});

describe('measuring the voice again as new posts go out', () => {
  /** Publishes what the linkedin service announces for one post and waits until the ai worker counted it. */
  const published = async (me: Identity, postId: string = randomUUID(), jobId: string = randomUUID()) => {
    await h.queues.publish(
      postPublishedEvent,
      { postId, userId: me.userId, networkPostId: null, url: null, publishedAt: new Date().toISOString() },
      { id: jobId },
    );
    await expect
      .poll(
        async () =>
          (await h.queues.get(QUEUES.aiInbox).getJobs(['completed', 'failed'])).find(
            (job) => job.id === `${postPublishedEvent.name}-${jobId}`,
          )?.returnvalue,
        { timeout: 10_000 },
      )
      .toBeTruthy();
    return postId;
  };
  const requests = async (me: Identity) =>
    (await h.queues.get(QUEUES.linkedinInbox).getJobs(['waiting', 'active', 'completed', 'failed', 'delayed'])).filter(
      (job) => job.name === 'voice-measure-requested' && job.data.userId === me.userId,
    );

  it('tells engage the traits in effect when the voice is measured or corrected', async () => {
    const me = testIdentity();
    const told = async () =>
      (await h.queues.get(QUEUES.engageInbox).getJobs(['waiting', 'active', 'completed', 'failed', 'delayed']))
        .filter((job) => job.name === 'voice-changed' && job.data.userId === me.userId)
        .sort((a, b) => a.data.changedAt - b.data.changedAt)
        .map((job) => job.data.traits);
    await measure(me, history);
    await expect.poll(told, { timeout: 10_000 }).toHaveLength(1);
    expect((await told())[0]).toMatchObject({ emoji: 'sometimes', paragraphs: 'short', language: 'ar' });

    expect((await correct(me, { emoji: 'often', hashtags: 'none' })).statusCode).toBe(200);
    const after = await told();
    expect(after).toHaveLength(2);
    expect(after[1]).toMatchObject({ emoji: 'often', hashtags: 'none', paragraphs: 'short' });
  });

  it(`asks for a new measure after ${VOICE_REMEASURE_POSTS} new posts, once, and the new measure keeps the corrections`, async () => {
    const me = testIdentity();
    await measure(me, history);
    await correct(me, { emoji: 'never' });
    const first = (await getVoice(me)).data.measuredAt;

    const ids: string[] = [];
    for (let i = 1; i < VOICE_REMEASURE_POSTS; i++) ids.push(await published(me));
    // A post told twice (a redelivered event) is counted once.
    await published(me, ids[0]);
    await published(me, ids[1]);
    expect(await requests(me)).toHaveLength(0);

    await published(me);
    await published(me); // more posts before the new measure arrives ask nothing more
    expect(await requests(me)).toHaveLength(1);

    // The linkedin service answers with the posts as they are now: longer, without emoji or hashtags.
    const longer = history.map(
      (post) => `${post.replace(/\p{Extended_Pictographic}|#\S+/gu, '')} ${'كلمة '.repeat(120)}`,
    );
    await h.queues.publish(publishedPostsFetchedEvent, { userId: me.userId, posts: longer });
    await expect.poll(async () => (await getVoice(me)).data.measuredAt, { timeout: 10_000 }).not.toBe(first);
    const voice = (await getVoice(me)).data;
    expect(voice.measured).toMatchObject({ hashtags: 'none', emoji: 'never' });
    expect(voice.measured.length).not.toBe('short');
    expect(voice.corrections).toEqual({ emoji: 'never' });

    // The count starts again from the new measure.
    await published(me);
    expect(await requests(me)).toHaveLength(1);
  });

  it('counts posts for someone never measured too, and forgets them with the account', async () => {
    const me = testIdentity();
    for (let i = 0; i < VOICE_REMEASURE_POSTS; i++) await published(me);
    expect(await requests(me)).toHaveLength(1);
    const exported = (await h.app.inject({ method: 'GET', url: '/api/v1/ai/export', headers: h.as(me) })).json();
    expect(exported.data.voicePostsCounted).toHaveLength(VOICE_REMEASURE_POSTS);

    await h.queues.publish(userDeletedEvent, { userId: me.userId, email: 'leaver@example.test' });
    await expect
      .poll(
        async () =>
          (await h.app.inject({ method: 'GET', url: '/api/v1/ai/export', headers: h.as(me) })).json().data
            .voicePostsCounted,
        { timeout: 10_000 },
      )
      .toEqual([]);
  });
});

describe('the writer voice in the AI prompt', () => {
  let fake: FakeOpenAi;
  let withAi: Harness;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    withAi = await startHarness({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.url });
  });
  afterAll(async () => {
    await withAi?.close();
    await fake?.close();
  });

  it('sends the measured and corrected voice in the system prompt', async () => {
    fake.behave({ kind: 'ok', text: 'A draft.' });
    const me = testIdentity();
    await withAi.queues.publish(publishedPostsFetchedEvent, { userId: me.userId, posts: history });
    await expect
      .poll(
        async () =>
          (await withAi.app.inject({ method: 'GET', url: '/api/v1/ai/voice', headers: withAi.as(me) })).json().data
            .missing,
        { timeout: 10_000 },
      )
      .toBeNull();
    await withAi.app.inject({
      method: 'PUT',
      url: '/api/v1/ai/voice',
      payload: { emoji: 'never' },
      headers: withAi.as(me),
    });
    const res = await withAi.app.inject({
      method: 'POST',
      url: '/api/v1/ai/generate',
      payload: { topic: 'clarity' },
      headers: withAi.as(me),
    });
    expect(res.statusCode).toBe(200);
    const system = fake.requests.at(-1)?.body.messages[0]?.content ?? '';
    expect(system).toContain("The author's own voice");
    expect(system).toContain('Opens with a question');
    expect(system).toContain('Emoji: never uses emoji');
    expect(system).toContain('Paragraphs: short paragraphs');

    // Adjusting and rewriting carry the voice too, and say how it meets the request.
    for (const [url, payload, kept] of [
      ['/api/v1/ai/modify', { action: 'shorter' }, 'The length this request asks for wins'],
      ['/api/v1/ai/modify', { action: 'casual' }, "keep the author's own voice"],
      ['/api/v1/ai/rewrite', {}, "in the author's own voice described above"],
    ] as const) {
      const adjusted = await withAi.app.inject({
        method: 'POST',
        url,
        payload: { text: 'We shipped our first release today.', ...payload },
        headers: withAi.as(me),
      });
      expect(adjusted.statusCode, url).toBe(200);
      const [sent, asked] = fake.requests.at(-1)?.body.messages ?? [];
      expect(sent?.content).toContain('Emoji: never uses emoji');
      expect(sent?.content).toContain('Opens with a question');
      expect(asked?.content).toContain(kept);
    }
  });
});
