/**
 * How much of a post the network's feed shows before "…see more": about 210 characters or three
 * lines, whichever comes first (measured on LinkedIn's desktop feed; the phone app folds at the
 * same point of the text, its lines are only narrower). A post's first lines are what people
 * decide on, so the preview folds exactly there.
 */
export const FEED_FOLD = { characters: 210, lines: 3 } as const;

/** The part of `text` shown above the fold, and whether anything is hidden below it. */
export function foldPost(text: string): { shown: string; folded: boolean } {
  const trimmed = text.trimEnd();
  let end = Math.min(trimmed.length, FEED_FOLD.characters);
  let newlines = 0;
  for (let i = 0; i < end; i++) {
    if (trimmed[i] === '\n' && ++newlines === FEED_FOLD.lines) {
      end = i;
      break;
    }
  }
  if (end >= trimmed.length) return { shown: trimmed, folded: false };
  // Never cut a surrogate pair (an emoji) in half.
  const code = trimmed.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return { shown: trimmed.slice(0, end).trimEnd(), folded: true };
}

export type PostPiece = { kind: 'text' | 'hashtag' | 'link'; text: string };

/** Hashtags (in any script: #قيادة) and web links, which the feed shows in its link colour. */
const TOKENS = /(#[\p{L}\p{N}_]+|https?:\/\/[^\s]+)/gu;

export function piecesOf(text: string): PostPiece[] {
  const pieces: PostPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKENS)) {
    const at = match.index ?? 0;
    if (at > last) pieces.push({ kind: 'text', text: text.slice(last, at) });
    pieces.push({ kind: match[0].startsWith('#') ? 'hashtag' : 'link', text: match[0] });
    last = at + match[0].length;
  }
  if (last < text.length) pieces.push({ kind: 'text', text: text.slice(last) });
  return pieces;
}
