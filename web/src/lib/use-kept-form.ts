import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { useUserId } from './api/posts';
import { clearDraft, readDraft, writeDraft } from './session-draft';

/**
 * A form's values kept in this browser (localStorage, per account) as they are typed, so a reload
 * or a closed tab does not lose them: reopening the same form brings them back. Closing the form
 * on purpose (unmounting it) or `done()` after sending forgets them. `key` null keeps nothing.
 */
export function useKeptForm<S extends z.ZodType>(key: string | null, schema: S, initial: z.output<S>) {
  const userId = useUserId();
  const storageKey = key ? `form:${userId ?? 'anonymous'}:${key}` : null;
  const [values, setValues] = useState<z.output<S>>(
    () => (storageKey ? readDraft(storageKey, schema, 'local') : null) ?? initial,
  );
  const restored = useRef(storageKey !== null && readDraft(storageKey, schema, 'local') !== null);
  const first = useRef(true);

  useEffect(() => {
    // The first render only shows what was kept (or the defaults): nothing new to keep yet.
    if (first.current) {
      first.current = false;
      return;
    }
    if (storageKey) writeDraft(storageKey, values, 'local');
  }, [values, storageKey]);

  useEffect(() => () => void (storageKey && clearDraft(storageKey, 'local')), [storageKey]);

  return { values, setValues, restored: restored.current, done: () => storageKey && clearDraft(storageKey, 'local') };
}
