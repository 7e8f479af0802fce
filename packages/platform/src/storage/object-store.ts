import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';

/** Where uploaded files live: the local disk under `.data/` unless told otherwise. */
export const storageEnv = {
  /** Folder of the local object store, relative to the working directory (the repository root for `npm start`). */
  MEDIA_DIR: z.string().min(1).default('.data/media'),
};
export type StorageConfig = z.infer<z.ZodObject<typeof storageEnv>>;

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

/** The local-disk store: one file per key under `root`, written to a temporary name then renamed. */
export class DiskObjectStore implements ObjectStore {
  readonly root: string;
  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    return join(this.root, checkKey(key));
  }

  async put(key: string, body: Readable | Uint8Array): Promise<{ bytes: number }> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const partial = `${path}.${randomUUID()}.part`;
    let bytes = 0;
    const source = body instanceof Readable ? body : Readable.from([body]);
    try {
      await pipeline(
        source,
        async function* count(chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            bytes += chunk.length;
            yield chunk;
          }
        },
        createWriteStream(partial, { flags: 'wx' }),
      );
      await rename(partial, path);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return { bytes };
  }

  async get(key: string): Promise<Readable> {
    const path = this.pathOf(key);
    try {
      await stat(path);
    } catch {
      throw new ObjectNotFoundError(key);
    }
    return createReadStream(path);
  }

  async read(key: string): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new ObjectNotFoundError(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

/** The store the configuration names (the local disk; an S3-compatible store is not built yet). */
export function createObjectStore(config: StorageConfig): ObjectStore {
  return new DiskObjectStore(config.MEDIA_DIR);
}
