import { useEffect, useReducer, useState } from 'react';
import { useUserId } from '../../lib/api/posts';
import { clearDraft, readDraft, writeDraft } from '../../lib/session-draft';
import { composerReducer, composerStateSchema, initialComposerState, isEmptyComposer } from './composer-state';

/**
 * The composer's text and AI versions, kept in this browser per user (localStorage, so even a
 * closed tab does not lose a half-written post): a reload or a new visit brings them back, and
 * `restored` says so; text handed in (or `fresh`: an AI request handed in) starts afresh. `forget` drops what is kept, once the post
 * went out.
 */
export function useComposerDraft(initialText: string, fresh = false) {
  const userId = useUserId();
  const draftKey = `composer:${userId ?? 'anonymous'}`;
  const [start] = useState(() => {
    if (initialText || fresh) return { state: initialComposerState(initialText), restored: false };
    const kept = readDraft(draftKey, composerStateSchema, 'local');
    return kept && !isEmptyComposer(kept)
      ? { state: kept, restored: true }
      : { state: initialComposerState(), restored: false };
  });
  const [state, dispatch] = useReducer(composerReducer, start.state);

  useEffect(() => {
    if (isEmptyComposer(state)) clearDraft(draftKey, 'local');
    else writeDraft(draftKey, state, 'local');
  }, [state, draftKey]);

  return { state, dispatch, restored: start.restored, forget: () => clearDraft(draftKey, 'local') };
}
