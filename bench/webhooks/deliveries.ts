/**
 * 10,000 webhook deliveries through the auth service's real `webhooks` worker to a receiver on
 * this machine that answers a fifth of them 500 on their first attempt: every event delivered
 * exactly once (counted by event id at the receiver: duplicates and missing), and the p99 delay
 * from the event's enqueue to its first attempt reaching the receiver ≤ 2 s.
 *
 * The baseline, same run and first: the same events through a receiver that accepts everything.
 *
 * A stack of gateway, auth (API and its `mail` and `webhooks` workers: mail for the sign-in) and the mail catcher; a real
 * sign-in; the account's 10 endpoints (the most an account holds) added through the API. Each
 * event is a `post-published` job added to the `auth-webhooks` queue, as the posts service's
 * publish adds it there (its other subscribers are left out: only the webhooks are measured),
 * paced evenly over the window. The worker's retry backoff is shortened through its own setting
 * (`WEBHOOK_RETRY_BASE_MS`), so the retries land within the run rather than 40 s later.
 *
 *   npx tsx bench/webhooks/deliveries.ts [--events 10000] [--window 60] [--retry-base-ms 1000] [--out results.json]
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { postPublishedEvent, QUEUES, WEBHOOK_HEADERS } from '@nashr/contracts';
import { createLogger, createRedis, Queues } from '@nashr/platform';
import type { Stack, StackOptions } from '@nashr/tools/process-stack';
import { signIn } from '../gateway/sign-in.js';
import { benchOnOwnStack } from '../own-stack.js';
import { type Spread, seconds, spread } from '../scheduler/stats.js';

const { values: flags } = parseArgs({
  options: {
    events: { type: 'string', default: '10000' },
    /** Seconds over which the events are enqueued, evenly. */
    window: { type: 'string', default: '60' },
    'retry-base-ms': { type: 'string', default: '1000' },
    /** How long after the last enqueue the run waits for deliveries still retrying. */
    'drain-s': { type: 'string', default: '120' },
    out: { type: 'string' },
  },
});
const EVENTS = Number(flags.events);
const WINDOW_MS = Number(flags.window) * 1000;
const RETRY_BASE_MS = Number(flags['retry-base-ms']);
const DRAIN_MS = Number(flags['drain-s']) * 1000;
/** The most endpoints an account holds (contracts: MAX_WEBHOOK_ENDPOINTS). */
const ENDPOINTS = 10;
/**
 * A fifth of the deliveries are answered 500 on their first attempt: for event `i` and endpoint
 * `n`, those where `i + n` is a multiple of 5, so every endpoint and every event gets its share.
 */
const FAILS_FIRST = (index: number) => index % 5 === 0;

interface Attempt {
  at: number;
  status: number;
  eventId: string;
}

/** One event as the receiver saw it: each attempt, by the post id the bench gave it. */
interface Seen {
  enqueuedAt: number;
  attempts: Attempt[];
}

/**
 * The receiver: checks each request's signature with its endpoint's secret, answers 500 to the
 * first attempt of the chosen events (when `failing`), 200 otherwise, and notes every attempt.
 */
async function startReceiver(failing: boolean) {
  const secrets = new Map<string, string>();
  const seen = new Map<string, Seen>();
  const index = new Map<string, number>();
  let badSignatures = 0;
  let unknown = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const at = Date.now();
      const raw = Buffer.concat(chunks).toString('utf8');
      const secret = secrets.get(req.url ?? '');
      const header = String(req.headers[WEBHOOK_HEADERS.signature.toLowerCase()] ?? '');
      const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2)));
      const expected = secret ? createHmac('sha256', secret).update(`${parts.t}.${raw}`).digest() : Buffer.alloc(0);
      const given = Buffer.from(parts.v1 ?? '', 'hex');
      if (!secret || given.length !== expected.length || !timingSafeEqual(given, expected)) badSignatures++;
      const body = JSON.parse(raw) as { id: string; data: { postId: string } };
      const key = `${body.data.postId}/${(req.url ?? '').split('/').pop()}`;
      const event = seen.get(key);
      if (!event) {
        unknown++;
        res.writeHead(200).end();
        return;
      }
      const first = event.attempts.length === 0;
      const status = failing && first && FAILS_FIRST(index.get(key) ?? 1) ? 500 : 200;
      event.attempts.push({ at, status, eventId: body.id });
      res.writeHead(status).end(status === 200 ? 'ok' : 'not now');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    secrets,
    expect: (key: string, i: number) => {
      index.set(key, i);
      seen.set(key, { enqueuedAt: 0, attempts: [] });
    },
    enqueued: (key: string, at: number) => {
      const event = seen.get(key);
      if (event) event.enqueuedAt = at;
    },
    seen,
    counts: () => ({ badSignatures, unknown }),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

export interface RunFigures {
  events: number;
  /** Events answered 500 on their first attempt. */
  failedFirst: number;
  /** Events the receiver accepted once (by event id). */
  delivered: number;
  /** Accepted answers beyond the first of an event. */
  duplicates: number;
  /** Events never accepted by the end of the drain. */
  missing: number;
  badSignatures: number;
  /** Enqueue → first attempt at the receiver. */
  firstAttempt: Spread;
  /** Enqueue → the accepted attempt, for the events answered 500 first. */
  retried: Spread;
  /** From the first enqueue until the last event was accepted. */
  allDeliveredMs: number;
}

/** What the script writes to `--out` (run-all reads it). */
export interface WebhookSummary {
  retryBaseMs: number;
  windowMs: number;
  endpoints: number;
  /** Every first attempt accepted. */
  baseline: RunFigures;
  /** A fifth of the first attempts answered 500. */
  failing: RunFigures;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function addEndpoints(stack: Stack, cookie: string, receiver: Receiver, run: string) {
  for (let n = 0; n < ENDPOINTS; n++) {
    const path = `/${run}/${n}`;
    const res = await fetch(`${stack.url}/api/v1/webhooks`, {
      method: 'POST',
      headers: { cookie, origin: stack.url, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiver.url(path), events: ['post.published'] }),
    });
    const body = (await res.json()) as { data?: { secret: string; endpoint: { id: string } } };
    if (res.status !== 201 || !body.data) throw new Error(`adding an endpoint answered ${res.status}`);
    receiver.secrets.set(path, body.data.secret);
  }
  return async () => {
    const list = await fetch(`${stack.url}/api/v1/webhooks`, { headers: { cookie, origin: stack.url } });
    const { data } = (await list.json()) as { data: { endpoints: { id: string }[] } };
    for (const endpoint of data.endpoints) {
      await fetch(`${stack.url}/api/v1/webhooks/${endpoint.id}`, {
        method: 'DELETE',
        headers: { cookie, origin: stack.url },
      });
    }
  };
}

/**
 * One run: `EVENTS / ENDPOINTS` events per endpoint (each event goes to every endpoint of the
 * account, so `EVENTS` deliveries in all), enqueued evenly over the window, then waited for.
 */
async function run(
  stack: Stack,
  cookie: string,
  plan: { label: string; failing: boolean; deliveries: number; windowMs: number },
  log: (line: string) => void,
): Promise<RunFigures> {
  const { label, failing } = plan;
  const receiver = await startReceiver(failing);
  const removeEndpoints = await addEndpoints(stack, cookie, receiver, label);
  const redis = createRedis(stack.redisUrl, 'worker');
  const queues = new Queues(
    { connection: redis, prefix: stack.redisPrefix },
    createLogger('webhooks-bench', { LOG_LEVEL: 'warn', NODE_ENV: 'production', LOG_PRETTY: false }),
  );
  const { userId } = await whoAmI(stack, cookie);
  try {
    // One event reaches the account's 10 endpoints: EVENTS deliveries from EVENTS / 10 events.
    // Each delivery is told apart by its endpoint, so the receiver keys them by path and post id.
    const events = Math.ceil(plan.deliveries / ENDPOINTS);
    const postIds = Array.from({ length: events }, () => randomUUID());
    postIds.forEach((postId, i) => {
      for (let n = 0; n < ENDPOINTS; n++) receiver.expect(`${postId}/${n}`, i + n);
    });
    const queue = queues.get(QUEUES.authWebhooks);
    const started = Date.now();
    const gap = plan.windowMs / events;
    for (let i = 0; i < events; i++) {
      const due = started + i * gap;
      const wait = due - Date.now();
      if (wait > 0) await sleep(wait);
      const postId = postIds[i] as string;
      const data = postPublishedEvent.schema.parse({
        postId,
        userId,
        networkPostId: `urn:li:share:${i}`,
        url: null,
        publishedAt: new Date().toISOString(),
      });
      const at = Date.now();
      for (let n = 0; n < ENDPOINTS; n++) receiver.enqueued(`${postId}/${n}`, at);
      await queue.add(postPublishedEvent.name, data);
    }
    log(`${label}: ${events} events (${events * ENDPOINTS} deliveries) enqueued in ${seconds(Date.now() - started)}`);
    const accepted = () => [...receiver.seen.values()].filter((e) => e.attempts.some((a) => a.status === 200)).length;
    const deadline = Date.now() + DRAIN_MS;
    while (accepted() < events * ENDPOINTS && Date.now() < deadline) await sleep(500);
    // A little longer, so a duplicate arriving just after the last first delivery is still counted.
    await sleep(2 * RETRY_BASE_MS);
    return figuresOf(receiver, started);
  } finally {
    await removeEndpoints();
    await queues.close();
    redis.disconnect();
    await receiver.close();
  }
}

/**
 * The receiver's notes per delivery. Deliveries are keyed by `<postId>/<endpoint>`: the receiver
 * hears of them as `data.postId` on path `/<run>/<endpoint>`, so it records them under that key.
 */
function figuresOf(receiver: Receiver, started: number): RunFigures {
  const firstAttempt: number[] = [];
  const retried: number[] = [];
  let delivered = 0;
  let duplicates = 0;
  let missing = 0;
  let failedFirst = 0;
  let lastAccepted = started;
  for (const event of receiver.seen.values()) {
    const first = event.attempts[0];
    if (first) firstAttempt.push(first.at - event.enqueuedAt);
    if (first && first.status !== 200) failedFirst++;
    const accepted = event.attempts.filter((a) => a.status === 200);
    if (accepted.length === 0) missing++;
    else {
      delivered++;
      duplicates += accepted.length - 1;
      lastAccepted = Math.max(lastAccepted, accepted[0]?.at ?? 0);
      if (first && first.status !== 200) retried.push((accepted[0]?.at ?? 0) - event.enqueuedAt);
    }
  }
  return {
    events: receiver.seen.size,
    failedFirst,
    delivered,
    duplicates,
    missing,
    badSignatures: receiver.counts().badSignatures,
    firstAttempt: spread(firstAttempt),
    retried: spread(retried),
    allDeliveredMs: lastAccepted - started,
  };
}

async function whoAmI(stack: Stack, cookie: string): Promise<{ userId: string }> {
  const res = await fetch(`${stack.url}/api/v1/auth/me`, { headers: { cookie, origin: stack.url } });
  const body = (await res.json()) as { data?: { user?: { id: string } } };
  const userId = body.data?.user?.id;
  if (!userId) throw new Error(`/me answered ${res.status} without a user id`);
  return { userId };
}

async function main() {
  const workerEnv = { WEBHOOK_RETRY_BASE_MS: String(RETRY_BASE_MS), AUTH_WORKERS: 'mail,webhooks' };
  const stackOptions: StackOptions = {
    services: ['auth'],
    workers: ['auth'],
    helpers: ['mail'],
    logLevel: 'warn',
    env: {
      auth: { WEBHOOK_RETRY_BASE_MS: String(RETRY_BASE_MS) },
      'auth-worker': workerEnv,
      gateway: { RATE_LIMIT_PER_MINUTE: '100000000' },
    },
  };
  const log = (line: string) => console.log(line);
  await benchOnOwnStack(stackOptions, flags.out, async (stack): Promise<WebhookSummary> => {
    log(
      `the worker's retry backoff is shortened for this run: WEBHOOK_RETRY_BASE_MS=${RETRY_BASE_MS} ` +
        `(the product's default is 40000); ${EVENTS} deliveries over ${WINDOW_MS / 1000} s to ${ENDPOINTS} endpoints`,
    );
    const { cookie } = await signIn(stack.url, `http://127.0.0.1:${stack.ports['mail-inbox']}`);
    // A warm-up first (a tenth, not counted), so neither run pays for loading and compiling the code.
    const windowMs = WINDOW_MS;
    await run(
      stack,
      cookie,
      { label: 'warm-up', failing: true, deliveries: EVENTS / 10, windowMs: windowMs / 10 },
      log,
    );
    const baseline = await run(stack, cookie, { label: 'all-200', failing: false, deliveries: EVENTS, windowMs }, log);
    log(`all-200: ${JSON.stringify(baseline)}`);
    const failing = await run(stack, cookie, { label: 'fifth-500', failing: true, deliveries: EVENTS, windowMs }, log);
    log(`fifth-500: ${JSON.stringify(failing)}`);
    return { retryBaseMs: RETRY_BASE_MS, windowMs: WINDOW_MS, endpoints: ENDPOINTS, baseline, failing };
  });
}

await main();
