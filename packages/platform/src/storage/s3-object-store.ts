import { Readable, Transform } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { checkKey, ObjectNotFoundError, type ObjectStore } from './store.js';

export interface S3StoreOptions {
  /** An S3-compatible endpoint (`http://minio:9000`); AWS's own when absent. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `bucket` in the path rather than the host name, as MinIO and most local servers want. */
  forcePathStyle: boolean;
}

/** Parts of a multipart upload: S3's smallest, so at most two of them are held in memory at once. */
const PART_BYTES = 5 * 1024 * 1024;

/**
 * Any S3-compatible store. `put` streams through a multipart upload (two 5 MB parts in flight
 * at most), so a large body is never held whole; an upload that breaks off is aborted and
 * leaves no object.
 */
export class S3ObjectStore implements ObjectStore {
  private client: S3Client | null = null;
  constructor(private readonly options: S3StoreOptions) {}

  /** The SDK loads on first use: the processes that never store a file (and the disk store) do without it. */
  private async sdk() {
    const [s3, storage] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
    this.client ??= new s3.S3Client({
      region: this.options.region,
      forcePathStyle: this.options.forcePathStyle,
      credentials: { accessKeyId: this.options.accessKeyId, secretAccessKey: this.options.secretAccessKey },
      ...(this.options.endpoint ? { endpoint: this.options.endpoint } : {}),
    });
    return { ...s3, Upload: storage.Upload, client: this.client };
  }

  async put(key: string, body: Readable | Uint8Array): Promise<{ bytes: number }> {
    checkKey(key);
    let bytes = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    const { Upload, client } = await this.sdk();
    const source = body instanceof Readable ? body : Readable.from([body]);
    source.on('error', (error) => counted.destroy(error));
    source.pipe(counted);
    const upload = new Upload({
      client,
      params: { Bucket: this.options.bucket, Key: key, Body: counted },
      partSize: PART_BYTES,
      queueSize: 2,
      leavePartsOnError: false,
    });
    await upload.done();
    return { bytes };
  }

  async get(key: string): Promise<Readable> {
    checkKey(key);
    const { GetObjectCommand, client } = await this.sdk();
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return answer.Body as Readable;
    } catch (error) {
      const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (failure.name === 'NoSuchKey' || failure.$metadata?.httpStatusCode === 404) throw new ObjectNotFoundError(key);
      throw error;
    }
  }

  async read(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.get(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    const { DeleteObjectCommand, client } = await this.sdk();
    await client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  close(): void {
    this.client?.destroy();
  }
}
