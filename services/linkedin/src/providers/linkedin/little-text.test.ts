import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeLittleText, RESERVED_CHARACTERS, renderLittleText } from './little-text.js';

/** Pieces real posts are made of: Arabic, emoji, every reserved character, direction marks, hashtags. */
const piece = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom(...RESERVED_CHARACTERS),
  fc.constantFrom('مرحبا', 'نشر', 'التسويق_الرقمي', '٣٤٥', 'ﷺ', 'é', 'ـ'),
  fc.constantFrom('🚀', '👩🏽‍💻', '🇴🇲', '❤️', '\u{1F600}'),
  fc.constantFrom('\u200F', '\u200E', '\u202B', '\u202C', '\u2067', '\u2069', '\n', '\r\n', '\t', ' '),
  fc.constantFrom('#نشر', '#AI', '#ريادة_الأعمال', '#٢٠٢٦', '##', '# ', '#🚀', '\\#tag', '{hashtag|\\#|x}'),
  fc.constantFrom('@[Mona](urn:li:person:1)', '<b>', '**bold**', '~~x~~', 'a|b', '(1) [2]'),
);
const post = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(''));

describe('little text escaping', () => {
  it('shows every reserved character, Arabic and emoji as written', () => {
    const text = `${RESERVED_CHARACTERS.join('')} مرحبا 🚀 #نشر #AI (1) @mona`;
    const escaped = escapeLittleText(text);
    expect(escaped).toContain('{hashtag|\\#|نشر}');
    expect(escaped).toContain('{hashtag|\\#|AI}');
    expect(escaped.startsWith('\\\\\\|\\{\\}\\@\\[\\]\\(\\)\\<\\>\\#\\*\\_\\~')).toBe(true);
    expect(renderLittleText(escaped)).toBe(text);
  });

  it('shows that unescaped text is cut at the first reserved character', () => {
    expect(renderLittleText('Launch day (finally) is here')).toBe('Launch day ');
    expect(renderLittleText('مرحبا_بكم')).toBe('مرحبا');
  });

  it('round-trips any text: what the network shows is what the user wrote', () => {
    fc.assert(
      fc.property(post, (text) => {
        expect(renderLittleText(escapeLittleText(text))).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves no reserved character unescaped outside hashtag templates', () => {
    fc.assert(
      fc.property(post, (text) => {
        const withoutTemplates = escapeLittleText(text).replace(/\{hashtag\|\\#\|[\p{L}\p{M}\p{N}]+\}/gu, '');
        expect(withoutTemplates.replace(/\\./gsu, '')).not.toMatch(/[\\|{}@[\]()<>#*_~]/);
      }),
    );
  });
});
