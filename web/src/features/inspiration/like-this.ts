import type { PostStructureTrait } from '@nashr/contracts';
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
 * 'Write a post like this': the example's structure as the named traits the AI is asked to
 * follow. They go to the AI beside the user's own topic; neither the example's words nor any
 * instruction is ever put in the post box.
 */
export function structureTraits(body: string): PostStructureTrait[] {
  const shape = structureOf(body);
  return [
    shape.opensWithQuestion ? 'opensQuestion' : 'opensStatement',
    ...(shape.hasList ? (['list'] as const) : []),
    shape.shortParagraphs ? 'shortParagraphs' : 'longParagraphs',
    ...(shape.endsWithQuestion ? (['endsQuestion'] as const) : []),
  ];
}

/** The traits in the interface language, for the user to see what the AI will follow. */
export function structureWords(traits: PostStructureTrait[], t: TFunction<'library'>): string {
  return traits.map((trait) => t(`likeThis.traits.${trait}`)).join(t('likeThis.separator'));
}
