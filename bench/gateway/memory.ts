/**
 * The gateway's memory for remembered sessions: a gateway built from the stack's own settings
 * (`buildApp` of `@nashr/gateway`, the stack's Redis, auth service and secrets) in a process of
 * its own run with `--expose-gc`, so the heap can be read after a full collection.
 *
 *   1. warm-up: `WARMUP` sessions ask `/me` (code compiled, pools open), then an announced change
 *      of the user makes the gateway forget them all: the empty cache, read after GC;
 *   2. `sessions` new sessions of the same real user (created the way the tests create them:
 *      `SessionStore` in the stack's Redis, the cookie signed with the stack's secret) each ask
 *      `/me` once through the whole path (Redis, auth, PostgreSQL): read again after GC;
 *   3. the sessions are deleted from Redis without an announcement, and each asks `/me` again:
 *      only a remembered one is still answered (200), which shows how many the gateway holds;
 *   4. another announced change empties the cache again: read after GC, back near step 1.
 *
 *   node --expose-gc --import tsx bench/gateway/memory.ts '<MemoryOptions as JSON>'  → MemoryFigures as JSON
 */
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import { API, type Identity, SESSION_COOKIE } from '@nashr/contracts';
import { buildApp, configSchema } from '@nashr/gateway';
import { createLogger, createRedis, IdentityChanges, SessionStore, sessionDigest, waitForRedis } from '@nashr/platform';
import { figuresFromChild } from './child-figures.js';

export interface MemoryOptions {
  /** The variables the stack's gateway process runs with. */
  gatewayEnv: Record<string, string>;
  /** A real signed-in session (`sid=…`): whose user the new sessions belong to. */
  cookie: string;
  sessions: number;
}

export interface MemoryFigures {
  sessions: number;
  /** Sessions still answered from memory once their Redis entries were gone. */
  remembered: number;
  /** Seconds the `/me` calls of step 2 took. */
  fillSeconds: number;
  /** Bytes after GC: V8 heap in use plus memory outside it (buffers), and the resident set. */
  empty: { heap: number; rss: number };
  full: { heap: number; rss: number };
  emptied: { heap: number; rss: number };
}

const WARMUP = 200;
const CONCURRENCY = 32;

async function measure(options: MemoryOptions): Promise<MemoryFigures> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc');
  const config = configSchema.parse(options.gatewayEnv);
  const logger = createLogger('gateway', { NODE_ENV: 'production', LOG_LEVEL: 'warn', LOG_PRETTY: false });
  const redis = createRedis(config.REDIS_URL, 'request');
  await waitForRedis(redis);
  const app = await buildApp({ config, logger, redis });
  const sessions = new SessionStore(redis, config.REDIS_PREFIX);
  const changes = new IdentityChanges(redis, config.REDIS_PREFIX);
  // Redis keys a session by the SHA-256 of its id, never the id.
  const sessionKey = (id: string) => `${config.REDIS_PREFIX}:session-sha256:${sessionDigest(id)}`;
  const me = (cookie: string) => app.inject({ method: 'GET', url: API.auth.me.path, headers: { cookie } });

  try {
    const first = await me(options.cookie);
    if (first.statusCode !== 200) throw new Error(`/me answered ${first.statusCode}: ${first.body}`);
    const user = (first.json() as { data: { user: { id: string; email: string; roles: Identity['roles'] } } }).data
      .user;
    const identity: Identity = { userId: user.id, email: user.email, roles: user.roles };

    /** Creates `count` sessions and has each ask `/me`, `CONCURRENCY` at a time; returns their ids. */
    const askAsNew = async (count: number) => {
      const ids: string[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < count) {
            next += 1;
            const id = await sessions.create(identity);
            ids.push(id);
            const res = await me(`${SESSION_COOKIE}=${fastifyCookie.sign(id, config.COOKIE_SECRET)}`);
            if (res.statusCode !== 200) throw new Error(`/me of a new session answered ${res.statusCode}`);
          }
        }),
      );
      return ids;
    };
    /** Announces a change of the user, and waits until the gateway has forgotten its sessions. */
    const forget = async (probe: string) => {
      await changes.userChanged(identity.userId);
      await redis.del(sessionKey(probe));
      const deadline = Date.now() + 30_000;
      while ((await me(`${SESSION_COOKIE}=${fastifyCookie.sign(probe, config.COOKIE_SECRET)}`)).statusCode === 200) {
        if (Date.now() > deadline) throw new Error('the gateway did not hear the announced change within 30 s');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const settle = () => {
      for (let i = 0; i < 4; i++) gc();
      const usage = process.memoryUsage();
      return { heap: usage.heapUsed + usage.external, rss: usage.rss };
    };

    const warm = await askAsNew(WARMUP);
    await forget(warm[0]!);
    const empty = settle();

    const started = performance.now();
    const ids = await askAsNew(options.sessions);
    const fillSeconds = (performance.now() - started) / 1000;
    const full = settle();

    // Only a remembered session can still be answered once its entry in Redis is gone.
    await redis.del(...ids.map(sessionKey));
    let remembered = 0;
    for (const id of ids) {
      if ((await me(`${SESSION_COOKIE}=${fastifyCookie.sign(id, config.COOKIE_SECRET)}`)).statusCode === 200) {
        remembered += 1;
      }
    }
    const probe = await sessions.create(identity);
    if ((await me(`${SESSION_COOKIE}=${fastifyCookie.sign(probe, config.COOKIE_SECRET)}`)).statusCode !== 200) {
      throw new Error('/me of the probe session failed');
    }
    await forget(probe);
    const emptied = settle();
    return { sessions: options.sessions, remembered, fillSeconds, empty, full, emptied };
  } finally {
    await app.close();
    redis.disconnect();
  }
}

const SELF = fileURLToPath(import.meta.url);

/** Runs the measurement in a process of its own (`--expose-gc`) and returns its figures. */
export function measureGatewayMemory(options: MemoryOptions): Promise<MemoryFigures> {
  return figuresFromChild<MemoryFigures>(SELF, options, 'the memory measurement', ['--expose-gc']);
}

if (process.argv[1] === SELF) {
  const figures = await measure(JSON.parse(process.argv[2] ?? '{}') as MemoryOptions);
  process.stdout.write(`${JSON.stringify(figures)}\n`);
  process.exit(0);
}
