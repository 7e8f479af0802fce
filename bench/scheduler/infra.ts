import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { createScratchDatabase, type TestDatabase } from '@nashr/platform/testing';

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface BenchRedis {
  url: string;
  stop: () => Promise<void>;
}

/**
 * A Redis server of the benchmark's own, so "Redis flushed midway" can really FLUSHALL without
 * touching anyone else's data. BENCH_REDIS_URL points at an existing one instead (it must be
 * dedicated to the benchmark, since the flush scenario flushes it).
 */
export async function startRedis(): Promise<BenchRedis> {
  if (process.env.BENCH_REDIS_URL) return { url: process.env.BENCH_REDIS_URL, stop: async () => {} };
  const port = await freePort();
  const child: ChildProcess = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--maxmemory-policy',
      'noeviction',
      '--loglevel',
      'warning',
    ],
    { stdio: 'ignore' },
  );
  const failed = new Promise<never>((_, reject) => {
    child.once('error', (err) => reject(new Error(`cannot start redis-server (set BENCH_REDIS_URL): ${err.message}`)));
  });
  const url = `redis://127.0.0.1:${port}`;
  const { Redis } = await import('ioredis');
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await Promise.race([probe.connect(), failed]);
      await probe.ping();
      break;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  probe.disconnect();
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** A fresh database on the PostgreSQL of DATABASE_URL (default: the local one), dropped afterwards. */
export function createBenchDatabase(label: string): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  return createScratchDatabase(adminUrl, `bench_${label}_${randomBytes(3).toString('hex')}`);
}
