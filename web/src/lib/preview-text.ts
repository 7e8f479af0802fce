/**
 * Cutting a post's text for a preview: at a word's end (or, inside one long word, between
 * characters as a reader sees them), never inside a grapheme, and ending in one ellipsis
 * character. The punctuation the cut leaves at the end (a full stop, '...', a comma, a dash) is
 * dropped first, so a preview never ends in '.…', which reads as four dots.
 */
const ELLIPSIS = '…';
const TRAILING = /[\s.…,;:،؛\-–—]+$/u;

/** `text` cut to its first `end` UTF-16 units, tidied and ended with the ellipsis. */
export function withEllipsis(text: string, end: number): string {
  return `${text.slice(0, end).replace(TRAILING, '')}${ELLIPSIS}`;
}

/**
 * Where a preview of `text` may end, in order: after each word (for the interface language's
 * rules of what a word is), or after each grapheme when the text's first word alone is too long.
 */
export function cutPoints(text: string, language: string): { words: number[]; graphemes: number[] } {
  const ends = (granularity: 'word' | 'grapheme') =>
    [...new Intl.Segmenter(language, { granularity }).segment(text)]
      .filter((segment) => granularity === 'grapheme' || segment.isWordLike)
      .map((segment) => segment.index + segment.segment.length);
  return { words: ends('word'), graphemes: ends('grapheme') };
}

/**
 * The longest preview of `text` that `fits`, cut at a word's end (a grapheme's when even the
 * first word does not fit), or `text` itself when it fits whole. `fits` is asked O(log n) times.
 */
export function longestPreview(text: string, language: string, fits: (candidate: string) => boolean): string {
  if (fits(text)) return text;
  const { words, graphemes } = cutPoints(text, language);
  const best = (points: number[]) => {
    let found: string | null = null;
    let low = 0;
    let high = points.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const candidate = withEllipsis(text, points[middle] as number);
      if (fits(candidate)) {
        found = candidate;
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    return found;
  };
  return best(words) ?? best(graphemes) ?? ELLIPSIS;
}
