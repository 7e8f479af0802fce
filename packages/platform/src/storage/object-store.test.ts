import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkKey, DiskObjectStore, ObjectNotFoundError } from './object-store.js';

let root: string;
let store: DiskObjectStore;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'nashr-store-'));
  store = new DiskObjectStore(root);
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('DiskObjectStore', () => {
  it('streams a large body to disk and reads it back', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 7);
    let sent = 0;
    const body = new Readable({
      read() {
        sent += 1;
        this.push(sent <= 20 ? chunk : null);
      },
    });
    expect(await store.put('media/u/a/file.bin', body)).toEqual({ bytes: 20 * 1024 * 1024 });
    const back = await store.read('media/u/a/file.bin');
    expect(back.length).toBe(20 * 1024 * 1024);
    expect(back[12345]).toBe(7);
  });

  it('leaves nothing under the key when the body breaks off', async () => {
    const body = new Readable({
      read() {
        this.destroy(new Error('client went away'));
      },
    });
    await expect(store.put('media/u/b/file.bin', body)).rejects.toThrow('client went away');
    await expect(store.read('media/u/b/file.bin')).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(await readdir(join(root, 'media/u/b'))).toEqual([]);
  });

  it('deletes, and a missing object is ObjectNotFoundError', async () => {
    await store.put('media/u/c/x.txt', Buffer.from('hello'));
    expect((await store.read('media/u/c/x.txt')).toString()).toBe('hello');
    await store.delete('media/u/c/x.txt');
    await store.delete('media/u/c/x.txt');
    await expect(store.get('media/u/c/x.txt')).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it('refuses keys that could leave the store', () => {
    for (const key of ['../etc/passwd', '/abs', 'a/../../b', 'a//b', '', 'a/./b']) {
      expect(() => checkKey(key)).toThrow();
    }
    expect(checkKey('media/u/1/image.jpg')).toBe('media/u/1/image.jpg');
  });
});
