/**
 * Scheduler timeliness benchmark (issue 5). Not part of `npm test`.
 *
 *   npx tsx bench/scheduler/run.ts [--posts 10000] [--window 60] [--latency 50]
 *                                  [--scenarios baseline,kill,flush] [--out results.json]
 *
 * Each scenario: a fresh database and an empty Redis of the benchmark's own, two posts workers
 * as separate processes (`services/posts/src/worker.ts`), a simulated network worker in this
 * process (real BullMQ, `--latency` ms per publish, idempotent per hand-over like the real one),
 * and `--posts` posts due at instants spread evenly over one `--window`-second window. `kill`
 * SIGKILLs one worker halfway through the window; `flush` runs FLUSHALL halfway through it.
 * Reported: lateness from due time to the network accepting the post (p50/p99/max), the same to
 * the post being marked published in PostgreSQL, posts published twice and posts never published.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createDatabase, createLogger, createRedis, Queues, runMigrations, waitForRedis } from '@nashr/platform';
import { MIGRATIONS_FOLDER } from '../../services/posts/src/app.js';
import { schema } from '../../services/posts/src/db/schema.js';
import { PostQueues } from '../../services/posts/src/jobs/post-queues.js';
import { PostService } from '../../services/posts/src/post-service.js';
import { PostStore } from '../../services/posts/src/post-store.js';
import { FakeLinkedin } from '../../services/posts/src/testing/fake-linkedin.js';
import { spawnPostsWorker, type WorkerProcess } from '../../services/posts/src/testing/worker-process.js';
import { createBenchDatabase, startRedis } from './infra.js';
import { type Spread, seconds, spread } from './stats.js';

const { values: args } = parseArgs({
  options: {
    posts: { type: 'string', default: '10000' },
    window: { type: 'string', default: '60' },
    latency: { type: 'string', default: '50' },
    scenarios: { type: 'string', default: 'baseline,kill,flush' },
    users: { type: 'string', default: '500' },
    'network-concurrency': { type: 'string', default: '100' },
    'reconcile-ms': { type: 'string', default: '10000' },
    'stuck-ms': { type: 'string', default: '15000' },
    'worker-concurrency': { type: 'string', default: '50' },
    /** Give up on stragglers this long after the window ends. */
    'drain-s': { type: 'string', default: '180' },
    out: { type: 'string' },
  },
});

const POSTS = Number(args.posts);
const WINDOW_MS = Number(args.window) * 1000;
const LATENCY_MS = Number(args.latency);
const USERS = Number(args.users);
const PREFIX = 'bench';
const SCENARIOS = (args.scenarios ?? '').split(',').filter(Boolean) as Scenario[];
type Scenario = 'baseline' | 'kill' | 'flush';

// BullMQ's "Missing key" errors after FLUSHALL are expected there; the table says what matters.
const logger = createLogger('bench', { NODE_ENV: 'production', LOG_LEVEL: 'fatal', LOG_PRETTY: false });
const say = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

interface Result {
  scenario: Scenario;
  posts: number;
  networkLateness: Spread;
  recordedLateness: Spread;
  /** Posts that reached the network more than 5 s after their time. */
  lateOver5s: number;
  doubles: number;
  losses: number;
  redeliveriesAbsorbed: number;
  fault: string;
  scheduleSeconds: number;
  /** The machine's 1-minute load average when the window closed (other work shares the CPUs). */
  loadAverage: number;
}

async function runScenario(scenario: Scenario, redisUrl: string): Promise<Result> {
  const db = await createBenchDatabase(scenario);
  const workers: WorkerProcess[] = [];
  const adminRedis = createRedis(redisUrl, 'worker');
  const producer = createRedis(redisUrl, 'worker');
  const networkConnection = createRedis(redisUrl, 'worker');
  const database = createDatabase({ url: db.url, schema, max: 10, applicationName: 'bench' });
  let network: FakeLinkedin | undefined;
  try {
    await adminRedis.flushall();
    await runMigrations(db.url, { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'posts' });
    await waitForRedis(producer);
    const queues = new Queues({ connection: producer, prefix: PREFIX }, logger);
    const service = new PostService(new PostStore(database.db), new PostQueues(queues, logger));

    // Scheduling ~2 ms a post here; the window opens once every post is in.
    const scheduleStarted = Date.now();
    const windowStart = scheduleStarted + 15_000 + POSTS * 4;
    const users = Array.from({ length: USERS }, () => randomUUID());
    let next = 0;
    await Promise.all(
      Array.from({ length: 40 }, async () => {
        for (let i = next++; i < POSTS; i = next++) {
          const instant = new Date(windowStart + Math.floor((i * WINDOW_MS) / POSTS));
          await service.schedule(users[i % USERS]!, `Benchmark post ${i}: consistency beats intensity.`, {
            instant,
            timeZone: 'Asia/Riyadh',
          });
        }
      }),
    );
    const scheduleSeconds = (Date.now() - scheduleStarted) / 1000;
    if (Date.now() > windowStart) throw new Error('scheduling took longer than the lead time: lower --posts');
    say(
      `  scheduled ${POSTS} posts in ${scheduleSeconds.toFixed(1)} s; window opens in ${seconds(windowStart - Date.now())}`,
    );

    network = new FakeLinkedin({
      context: { connection: networkConnection, prefix: PREFIX },
      logger,
      latencyMs: LATENCY_MS,
      concurrency: Number(args['network-concurrency']),
    });
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: PREFIX,
      RECONCILE_INTERVAL_MS: args['reconcile-ms']!,
      PUBLISH_STUCK_MS: args['stuck-ms']!,
      POSTS_WORKER_CONCURRENCY: args['worker-concurrency']!,
    };
    workers.push(spawnPostsWorker(env), spawnPostsWorker(env));
    await Promise.all(workers.map((w) => w.started));
    say('  two posts workers started');

    let fault = 'none';
    const faultAt = windowStart + WINDOW_MS / 2;
    const faultDone = (async () => {
      if (scenario === 'baseline') return;
      await sleep(faultAt - Date.now());
      const published = network!.networkPosts.length;
      if (scenario === 'kill') {
        workers[0]!.child.kill('SIGKILL');
        fault = `worker 1 SIGKILLed ${seconds(Date.now() - windowStart)} into the window (${published} published)`;
      } else {
        await adminRedis.flushall();
        fault = `FLUSHALL ${seconds(Date.now() - windowStart)} into the window (${published} published)`;
      }
      say(`  ${fault}`);
    })();

    const deadline = windowStart + WINDOW_MS + Number(args['drain-s']) * 1000;
    let recorded = 0;
    while (Date.now() < deadline) {
      await sleep(1000);
      const [row] = await database.sql<
        { n: number }[]
      >`select count(*)::int as n from posts.posts where status = 'published'`;
      recorded = row!.n;
      if (recorded >= POSTS && Date.now() > faultAt) break;
    }
    await faultDone;
    // Late duplicates would show up now, if there were any.
    await sleep(3000);

    const rows = await database.sql<{ id: string; due: number; recorded: number; status: string }[]>`
      select id, status, (extract(epoch from scheduled_at) * 1000)::float8 as due,
             (extract(epoch from updated_at) * 1000)::float8 as recorded
      from posts.posts`;
    const firstPublish = new Map<string, number>();
    const publishCount = new Map<string, number>();
    for (const p of network.networkPosts) {
      publishCount.set(p.postId, (publishCount.get(p.postId) ?? 0) + 1);
      if (!firstPublish.has(p.postId)) firstPublish.set(p.postId, p.publishedAt.getTime());
    }
    const networkLateness: number[] = [];
    const recordedLateness: number[] = [];
    let losses = 0;
    for (const row of rows) {
      const at = firstPublish.get(row.id);
      if (at === undefined || row.status !== 'published') losses += 1;
      if (at !== undefined) networkLateness.push(at - row.due);
      if (row.status === 'published') recordedLateness.push(row.recorded - row.due);
    }
    const deliveries = [...network.deliveries.values()].reduce((a, b) => a + b, 0);
    return {
      scenario,
      posts: rows.length,
      networkLateness: spread(networkLateness),
      recordedLateness: spread(recordedLateness),
      lateOver5s: networkLateness.filter((ms) => ms > 5000).length,
      doubles: [...publishCount.values()].filter((n) => n > 1).length,
      losses,
      redeliveriesAbsorbed: deliveries - network.networkPosts.length,
      fault,
      scheduleSeconds,
      loadAverage: loadavg()[0]!,
    };
  } finally {
    for (const w of workers) {
      if (w.child.exitCode === null && w.child.signalCode === null) {
        w.child.kill('SIGTERM');
        await new Promise((r) => w.child.once('exit', r));
      }
    }
    await network?.close();
    networkConnection.disconnect();
    producer.disconnect();
    await adminRedis.flushall().catch(() => {});
    adminRedis.disconnect();
    await database.close();
    await db.drop();
  }
}

const redis = await startRedis();
const results: Result[] = [];
try {
  say(
    `Scheduler benchmark: ${POSTS} posts due over ${WINDOW_MS / 1000} s, network latency ${LATENCY_MS} ms ` +
      `(concurrency ${args['network-concurrency']}), 2 posts workers (concurrency ${args['worker-concurrency']}), ` +
      `reconciler every ${args['reconcile-ms']} ms`,
  );
  for (const scenario of SCENARIOS) {
    say(`\n[${scenario}]`);
    const result = await runScenario(scenario, redis.url);
    results.push(result);
    say(`  load average ${result.loadAverage.toFixed(1)} on ${cpus().length} CPUs`);
    say(
      `  network lateness p50 ${seconds(result.networkLateness.p50)}, p99 ${seconds(result.networkLateness.p99)}, ` +
        `max ${seconds(result.networkLateness.max)}; ${result.lateOver5s} over 5 s; doubles ${result.doubles}; losses ${result.losses}`,
    );
  }
} finally {
  await redis.stop();
}

say(
  '\n| scenario | posts | lateness p50 | p99 | max | > 5 s | recorded p50 | p99 | max | doubles | losses | re-deliveries absorbed | load avg |',
);
say('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  say(
    `| ${r.scenario} | ${r.posts} | ${seconds(r.networkLateness.p50)} | ${seconds(r.networkLateness.p99)} | ` +
      `${seconds(r.networkLateness.max)} | ${r.lateOver5s} | ${seconds(r.recordedLateness.p50)} | ${seconds(r.recordedLateness.p99)} | ` +
      `${seconds(r.recordedLateness.max)} | ${r.doubles} | ${r.losses} | ${r.redeliveriesAbsorbed} | ${r.loadAverage.toFixed(1)} |`,
  );
}
if (args.out) writeFileSync(args.out, `${JSON.stringify({ args, results }, null, 2)}\n`);
const broken = results.some((r) => r.doubles > 0 || r.losses > 0);
process.exit(broken ? 1 : 0);
