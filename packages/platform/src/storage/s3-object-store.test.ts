import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createObjectStore, ObjectNotFoundError } from './object-store.js';
import type { S3ObjectStore } from './s3-object-store.js';

// A local server that speaks S3's wire format (signed requests, multipart uploads), like MinIO.
let server: S3rver;
let folder: string;
let store: S3ObjectStore;
const BUCKET = 'nashr-media';

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'nashr-s3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: folder,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  store = createObjectStore({
    MEDIA_DIR: '.unused',
    MEDIA_STORE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: true,
  }) as S3ObjectStore;
});
afterAll(async () => {
  store?.close();
  await server?.close();
  await rm(folder, { recursive: true, force: true });
});

describe('S3ObjectStore against a local S3 server', () => {
  it('stores a small object and reads it back, as a stream and whole', async () => {
    expect(await store.put('media/u/1/thumbnail.webp', Buffer.from('a small thumbnail'))).toEqual({ bytes: 17 });
    expect((await store.read('media/u/1/thumbnail.webp')).toString()).toBe('a small thumbnail');
    const chunks: Buffer[] = [];
    for await (const chunk of await store.get('media/u/1/thumbnail.webp')) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('a small thumbnail');
  });

  it('streams a 20 MB body in parts and reads it back whole', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 3);
    let sent = 0;
    const body = new Readable({
      read() {
        sent += 1;
        this.push(sent <= 20 ? chunk : null);
      },
    });
    // Over the 5 MB part size: sent as a multipart upload, two parts in flight at most.
    expect(await store.put('media/u/2/document.pdf', body)).toEqual({ bytes: 20 * 1024 * 1024 });
    const back = await store.read('media/u/2/document.pdf');
    expect(back.length).toBe(20 * 1024 * 1024);
    expect(back[20 * 1024 * 1024 - 1]).toBe(3);
  });

  it('deletes, and a missing object is ObjectNotFoundError', async () => {
    await store.put('media/u/3/image.png', Buffer.from('png'));
    await store.delete('media/u/3/image.png');
    await expect(store.read('media/u/3/image.png')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(store.get('media/u/never/image.png')).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it('refuses to start without its bucket and keys', () => {
    expect(() => createObjectStore({ MEDIA_DIR: 'x', MEDIA_STORE: 's3' })).toThrow(/S3_BUCKET/);
  });
});
