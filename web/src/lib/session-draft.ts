import { clear, createStore, del, set, type UseStore } from 'idb-keyval';
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
 * This browser's database of work kept across visits (the composer's unsent post): IndexedDB,
 * read after the first render, so the screen the server rendered is taken over unchanged. Opened
 * at first use only: never on the server, and not at all where nothing is kept.
 */
let keptStore: UseStore | undefined;
const keptDrafts = () => {
  keptStore ??= createStore('nashr-drafts', 'drafts');
  return keptStore;
};

/** Reads in flight, per key: a second read while the first moves an old copy gets the same answer. */
const reading = new Map<string, Promise<unknown>>();

/**
 * The work kept under `key` in this browser's database, or null. A stored value that no longer
 * fits `schema` is deleted. A copy the previous version of the app kept in localStorage is moved
 * here once (a newer one here wins), so nobody loses a draft on upgrade. Where the database is
 * unavailable or refuses (private modes), nothing was kept: null, or the old copy as it is.
 */
export function readKeptDraft<S extends z.ZodType>(key: string, schema: S): Promise<z.output<S> | null> {
  const pending = reading.get(key) ?? takeKept(key, schema).finally(() => reading.delete(key));
  reading.set(key, pending);
  return pending as Promise<z.output<S> | null>;
}

async function takeKept<S extends z.ZodType>(key: string, schema: S): Promise<z.output<S> | null> {
  const old = readDraft(key, schema, 'local');
  let hadOld = false;
  try {
    hadOld = localStorage.getItem(`draft:${key}`) !== null;
  } catch {
    // Storage refused: nothing to move.
  }
  try {
    // One transaction: a write made meanwhile (the user typing) comes after it, never before.
    const kept = await keptDrafts()(
      'readwrite',
      (store) =>
        new Promise<z.output<S> | null>((resolve, reject) => {
          let value: z.output<S> | null = null;
          const request = store.get(key);
          request.onsuccess = () => {
            const parsed = schema.safeParse(request.result);
            if (parsed.success) value = parsed.data;
            else if (old !== null) {
              store.put(old, key);
              value = old;
            } else if (request.result !== undefined) store.delete(key);
          };
          store.transaction.oncomplete = () => resolve(value);
          store.transaction.onerror = store.transaction.onabort = () => reject(store.transaction.error);
        }),
    );
    if (hadOld) clearDraft(key, 'local');
    return kept;
  } catch {
    // The database refused: the old copy still shows this once, and stays where it is.
    return old;
  }
}

/** Keeps `value` under `key` in this browser's database; refused (quota, private modes), the work just stays on screen. */
export async function writeKeptDraft(key: string, value: unknown): Promise<void> {
  try {
    await set(key, value, keptDrafts());
  } catch {
    // Nothing is kept between visits.
  }
}

/** Forgets what is kept under `key`, and an old copy in localStorage not moved yet. */
export async function clearKeptDraft(key: string): Promise<void> {
  clearDraft(key, 'local');
  try {
    await del(key, keptDrafts());
  } catch {
    // Nothing was kept.
  }
}

/** How long signing out waits for the database before going on: a stuck browser must not keep the user in. */
const CLEAR_WAIT_MS = 3000;

/**
 * Forgets every piece of work in progress this browser keeps, for signing out: on a shared
 * computer the next person must not find the last one's unsent post. What the composer had
 * saved as a draft is on the server and comes back at the next sign-in. The storages are cleared
 * at once; the promise settles when the database is cleared too (or refused).
 */
export async function clearAllDrafts(stores: Storage[] = [localStorage, sessionStorage]): Promise<void> {
  for (const store of stores) {
    try {
      const keys = Array.from({ length: store.length }, (_, index) => store.key(index));
      for (const key of keys) if (key?.startsWith('draft:')) store.removeItem(key);
    } catch {
      // Storage refused (private modes): nothing was kept there.
    }
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      clear(keptDrafts()),
      new Promise((resolve) => {
        timer = setTimeout(resolve, CLEAR_WAIT_MS);
      }),
    ]);
  } catch {
    // No database (private modes): nothing was kept there.
  } finally {
    clearTimeout(timer);
  }
}
