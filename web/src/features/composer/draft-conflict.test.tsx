import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DraftConflictNotice } from './draft-extras';
import ar from './locales/ar/composer.json';
import en from './locales/en/composer.json';

describe('the notice of a draft changed elsewhere', () => {
  it('is read out at once and offers the three choices as buttons, in the tab order', () => {
    const html = renderToStaticMarkup(<DraftConflictNotice onChoose={() => undefined} />);
    expect(html).toContain('role="alert"');
    const choices = [...html.matchAll(/<button type="button"[^>]*data-testid="draft-conflict-(\w+)"/g)].map(
      (m) => m[1],
    );
    expect(choices).toEqual(['mine', 'theirs', 'both']);
    // Logical properties only, so the layout mirrors in Arabic.
    expect(html).not.toMatch(/\b(pl|pr|ml|mr|left|right)-/);
  });

  it('has its words in both languages', () => {
    for (const locale of [en, ar]) {
      const { conflict, conflictTitle, conflictBody, keep } = locale.draft;
      for (const words of [conflict, conflictTitle, conflictBody, keep.mine, keep.theirs, keep.both]) {
        expect(words.trim()).not.toBe('');
      }
    }
    expect(en.draft.conflictTitle).toBe('This draft was changed in another tab or device');
  });
});
