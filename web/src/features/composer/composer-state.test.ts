import type { Draft } from '@nashr/contracts';
import { describe, expect, it } from 'vitest';
import { type ComposerAction, composerReducer, currentText, initialComposerState } from './composer-state';

const draft = (text: string, kind: Draft['kind'] = 'generate'): Draft => ({
  text,
  model: 'offline-writer',
  offline: true,
  kind,
  action: kind === 'modify' ? 'shorter' : null,
  language: 'English',
  note: null,
  promptVersion: 'v1',
  credits: { remaining: 90, premium: true },
});

const run = (...actions: ComposerAction[]) => actions.reduce(composerReducer, initialComposerState('my topic'));

describe('a composer session', () => {
  it('starts in manual mode with the given text, which is what Post sends', () => {
    const state = run({ type: 'typeManual', text: 'My own post' });
    expect(state.mode).toBe('manual');
    expect(currentText(state)).toBe('My own post');
  });

  it('keeps every version of the session and shows the newest', () => {
    const state = run(
      { type: 'addVersion', draft: draft('first') },
      { type: 'addVersion', draft: draft('shorter', 'modify') },
    );
    expect(state).toMatchObject({ mode: 'draft', index: 1 });
    expect(state.versions.map((v) => v.text)).toEqual(['first', 'shorter']);
    expect(currentText(state)).toBe('shorter');
    // The topic the user typed is kept for 'New topic'.
    expect(state.manualText).toBe('my topic');
  });

  it('edits only the version in the draft box, and pages within bounds', () => {
    const state = run(
      { type: 'addVersion', draft: draft('first') },
      { type: 'addVersion', draft: draft('second') },
      { type: 'goTo', index: 0 },
      { type: 'editVersion', text: 'first, edited' },
      { type: 'goTo', index: 5 },
    );
    expect(state.versions.map((v) => v.text)).toEqual(['first, edited', 'second']);
    expect(state.index).toBe(1);
    expect(composerReducer(state, { type: 'goTo', index: -3 }).index).toBe(0);
  });

  it('goes back to the topic without losing versions, and a new draft joins them', () => {
    const state = run(
      { type: 'addVersion', draft: draft('first') },
      { type: 'backToManual' },
      { type: 'typeManual', text: 'another topic' },
    );
    expect(currentText(state)).toBe('another topic');
    const next = composerReducer(state, { type: 'addVersion', draft: draft('second draft') });
    expect(next.versions).toHaveLength(2);
    expect(currentText(next)).toBe('second draft');
  });

  it('ignores edits and paging while there is no draft', () => {
    const state = run({ type: 'editVersion', text: 'x' }, { type: 'goTo', index: 0 });
    expect(state).toEqual(initialComposerState('my topic'));
  });
});
