import { ARABIC_VARIETY_NAMES, type ComposerChoices, type ModifyAction, type VoiceTraits } from '@nashr/contracts';
import type { Language, PromptRequest } from '../../prompts/index.js';
import { ARABIC, ENGLISH, type Phrases, type Register, TONE_REGISTER } from './phrases.js';

/** Languages the offline writer can write; any other falls back to English with a note. */
const WRITERS: Partial<Record<Language, Phrases>> = { English: ENGLISH, Arabic: ARABIC };

/** The language the offline writer uses for a draft asked for in `language`. */
export function offlineLanguage(language: Language): Language {
  return WRITERS[language] ? language : 'English';
}

export interface OfflineDraft {
  text: string;
  language: Language;
  note: string | null;
}

/** A stable small number from text, so the same request always gets the same draft. */
function pickIndex(seed: string, size: number): number {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash % size;
}

const registerOf = (choices: ComposerChoices): Register => TONE_REGISTER[choices.tones[0] ?? 'Professional'];

const HASHTAG = /(^|\s)#[\p{L}\p{N}_]+/gu;
const EMOJI = /\p{Extended_Pictographic}\uFE0F?/gu;

function sentences(text: string): string[] {
  return text
    .replace(HASHTAG, ' ')
    .split(/(?<=[.!?؟])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function hashtagsOf(text: string): string[] {
  return [...text.matchAll(HASHTAG)].map((m) => m[0].trim()).slice(0, 3);
}

const hashtagLine = (phrases: Phrases, choices: ComposerChoices) =>
  choices.interests
    .slice(0, 3)
    .map((i) => phrases.hashtag[i])
    .join(' ');

const endsWithQuestion = (text: string) => /[?؟]\s*$/.test(text.replace(HASHTAG, '').trim());

function generate(phrases: Phrases, request: PromptRequest): string {
  const { choices } = request;
  const topic = (request.topic ?? '').trim().replace(/[.!?؟]+$/, '');
  const register = registerOf(choices);
  const points = phrases.pointSets[pickIndex(topic, phrases.pointSets.length)] ?? [];
  const interest = choices.interests[0];
  const goalLines = choices.goals.slice(0, 2).map((g) => phrases.goal[g]);

  const paragraphs = [phrases.hook[register](topic), [phrases.intro(request.author.jobTitle), ...goalLines].join(' ')];
  // Daily posts stay light; rarer posts go deeper (the frequency the user chose).
  if (choices.postFrequency !== 'Daily') paragraphs.push(points.map((p, i) => `${i + 1}. ${p}`).join('\n'));
  else if (points[0]) paragraphs.push(points[0]);
  if (choices.postFrequency === 'Monthly') paragraphs.push(phrases.monthlyReflection);
  const styleLine = choices.styles.includes('Highly Technical Language')
    ? phrases.technicalLine
    : choices.styles.includes('Formal and Complex')
      ? phrases.formalLine
      : null;
  const interestLine = interest ? phrases.interestLine(phrases.interestName[interest]) : null;
  paragraphs.push([interestLine, styleLine].filter(Boolean).join(' '));
  paragraphs.push(phrases.closing[register]);
  paragraphs.push(hashtagLine(phrases, choices));
  return paragraphs.filter(Boolean).join('\n\n');
}

function rewrite(phrases: Phrases, request: PromptRequest): string {
  const original = request.text ?? '';
  const register = registerOf(request.choices);
  const body = sentences(original);
  const paragraphs: string[] = [phrases.rewriteHook[register]];
  // One or two sentences per paragraph: easier to read in a feed.
  for (let i = 0; i < body.length; i += 2) paragraphs.push(body.slice(i, i + 2).join(' '));
  if (!endsWithQuestion(original)) paragraphs.push(phrases.closing[register]);
  const tags = hashtagsOf(original);
  paragraphs.push(tags.length ? tags.join(' ') : hashtagLine(phrases, request.choices));
  return paragraphs.join('\n\n');
}

function shorter(text: string): string {
  const tags = hashtagsOf(text);
  const body = sentences(text);
  let kept = body.slice(0, Math.max(1, Math.floor(body.length / 2))).join(' ');
  // A single sentence: keep its first words rather than the whole thing.
  const words = kept.split(/\s+/);
  if (body.length === 1 && words.length > 4) {
    kept = `${words.slice(0, Math.max(4, Math.floor(words.length * 0.6))).join(' ')}…`;
  }
  return [kept, tags.join(' ')].filter(Boolean).join('\n\n');
}

function longer(phrases: Phrases, request: PromptRequest, text: string): string {
  const interest = request.choices.interests[0];
  const points = phrases.pointSets[pickIndex(text, phrases.pointSets.length)] ?? [];
  const addition = phrases.longerLine(interest ? phrases.interestName[interest] : '', points[0] ?? '');
  const tags = hashtagsOf(text);
  const body = text.replace(HASHTAG, '').trim();
  const parts = [body, addition, points[1] ?? '', points[2] ?? ''];
  if (!endsWithQuestion(body)) parts.push(phrases.closing[registerOf(request.choices)]);
  parts.push(tags.join(' '));
  return parts.filter(Boolean).join('\n\n');
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function swapWords(text: string, pairs: [string, string][], from: 0 | 1): string {
  let out = text;
  for (const pair of pairs) {
    out = out.replace(new RegExp(`\\b${escapeRegExp(pair[from])}\\b`, 'g'), pair[from === 0 ? 1 : 0]);
  }
  return out;
}

function casual(phrases: Phrases, text: string): string {
  const tags = hashtagsOf(text);
  let body = swapWords(text.replace(HASHTAG, '').trim(), phrases.contractions, 0);
  if (!body.startsWith(phrases.casualOpener)) body = `${phrases.casualOpener} ${body}`;
  if (!endsWithQuestion(body)) body = `${body}\n\n${phrases.casualClosing}`;
  return [body, tags.join(' ')].filter(Boolean).join('\n\n');
}

function formal(phrases: Phrases, text: string): string {
  let body = text.replace(EMOJI, '').replace(/!+/g, '.');
  body = body.split(phrases.casualOpener).join('');
  body = swapWords(body, phrases.contractions, 1)
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/ +([.,،])/g, '$1')
    .trim();
  if (!body.startsWith(phrases.formalOpener)) body = `${phrases.formalOpener}\n\n${body}`;
  return body;
}

function modify(phrases: Phrases, request: PromptRequest, action: ModifyAction): string {
  const text = request.text ?? '';
  switch (action) {
    case 'shorter':
      return shorter(text);
    case 'longer':
      return longer(phrases, request, text);
    case 'casual':
      return casual(phrases, text);
    case 'formal':
      return formal(phrases, text);
  }
}

const VOICE_EMOJI = ['💡', '🚀', '👇'] as const;

/**
 * The voice an adjusted draft follows: where the user's request and the voice differ, the request
 * wins. Shorter and longer set the length themselves (the voice's length is not applied), and a
 * more formal draft keeps at most one emoji however often the writer uses them.
 */
export function voiceForAdjusting(
  voice: VoiceTraits | null | undefined,
  action: ModifyAction,
): (VoiceTraits & { keepLength?: boolean }) | null {
  if (!voice) return null;
  const adjusted: VoiceTraits & { keepLength?: boolean } = { ...voice };
  if (action === 'shorter' || action === 'longer') adjusted.keepLength = true;
  if (action === 'formal' && voice.emoji === 'often') adjusted.emoji = 'sometimes';
  return adjusted;
}

/**
 * Applies the measurable parts of the writer's voice to a generated draft: length, paragraphing,
 * emoji and hashtags. Paragraphs are separated by blank lines; the last one holds the hashtags.
 */
export function applyVoice(text: string, voice: (VoiceTraits & { keepLength?: boolean }) | null | undefined): string {
  if (!voice) return text;
  const tags = hashtagsOf(text);
  let paragraphs = text
    .replace(HASHTAG, '')
    .replace(EMOJI, '')
    .split(/\n\s*\n/)
    .map((p) => p.replace(/[ \t]{2,}/g, ' ').trim())
    .filter(Boolean);
  if (voice.length === 'short' && !voice.keepLength && paragraphs.length > 3) {
    // Keep the hook, the first point and the closing line.
    paragraphs = [paragraphs[0], paragraphs[1], paragraphs[paragraphs.length - 1]].filter((p): p is string => !!p);
  }
  if (voice.paragraphs === 'short') {
    paragraphs = paragraphs.flatMap((p) => {
      if (p.includes('\n')) return [p];
      const parts = p.split(/(?<=[.!?؟])\s+/);
      const out: string[] = [];
      for (let i = 0; i < parts.length; i += 2) out.push(parts.slice(i, i + 2).join(' '));
      return out;
    });
  } else if (paragraphs.length > 2) {
    // Fuller paragraphs: join the middle ones, keep the hook and the closing on their own.
    paragraphs = [paragraphs[0] ?? '', paragraphs.slice(1, -1).join(' '), paragraphs[paragraphs.length - 1] ?? ''];
  }
  if (voice.emoji === 'sometimes' && paragraphs[0]) paragraphs[0] = `${paragraphs[0]} ${VOICE_EMOJI[0]}`;
  if (voice.emoji === 'often') {
    paragraphs = paragraphs.map((p, i) =>
      i < VOICE_EMOJI.length * 2 ? `${p} ${VOICE_EMOJI[i % VOICE_EMOJI.length]}` : p,
    );
  }
  const tagLine =
    voice.hashtags === 'none' ? '' : voice.hashtags === 'few' ? tags.slice(0, 2).join(' ') : tags.join(' ');
  return [...paragraphs, tagLine].filter(Boolean).join('\n\n');
}

/**
 * A deterministic writer for when no AI provider is configured: same request, same draft. It
 * uses the topic (or the post), the author's job title, goals, interests, tone, style and
 * post frequency, and writes Arabic or English; other languages fall back to English.
 */
export function writeOffline(request: PromptRequest): OfflineDraft {
  const native = WRITERS[request.language];
  const phrases = native ?? ENGLISH;
  const language: Language = native ? request.language : 'English';
  const note = !native
    ? `The offline writer writes Arabic and English only, so this draft is in English instead of ${request.language}.`
    : language === 'Arabic' && request.author.arabicVariety !== 'msa'
      ? `The offline writer writes Modern Standard Arabic only, so this draft is not in ${ARABIC_VARIETY_NAMES[request.author.arabicVariety]}.`
      : null;
  const text =
    request.kind === 'generate'
      ? applyVoice(generate(phrases, request), request.voice)
      : request.kind === 'rewrite'
        ? applyVoice(rewrite(phrases, request), request.voice)
        : applyVoice(
            modify(phrases, request, request.action ?? 'shorter'),
            voiceForAdjusting(request.voice, request.action ?? 'shorter'),
          );
  return { text, language, note };
}
