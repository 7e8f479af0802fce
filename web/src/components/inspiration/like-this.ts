import type { LibraryFormat } from '@nashr/contracts';
import type { TFunction } from 'i18next';

/** What a post's structure is made of, read from its text: never its words. */
export function structureOf(body: string) {
  const paragraphs = body
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
  const first = paragraphs[0] ?? '';
  const last = paragraphs.at(-1) ?? '';
  const average = paragraphs.reduce((sum, part) => sum + part.length, 0) / Math.max(paragraphs.length, 1);
  return {
    opensWithQuestion: /[?؟]\s*$/.test(first.split('\n')[0] ?? ''),
    hasList: /^\s*(\d+[.)]|[•✗✓-])/m.test(body),
    endsWithQuestion: /[?؟]/.test(last),
    shortParagraphs: average < 160,
  };
}

/**
 * 'Write a post like this': the topic the composer's AI gets, asking for the example's structure
 * and never its words (within the topic's 500 characters). A library post names its format; a
 * followed creator's post has none.
 */
export function likeThisInstruction(post: { body: string; format?: LibraryFormat }, t: TFunction<'library'>): string {
  const shape = structureOf(post.body);
  const traits = [
    t(shape.opensWithQuestion ? 'likeThis.traits.opensQuestion' : 'likeThis.traits.opensStatement'),
    ...(shape.hasList ? [t('likeThis.traits.list')] : []),
    t(shape.shortParagraphs ? 'likeThis.traits.shortParagraphs' : 'likeThis.traits.longParagraphs'),
    ...(shape.endsWithQuestion ? [t('likeThis.traits.endsQuestion')] : []),
  ];
  const joined = traits.join(t('likeThis.separator'));
  return (
    post.format
      ? t('likeThis.instruction', { format: t(`kinds.${post.format}`), traits: joined })
      : t('likeThis.instructionAny', { traits: joined })
  ).slice(0, 500);
}
