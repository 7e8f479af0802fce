import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { type AddressInfo, createServer } from 'node:net';
import { Writable } from 'node:stream';
import type { Identity, Role } from '@nashr/contracts';
import { pino } from 'pino';
import postgres from 'postgres';
import type { Logger } from '../logger.js';
import { installationKeyPatterns } from '../queues.js';
import { createRedis, type Redis, waitForRedis } from '../redis.js';
import { migratedTemplate, type ServiceMigrations } from './migrated-database.js';

export { resolveBackingServices } from './backing-services.js';
export { type CallArgs, type CallInput, callEndpoint } from './call.js';
export { migrateBefore } from './migrate-before.js';
export { migratedTemplate, type ServiceMigrations } from './migrated-database.js';

function requireEnv(name: 'DATABASE_URL' | 'REDIS_URL'): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests through vitest so its global setup resolves it`);
  return value;
}

export interface TestDatabase {
  url: string;
  drop: () => Promise<void>;
}

/** A fresh database named `name` on the server of `adminUrl` (a copy of `template`, else empty), dropped by `drop`. */
export async function createScratchDatabase(adminUrl: string, name: string, template?: string): Promise<TestDatabase> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await again.unsafe(`drop database if exists "${name}" with (force)`);
      await again.end();
    },
  };
}

/**
 * A fresh database for one test file, so files can run in parallel: empty, or with `migrations`
 * already applied (a copy of a migrated template: see `migratedTemplate`).
 */
export async function createTestDatabase(migrations: readonly ServiceMigrations[] = []): Promise<TestDatabase> {
  const adminUrl = requireEnv('DATABASE_URL');
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = migrations.length ? await migratedTemplate(adminUrl, migrations) : undefined;
  try {
    return await createScratchDatabase(adminUrl, name, template);
  } catch (error) {
    // 3D000: the template is gone. A run of another checkout, with other migrations, built its own
    // and dropped the older ones between this file's look and its copy: build it again.
    if (!template || (error as { code?: unknown }).code !== '3D000') throw error;
    return createScratchDatabase(adminUrl, name, await migratedTemplate(adminUrl, migrations));
  }
}

export interface TestRedis {
  url: string;
  /** Key prefix of this test file: queues and sessions under it are invisible to other files. */
  prefix: string;
  /** Removes every key under the prefix and closes the helper's own connection. */
  cleanup: () => Promise<void>;
  redis: Redis;
}

export async function createTestRedis(): Promise<TestRedis> {
  const url = requireEnv('REDIS_URL');
  const prefix = `t${randomBytes(5).toString('hex')}`;
  const redis = createRedis(url, 'worker');
  return {
    url,
    prefix,
    redis,
    cleanup: async () => {
      for (const pattern of installationKeyPatterns(prefix)) {
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
          cursor = next;
          if (keys.length) await redis.del(...keys);
        } while (cursor !== '0');
      }
      redis.disconnect();
    },
  };
}

/** Whether `redis-server` can be started here (tests that need a Redis of their own skip without it). */
export const canStartRedisServer = spawnSync('redis-server', ['--version']).status === 0;

export interface ScratchRedis {
  url: string;
  stop: () => Promise<void>;
}

/**
 * A Redis server of the test's own on a free loopback port, no persistence, started with `args`
 * (e.g. `['--maxmemory-policy', 'allkeys-lru']`), for what must not touch the shared server.
 */
export async function startScratchRedis(args: string[] = []): Promise<ScratchRedis> {
  const port = await new Promise<number>((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...args],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `redis://127.0.0.1:${port}`;
  const probe = createRedis(url, 'worker');
  try {
    await Promise.race([
      waitForRedis(probe, 10_000),
      exited.then(() => Promise.reject(new Error('redis-server exited at start'))),
    ]);
  } finally {
    probe.disconnect();
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export function testIdentity(roles: Role[] = ['user']): Identity {
  const userId = randomUUID();
  return { userId, email: `user-${userId.slice(0, 8)}@example.test`, roles };
}

/** A logger whose lines are kept in memory, so tests can read what was (and was not) logged. */
export function createCapturingLogger(): { logger: Logger; lines: () => string[] } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: pino({ level: 'trace' }, sink), lines: () => [...lines] };
}

export const TEST_INTERNAL_SECRET = 'test-internal-secret-0123456789';

/** The value of one sample in Prometheus text, matched by name and every given label; 0 when absent. */
export function metricSample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return 0;
}

export interface DownService {
  /** `http://127.0.0.1:<port>`: a service address where nothing answers. */
  url: string;
  close: () => Promise<void>;
}

/**
 * An address that stays ours while a test runs, where every connection is cut at once: a
 * service that is down. A default port, or a free port released again, may be taken meanwhile
 * by another process (`npm start` beside the tests, another test file) that would answer.
 */
export async function startDownService(): Promise<DownService> {
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}
