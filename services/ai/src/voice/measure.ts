import { VOICE_MIN_POSTS, type VoiceMeasures, type VoiceTraits } from '@nashr/contracts';

const HASHTAG = /(^|\s)#[\p{L}\p{N}_]+/gu;
const EMOJI = /\p{Extended_Pictographic}/gu;
const ARABIC_LETTER = /(?=\p{L})\p{Script=Arabic}/gu;
const LETTER = /\p{L}/gu;

/** Common words that say nothing about what a writer writes about. */
const STOP_WORDS = new Set(
  (
    'the a an and or but of to in on for with at by from is are was were be been it this that these those ' +
    'i you we they he she my your our their me us them not no so as if then than what when how why who ' +
    'have has had do does did will would can could should just more most about into out up all one very ' +
    'في من على إلى الى عن مع هذا هذه ذلك التي الذي الذين ما لا لم لن أن ان إن كان كانت كل قد هو هي نحن ' +
    'أنا انا هم ثم أو او بل لكن حتى عند بعد قبل كما أي اي بين كيف لماذا متى هل يا و'
  ).split(/\s+/),
);

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;
const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

/** How one post opens: its first line read with plain rules. */
export function openerOf(text: string): VoiceTraits['opener'] {
  const first = (text.trim().split('\n')[0] ?? '').trim();
  if (/[?؟]/.test(first)) return 'question';
  if (/^[\p{Extended_Pictographic}\s]*[\d٠-٩]/u.test(first)) return 'number';
  if (
    /^(when|last|yesterday|years? ago|in \d{4}|i remember|once|قبل|عندما|حين|أمس|في عام|أتذكر|كنت)(?=[\s,.،:]|$)/iu.test(
      first,
    )
  )
    return 'story';
  if (/!$/.test(first) || /^(stop|never|everyone|nobody|the truth|توقف|لا أحد|الجميع|الحقيقة|أكبر خطأ)/iu.test(first))
    return 'claim';
  return 'statement';
}

const mostCommon = <T extends string>(values: T[], fallback: T): T => {
  const tally = new Map<T, number>();
  for (const v of values) tally.set(v, (tally.get(v) ?? 0) + 1);
  let best = fallback;
  let bestCount = 0;
  for (const [v, n] of tally) {
    if (n > bestCount) {
      best = v;
      bestCount = n;
    }
  }
  return best;
};

const average = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);
const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;

export interface MeasuredVoice {
  traits: VoiceTraits;
  measures: VoiceMeasures;
}

/**
 * Measures a writer's voice from their published posts with plain rules: length, paragraphing,
 * openings, emoji and hashtags, language and recurring words. Null when there are too few posts.
 */
export function measureVoice(posts: readonly string[]): MeasuredVoice | null {
  const texts = posts.map((p) => p.trim()).filter(Boolean);
  if (texts.length < VOICE_MIN_POSTS) return null;
  const chars = texts.map((t) => t.length);
  const paragraphs = texts.map((t) => paragraphsOf(t.replace(HASHTAG, ' ')));
  const paragraphChars = paragraphs.flat().map((p) => p.length);
  const emoji = texts.map((t) => count(t, EMOJI));
  const hashtags = texts.map((t) => count(t, HASHTAG));
  const all = texts.join('\n');
  const letters = count(all, LETTER);
  const arabicShare = letters ? count(all, ARABIC_LETTER) / letters : 0;

  const words = new Map<string, number>();
  for (const word of all
    .replace(HASHTAG, ' ')
    .toLowerCase()
    .match(/[\p{L}]{3,}/gu) ?? []) {
    const plain = word.replace(/^ال(?=.{3,})/u, '');
    if (STOP_WORDS.has(word) || STOP_WORDS.has(plain)) continue;
    words.set(plain, (words.get(plain) ?? 0) + 1);
  }
  const themes = [...words]
    .filter(([, n]) => n >= 2)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 10)
    .map(([w]) => w);

  const averageChars = average(chars);
  const averageParagraphChars = average(paragraphChars);
  const emojiPerPost = average(emoji);
  const hashtagsPerPost = average(hashtags);
  return {
    traits: {
      length: averageChars < 400 ? 'short' : averageChars < 900 ? 'medium' : 'long',
      emoji: emojiPerPost < 0.3 ? 'never' : emojiPerPost < 2 ? 'sometimes' : 'often',
      hashtags: hashtagsPerPost < 0.5 ? 'none' : hashtagsPerPost <= 3 ? 'few' : 'many',
      paragraphs: averageParagraphChars <= 160 ? 'short' : 'long',
      opener: mostCommon(texts.map(openerOf), 'statement'),
      language: arabicShare >= 0.7 ? 'ar' : arabicShare <= 0.3 ? 'en' : 'mixed',
    },
    measures: {
      posts: texts.length,
      averageChars: Math.round(averageChars),
      averageParagraphs: round(average(paragraphs.map((p) => p.length))),
      averageParagraphChars: Math.round(averageParagraphChars),
      emojiPerPost: round(emojiPerPost),
      hashtagsPerPost: round(hashtagsPerPost),
      arabicShare: round(arabicShare, 2),
      themes,
    },
  };
}
