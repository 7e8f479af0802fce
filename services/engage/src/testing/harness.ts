import {
  MIGRATIONS_FOLDER as AI_MIGRATIONS_FOLDER,
  type AiWorkers,
  configSchema as aiConfigSchema,
  schema as aiSchema,
  createProvider,
  startAiWorkers,
} from '@nashr/ai';
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
import { type EngageWorkers, startEngageWorkers } from '../jobs/index.js';
import { SandboxEngageProvider } from '../providers/sandbox/sandbox-provider.js';

export interface Harness {
  app: ServiceApp;
  config: Config;
  queues: Queues;
  redis: TestRedis;
  database: ReturnType<typeof createDatabase<typeof schema>>;
  /** The sandbox network the API and the worker share (its test hooks lose answers, delete posts); unused with another ENGAGE_PROVIDER. */
  sandbox: SandboxEngageProvider;
  /** The ai service's database, whose worker writes the suggestions. */
  aiDatabase: ReturnType<typeof createDatabase<typeof aiSchema>>;
  /** Headers the gateway would send for this identity. */
  as: (identity: Identity) => Record<string, string>;
  /** Another engage worker on the same database and queues, as a second process would run one. */
  startWorkers: () => Promise<EngageWorkers>;
  close: () => Promise<void>;
}

/**
 * The engage service as it runs: its API (built, not listening) and its workers on real queues,
 * over a fresh database and a Redis prefix of this test file; beside it the ai service's workers,
 * which write the suggestions (its offline writer, unless `aiEnv` points it at an AI endpoint).
 */
export async function startHarness(
  env: Record<string, string> = {},
  options: { aiEnv?: Record<string, string>; clock?: () => Date } = {},
): Promise<Harness> {
  const { aiEnv = {}, clock } = options;
  const [db, aiDb]: TestDatabase[] = await Promise.all([
    createTestDatabase([{ migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'engage' }]),
    createTestDatabase([{ migrationsFolder: AI_MIGRATIONS_FOLDER, serviceSchema: 'ai' }]),
  ]);
  if (!db || !aiDb) throw new Error('no test database');
  const redis = await createTestRedis();
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
  // The sandbox is shared by the API and the worker (its test hooks act on both); another
  // ENGAGE_PROVIDER is built from the configuration, as in production.
  const provider = config.ENGAGE_PROVIDER === 'sandbox' ? sandbox : undefined;
  const queues = new Queues({ connection: redis.redis, prefix: redis.prefix }, logger);
  const app = buildApp({
    config,
    logger,
    database,
    queues,
    provider,
    clock,
    redis: { connection: redis.redis, prefix: redis.prefix },
  });
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
      provider,
      clock,
    });
    started.push(workers);
    return workers;
  };
  await startWorkers();
  const aiConfig = aiConfigSchema.parse({
    DATABASE_URL: aiDb.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: redis.prefix,
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    ...aiEnv,
  });
  const aiDatabase = createDatabase({ url: aiDb.url, schema: aiSchema, max: 5 });
  const aiConnection = redis.redis.duplicate({ maxRetriesPerRequest: null });
  const writer = { provider: createProvider(aiConfig), model: aiConfig.OPENAI_STANDARD_MODEL };
  const ai: AiWorkers = await startAiWorkers({
    database: aiDatabase,
    queue: { connection: aiConnection, prefix: redis.prefix },
    logger,
    ideasWriter: writer,
    commentsWriter: writer,
  });
  return {
    app,
    config,
    queues,
    redis,
    database,
    sandbox,
    aiDatabase,
    as: (identity) => identityHeaders(identity, TEST_INTERNAL_SECRET),
    startWorkers,
    close: async () => {
      await app.close();
      for (const workers of started) await workers.close();
      await ai.close();
      for (const connection of connections) connection.disconnect();
      aiConnection.disconnect();
      await aiDatabase.close();
      await aiDb.drop();
      await queues.close();
      await database.close();
      await redis.cleanup();
      await db.drop();
    },
  };
}
