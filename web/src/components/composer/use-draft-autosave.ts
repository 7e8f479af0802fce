import { POST_ERROR_CODES } from '@nashr/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { draftKeys, saveDraft } from '../../api/drafts';

/** Typing pauses this long before the server copy is saved; the browser copy is written at once. */
export const SERVER_SAVE_DELAY_MS = 1200;

export type SaveState = 'idle' | 'saving' | 'saved' | 'unsaved';

/**
 * Keeps a server-side draft of what is being written: created at the first pause in typing,
 * saved again at each later one. A draft deleted meanwhile is not brought back by a save in
 * flight; the next change creates a new one.
 * `paused` (an AI draft streaming in) holds saving until the text settles.
 */
export function useDraftAutosave({
  content,
  firstComment,
  mediaIds = [],
  draftId,
  onDraftId,
  paused,
}: {
  content: string;
  firstComment: string;
  mediaIds?: string[];
  draftId: string | null;
  onDraftId: (id: string | null) => void;
  paused: boolean;
}): SaveState {
  const client = useQueryClient();
  // The ids as one string, so a new array with the same ids is no change.
  const mediaKey = JSON.stringify(mediaIds);
  const [state, setState] = useState<SaveState>(draftId ? 'saved' : 'idle');
  const lastSaved = useRef(JSON.stringify(draftId ? [content, firstComment, mediaIds] : ['', '', []]));
  const idRef = useRef(draftId);
  idRef.current = draftId;
  // Saves run one after another, so a second pause never creates a second draft.
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  useEffect(() => {
    const ids: string[] = JSON.parse(mediaKey);
    const key = JSON.stringify([content, firstComment, ids]);
    if (paused || key === lastSaved.current) return;
    if (!content.trim() && !firstComment.trim() && !ids.length) return;
    setState('saving');
    let cancelled = false;
    const timer = setTimeout(() => {
      queue.current = queue.current.then(async () => {
        try {
          const draft = await saveDraft({ id: idRef.current, content, firstComment, mediaIds: ids });
          lastSaved.current = key;
          if (draft.id !== idRef.current) {
            idRef.current = draft.id;
            onDraftId(draft.id);
          }
          if (!cancelled) setState('saved');
          void client.invalidateQueries({ queryKey: draftKeys.all });
        } catch (error) {
          // Deleted meanwhile (another tab, or scheduled from it): the next change starts a new one.
          if (error instanceof ApiError && error.code === POST_ERROR_CODES.draftNotFound) {
            idRef.current = null;
            onDraftId(null);
          }
          // The browser copy is still there; the next change tries the server again.
          if (!cancelled) setState('unsaved');
        }
      });
    }, SERVER_SAVE_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [content, firstComment, mediaKey, paused, onDraftId, client]);

  return state;
}
