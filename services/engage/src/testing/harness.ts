import type { Identity } from '@nashr/contracts';
import { createDatabase, identityHeaders, Queues, runMigrations, type ServiceApp } from '@nashr/platform';
import {
  createCapturingLogger,
  createTestDatabase,
  createTestRedis,
  TEST_INTERNAL_SECRET,
  type TestDatabase,
  type TestRedis,
} from '@nashr/platform/testing';
import { buildApp, MIGRATIONS_FOLDER } from '../app.js';
import { type Config, configSchema } from '../config.js';
import { schema } from '../db/schema.js';
import { type EngageWorkers, startEngageWorkers } from '../jobs/index.js';
import { SandboxEngageProvider } from '../providers/sandbox/sandbox-provider.js';

export interface Harness {
  app: ServiceApp;
  config: Config;
  queues: Queues;
  redis: TestRedis;
  database: ReturnType<typeof createDatabase<typeof schema>>;
  /** The sandbox network the API and the worker share (its test hooks lose answers, delete posts). */
  sandbox: SandboxEngageProvider;
  /** Headers the gateway would send for this identity. */
  as: (identity: Identity) => Record<string, string>;
  /** Another engage worker on the same database and queues, as a second process would run one. */
  startWorkers: () => Promise<EngageWorkers>;
  close: () => Promise<void>;
}

/**
 * The engage service as it runs: its API (built, not listening) and its workers on real queues,
 * over a fresh database and a Redis prefix of this test file.
 */
export async function startHarness(
  env: Record<string, string> = {},
  options: { clock?: () => Date } = {},
): Promise<Harness> {
  const { clock } = options;
  const db: TestDatabase = await createTestDatabase();
  const redis = await createTestRedis();
  await runMigrations(db.url, { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'engage' });
  const database = createDatabase({ url: db.url, schema, max: 10 });
  const { logger } = createCapturingLogger();
  const config = configSchema.parse({
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: redis.prefix,
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    ...env,
  });
  const sandbox = new SandboxEngageProvider(database.db);
  const queues = new Queues({ connection: redis.redis, prefix: redis.prefix }, logger);
  const app = buildApp({ config, logger, database, queues, provider: sandbox, clock });
  const connections: ReturnType<typeof redis.redis.duplicate>[] = [];
  const started: EngageWorkers[] = [];
  const startWorkers = async () => {
    const connection = redis.redis.duplicate({ maxRetriesPerRequest: null });
    connections.push(connection);
    const workers = await startEngageWorkers({
      config,
      database,
      queue: { connection, prefix: redis.prefix },
      logger,
      provider: sandbox,
      clock,
    });
    started.push(workers);
    return workers;
  };
  await startWorkers();
  return {
    app,
    config,
    queues,
    redis,
    database,
    sandbox,
    as: (identity) => identityHeaders(identity, TEST_INTERNAL_SECRET),
    startWorkers,
    close: async () => {
      await app.close();
      for (const workers of started) await workers.close();
      for (const connection of connections) connection.disconnect();
      await queues.close();
      await database.close();
      await redis.cleanup();
      await db.drop();
    },
  };
}
