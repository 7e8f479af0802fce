import { useEffect, useReducer, useRef, useState } from 'react';
import { useUserId } from '../../lib/api/posts';
import { clearKeptDraft, readKeptDraft, writeKeptDraft } from '../../lib/session-draft';
import { composerReducer, composerStateSchema, initialComposerState, isEmptyComposer } from './composer-state';

/**
 * The composer's text and AI versions, kept in this browser per user (IndexedDB, so even a
 * closed tab does not lose a half-written post): a reload or a new visit brings them back, and
 * `restored` says so; text handed in (or `fresh`: an AI request handed in) starts afresh. `forget`
 * drops what is kept, once the post went out.
 * The kept copy is read after the first render, which is the server's screen as it was (an empty
 * composer): it comes back only while nothing was typed meanwhile, never over the user's text.
 * `onKeptRead` restores what is kept beside the text (useComposerExtras) in the same step, so the
 * post never shows, or is saved, with half of it back.
 */
export function useComposerDraft(initialText: string, fresh = false, onKeptRead?: () => void) {
  const userId = useUserId();
  // Nothing is kept without a user: signing out must not leave the text under another key.
  const draftKey = userId ? `composer:${userId}` : null;
  const startsAfresh = initialText !== '' || fresh;
  const [state, dispatch] = useReducer(composerReducer, initialText, initialComposerState);
  const [restored, setRestored] = useState(false);
  // The state as first rendered: while the state is still this one, nothing was typed or asked for.
  const start = useRef(state);
  const current = useRef(state);
  current.current = state;
  const keptRead = useRef(onKeptRead);
  keptRead.current = onKeptRead;

  useEffect(() => {
    if (startsAfresh || !draftKey) return;
    let live = true;
    void readKeptDraft(draftKey, composerStateSchema).then((kept) => {
      if (!live) return;
      if (kept && !isEmptyComposer(kept) && current.current === start.current) {
        dispatch({ type: 'restore', state: kept });
        setRestored(true);
      }
      keptRead.current?.();
    });
    return () => {
      live = false;
    };
  }, [draftKey, startsAfresh]);

  useEffect(() => {
    // Untouched since the first render: what is kept stays until it is read (and restored).
    if (!draftKey || (!startsAfresh && state === start.current)) return;
    if (isEmptyComposer(state)) void clearKeptDraft(draftKey);
    else void writeKeptDraft(draftKey, state);
  }, [state, draftKey, startsAfresh]);

  return { state, dispatch, restored, forget: () => void (draftKey && clearKeptDraft(draftKey)) };
}
