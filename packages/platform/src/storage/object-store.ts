import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import type { StandIn } from '../config.js';
import { S3ObjectStore } from './s3-object-store.js';
import { checkKey, ObjectNotFoundError, type ObjectStore } from './store.js';

export { checkKey, ObjectNotFoundError, type ObjectStore };

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Where uploaded files live: the local disk under `.data/` unless told otherwise. */
export const storageEnv = {
  /** `disk` (the folder MEDIA_DIR) or `s3` (any S3-compatible store, S3_* below). */
  MEDIA_STORE: z.enum(['disk', 's3']).default('disk'),
  /** Folder of the local object store, relative to the working directory (the repository root for `npm start`). */
  MEDIA_DIR: z.string().min(1).default('.data/media'),
  /** An S3-compatible endpoint such as `http://minio:9000`; AWS's own when unset. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** The bucket in the path, as MinIO wants; `false` for AWS's virtual-host style. */
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(true),
  /**
   * `1` when every process that reads or writes images (posts and linkedin, APIs and workers) runs
   * once, on one machine sharing MEDIA_DIR: the only way the disk store holds up in production,
   * and nothing here can count the replicas, so the operator has to say it.
   */
  MEDIA_DISK_SINGLE_REPLICA: booleanFromEnv.default(false),
};
export type StorageConfig = z.infer<z.ZodObject<typeof storageEnv>>;

/** The disk store as a stand-in: each replica would keep its own images, unseen by the others. */
export const diskStoreStandIn: StandIn<StorageConfig> = {
  variable: 'MEDIA_STORE',
  when: (config) => config.MEDIA_STORE === 'disk' && !config.MEDIA_DISK_SINGLE_REPLICA,
  what: 'the disk store (each replica would see only its own images)',
  real: 'MEDIA_STORE=s3 with S3_*, or MEDIA_DISK_SINGLE_REPLICA=1 if every process runs once on one machine',
};

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

/** The store the configuration names; `s3` without its bucket and keys stops the process with a readable line. */
export function createObjectStore(config: Partial<StorageConfig> & Pick<StorageConfig, 'MEDIA_DIR'>): ObjectStore {
  if (config.MEDIA_STORE !== 's3') return new DiskObjectStore(config.MEDIA_DIR);
  const { S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = config;
  if (!S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
    throw new Error('MEDIA_STORE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  return new S3ObjectStore({
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION ?? 'us-east-1',
    bucket: S3_BUCKET,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE ?? true,
  });
}
