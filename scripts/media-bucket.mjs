// @ts-check
// Makes the bucket of the images' S3-compatible store (S3_BUCKET at S3_ENDPOINT) if it is missing,
// and does nothing if it is there: the Kubernetes media-bucket Job runs it with every release.
// Nothing to do unless MEDIA_STORE=s3 (the local disk needs no bucket).
/* biome-ignore-all lint/suspicious/noUndeclaredEnvVars: read at run time by a Job, never by a turbo task */
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';

const env = process.env;
if (env.MEDIA_STORE !== 's3') {
  process.stdout.write('media-bucket: MEDIA_STORE is not s3, nothing to do\n');
  process.exit(0);
}
const missing = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((name) => !env[name]);
if (missing.length) {
  process.stderr.write(`media-bucket: ${missing.join(', ')} must be set\n`);
  process.exit(1);
}
const Bucket = /** @type {string} */ (env.S3_BUCKET);
const client = new S3Client({
  endpoint: env.S3_ENDPOINT || undefined,
  region: env.S3_REGION || 'us-east-1',
  forcePathStyle: !['false', '0', 'no'].includes(env.S3_FORCE_PATH_STYLE ?? 'true'),
  credentials: {
    accessKeyId: /** @type {string} */ (env.S3_ACCESS_KEY_ID),
    secretAccessKey: /** @type {string} */ (env.S3_SECRET_ACCESS_KEY),
  },
});
try {
  await client.send(new HeadBucketCommand({ Bucket }));
  process.stdout.write(`media-bucket: ${Bucket} is there\n`);
} catch (error) {
  const status = /** @type {{ $metadata?: { httpStatusCode?: number } }} */ (error).$metadata?.httpStatusCode;
  if (status !== 404) throw error;
  try {
    await client.send(new CreateBucketCommand({ Bucket }));
  } catch (createError) {
    // Another run made it meanwhile.
    if (/** @type {{ name?: string }} */ (createError).name !== 'BucketAlreadyOwnedByYou') throw createError;
  }
  process.stdout.write(`media-bucket: ${Bucket} made\n`);
}
client.destroy();
