import type { Readable } from 'node:stream';

// What every object store is (the disk one in object-store.ts, the S3 one in s3-object-store.ts):
// its interface, its rule for keys and its error for a missing object, apart from both stores so
// that neither imports the other for them.

/** Raised by `get`/`read` for a key that holds nothing. */
export class ObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`no object at ${key}`);
    this.name = 'ObjectNotFoundError';
  }
}

/**
 * Files by key (`media/{userId}/{id}/image.jpg`). Writes stream: a body is never held whole in
 * memory by the store, and a write that fails midway leaves nothing under the key.
 */
export interface ObjectStore {
  /** Writes `body` under `key` (replacing what was there); resolves with the bytes written. */
  put(key: string, body: Readable | Uint8Array): Promise<{ bytes: number }>;
  /** The object as a stream; rejects with ObjectNotFoundError. */
  get(key: string): Promise<Readable>;
  /** The whole object (for small ones: thumbnails, images handed to the network). */
  read(key: string): Promise<Buffer>;
  /** Removes the object; a missing one is no error. */
  delete(key: string): Promise<void>;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Keys are plain relative paths: no `..`, no leading slash, nothing a path could escape with. */
export function checkKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`not a valid object key: ${JSON.stringify(key)}`);
  }
  return key;
}
