import { attachedMediaSchema } from '@nashr/contracts';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { useUserId } from '../../lib/api/posts';
import { clearDraft, readDraft, writeDraft } from '../../lib/session-draft';

const extrasSchema = z.object({
  firstComment: z.string(),
  draftId: z.string().uuid().nullable(),
  /** The server draft's version this composer last saw (kept from before versions: none). */
  draftVersion: z.number().int().nullable().default(null),
  /** Uploaded images the post carries, in order. */
  media: z.array(attachedMediaSchema).default([]),
});
export type ComposerExtras = z.infer<typeof extrasSchema>;
export type ComposerExtrasStart = Omit<ComposerExtras, 'media' | 'draftVersion'> &
  Partial<Pick<ComposerExtras, 'media' | 'draftVersion'>>;

export const emptyExtras: ComposerExtras = { firstComment: '', draftId: null, draftVersion: null, media: [] };

/**
 * What goes with the composer's text: the first comment and the server draft it is saved to,
 * kept in this browser beside the text. Opening a server draft starts from it instead, and text
 * handed in (`fresh`) starts without either.
 */
export function useComposerExtras(start: ComposerExtrasStart | undefined, fresh: boolean) {
  const userId = useUserId();
  const key = `composer-extras:${userId ?? 'anonymous'}`;
  const [extras, setExtras] = useState<ComposerExtras>(
    () =>
      (start ? { ...start, media: start.media ?? [], draftVersion: start.draftVersion ?? null } : null) ??
      (fresh ? null : readDraft(key, extrasSchema, 'local')) ??
      emptyExtras,
  );
  useEffect(() => {
    if (!extras.firstComment && !extras.draftId && !extras.media.length) clearDraft(key, 'local');
    else writeDraft(key, extras, 'local');
  }, [extras, key]);
  return { extras, setExtras, forget: () => clearDraft(key, 'local') };
}
