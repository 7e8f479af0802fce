/**
 * The network's "little text" format, used for a post's commentary and a comment's text. Every
 * reserved character must be backslash-escaped: the network silently cuts the text at the first
 * unescaped one. Hashtags are written as the format's hashtag template so they stay links.
 *
 * https://learn.microsoft.com/linkedin/compliance/integrations/shares/little-text-format
 */

/** The characters the format reserves, in the order the documentation lists them. */
export const RESERVED_CHARACTERS = [
  '\\',
  '|',
  '{',
  '}',
  '@',
  '[',
  ']',
  '(',
  ')',
  '<',
  '>',
  '#',
  '*',
  '_',
  '~',
] as const;

const RESERVED = new Set<string>(RESERVED_CHARACTERS);

/** A hashtag: `#` followed by letters, marks and digits of any script (Arabic included). */
const HASHTAG = /#([\p{L}\p{M}\p{N}]+)/uy;

const escapeChar = (char: string) => (RESERVED.has(char) ? `\\${char}` : char);

/** Escapes plain text so the network shows exactly it; `#tag` becomes a hashtag template. */
export function escapeLittleText(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i] as string;
    if (char === '#') {
      HASHTAG.lastIndex = i;
      const match = HASHTAG.exec(text);
      if (match?.[1]) {
        out += `{hashtag|\\#|${match[1]}}`;
        i += match[0].length;
        continue;
      }
    }
    out += escapeChar(char);
    i += 1;
  }
  return out;
}

const TEMPLATE_START = '{hashtag|\\#|';

/**
 * What the network shows for a little text value: escapes undone, hashtag templates shown as
 * `#tag`, and the text cut at the first reserved character that is neither escaped nor part of
 * a template (as the network does). Used by the local network server and the tests.
 */
export function renderLittleText(value: string): string {
  let out = '';
  let i = 0;
  while (i < value.length) {
    const char = value[i] as string;
    if (char === '\\') {
      const next = value[i + 1];
      if (next === undefined) return out;
      out += next;
      i += 2;
      continue;
    }
    if (value.startsWith(TEMPLATE_START, i)) {
      const end = value.indexOf('}', i + TEMPLATE_START.length);
      if (end === -1) return out;
      out += `#${renderLittleText(value.slice(i + TEMPLATE_START.length, end))}`;
      i = end + 1;
      continue;
    }
    if (RESERVED.has(char)) return out;
    out += char;
    i += 1;
  }
  return out;
}
