/**
 * Posts with images, due together (issue 15). Not part of `npm test`.
 *
 *   npx tsx bench/media/run.ts [--posts 1000] [--window 60] [--images 4] [--image-mb 1]
 *                              [--latency 50] [--network-concurrency 5] [--out results.json]
 *
 * Two cases in one run, on the same machine minutes apart: `text`, the posts without images (the
 * baseline), then `images`, the same posts each with `--images` files of `--image-mb` MB. Each
 * case: a fresh database and an empty Redis of the benchmark's own, the images written to a disk
 * object store first, `--posts` posts due at instants spread evenly over one `--window`-second
 * window (60 s: the same minute), two posts workers as processes of their own (the posts service's
 * `src/worker.ts`), and the network side as a third process (`network.ts`: reads each post's
 * images whole from the store as the linkedin worker does, then the sandbox's `--latency` ms, at
 * the linkedin worker's concurrency). Reported: lateness from due time to the network accepting
 * the post (p50/p99/max), posts published twice and never published, and each process's peak
 * resident memory (VmHWM, read just before it stops); the images case also as ratios to the text one.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type AttachedMedia, mediaStorageKey } from '@nashr/contracts';
import { createDatabase, createLogger, createRedis, Queues, runMigrations, waitForRedis } from '@nashr/platform';
import { MIGRATIONS_FOLDER, PostQueues, PostService, PostStore, schema } from '@nashr/posts';
import { spawnPostsWorker, type WorkerProcess } from '@nashr/posts/testing';
import { createBenchDatabase, startRedis } from '../scheduler/infra.js';
import { type Spread, seconds, spread } from '../scheduler/stats.js';

const { values: args } = parseArgs({
  options: {
    posts: { type: 'string', default: '1000' },
    window: { type: 'string', default: '60' },
    images: { type: 'string', default: '4' },
    'image-mb': { type: 'string', default: '1' },
    latency: { type: 'string', default: '50' },
    users: { type: 'string', default: '250' },
    'network-concurrency': { type: 'string', default: '5' },
    'worker-concurrency': { type: 'string', default: '50' },
    'drain-s': { type: 'string', default: '180' },
    out: { type: 'string' },
  },
});

const POSTS = Number(args.posts);
const WINDOW_MS = Number(args.window) * 1000;
const IMAGES = Number(args.images);
const IMAGE_BYTES = Math.round(Number(args['image-mb']) * 1_048_576);
const USERS = Number(args.users);
const PREFIX = 'bench';
const NETWORK_ENTRY = join(dirname(fileURLToPath(import.meta.url)), 'network.ts');
const logger = createLogger('bench', { NODE_ENV: 'production', LOG_LEVEL: 'fatal', LOG_PRETTY: false });
const say = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;

type Case = 'text' | 'images';
interface Memory {
  posts1: number;
  posts2: number;
  network: number;
  bench: number;
}
interface Result {
  name: Case;
  posts: number;
  imagesPerPost: number;
  lateness: Spread;
  doubles: number;
  losses: number;
  bytesRead: number;
  peakBytes: Memory;
  writeSeconds: number;
  scheduleSeconds: number;
  /** The machine's 1-minute load average when the posts were all published (other work shares the CPUs). */
  loadAverage: number;
}

/** A process's peak resident memory so far, in bytes (Linux). */
function peakOf(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  try {
    const kb = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

function spawnNetwork(env: Record<string, string>): { child: ChildProcess; started: Promise<void> } {
  const child = spawn(process.execPath, ['--import', 'tsx', NETWORK_ENTRY], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const started = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-16_000);
      if (output.includes('network started')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => reject(new Error(`network exited (${code ?? signal}):\n${output}`)));
  });
  started.catch(() => {});
  return { child, started };
}

async function runCase(name: Case, redisUrl: string): Promise<Result> {
  const imagesPerPost = name === 'images' ? IMAGES : 0;
  const db = await createBenchDatabase(`media-${name}`);
  const mediaDir = mkdtempSync(join(tmpdir(), 'nashr-bench-media-'));
  const adminRedis = createRedis(redisUrl, 'worker');
  const producer = createRedis(redisUrl, 'worker');
  const database = createDatabase({ url: db.url, schema, max: 10, applicationName: 'bench' });
  const workers: WorkerProcess[] = [];
  let network: ReturnType<typeof spawnNetwork> | undefined;
  const networkOut = join(mediaDir, 'network.json');
  try {
    await adminRedis.flushall();
    await runMigrations(db.url, { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'posts' });
    await waitForRedis(producer);
    const queues = new Queues({ connection: producer, prefix: PREFIX }, logger);
    const service = new PostService(new PostStore(database.db), new PostQueues(queues, logger));
    const users = Array.from({ length: USERS }, () => randomUUID());

    // Every post's own images, written where the disk store keeps them (as an upload leaves them).
    const writeStarted = Date.now();
    const body = randomBytes(IMAGE_BYTES);
    const media: AttachedMedia[][] = [];
    for (let i = 0; i < POSTS; i += 1) {
      const user = users[i % USERS]!;
      const items: AttachedMedia[] = [];
      for (let n = 0; n < imagesPerPost; n += 1) {
        const id = randomUUID();
        const file = join(mediaDir, mediaStorageKey(user, id, 'image/jpeg'));
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, body);
        items.push({ id, contentType: 'image/jpeg', width: 1600, height: 1200 });
      }
      media.push(items);
    }
    const writeSeconds = (Date.now() - writeStarted) / 1000;
    if (imagesPerPost)
      say(`  wrote ${POSTS * imagesPerPost} images of ${mb(IMAGE_BYTES)} in ${writeSeconds.toFixed(1)} s`);

    network = spawnNetwork({
      REDIS_URL: redisUrl,
      REDIS_PREFIX: PREFIX,
      MEDIA_DIR: mediaDir,
      LATENCY_MS: args.latency!,
      CONCURRENCY: args['network-concurrency']!,
      OUT: networkOut,
    });
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: PREFIX,
      MEDIA_DIR: mediaDir,
      POSTS_WORKER_CONCURRENCY: args['worker-concurrency']!,
    };
    workers.push(spawnPostsWorker(env), spawnPostsWorker(env));
    // Started before the posts are scheduled, so their start-up is not counted against the window.
    await Promise.all([network.started, ...workers.map((w) => w.started)]);

    const scheduleStarted = Date.now();
    const windowStart = scheduleStarted + 15_000 + POSTS * 4;
    let next = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        for (let i = next++; i < POSTS; i = next++) {
          const instant = new Date(windowStart + Math.floor((i * WINDOW_MS) / POSTS));
          await service.schedule(
            users[i % USERS]!,
            `Benchmark post ${i}: pictures from the workshop.`,
            { instant, timeZone: 'Asia/Riyadh' },
            undefined,
            null,
            media[i],
          );
        }
      }),
    );
    const scheduleSeconds = (Date.now() - scheduleStarted) / 1000;
    if (Date.now() > windowStart) throw new Error('scheduling took longer than the lead time: lower --posts');

    say(
      `  scheduled ${POSTS} posts in ${scheduleSeconds.toFixed(1)} s; the window opens in ${seconds(windowStart - Date.now())}`,
    );

    const deadline = windowStart + WINDOW_MS + Number(args['drain-s']) * 1000;
    while (Date.now() < deadline) {
      await sleep(1000);
      const [row] = await database.sql<
        { n: number }[]
      >`select count(*)::int as n from posts.posts where status = 'published'`;
      if (row!.n >= POSTS) break;
    }
    const loadAverage = loadavg()[0]!;
    // Late duplicates would show up now, if there were any.
    await sleep(3000);

    const peakBytes: Memory = {
      posts1: peakOf(workers[0]?.child.pid),
      posts2: peakOf(workers[1]?.child.pid),
      network: peakOf(network.child.pid),
      bench: process.resourceUsage().maxRSS * 1024,
    };
    await stop(network.child);
    const seen = JSON.parse(readFileSync(networkOut, 'utf8')) as {
      published: { postId: string; publishedAt: number; bytes: number }[];
    };
    const rows = await database.sql<{ id: string; due: number; status: string }[]>`
      select id, status, (extract(epoch from scheduled_at) * 1000)::float8 as due from posts.posts`;
    const first = new Map<string, number>();
    const count = new Map<string, number>();
    for (const p of seen.published) {
      count.set(p.postId, (count.get(p.postId) ?? 0) + 1);
      if (!first.has(p.postId)) first.set(p.postId, p.publishedAt);
    }
    const lateness: number[] = [];
    let losses = 0;
    for (const row of rows) {
      const at = first.get(row.id);
      if (at === undefined || row.status !== 'published') losses += 1;
      if (at !== undefined) lateness.push(at - row.due);
    }
    return {
      name,
      posts: rows.length,
      imagesPerPost,
      lateness: spread(lateness),
      doubles: [...count.values()].filter((n) => n > 1).length,
      losses,
      bytesRead: seen.published.reduce((sum, p) => sum + p.bytes, 0),
      peakBytes,
      writeSeconds,
      scheduleSeconds,
      loadAverage,
    };
  } finally {
    for (const w of workers) await stop(w.child);
    if (network) await stop(network.child);
    producer.disconnect();
    await adminRedis.flushall().catch(() => {});
    adminRedis.disconnect();
    await database.close();
    await db.drop();
    rmSync(mediaDir, { recursive: true, force: true });
  }
}

const redis = await startRedis();
const results: Result[] = [];
try {
  say(
    `Images benchmark: ${POSTS} posts due over ${WINDOW_MS / 1000} s, ${IMAGES} images of ${mb(IMAGE_BYTES)} each ` +
      `(and a baseline without), network latency ${args.latency} ms at concurrency ${args['network-concurrency']}, ` +
      `2 posts workers (concurrency ${args['worker-concurrency']})`,
  );
  for (const name of ['text', 'images'] as const) {
    say(`\n[${name}]`);
    const result = await runCase(name, redis.url);
    results.push(result);
    say(
      `  lateness p50 ${seconds(result.lateness.p50)}, p99 ${seconds(result.lateness.p99)}, max ${seconds(result.lateness.max)}; ` +
        `doubles ${result.doubles}; losses ${result.losses}; read ${mb(result.bytesRead)}; ` +
        `load average ${result.loadAverage.toFixed(1)} on ${cpus().length} CPUs`,
    );
  }
} finally {
  await redis.stop();
}

const peak = (m: Memory) => `${mb(m.posts1)} / ${mb(m.posts2)} / ${mb(m.network)} / ${mb(m.bench)}`;
say(
  '\n| case | posts | images each | lateness p50 | p99 | max | published twice | lost | peak memory: posts worker 1 / 2 / network / benchmark |',
);
say('|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  say(
    `| ${r.name} | ${r.posts} | ${r.imagesPerPost} | ${seconds(r.lateness.p50)} | ${seconds(r.lateness.p99)} | ` +
      `${seconds(r.lateness.max)} | ${r.doubles} | ${r.losses} | ${peak(r.peakBytes)} |`,
  );
}
const [text, images] = results;
if (text && images) {
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a');
  say(
    `\nImages against text: lateness p50 ${ratio(images.lateness.p50, text.lateness.p50)}, ` +
      `p99 ${ratio(images.lateness.p99, text.lateness.p99)}; peak memory posts workers ` +
      `${ratio(images.peakBytes.posts1, text.peakBytes.posts1)} / ${ratio(images.peakBytes.posts2, text.peakBytes.posts2)}, ` +
      `network ${ratio(images.peakBytes.network, text.peakBytes.network)}`,
  );
}
if (args.out) writeFileSync(args.out, `${JSON.stringify({ args, results }, null, 2)}\n`);
const broken = results.some((r) => r.doubles > 0 || r.losses > 0 || r.lateness.p99 > 2000);
process.exit(broken ? 1 : 0);
