import { randomBytes } from 'node:crypto';
import type { Identity } from '@nashr/contracts';
import { createDatabase, identityHeaders, Queues, type ServiceApp } from '@nashr/platform';
import {
  createCapturingLogger,
  createTestDatabase,
  createTestRedis,
  TEST_INTERNAL_SECRET,
  type TestDatabase,
  type TestRedis,
} from '@nashr/platform/testing';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { buildApp, MIGRATIONS_FOLDER } from '../app.js';
import { schema } from '../db/schema.js';
import type { NetworkProvider } from '../providers/network-provider.js';
import { type SandboxOptions, SandboxProvider } from '../providers/sandbox/sandbox-provider.js';
import { createServices, type LinkedinDeps } from '../services.js';

export interface HarnessOptions {
  sandbox?: SandboxOptions;
  /** Another provider than the sandbox (the sandbox is still made, on the same database). */
  provider?: (db: PostgresJsDatabase<typeof schema>, sandbox: SandboxProvider) => NetworkProvider;
  cacheSeconds?: number;
  /** Analytics' clock and per-account call limit (see LinkedinDeps). */
  analytics?: LinkedinDeps['analytics'];
  /** Hours between an account's analytics snapshots (ANALYTICS_SNAPSHOT_HOURS). */
  snapshotHours?: number;
}

/**
 * One service instance on a fresh database and Redis prefix, with captured logs: what each test
 * file drives through HTTP (app.inject) and real BullMQ queues.
 */
export async function createHarness(options: HarnessOptions = {}) {
  const testDb: TestDatabase = await createTestDatabase([
    { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'linkedin' },
  ]);
  const database = createDatabase({ url: testDb.url, schema });
  const redis: TestRedis = await createTestRedis();
  const { logger, lines } = createCapturingLogger();
  const queues = new Queues({ connection: redis.redis, prefix: redis.prefix }, logger);
  const sandbox = new SandboxProvider(database.db, options.sandbox);
  const provider = options.provider?.(database.db, sandbox) ?? sandbox;
  const deps: LinkedinDeps = {
    config: {
      INTERNAL_SECRET: TEST_INTERNAL_SECRET,
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      REDIS_PREFIX: redis.prefix,
      PROFILE_CACHE_SECONDS: options.cacheSeconds ?? 60,
      // Tests trust the first look; the settle window has a test of its own.
      PUBLISH_SETTLE_MS: 0,
      ANALYTICS_SNAPSHOT_HOURS: options.snapshotHours ?? 6,
    },
    logger,
    database,
    redis: redis.redis,
    queues,
    provider,
    ...(options.analytics ? { analytics: options.analytics } : {}),
  };
  const app: ServiceApp = buildApp(deps);
  const services = createServices(deps);

  const as = (identity: Identity) => identityHeaders(identity, TEST_INTERNAL_SECRET);
  const call = (identity: Identity | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: identity ? as(identity) : { 'x-internal-secret': TEST_INTERNAL_SECRET },
      ...(payload === undefined ? {} : { payload }),
    });

  /** Jobs of one name waiting (or done) on a queue: how tests see the events a service published. */
  const jobsOn = async (queue: Parameters<Queues['get']>[0], name: string) => {
    const jobs = await queues
      .get(queue)
      .getJobs(['waiting', 'active', 'completed', 'failed', 'delayed', 'prioritized']);
    return jobs.filter((job) => job.name === name);
  };

  return {
    app,
    deps,
    services,
    database,
    redis,
    queues,
    sandbox,
    provider,
    lines,
    call,
    jobsOn,
    close: async () => {
      await app.close();
      await queues.close();
      await redis.cleanup();
      await database.close();
      await testDb.drop();
    },
  };
}
export type Harness = Awaited<ReturnType<typeof createHarness>>;
