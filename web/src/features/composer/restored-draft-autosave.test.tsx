// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import type { PostDraft } from '@nashr/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { clear, createStore } from 'idb-keyval';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readKeptDraft } from '../../lib/session-draft';
import { composerStateSchema, currentText } from './composer-state';
import { useComposerDraft } from './use-composer-draft';
import { useComposerExtras } from './use-composer-extras';
import { type SaveState, SERVER_SAVE_DELAY_MS, useDraftAutosave } from './use-draft-autosave';

vi.mock('../../lib/api/posts', () => ({ useUserId: () => 'u1' }));

const saveDraft = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api/drafts', () => ({
  draftKeys: { all: ['drafts'] },
  draftsQuery: { queryKey: ['drafts'], queryFn: async () => [] },
  saveDraft,
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const KEY = 'composer:u1';
const rawStore = createStore('nashr-drafts', 'drafts');

type Probe = {
  state: SaveState;
  text: string;
  firstComment: string;
  type: (text: string) => void;
  comment: (text: string) => void;
};
let root: Root | null = null;

/** The composer's text, its extras and its autosave, wired as the composer wires them. */
function Composer({ renders }: { renders: Probe[] }) {
  const { extras, onDraft, restoreKept, setExtras } = useComposerExtras(undefined, false);
  const { state, dispatch } = useComposerDraft('', false, restoreKept);
  const autosave = useDraftAutosave({
    content: currentText(state),
    firstComment: extras.firstComment,
    mediaIds: extras.media.map((m) => m.id),
    draftId: extras.draftId,
    draftVersion: extras.draftVersion,
    draftSaved: extras.draftSaved,
    onDraft,
    paused: false,
  });
  renders.push({
    state: autosave.state,
    text: currentText(state),
    firstComment: extras.firstComment,
    type: (text) => dispatch({ type: 'typeManual', text }),
    comment: (firstComment) => setExtras((e) => ({ ...e, firstComment })),
  });
  return null;
}

/** Opens the composer (a page load): the kept copy is read and restored. */
async function open() {
  const renders: Probe[] = [];
  const client = new QueryClient();
  root = createRoot(document.createElement('div'));
  await act(async () =>
    root?.render(
      <QueryClientProvider client={client}>
        <Composer renders={renders} />
      </QueryClientProvider>,
    ),
  );
  await act(async () => void (await readKeptDraft(KEY, composerStateSchema)));
  return { renders, latest: () => renders[renders.length - 1] as Probe };
}

const reload = () => {
  act(() => root?.unmount());
  root = null;
};

let version = 0;
const answer = ({ content, firstComment }: { content: string; firstComment?: string }): PostDraft => {
  version += 1;
  return {
    id: '00000000-0000-4000-8000-000000000001',
    userId: '00000000-0000-4000-8000-0000000000aa',
    content,
    firstComment: firstComment ?? '',
    media: [],
    identity: null,
    version,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    reviewState: 'draft',
    submittedBy: null,
    submittedAt: null,
    reviewedBy: null,
    reviewedAt: null,
    approvedVersion: null,
    comments: 0,
  };
};

/**
 * Waits until `check` passes. Time passes in React's act, a little at a time, so the autosave's
 * timer and answers update the composer as they would on a page, and the check sees each render.
 */
async function until(check: () => unknown, ms = 5000) {
  const deadline = Date.now() + ms;
  for (;;) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}

/** Lets the autosave's pause pass, and the save (if any) answer. */
const pausePasses = () => act(() => new Promise((resolve) => setTimeout(resolve, SERVER_SAVE_DELAY_MS + 300)));

beforeEach(async () => {
  await clear(rawStore);
  localStorage.clear();
  saveDraft.mockReset();
  saveDraft.mockImplementation(async (input: { content: string; firstComment?: string }) => answer(input));
  version = 0;
});

afterEach(() => reload());

describe('the unsent post restored after a reload', () => {
  it('is not saved again when the server draft already holds it', async () => {
    const first = await open();
    act(() => first.latest().type('A year of remote work'));
    await until(() => expect(first.latest().state).toBe('saved'));
    expect(saveDraft).toHaveBeenCalledTimes(1);
    // The browser copy is written as the text changes.
    await until(async () =>
      expect((await readKeptDraft(KEY, composerStateSchema))?.manualText).toBe('A year of remote work'),
    );
    reload();

    const second = await open();
    await pausePasses();
    expect(saveDraft).toHaveBeenCalledTimes(1);
    // "Saving…" never showed: the restored text is saved already.
    expect(second.renders.map((r) => r.state)).not.toContain('saving');
    expect(second.latest().state).toBe('saved');

    // A change after the restore is saved, to the same draft at the version last seen.
    act(() => second.latest().type('A year of remote work, and what it taught me'));
    await until(() => expect(saveDraft).toHaveBeenCalledTimes(2));
    expect(saveDraft.mock.lastCall?.[0]).toMatchObject({
      id: '00000000-0000-4000-8000-000000000001',
      version: 1,
      content: 'A year of remote work, and what it taught me',
    });
  });

  it('comes back with its first comment in one step, and neither is saved again alone', async () => {
    const first = await open();
    act(() => first.latest().type('A year of remote work'));
    act(() => first.latest().comment('Sources: the team survey'));
    await until(() => expect(first.latest().state).toBe('saved'));
    const saves = saveDraft.mock.calls.length;
    await until(async () =>
      expect((await readKeptDraft(KEY, composerStateSchema))?.manualText).toBe('A year of remote work'),
    );
    reload();

    const second = await open();
    await pausePasses();
    expect(saveDraft).toHaveBeenCalledTimes(saves);
    // Never the first comment without its post (which the autosave would send over the draft's text).
    const halfBack = second.renders.filter((r) => (r.text === '') !== (r.firstComment === ''));
    expect(halfBack).toEqual([]);
    expect(second.renders.map((r) => r.state)).not.toContain('saving');
    expect(second.latest()).toMatchObject({ text: 'A year of remote work', firstComment: 'Sources: the team survey' });
  });

  it('is saved when it changed since the last save (typed while offline)', async () => {
    const first = await open();
    act(() => first.latest().type('Saved words'));
    await until(() => expect(first.latest().state).toBe('saved'));
    // Offline: the save fails, the browser keeps the newer text.
    saveDraft.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    act(() => first.latest().type('Saved words, and more typed offline'));
    await until(() => expect(first.latest().state).toBe('unsaved'));
    await until(async () =>
      expect((await readKeptDraft(KEY, composerStateSchema))?.manualText).toBe('Saved words, and more typed offline'),
    );
    reload();

    const second = await open();
    await until(() => expect(saveDraft).toHaveBeenCalledTimes(3));
    expect(saveDraft.mock.lastCall?.[0]).toMatchObject({
      id: '00000000-0000-4000-8000-000000000001',
      version: 1,
      content: 'Saved words, and more typed offline',
    });
    await until(() => expect(second.latest().state).toBe('saved'));
  });
});
