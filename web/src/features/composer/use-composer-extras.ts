import { attachedMediaSchema } from '@nashr/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { useUserId } from '../../lib/api/posts';
import { clearDraft, readDraft, writeDraft } from '../../lib/session-draft';
import type { DraftRef } from './use-draft-autosave';

const extrasSchema = z.object({
  firstComment: z.string(),
  draftId: z.string().uuid().nullable(),
  /** The server draft's version this composer last saw (kept from before versions: none). */
  draftVersion: z.number().int().nullable().default(null),
  /** What that version of the server draft holds, as the autosave compares it (kept from before: unknown). */
  draftSaved: z.string().nullable().default(null),
  /** Uploaded images the post carries, in order. */
  media: z.array(attachedMediaSchema).default([]),
  /**
   * Whom the post is written as, once chosen: '' the member's profile, else a company page's
   * identity; null until chosen (the one last posted as applies). Kept so a reload, and the
   * server draft, keep it.
   */
  postAs: z.string().nullable().default(null),
});
export type ComposerExtras = z.infer<typeof extrasSchema>;
export type ComposerExtrasStart = Omit<ComposerExtras, 'media' | 'draftVersion' | 'draftSaved' | 'postAs'> &
  Partial<Pick<ComposerExtras, 'media' | 'draftVersion' | 'postAs'>>;

export const emptyExtras: ComposerExtras = {
  firstComment: '',
  draftId: null,
  draftVersion: null,
  draftSaved: null,
  media: [],
  postAs: null,
};

/**
 * What goes with the composer's text: the first comment and the server draft it is saved to,
 * kept in this browser beside the text. Opening a server draft starts from it instead, and text
 * handed in (`fresh`) starts without either. What is kept comes back with `restoreKept`, called
 * when the text's kept copy is read (useComposerDraft), so both come back in one step after the
 * first render (the server's screen as it was), and only while nothing was changed meanwhile.
 * `onDraft` takes what the autosave saved, so a reload knows what the server draft already holds.
 */
export function useComposerExtras(start: ComposerExtrasStart | undefined, fresh: boolean) {
  const userId = useUserId();
  const key = `composer-extras:${userId ?? 'anonymous'}`;
  const readsKept = !start && !fresh;
  const [extras, setExtras] = useState<ComposerExtras>(() =>
    start
      ? {
          ...start,
          media: start.media ?? [],
          draftVersion: start.draftVersion ?? null,
          draftSaved: null,
          postAs: start.postAs ?? null,
        }
      : emptyExtras,
  );
  // The extras as first rendered: while they are still these, nothing was changed.
  const first = useRef(extras);
  const current = useRef(extras);
  current.current = extras;
  const restoreKept = useCallback(() => {
    if (!readsKept) return;
    const kept = readDraft(key, extrasSchema, 'local');
    if (kept && current.current === first.current) setExtras(kept);
  }, [key, readsKept]);
  useEffect(() => {
    // Untouched since the first render: what is kept stays (restoreKept reads it).
    if (readsKept && extras === first.current) return;
    if (!extras.firstComment && !extras.draftId && !extras.media.length) clearDraft(key, 'local');
    else writeDraft(key, extras, 'local');
  }, [extras, key, readsKept]);
  const onDraft = useCallback(
    (draft: DraftRef | null) =>
      setExtras((e) => ({
        ...e,
        draftId: draft?.id ?? null,
        draftVersion: draft?.version ?? null,
        draftSaved: draft?.saved ?? null,
      })),
    [],
  );
  return { extras, setExtras, onDraft, restoreKept, forget: () => clearDraft(key, 'local') };
}
