/**
 * The network side of the images benchmark, as a process of its own so its memory is its own: a
 * real BullMQ worker on the publish queue that does what the linkedin worker does with a post's
 * images before calling the provider (reads each file whole from the object store, in order) and
 * then plays the sandbox network: `LATENCY_MS` per publish, `CONCURRENCY` at once (the linkedin
 * worker's PUBLISH_CONCURRENCY), idempotent per hand-over (post id + attempt) like the real one,
 * answering with the real result events.
 *
 * Env: REDIS_URL, REDIS_PREFIX, MEDIA_DIR, LATENCY_MS, CONCURRENCY, OUT (where the published
 * posts are written as JSON on SIGTERM). Prints "network started" once it listens.
 */
import { writeFileSync } from 'node:fs';
import { postPublishedEvent, publishPostJob, QUEUES } from '@nashr/contracts';
import { createLogger, createObjectStore, createRedis, createWorker, handleJob, Queues } from '@nashr/platform';

const env = process.env;
const logger = createLogger('bench-network', { NODE_ENV: 'production', LOG_LEVEL: 'fatal', LOG_PRETTY: false });
const connection = createRedis(env.REDIS_URL ?? '', 'worker');
const events = new Queues({ connection, prefix: env.REDIS_PREFIX ?? 'bench' }, logger);
const store = createObjectStore({
  MEDIA_STORE: 'disk',
  MEDIA_DIR: env.MEDIA_DIR ?? '.data/bench-media',
  S3_REGION: 'us-east-1',
  S3_FORCE_PATH_STYLE: true,
});
const latencyMs = Number(env.LATENCY_MS ?? 50);

interface Published {
  postId: string;
  attempt: number;
  publishedAt: number;
  images: number;
  bytes: number;
}
const published: Published[] = [];
const byHandOver = new Map<string, Published>();
let deliveries = 0;

const worker = createWorker(
  QUEUES.linkedinPublish,
  [
    handleJob(publishPostJob, async (payload) => {
      deliveries += 1;
      const handOver = `${payload.postId}-${payload.attempt}`;
      let done = byHandOver.get(handOver);
      if (!done) {
        // As the linkedin worker (publisher.ts, attachmentsOf): every image read whole, together, before the network is called.
        const files = await Promise.all((payload.attachments ?? []).map((item) => store.read(item.key)));
        await new Promise((resolve) => setTimeout(resolve, latencyMs));
        done = byHandOver.get(handOver);
        if (!done) {
          done = {
            postId: payload.postId,
            attempt: payload.attempt,
            publishedAt: Date.now(),
            images: files.length,
            bytes: files.reduce((sum, file) => sum + file.length, 0),
          };
          byHandOver.set(handOver, done);
          published.push(done);
        }
      }
      const networkPostId = `urn:li:share:${7_000_000 + published.indexOf(done)}`;
      await events.publish(postPublishedEvent, {
        postId: payload.postId,
        userId: payload.userId,
        networkPostId,
        url: `https://www.linkedin.com/feed/update/${networkPostId}/`,
        publishedAt: new Date(done.publishedAt).toISOString(),
      });
    }),
  ],
  { connection: connection.duplicate({ maxRetriesPerRequest: null }), prefix: env.REDIS_PREFIX ?? 'bench' },
  { logger, concurrency: Number(env.CONCURRENCY ?? 5) },
);

process.once('SIGTERM', async () => {
  await worker.close();
  await events.close();
  writeFileSync(env.OUT ?? 'network.json', JSON.stringify({ published, deliveries }));
  connection.disconnect();
  process.exit(0);
});
await worker.waitUntilReady();
process.stdout.write('network started\n');
