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
import { buildApp, MIGRATIONS_FOLDER } from '../app.js';
import { type Config, configSchema } from '../config.js';
import { schema } from '../db/schema.js';
import { type BillingWorkers, startBillingWorkers } from '../jobs/index.js';

export interface Harness {
  app: ServiceApp;
  config: Config;
  queues: Queues;
  redis: TestRedis;
  database: ReturnType<typeof createDatabase<typeof schema>>;
  /** Headers the gateway would send for this identity. */
  as: (identity: Identity) => Record<string, string>;
  close: () => Promise<void>;
}

/**
 * The billing service as it runs: its API (built, not listening) and its worker on a real queue,
 * over a fresh database and a Redis prefix of this test file.
 */
export async function startHarness(
  options: { clock?: () => Date; env?: Record<string, string> } = {},
): Promise<Harness> {
  const db: TestDatabase = await createTestDatabase([
    { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'billing' },
  ]);
  const redis = await createTestRedis();
  const database = createDatabase({ url: db.url, schema, max: 10 });
  const { logger } = createCapturingLogger();
  const config = configSchema.parse({
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: redis.prefix,
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    ...options.env,
  });
  const queues = new Queues({ connection: redis.redis, prefix: redis.prefix }, logger);
  const app = buildApp({ config, logger, database, queues, clock: options.clock });
  const workerConnection = redis.redis.duplicate({ maxRetriesPerRequest: null });
  const workers: BillingWorkers = await startBillingWorkers({
    config,
    database,
    queue: { connection: workerConnection, prefix: redis.prefix },
    logger,
    clock: options.clock,
  });
  return {
    app,
    config,
    queues,
    redis,
    database,
    as: (identity) => identityHeaders(identity, TEST_INTERNAL_SECRET),
    close: async () => {
      await app.close();
      await workers.close();
      workerConnection.disconnect();
      await queues.close();
      await database.close();
      await redis.cleanup();
      await db.drop();
    },
  };
}
