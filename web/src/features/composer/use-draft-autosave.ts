import { POST_ERROR_CODES, type PostDraft } from '@nashr/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api/client';
import { draftKeys, draftsQuery, saveDraft } from '../../lib/api/drafts';

/** Typing pauses this long before the server copy is saved; the browser copy is written at once. */
export const SERVER_SAVE_DELAY_MS = 1200;

export type SaveState = 'idle' | 'saving' | 'saved' | 'unsaved' | 'conflict';

/**
 * The server draft this composer saves to, the version of it this composer last saw, and what
 * that version holds (as `keyOf` puts it), so the same text restored after a reload is not sent again.
 */
export interface DraftRef {
  id: string;
  version: number | null;
  saved: string | null;
}

/** What to do when another tab or device saved the draft since this composer last saw it. */
export type ConflictChoice = 'mine' | 'theirs' | 'both';

export interface DraftAutosave {
  state: SaveState;
  /** Why the last save failed, while `state` is 'unsaved' (offline, a draft over its limit...). */
  failure: unknown;
  /** The stored draft, as another tab or device left it; null when there is no conflict. */
  conflict: PostDraft | null;
  resolve: (choice: ConflictChoice) => void;
}

/** What a save sends, as one string: equal strings need no second save. */
/** Whom the draft is written as: `chosen` when the writer chose it, else what applies by default. */
export interface DraftIdentity {
  identity: string | null;
  chosen: boolean;
}

/**
 * What the server draft holds, as compared before saving. The identity counts only once chosen:
 * the default one settles after the first render (the pages load), and is no change of the draft.
 */
const keyOf = (content: string, firstComment: string, mediaIds: string[], identity: DraftIdentity | null) =>
  JSON.stringify([content, firstComment, mediaIds, identity?.chosen ? identity.identity : '~']);

const isCode = (error: unknown, code: string) => error instanceof ApiError && error.code === code;

/**
 * Keeps a server-side draft of what is being written: created at the first pause in typing,
 * saved again at each later one. A draft deleted meanwhile is not brought back by a save in
 * flight; the next change creates a new one.
 * Each save carries the version last seen, so a draft saved meanwhile by another tab is never
 * overwritten silently: saving stops and `conflict` holds the stored draft until the user
 * chooses (`resolve`) to keep theirs (`onLoad`), save over it, or keep both as two drafts.
 * `paused` (an AI draft streaming in) holds saving until the text settles.
 * `draftSaved` is what the server draft held when this browser last saved it: text restored after
 * a reload that equals it is not saved again; text changed since (typed offline) is.
 */
export function useDraftAutosave({
  content,
  firstComment,
  mediaIds = [],
  identity = null,
  draftId,
  draftVersion = null,
  draftSaved = null,
  onDraft,
  onLoad,
  paused,
}: {
  content: string;
  firstComment: string;
  mediaIds?: string[];
  /** The company page the post is written as (null for the profile), and whether the writer chose it. */
  identity?: DraftIdentity | null;
  draftId: string | null;
  draftVersion?: number | null;
  draftSaved?: string | null;
  onDraft: (draft: DraftRef | null) => void;
  /** Puts the stored draft's text into the composer ('keep theirs'). */
  onLoad?: (draft: PostDraft) => void;
  paused: boolean;
}): DraftAutosave {
  const client = useQueryClient();
  // As values, so a new object naming the same identity is no change.
  const sentIdentity = identity?.identity ?? null;
  const identityChosen = identity?.chosen ?? false;
  // The ids as one string, so a new array with the same ids is no change.
  const mediaKey = JSON.stringify(mediaIds);
  const [state, setState] = useState<SaveState>(draftId ? 'saved' : 'idle');
  const [failure, setFailure] = useState<unknown>(null);
  // Raised when the connection comes back, so a save that failed offline is tried again.
  const [online, setOnline] = useState(0);
  const [conflict, setConflict] = useState<PostDraft | null>(null);
  const lastSaved = useRef(
    draftSaved ?? (draftId ? keyOf(content, firstComment, mediaIds, identity) : keyOf('', '', [], identity)),
  );
  // Saves of this composer: until the first, what the browser kept says what the server holds.
  const savedHere = useRef(false);
  const inFlight = useRef(0);
  const idRef = useRef(draftId);
  idRef.current = draftId;
  const versionRef = useRef(draftVersion);
  versionRef.current = draftVersion;
  // What is in the composer now, for a choice made after the last change.
  const latest = useRef({ content, firstComment, mediaIds, identity });
  latest.current = { content, firstComment, mediaIds, identity };
  // Saves run one after another, so a second pause never creates a second draft.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const conflicted = useRef(false);

  const saved = useCallback(
    (draft: PostDraft, key: string) => {
      savedHere.current = true;
      lastSaved.current = key;
      idRef.current = draft.id;
      versionRef.current = draft.version;
      onDraft({ id: draft.id, version: draft.version, saved: key });
      void client.invalidateQueries({ queryKey: draftKeys.all });
    },
    [client, onDraft],
  );

  /** Stops saving and fetches the stored draft to compare with. */
  const refused = useCallback(async () => {
    conflicted.current = true;
    setState('conflict');
    const stored = (await client.fetchQuery({ ...draftsQuery, staleTime: 0 })).find((d) => d.id === idRef.current);
    if (stored) return setConflict(stored);
    // Deleted since the refusal: nothing to compare with, the next change starts a new draft.
    conflicted.current = false;
    idRef.current = null;
    versionRef.current = null;
    onDraft(null);
    setState('unsaved');
  }, [client, onDraft]);

  // The draft this browser kept from its last visit comes after the first render: what it holds
  // is saved already. Before the save below, so restored text equal to it is not sent again.
  useEffect(() => {
    if (draftSaved !== null && !savedHere.current) lastSaved.current = draftSaved;
  }, [draftSaved]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `online` only runs a failed save again when the connection is back
  useEffect(() => {
    const ids: string[] = JSON.parse(mediaKey);
    const key = keyOf(content, firstComment, ids, { identity: sentIdentity, chosen: identityChosen });
    if (paused || conflicted.current) return;
    if (!content.trim() && !firstComment.trim() && !ids.length) {
      // Emptied (posted, started afresh, or all deleted): nothing is waiting to be saved.
      setState('idle');
      setFailure(null);
      return;
    }
    if (key === lastSaved.current) {
      // Back to what the server draft holds (restored, or a change undone): nothing to save.
      if (idRef.current && inFlight.current === 0) {
        setState('saved');
        setFailure(null);
      }
      return;
    }
    setState('saving');
    let cancelled = false;
    const timer = setTimeout(() => {
      queue.current = queue.current.then(async () => {
        if (conflicted.current) return;
        inFlight.current += 1;
        try {
          const draft = await saveDraft({
            id: idRef.current,
            version: versionRef.current,
            content,
            firstComment,
            mediaIds: ids,
            identity: sentIdentity,
          });
          saved(draft, key);
          if (!cancelled) {
            setState('saved');
            setFailure(null);
          }
        } catch (error) {
          if (isCode(error, POST_ERROR_CODES.draftChangedElsewhere)) return refused().catch(() => undefined);
          // Deleted meanwhile (another tab, or scheduled from it): the next change starts a new one.
          if (isCode(error, POST_ERROR_CODES.draftNotFound)) {
            idRef.current = null;
            versionRef.current = null;
            onDraft(null);
          }
          // The browser copy is still there; the next change, or the connection coming back, tries again.
          if (!cancelled) {
            setState('unsaved');
            setFailure(error);
          }
        } finally {
          inFlight.current -= 1;
        }
      });
    }, SERVER_SAVE_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [content, firstComment, mediaKey, sentIdentity, identityChosen, paused, onDraft, saved, refused, online]);

  useEffect(() => {
    const back = () => setOnline((n) => n + 1);
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, []);

  const resolve = useCallback(
    (choice: ConflictChoice) => {
      const stored = conflict;
      if (!stored) return;
      setConflict(null);
      if (choice === 'theirs') {
        const ids = (stored.media ?? []).map((m) => m.id);
        lastSaved.current = keyOf(stored.content, stored.firstComment, ids, {
          identity: stored.identity,
          chosen: true,
        });
        versionRef.current = stored.version;
        savedHere.current = true;
        onDraft({ id: stored.id, version: stored.version, saved: lastSaved.current });
        onLoad?.(stored);
        conflicted.current = false;
        setState('saved');
        return;
      }
      const mine = latest.current;
      setState('saving');
      queue.current = queue.current.then(async () => {
        try {
          // Over the stored draft, at the version just compared with; or beside it as a new draft.
          const draft = await saveDraft({
            id: choice === 'mine' ? stored.id : null,
            version: choice === 'mine' ? stored.version : null,
            ...mine,
            identity: mine.identity?.identity ?? null,
          });
          conflicted.current = false;
          saved(draft, keyOf(mine.content, mine.firstComment, mine.mediaIds, mine.identity));
          setState('saved');
        } catch (error) {
          // Saved yet again elsewhere while choosing: compare with that one.
          if (isCode(error, POST_ERROR_CODES.draftChangedElsewhere)) return refused().catch(() => undefined);
          conflicted.current = false;
          setState('unsaved');
          setFailure(error);
        }
      });
    },
    [conflict, onDraft, onLoad, saved, refused],
  );

  return { state, failure, conflict, resolve };
}
