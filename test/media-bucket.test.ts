/// <reference path="../packages/platform/src/storage/s3rver.d.ts" />
// scripts/media-bucket.mjs (the Kubernetes media-bucket Job) against a local server that speaks
// S3's wire format: it makes the images' bucket when it is missing, leaves it alone when it is
// there, and does nothing unless MEDIA_STORE=s3.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../tools/stack/processes.mjs';

const run = promisify(execFile);
let server: S3rver;
let folder: string;
let endpoint: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'nashr-bucket-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: folder });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await server?.close();
  await rm(folder, { recursive: true, force: true });
});

const script = (env: Record<string, string>) =>
  run(process.execPath, [join(ROOT, 'scripts/media-bucket.mjs')], { env: { PATH: process.env.PATH ?? '', ...env } });

describe('scripts/media-bucket.mjs', () => {
  const s3 = (bucket: string) => ({
    MEDIA_STORE: 's3',
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  const exists = async (bucket: string) => {
    const client = new S3Client({
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    try {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
      return true;
    } catch {
      return false;
    } finally {
      client.destroy();
    }
  };

  it('makes a missing bucket, then finds it there', async () => {
    expect(await exists('nashr-media')).toBe(false);
    expect((await script(s3('nashr-media'))).stdout).toContain('nashr-media made');
    expect(await exists('nashr-media')).toBe(true);
    expect((await script(s3('nashr-media'))).stdout).toContain('nashr-media is there');
  });

  it('does nothing for the local disk, and fails without its keys', async () => {
    expect((await script({ MEDIA_STORE: 'disk' })).stdout).toContain('nothing to do');
    const { S3_SECRET_ACCESS_KEY: _, ...withoutSecret } = s3('other-bucket');
    await expect(script(withoutSecret)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('S3_SECRET_ACCESS_KEY'),
    });
    expect(await exists('other-bucket')).toBe(false);
  });
});
