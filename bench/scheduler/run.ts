/**
 * Scheduler timeliness benchmark (issue 5). Not part of `npm test`.
 *
 *   npx tsx bench/scheduler/run.ts [--posts 10000] [--window 60] [--latency 50]
 *                                  [--scenarios baseline,kill,flush] [--out results.json]
 *                                  [--others 0,10000,100000,1000000] [--others-days 90]
 *
 * Each scenario: a fresh database and an empty Redis of the benchmark's own, two posts workers
 * as separate processes (the posts service's `src/worker.ts`), a simulated network worker in this
 * process (real BullMQ, `--latency` ms per publish, idempotent per hand-over like the real one),
 * and `--posts` posts due at instants spread evenly over one `--window`-second window. `kill`
 * SIGKILLs one worker halfway through the window; `flush` runs FLUSHALL halfway through it.
 * Reported: lateness from due time to the network accepting the post (p50/p99/max), the same to
 * the post being marked published in PostgreSQL, posts published twice and posts never published.
 *
 * `--others`: every scenario again beside that many other posts, scheduled over the next
 * `--others-days` days from an hour after the start (one bulk INSERT, `backlog.ts`), as a full
 * schedule leaves them: the reconciler brings those due within the horizon into Redis. Also
 * reported then: Redis memory once the workers have started, and the reconciler's time over
 * that schedule (a worker started on an emptied Redis, then runs that find every job in place).
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { QUEUES } from '@nashr/contracts';
import {
  createDatabase,
  createLogger,
  createRedis,
  Queues,
  queueKeyPrefix,
  runMigrations,
  waitForRedis,
} from '@nashr/platform';
import { MIGRATIONS_FOLDER, PostQueues, PostService, PostStore, schema } from '@nashr/posts';
import { FakeLinkedin, spawnPostsWorker, type WorkerProcess } from '@nashr/posts/testing';
import { insertOtherPosts, OTHER_POSTS_USER, type ReconcileTimes, timeReconcile } from './backlog.js';
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
    others: { type: 'string', default: '0' },
    'others-days': { type: 'string', default: '90' },
    out: { type: 'string' },
  },
});

const POSTS = Number(args.posts);
const WINDOW_MS = Number(args.window) * 1000;
const LATENCY_MS = Number(args.latency);
const USERS = Number(args.users);
const PREFIX = 'bench';
const SCENARIOS = (args.scenarios ?? '').split(',').filter(Boolean) as Scenario[];
const OTHERS = (args.others ?? '0').split(',').map((n) => Number(n.replace(/_/g, '')));
const OTHERS_DAYS = Number(args['others-days']);
type Scenario = 'baseline' | 'kill' | 'flush';

// BullMQ's "Missing key" errors after FLUSHALL are expected there; the table says what matters.
const logger = createLogger('bench', { NODE_ENV: 'production', LOG_LEVEL: 'fatal', LOG_PRETTY: false });
const say = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

interface Result {
  scenario: Scenario;
  posts: number;
  /** Other posts scheduled over the next days beside the benchmark's own (`--others`). */
  others: number;
  othersInsertSeconds: number;
  /** Redis `used_memory` once both workers had started, before the window opened, and the due jobs in it. */
  redisBytes: number;
  delayedJobs: number;
  reconcile: ReconcileTimes;
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

const usedMemory = async (redis: ReturnType<typeof createRedis>) =>
  Number(/^used_memory:(\d+)/m.exec(await redis.info('memory'))?.[1]);

async function stopWorkers(workers: WorkerProcess[]): Promise<void> {
  for (const w of workers) {
    if (w.child.exitCode === null && w.child.signalCode === null) {
      const exited = new Promise((r) => w.child.once('exit', r));
      w.child.kill('SIGTERM');
      await exited;
    }
  }
}

async function runScenario(scenario: Scenario, redisUrl: string, others: number): Promise<Result> {
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

    let othersInsertSeconds = 0;
    if (others > 0) {
      othersInsertSeconds =
        (await insertOtherPosts(database.sql, others, new Date(Date.now() + 3_600_000), OTHERS_DAYS)) / 1000;
      say(`  ${others} other posts over ${OTHERS_DAYS} days inserted in ${othersInsertSeconds.toFixed(1)} s`);
    }

    // Scheduling ~2 ms a post here; the window opens once every post is in and the workers have
    // started (their first reconcile brings the other posts due within the horizon into Redis).
    const scheduleStarted = Date.now();
    const windowStart = scheduleStarted + 15_000 + POSTS * 4 + (others > 0 ? 10_000 + others / 50 : 0);
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
    const redisBytes = await usedMemory(adminRedis);
    const delayedJobs = await adminRedis.zcard(`${queueKeyPrefix(PREFIX)}:${QUEUES.postsDue}:delayed`);
    say(
      `  two posts workers started, ${seconds(windowStart - Date.now())} before the window; ` +
        `Redis ${(redisBytes / 1_048_576).toFixed(1)} MB, ${delayedJobs} due jobs`,
    );

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
      from posts.posts where user_id <> ${OTHER_POSTS_USER}::uuid`;
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
    const loadAverage = loadavg()[0]!;

    say(
      `  network lateness p50 ${seconds(spread(networkLateness).p50)}, p99 ${seconds(spread(networkLateness).p99)}; ` +
        `losses ${losses}`,
    );
    // The reconciler over what is left scheduled: the other posts (the benchmark's are published).
    await stopWorkers(workers);
    const reconcile = await timeReconcile({ databaseUrl: db.url, redisUrl, prefix: PREFIX, logger });
    say(
      `  reconcile over ${others} other posts: cold ${reconcile.coldMs.toFixed(0)} ms (${reconcile.restored} jobs), ` +
        `warm ${reconcile.warmMs.toFixed(0)} ms (${reconcile.checked} posts within the horizon)`,
    );
    return {
      scenario,
      posts: rows.length,
      others,
      othersInsertSeconds,
      redisBytes,
      delayedJobs,
      reconcile,
      networkLateness: spread(networkLateness),
      recordedLateness: spread(recordedLateness),
      lateOver5s: networkLateness.filter((ms) => ms > 5000).length,
      doubles: [...publishCount.values()].filter((n) => n > 1).length,
      losses,
      redeliveriesAbsorbed: deliveries - network.networkPosts.length,
      fault,
      scheduleSeconds,
      loadAverage,
    };
  } finally {
    await stopWorkers(workers);
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
  for (const scenario of OTHERS.flatMap((others) => SCENARIOS.map((name) => ({ name, others })))) {
    say(`\n[${scenario.name}${scenario.others ? `, beside ${scenario.others} other posts` : ''}]`);
    const result = await runScenario(scenario.name, redis.url, scenario.others);
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
  '\n| scenario | other posts | posts | lateness p50 | p99 | max | > 5 s | recorded p50 | p99 | max | doubles | losses | re-deliveries absorbed | Redis MB (due jobs) | reconcile cold / warm | load avg |',
);
say('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  say(
    `| ${r.scenario} | ${r.others} | ${r.posts} | ${seconds(r.networkLateness.p50)} | ${seconds(r.networkLateness.p99)} | ` +
      `${seconds(r.networkLateness.max)} | ${r.lateOver5s} | ${seconds(r.recordedLateness.p50)} | ${seconds(r.recordedLateness.p99)} | ` +
      `${seconds(r.recordedLateness.max)} | ${r.doubles} | ${r.losses} | ${r.redeliveriesAbsorbed} | ` +
      `${(r.redisBytes / 1_048_576).toFixed(1)} (${r.delayedJobs}) | ${r.reconcile.coldMs.toFixed(0)} / ${r.reconcile.warmMs.toFixed(0)} ms | ` +
      `${r.loadAverage.toFixed(1)} |`,
  );
}
if (args.out) writeFileSync(args.out, `${JSON.stringify({ args, results }, null, 2)}\n`);
const broken = results.some((r) => r.doubles > 0 || r.losses > 0);
process.exit(broken ? 1 : 0);
