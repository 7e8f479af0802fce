import { describe, expect, it } from 'vitest';
import { longestPreview, withEllipsis } from './preview-text';

/** A preview "fits" when it has at most `n` UTF-16 units: enough to check where cuts fall. */
const atMost = (n: number) => (candidate: string) => candidate.length <= n;

describe('previews of a post', () => {
  it('keeps a text that fits whole, without an ellipsis', () => {
    expect(longestPreview('Short post.', 'en', atMost(40))).toBe('Short post.');
  });

  it("ends at a word's end with one ellipsis, never after a full stop or '...'", () => {
    const text = 'We shipped it. Then... we waited, and learned a lot about patience.';
    for (let limit = 6; limit < text.length; limit++) {
      const preview = longestPreview(text, 'en', atMost(limit));
      expect(preview.length, preview).toBeLessThanOrEqual(limit);
      expect(preview.endsWith('…'), preview).toBe(true);
      expect(preview, preview).not.toMatch(/[.…,\s]…$/);
      const kept = preview.slice(0, -1);
      expect(text.startsWith(kept), preview).toBe(true);
      // The cut falls between words: what follows in the text is not a letter.
      expect(text.slice(kept.length, kept.length + 1), preview).toMatch(/^[^A-Za-z]?$/);
    }
  });

  it('cuts Arabic at word ends, dropping the Arabic comma and full stop before the ellipsis', () => {
    const text = 'أطلقنا المنتج، ثم انتظرنا. وتعلمنا الكثير عن الصبر والعمل مع الفريق.';
    expect(longestPreview(text, 'ar', atMost(16))).toBe('أطلقنا المنتج…');
    expect(longestPreview(text, 'ar', atMost(28))).toBe('أطلقنا المنتج، ثم انتظرنا…');
  });

  it('cuts a single long word between graphemes, never inside an emoji or a combined letter', () => {
    const text = '👩🏽‍💻👩🏽‍💻👩🏽‍💻 é'.normalize('NFD');
    const preview = longestPreview(text, 'en', atMost(12));
    expect(preview).toBe('👩🏽‍💻…');
  });

  it('drops the punctuation a cut leaves behind', () => {
    expect(withEllipsis('One. Two', 4)).toBe('One…');
    expect(withEllipsis('Wait... more', 7)).toBe('Wait…');
    expect(withEllipsis('قال، ثم', 4)).toBe('قال…');
  });
});
