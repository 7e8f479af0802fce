import { describe, expect, it } from 'vitest';
import { FEED_FOLD, foldPost, piecesOf } from './feed-fold';

describe('the feed fold', () => {
  it('shows a short post whole', () => {
    expect(foldPost('Short and sweet')).toEqual({ shown: 'Short and sweet', folded: false });
  });

  it('folds after the character limit', () => {
    const text = 'a'.repeat(FEED_FOLD.characters + 40);
    expect(foldPost(text)).toEqual({ shown: 'a'.repeat(FEED_FOLD.characters), folded: true });
  });

  it('folds after three lines even when the text is short', () => {
    expect(foldPost('one\ntwo\nthree\nfour')).toEqual({ shown: 'one\ntwo\nthree', folded: true });
    expect(foldPost('one\ntwo\nthree')).toEqual({ shown: 'one\ntwo\nthree', folded: false });
  });

  it('does not cut an emoji in half', () => {
    const text = `${'a'.repeat(FEED_FOLD.characters - 1)}😀 and more`;
    expect(foldPost(text).shown).toBe('a'.repeat(FEED_FOLD.characters - 1));
  });
});

describe('hashtags and links', () => {
  it('finds hashtags in any script and web links', () => {
    expect(piecesOf('عن #القيادة و #hiring: https://example.com/a?b=1 ok')).toEqual([
      { kind: 'text', text: 'عن ' },
      { kind: 'hashtag', text: '#القيادة' },
      { kind: 'text', text: ' و ' },
      { kind: 'hashtag', text: '#hiring' },
      { kind: 'text', text: ': ' },
      { kind: 'link', text: 'https://example.com/a?b=1' },
      { kind: 'text', text: ' ok' },
    ]);
  });
});
