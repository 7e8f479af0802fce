import {
  commentSuggestionsWrittenJob,
  type JobPayload,
  type PersonalizationInput,
  personalizationUpdatedEvent,
  publishedPostsFetchedEvent,
  QUEUES,
  writeCommentSuggestionsJob,
} from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../testing/fake-openai.js';
import { type Harness, startHarness, toPersonalization } from '../testing/harness.js';

let fake: FakeOpenAi;
let h: Harness;
/** Workers share two busy cores with other test files: wait generously. */
const POLL = { timeout: 15_000, interval: 100 };

beforeAll(async () => {
  fake = await startFakeOpenAi();
  h = await startHarness({
    OPENAI_API_KEY: 'sk-test-comments',
    OPENAI_BASE_URL: fake.url,
    OPENAI_TIMEOUT_MS: '2000',
    OPENAI_MAX_RETRIES: '0',
  });
});
afterAll(async () => {
  await h?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

type Who = ReturnType<typeof testIdentity>;
const writer: PersonalizationInput = {
  jobTitle: 'Head of customer success',
  language: 'Arabic',
  arabicVariety: 'gulf',
  goals: ['Grow Network'],
  interests: ['Leadership'],
  tones: ['Casual'],
  styles: ['Simple Language'],
};
/** Short Arabic posts full of emoji: the voice measured from them uses emoji often. */
const EMOJI_POSTS = [
  'هل جربت أن تسأل عميلك قبل أن تبيعه؟ 🤔🚀🎯',
  'هل الفريق الصغير أسرع؟ 💡🔥👏',
  'هل تقرأ كل رسالة من عملائك؟ 📬😊🙌',
];
const answer = {
  comments: [
    { kind: 'counterpoint', text: 'أتفق، لكن الإصغاء وحده لا يكفي حين يتغير السوق بسرعة 💡' },
    { kind: 'question', text: 'كيف اخترتم العملاء العشرة الذين جلستم معهم؟ 🤔' },
    { kind: 'experience', text: 'جربنا جلسات مشابهة مع عملائنا، وتغيرت أولوياتنا بعدها 🙏' },
  ],
};
const POST = {
  text: 'We stopped running ads for a month and talked to 30 customers instead. Our message changed completely.',
  language: 'en' as const,
  authorName: 'Emma Carter',
  authorHeadline: 'Head of Growth',
};

const ask = (who: Who, generation: number, extra: Partial<JobPayload<typeof writeCommentSuggestionsJob>> = {}) =>
  h.queues.enqueue(
    writeCommentSuggestionsJob,
    { userId: who.userId, postId: `sbx-emma-carter-${generation}`, generation, language: 'ar', post: POST, ...extra },
    { jobId: `comments-${who.userId}-sbx-emma-carter-${generation}` },
  );

/** The answer the ai worker sent to engage's feed queue (no engage worker here: it waits there). */
async function answerTo(who: Who, generation: number): Promise<JobPayload<typeof commentSuggestionsWrittenJob>> {
  let found: JobPayload<typeof commentSuggestionsWrittenJob> | undefined;
  await expect
    .poll(async () => {
      const job = await h.queues
        .get(QUEUES.engageFeed)
        .getJob(`comments-written-${who.userId}-sbx-emma-carter-${generation}-${generation}`);
      found = job?.data;
      return !!found;
    }, POLL)
    .toBe(true);
  return commentSuggestionsWrittenJob.schema.parse(found);
}

const creditsOf = async (who: Who) =>
  (await h.app.inject({ method: 'GET', url: '/api/v1/ai/credits', headers: h.as(who) })).json().data.remaining;

describe('comment suggestions for engage', () => {
  it("writes three comments on the post in the member's language, tone and voice, without spending credits", async () => {
    const me = testIdentity();
    await h.personalize(me, writer);
    await h.queues.publish(publishedPostsFetchedEvent, { userId: me.userId, posts: EMOJI_POSTS });
    await expect
      .poll(
        async () =>
          (await h.app.inject({ method: 'GET', url: '/api/v1/ai/voice', headers: h.as(me) })).json().data.traits?.emoji,
        POLL,
      )
      .toBe('often');
    const before = await creditsOf(me);
    fake.behave({ kind: 'ok', text: JSON.stringify(answer) });

    await ask(me, 0);
    const written = await answerTo(me, 0);
    expect(written).toMatchObject({ userId: me.userId, generation: 0, language: 'ar', source: 'ai' });
    expect(written.model).toBe(h.config.OPENAI_STANDARD_MODEL);
    // In the feed's order, whatever order the model gave.
    expect(written.items).toEqual([answer.comments[1], answer.comments[2], answer.comments[0]]);

    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent?.body.model).toBe(h.config.OPENAI_STANDARD_MODEL);
    expect(sent?.body.response_format).toEqual({ type: 'json_object' });
    const [system, user] = sent?.body.messages ?? [];
    for (const expected of [
      'Head of customer success',
      'Tone: Casual',
      'Gulf Arabic',
      'Register: formal',
      'Emoji: the member uses emoji often',
      'Length of a comment: one or two short sentences',
      'exactly three comments',
      'never instructions',
    ]) {
      expect(system?.content).toContain(expected);
    }
    expect(user?.content).toContain(`<post>\n${POST.text}\n</post>`);
    expect(user?.content).toContain('Emma Carter (Head of Growth)');
    // Free: the premium model's credits are untouched.
    expect(await creditsOf(me)).toBe(before);
  });

  it('waits for the personalization engage heard of before writing', async () => {
    const me = testIdentity();
    fake.behave({ kind: 'ok', text: JSON.stringify(answer) });
    // Engage heard of version 3 first; this service's copy has none yet.
    await ask(me, 1, { personalizationVersion: 3 });
    await expect
      .poll(async () => (await h.queues.get(QUEUES.aiComments).getJobCounts('delayed')).delayed, POLL)
      .toBeGreaterThan(0);
    expect(fake.requests).toHaveLength(0);
    await h.queues.publish(personalizationUpdatedEvent, {
      userId: me.userId,
      personalization: toPersonalization({ ...writer, jobTitle: 'Chief customer officer', tones: ['Professional'] }),
      version: 3,
    });
    await answerTo(me, 1);
    const system = fake.requests.at(-1)?.body.messages[0]?.content;
    expect(system).toContain('Chief customer officer');
    expect(system).toContain('Tone: Professional');
  });

  it('answers with the offline writer, labelled with why, when the model answers the wrong shape or fails', async () => {
    const me = testIdentity();
    await h.personalize(me, { ...writer, language: 'English', tones: ['Professional'] });
    fake.behave({ kind: 'ok', text: JSON.stringify({ comments: [answer.comments[0]] }) });
    await ask(me, 2, { language: 'en' });
    const shape = await answerTo(me, 2);
    // Asked twice, both answers unusable: the label says so, not that no AI was there.
    expect(shape).toMatchObject({ source: 'unusable', model: 'offline-writer', language: 'en' });
    expect(shape.items.map((s) => s.kind)).toEqual(['question', 'experience', 'counterpoint']);
    // The offline writer quotes the post's opening words and names its author.
    expect(shape.items[0]?.text).toContain('Emma');

    fake.behave({ kind: 'status', status: 500, message: 'upstream down' });
    await ask(me, 3, { language: 'en' });
    expect((await answerTo(me, 3)).source).toBe('offline');
  });
});
