import { type Identity, publishedPostsFetchedEvent } from '@nashr/contracts';
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

  it('refuses unknown traits and values with a 400', async () => {
    const me = testIdentity();
    for (const payload of [{ emoji: 'always' }, { mood: 'happy' }, { length: 5 }]) {
      const res = await correct(me, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().success).toBe(false);
    }
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
  });
});
