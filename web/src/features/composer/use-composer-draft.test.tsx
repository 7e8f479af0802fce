// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { clear, createStore, get, set } from 'idb-keyval';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAllDrafts, readKeptDraft } from '../../lib/session-draft';
import { type ComposerState, composerStateSchema, initialComposerState } from './composer-state';
import { useComposerDraft } from './use-composer-draft';

vi.mock('../../lib/api/posts', () => ({ useUserId: () => 'u1' }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const KEY = 'composer:u1';
/** The same database the app keeps drafts in, opened apart: the test sees what is really stored. */
const rawStore = createStore('nashr-drafts', 'drafts');

const kept: ComposerState = {
  mode: 'draft',
  manualText: 'remote work',
  versions: [{ text: 'A year of remote work taught me…', offline: false, model: 'm1', kind: 'generate', action: null }],
  index: 0,
};

type Draft = ReturnType<typeof useComposerDraft>;
let root: Root | null = null;

/** Renders the hook as the composer does, pushing what each render returned to `renders`. */
function Probe({ initialText, renders }: { initialText: string; renders: Draft[] }) {
  renders.push(useComposerDraft(initialText));
  return null;
}

/** `renders` holds what each render returned, the first one first. */
async function renderDraft(initialText = '') {
  const renders: Draft[] = [];
  root = createRoot(document.createElement('div'));
  await act(async () => root?.render(<Probe initialText={initialText} renders={renders} />));
  const latest = () => renders[renders.length - 1] as Draft;
  return { renders, latest };
}

/** Waits for the hook's read of the kept copy: a read of the same key joins the one in flight. */
const readSettled = () => act(async () => void (await readKeptDraft(KEY, composerStateSchema)));

beforeEach(async () => {
  await clear(rawStore);
  localStorage.clear();
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
});

describe('the composer copy kept in this browser', () => {
  it('renders empty first, as the server did, then restores the kept copy and says so', async () => {
    await set(KEY, kept, rawStore);
    const { renders, latest } = await renderDraft();
    expect(renders[0]?.state).toEqual(initialComposerState());
    expect(renders[0]?.restored).toBe(false);
    await readSettled();
    expect(latest().state).toEqual(kept);
    expect(latest().restored).toBe(true);
  });

  it('never overwrites what was typed before the kept copy was read', async () => {
    await set(KEY, kept, rawStore);
    const { latest } = await renderDraft();
    act(() => latest().dispatch({ type: 'typeManual', text: 'my own words' }));
    await readSettled();
    expect(latest().state.manualText).toBe('my own words');
    expect(latest().state.versions).toEqual([]);
    expect(latest().restored).toBe(false);
    // And what is kept now is the typed text.
    await act(async () => void (await readKeptDraft(KEY, composerStateSchema)));
    expect((await get<ComposerState>(KEY, rawStore))?.manualText).toBe('my own words');
  });

  it('leaves the kept copy as it is when closed before it was read', async () => {
    await set(KEY, kept, rawStore);
    await renderDraft();
    act(() => root?.unmount());
    root = null;
    await readSettled();
    expect(await get(KEY, rawStore)).toEqual(kept);
  });

  it('writes every change, and forgets the copy once emptied', async () => {
    const { latest } = await renderDraft();
    await readSettled();
    act(() => latest().dispatch({ type: 'typeManual', text: 'first line' }));
    await vi.waitFor(async () => expect((await get<ComposerState>(KEY, rawStore))?.manualText).toBe('first line'));
    act(() => latest().dispatch({ type: 'typeManual', text: '' }));
    await vi.waitFor(async () => expect(await get(KEY, rawStore)).toBeUndefined());
  });

  it('moves a copy the previous version kept in localStorage, once', async () => {
    localStorage.setItem(`draft:${KEY}`, JSON.stringify(kept));
    const { latest } = await renderDraft();
    await readSettled();
    expect(latest().state).toEqual(kept);
    expect(latest().restored).toBe(true);
    expect(localStorage.getItem(`draft:${KEY}`)).toBeNull();
    expect(await get(KEY, rawStore)).toEqual(kept);
  });

  it('drops a kept value of another shape, in the database and in localStorage', async () => {
    await set(KEY, { text: 'from an older version' }, rawStore);
    localStorage.setItem(`draft:${KEY}`, JSON.stringify({ text: 'older still' }));
    const { latest } = await renderDraft();
    await readSettled();
    expect(latest().state).toEqual(initialComposerState());
    expect(latest().restored).toBe(false);
    expect(await get(KEY, rawStore)).toBeUndefined();
    expect(localStorage.getItem(`draft:${KEY}`)).toBeNull();
  });

  it('starts afresh with text handed in, over the kept copy', async () => {
    await set(KEY, kept, rawStore);
    const { latest } = await renderDraft('Shared from another app');
    await vi.waitFor(async () =>
      expect((await get<ComposerState>(KEY, rawStore))?.manualText).toBe('Shared from another app'),
    );
    expect(latest().restored).toBe(false);
  });
});

describe('signing out', () => {
  it('forgets every kept copy, in the database and in both storages, and nothing else', async () => {
    await set(KEY, kept, rawStore);
    await set('composer:u2', kept, rawStore);
    localStorage.setItem('draft:composer-extras:u1', '{}');
    localStorage.setItem('lang', 'ar');
    sessionStorage.setItem('draft:edit:u1:p9', '{}');
    await clearAllDrafts();
    expect(await get(KEY, rawStore)).toBeUndefined();
    expect(await get('composer:u2', rawStore)).toBeUndefined();
    expect([localStorage.length, localStorage.getItem('lang'), sessionStorage.length]).toEqual([1, 'ar', 0]);
  });
});
