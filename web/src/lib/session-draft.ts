import type { z } from 'zod';

/**
 * Where work in progress is kept: `session` for this tab only (a reload keeps it), `local` for
 * what must survive a closed tab too (the unsent text of a post). Keys are per account either way.
 */
export type DraftStorage = 'session' | 'local';
const storageOf = (where: DraftStorage) => (where === 'local' ? localStorage : sessionStorage);

/**
 * Work in progress kept in the browser's storage, so a reload (or a closed popup) does not lose
 * it. Per account: nothing of it reaches another account. A stored value that no longer fits
 * `schema` (an older version of the app) is dropped.
 */
export function readDraft<S extends z.ZodType>(
  key: string,
  schema: S,
  where: DraftStorage = 'session',
): z.output<S> | null {
  try {
    const raw = storageOf(where).getItem(`draft:${key}`);
    if (!raw) return null;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeDraft(key: string, value: unknown, where: DraftStorage = 'session'): void {
  try {
    storageOf(where).setItem(`draft:${key}`, JSON.stringify(value));
  } catch {
    // Storage full or refused (private modes): the work stays on screen, it just will not survive a reload.
  }
}

export function clearDraft(key: string, where: DraftStorage = 'session'): void {
  try {
    storageOf(where).removeItem(`draft:${key}`);
  } catch {
    // Nothing stored.
  }
}

/**
 * Forgets every piece of work in progress this browser keeps, for signing out: on a shared
 * computer the next person must not find the last one's unsent post. What the composer had
 * saved as a draft is on the server and comes back at the next sign-in.
 */
export function clearAllDrafts(stores: Storage[] = [localStorage, sessionStorage]): void {
  for (const store of stores) {
    try {
      const keys = Array.from({ length: store.length }, (_, index) => store.key(index));
      for (const key of keys) if (key?.startsWith('draft:')) store.removeItem(key);
    } catch {
      // Storage refused (private modes): nothing was kept there.
    }
  }
}
