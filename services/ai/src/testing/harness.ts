import {
  type Identity,
  type Personalization,
  type PersonalizationInput,
  personalizationUpdatedEvent,
  toStoredPersonalization,
} from '@nashr/contracts';
import { createDatabase, identityHeaders, Queues, type ServiceApp } from '@nashr/platform';
import {
  createCapturingLogger,
  createTestDatabase,
  createTestRedis,
  TEST_INTERNAL_SECRET,
  type TestDatabase,
  type TestRedis,
} from '@nashr/platform/testing';
import { expect } from 'vitest';
import { buildApp, MIGRATIONS_FOLDER } from '../app.js';
import { type Config, configSchema } from '../config.js';
import { schema } from '../db/schema.js';
import { type AiWorkers, startAiWorkers } from '../jobs/index.js';
import { createProvider } from '../providers/index.js';

export interface Harness {
  app: ServiceApp;
  config: Config;
  queues: Queues;
  redis: TestRedis;
  database: ReturnType<typeof createDatabase<typeof schema>>;
  logLines: () => string[];
  /** Headers the gateway would send for this identity. */
  as: (identity: Identity) => Record<string, string>;
  /** Publishes the auth service's event and waits until the ai worker has stored it. */
  personalize: (identity: Identity, input: PersonalizationInput) => Promise<Personalization>;
  close: () => Promise<void>;
}

/** Converts the PUT body shape to the stored shape the event carries (lists under `details`). */
export const toPersonalization = toStoredPersonalization;

/**
 * The ai service as it runs: its API (built, not listening) and its worker on a real queue,
 * over a fresh database and a Redis prefix of this test file.
 */
export async function startHarness(
  env: Record<string, string> = {},
  options: { clock?: () => Date } = {},
): Promise<Harness> {
  const db: TestDatabase = await createTestDatabase([{ migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'ai' }]);
  const redis = await createTestRedis();
  const database = createDatabase({ url: db.url, schema, max: 10 });
  const { logger, lines } = createCapturingLogger();
  const config = configSchema.parse({
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: redis.prefix,
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    AI_OFFLINE_TOKEN_DELAY_MS: '0',
    ...env,
  });
  const queues = new Queues({ connection: redis.redis, prefix: redis.prefix }, logger);
  const app = buildApp({ config, logger, database, queues, clock: options.clock });
  const workerConnection = redis.redis.duplicate({ maxRetriesPerRequest: null });
  const workers: AiWorkers = await startAiWorkers({
    database,
    queue: { connection: workerConnection, prefix: redis.prefix },
    logger,
    clock: options.clock,
    ideasWriter: { provider: createProvider(config), model: config.OPENAI_STANDARD_MODEL },
  });
  const as = (identity: Identity) => identityHeaders(identity, TEST_INTERNAL_SECRET);

  return {
    app,
    config,
    queues,
    redis,
    database,
    logLines: lines,
    as,
    personalize: async (identity, input) => {
      const personalization = toPersonalization(input);
      await queues.publish(personalizationUpdatedEvent, { userId: identity.userId, personalization });
      await expect
        .poll(
          async () => {
            const res = await app.inject({ method: 'GET', url: '/api/v1/ai/choices', headers: as(identity) });
            return res.json().data.choices.tones;
          },
          { timeout: 10_000 },
        )
        .toEqual(personalization.details.tones);
      return personalization;
    },
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

export interface StreamEvent {
  event: string;
  data: unknown;
  /** Milliseconds since the request was sent. */
  at: number;
}

/** Reads a server-sent-events answer event by event, noting when each arrived. */
export async function readEventStream(response: Response, started = Date.now()): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data !== undefined) events.push({ event, data: JSON.parse(data), at: Date.now() - started });
      end = buffer.indexOf('\n\n');
    }
  }
  return events;
}
