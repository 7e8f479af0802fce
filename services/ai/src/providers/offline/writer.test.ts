import { COMPOSER_DEFAULTS, type ComposerChoices } from '@nashr/contracts';
import { describe, expect, it } from 'vitest';
import type { PromptRequest } from '../../prompts/index.js';
import { writeOffline } from './writer.js';

const choices: ComposerChoices = { ...COMPOSER_DEFAULTS, postFrequency: 'Weekly' };
const request = (over: Partial<PromptRequest>): PromptRequest => ({
  kind: 'generate',
  topic: 'hiring your first engineer',
  author: { jobTitle: 'Product Manager', accent: null, arabicVariety: 'msa', register: 'formal' },
  language: 'English',
  choices,
  ...over,
});

const arabicShare = (text: string) =>
  (text.match(/[\u0600-\u06FF]/g)?.length ?? 0) / text.replace(/[\s\d.#_:،؟?!…]/g, '').length;

describe('offline writer', () => {
  it('is deterministic: the same request gives the same draft', () => {
    expect(writeOffline(request({}))).toEqual(writeOffline(request({})));
  });

  it('uses the topic, the job title, the goals and the interests', () => {
    const { text } = writeOffline(
      request({ choices: { ...choices, goals: ['Promote Services'], interests: ['Innovation', 'Leadership'] } }),
    );
    expect(text).toContain('hiring your first engineer');
    expect(text).toContain('As a Product Manager');
    expect(text).toContain('I help teams work through');
    expect(text).toContain('#Innovation #Leadership');
    expect(text.length).toBeLessThanOrEqual(1000);
  });

  it('changes with the tone and the post frequency', () => {
    const professional = writeOffline(request({})).text;
    const bold = writeOffline(request({ choices: { ...choices, tones: ['Bold'] } })).text;
    const daily = writeOffline(request({ choices: { ...choices, postFrequency: 'Daily' } })).text;
    expect(bold).not.toBe(professional);
    expect(daily.length).toBeLessThan(professional.length);
  });

  it('writes Arabic for an Arabic writer', () => {
    for (const kind of ['generate', 'rewrite'] as const) {
      const draft = writeOffline(
        request({
          kind,
          topic: 'توظيف أول مهندس',
          text: 'أطلقنا اليوم أول إصدار. استغرق العمل ستة أشهر.',
          author: { jobTitle: 'مديرة منتجات', accent: null, arabicVariety: 'msa', register: 'formal' },
          language: 'Arabic',
        }),
      );
      expect(draft.language).toBe('Arabic');
      expect(draft.note).toBeNull();
      expect(arabicShare(draft.text)).toBeGreaterThan(0.9);
    }
  });

  it('writes Modern Standard Arabic and says so when a regional variety was asked for', () => {
    const draft = writeOffline(
      request({
        topic: 'توظيف أول مهندس',
        author: { jobTitle: 'مديرة منتجات', accent: null, arabicVariety: 'gulf', register: 'conversational' },
        language: 'Arabic',
      }),
    );
    expect(draft.language).toBe('Arabic');
    expect(draft.note).toBe(
      'The offline writer writes Modern Standard Arabic only, so this draft is not in Gulf Arabic (الخليجية).',
    );
    expect(arabicShare(draft.text)).toBeGreaterThan(0.9);
  });

  it('falls back to English with a note for a language it cannot write', () => {
    const draft = writeOffline(request({ language: 'Spanish' }));
    expect(draft.language).toBe('English');
    expect(draft.note).toMatch(/in English instead of Spanish/);
    expect(draft.text).toContain('hiring your first engineer');
  });

  it('applies each quick adjustment', () => {
    const text = 'We shipped our first release today. It took six months. The team did not give up. I am proud!';
    const modify = (action: 'shorter' | 'longer' | 'casual' | 'formal') =>
      writeOffline(request({ kind: 'modify', text, action })).text;
    expect(modify('shorter').length).toBeLessThan(text.length);
    expect(modify('longer').length).toBeGreaterThan(text.length);
    expect(modify('casual')).toMatch(/didn't give up\. I'm proud/);
    expect(modify('formal')).not.toMatch(/!/);
    expect(modify('formal')).toMatch(/^I would like to share/);
    const arabic = writeOffline(
      request({
        kind: 'modify',
        action: 'shorter',
        text: 'جملة أولى هنا. جملة ثانية هنا. جملة ثالثة.',
        language: 'Arabic',
      }),
    ).text;
    expect(arabic).toBe('جملة أولى هنا.');
  });
});

describe('offline writer in the writer voice', () => {
  const voice = {
    length: 'medium',
    emoji: 'sometimes',
    hashtags: 'few',
    paragraphs: 'short',
    opener: 'question',
    language: 'ar',
  } as const;
  const emojiCount = (text: string) => text.match(/\p{Extended_Pictographic}/gu)?.length ?? 0;
  const tagCount = (text: string) => text.match(/#[\p{L}\p{N}_]+/gu)?.length ?? 0;

  it('follows the emoji trait the writer corrected', () => {
    for (const language of ['English', 'Arabic'] as const) {
      const never = writeOffline(request({ language, voice: { ...voice, emoji: 'never' } })).text;
      const often = writeOffline(request({ language, voice: { ...voice, emoji: 'often' } })).text;
      expect(emojiCount(never)).toBe(0);
      expect(emojiCount(often)).toBeGreaterThanOrEqual(3);
    }
  });

  it('follows the length and hashtag traits', () => {
    const short = writeOffline(request({ voice: { ...voice, length: 'short' } })).text;
    const long = writeOffline(request({ voice: { ...voice, length: 'long' } })).text;
    expect(short.length).toBeLessThan(long.length);
    expect(tagCount(writeOffline(request({ voice: { ...voice, hashtags: 'none' } })).text)).toBe(0);
    expect(tagCount(writeOffline(request({ voice: { ...voice, hashtags: 'many' } })).text)).toBeGreaterThan(0);
  });

  it('breaks paragraphs the way the writer does', () => {
    const paragraphs = (text: string) => text.split(/\n\s*\n/).length;
    const short = writeOffline(request({ voice: { ...voice, paragraphs: 'short' } })).text;
    const long = writeOffline(request({ voice: { ...voice, paragraphs: 'long' } })).text;
    expect(paragraphs(short)).toBeGreaterThan(paragraphs(long));
  });
});
