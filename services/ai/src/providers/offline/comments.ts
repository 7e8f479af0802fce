import { createHash } from 'node:crypto';
import type { EngageLanguage, SuggestionKind, VoiceTraits } from '@nashr/contracts';
import type { CommentDraft, CommentsRequest } from '../../prompts/index.js';

/** How the member writes, as far as the offline comments follow it. */
export interface CommentStyle {
  register: 'formal' | 'conversational' | null;
  emoji: VoiceTraits['emoji'] | null;
  hashtags: VoiceTraits['hashtags'] | null;
  length: VoiceTraits['length'] | null;
  paragraphs: VoiceTraits['paragraphs'] | null;
}

/** Tones that mean a conversational register whatever the register chosen. */
const CONVERSATIONAL_TONES = new Set(['Casual', 'Informal', 'Humorous']);

/** The member's register (their tone can make it conversational) and their voice's habits. */
export function commentStyle(request: Pick<CommentsRequest, 'register' | 'author' | 'voice'>): CommentStyle {
  const tone = request.register ? request.author.tones[0] : undefined;
  const conversational = request.register === 'conversational' || (tone ? CONVERSATIONAL_TONES.has(tone) : false);
  return {
    register: request.register ? (conversational ? 'conversational' : 'formal') : null,
    emoji: request.voice?.emoji ?? null,
    hashtags: request.voice?.hashtags ?? null,
    length: request.voice?.length ?? null,
    paragraphs: request.voice?.paragraphs ?? null,
  };
}

type Template = (v: { first: string; focus: string | null }) => string;

/**
 * Three wordings per kind and language. With the post in the user's own language, the question
 * and the counterpoint quote the post's opening words; otherwise they speak of it without quoting.
 */
const TEMPLATES: Record<EngageLanguage, Record<SuggestionKind, Template[]>> = {
  en: {
    question: [
      ({ first, focus }) =>
        focus
          ? `${first}, what made you see it this way: "${focus}"? I'd love to hear the moment it clicked.`
          : `${first}, what made you see it this way? I'd love to hear the moment it clicked.`,
      ({ first }) => `Curious, ${first}: how would you apply this in a team that is just starting out?`,
      ({ first }) => `What was the hardest part of getting there, ${first}? It sounds simple, but it rarely is.`,
    ],
    experience: [
      () =>
        'This matches what I saw last year: once we acted on it, the results followed within weeks. Thanks for putting it so clearly.',
      () => 'I learned the same lesson the hard way. Reading it written down like this would have saved me months.',
      () =>
        'We tried something similar in my team, and the biggest change was in how we talked to each other, not in the numbers.',
    ],
    counterpoint: [
      ({ first }) =>
        `I agree with most of this, ${first}, though I think it depends on the stage: early on, speed can matter more.`,
      ({ focus }) =>
        focus
          ? `A respectful counterpoint: "${focus}" holds in many cases, but not always when the market moves faster than you can listen.`
          : 'A respectful counterpoint: this holds in many cases, but not always when the market moves faster than you can listen.',
      () => "Fair point, though I'd add one caveat: what works for a large team can hurt a small one.",
    ],
  },
  ar: {
    question: [
      ({ first, focus }) =>
        focus
          ? `يا ${first}، متى اتضح لك الأمر هكذا: «${focus}»؟ يهمني أن أعرف تلك اللحظة.`
          : `يا ${first}، متى اتضح لك الأمر هكذا؟ يهمني أن أعرف تلك اللحظة.`,
      ({ first }) => `سؤال يا ${first}: كيف يُطبَّق هذا في فريق ما زال في بدايته؟`,
      ({ first }) => `ما أصعب ما واجهته حتى وصلت إلى هذا يا ${first}؟ يبدو الأمر بسيطًا لكنه نادرًا ما يكون كذلك.`,
    ],
    experience: [
      () => 'هذا ما رأيته بنفسي العام الماضي: حين عملنا به ظهرت النتائج خلال أسابيع. شكرًا على هذا الوضوح.',
      () => 'تعلمت الدرس نفسه بالطريقة الصعبة، ولو قرأته مكتوبًا هكذا لوفّر علي شهورًا.',
      () => 'جربنا شيئًا قريبًا في فريقي، وكان أكبر تغيير في طريقة حديثنا مع بعض، لا في الأرقام.',
    ],
    counterpoint: [
      ({ first }) =>
        `أتفق مع أغلب ما قلت يا ${first}، لكن أظن أن الأمر يختلف بحسب المرحلة: في البداية قد تهم السرعة أكثر.`,
      ({ focus }) =>
        focus
          ? `رأي مختلف مع كل الاحترام: «${focus}» صحيح في حالات كثيرة، لكن ليس دائمًا حين يتغير السوق أسرع مما نصغي.`
          : 'رأي مختلف مع كل الاحترام: هذا صحيح في حالات كثيرة، لكن ليس دائمًا حين يتغير السوق أسرع مما نصغي.',
      () => 'وجهة نظر في محلها، وأضيف تحفظًا واحدًا: ما ينجح في فريق كبير قد يضر فريقًا صغيرًا.',
    ],
  },
};

/** How a formal or a conversational writer opens their question. */
const REGISTER_OPENERS: Record<EngageLanguage, Record<'formal' | 'conversational', string>> = {
  en: { formal: 'Thank you for sharing this.', conversational: 'Love this!' },
  ar: { formal: 'شكرًا على هذه المشاركة القيّمة.', conversational: 'كلام جميل!' },
};

/** A closing line for writers of long posts. */
const FOLLOW_UPS: Record<EngageLanguage, string> = {
  en: 'Looking forward to reading more from you on this.',
  ar: 'أنتظر أن أقرأ لك المزيد عن هذا.',
};

/** The emoji a writer who uses them ends each kind of comment with. */
const KIND_EMOJI: Record<SuggestionKind, string> = { question: '🤔', experience: '🙏', counterpoint: '💡' };

const EMOJI = /\s*\p{Extended_Pictographic}\uFE0F?/gu;
const HASHTAG = /\s*#[\p{L}\p{N}_]+/gu;

/**
 * Writes a comment the way the user writes: the register of their tone, their length and
 * paragraphing, and their emoji habit (none for a writer who rarely uses them, one per comment for
 * one who often does, on the experience only for one who sometimes does). Hashtags never go into
 * comments for a writer who uses none.
 */
export function inStyle(text: string, kind: SuggestionKind, language: EngageLanguage, style: CommentStyle): string {
  let out = text;
  if (style.length === 'short') {
    const [first] = out.split(/(?<=[.!?؟])\s+/u);
    if (first) out = first;
  }
  if (kind === 'question' && style.register) out = `${REGISTER_OPENERS[language][style.register]} ${out}`;
  if (style.length === 'long' && kind === 'experience') {
    out = `${out}${style.paragraphs === 'short' ? '\n\n' : ' '}${FOLLOW_UPS[language]}`;
  }
  if (style.hashtags === 'none') out = out.replace(HASHTAG, '');
  out = out.replace(EMOJI, '');
  if (style.emoji === 'often' || (style.emoji === 'sometimes' && kind === 'experience')) {
    out = `${out} ${KIND_EMOJI[kind]}`;
  }
  return out;
}

/** The post's opening words, up to a sentence and about 60 characters, cut at a word. */
export function focusOf(text: string): string {
  const sentence = (text.split(/(?<=[.!?؟،,:])\s/u)[0] ?? text).replace(/[.!?؟،,:]+$/u, '').trim();
  if (sentence.length <= 60) return sentence;
  const cut = sentence.slice(0, 60);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 30)).trim()}…`;
}

const CODES: Record<CommentsRequest['language'], EngageLanguage> = { Arabic: 'ar', English: 'en' };

/**
 * The offline writer's comments, used while no AI endpoint is configured (or it failed): three
 * comments (a question, an experience, a respectful counterpoint) in the member's language, built
 * from the post's opening words and its author's first name, and written the way the member
 * writes (`inStyle`). The feed labels them as such.
 */
export function suggestCommentsOffline(request: CommentsRequest): CommentDraft[] {
  const { post } = request;
  const language = CODES[request.language];
  const style = commentStyle(request);
  const seed = createHash('sha256').update(post.postId).digest().readUInt32BE(0);
  const first = post.authorName.split(/\s+/)[0] ?? post.authorName;
  const focus = post.language === language ? focusOf(post.text) : null;
  const kinds: SuggestionKind[] = ['question', 'experience', 'counterpoint'];
  return kinds.map((kind, i) => {
    const options = TEMPLATES[language][kind];
    const template = options[(seed + i + request.generation) % options.length] as Template;
    return { kind, text: inStyle(template({ first, focus }), kind, language, style) };
  });
}
