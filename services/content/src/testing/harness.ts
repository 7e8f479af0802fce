import { type EventContract, QUEUES } from '@nashr/contracts';
import { createDatabase, Queues, type ServiceApp } from '@nashr/platform';
import {
  createCapturingLogger,
  createTestDatabase,
  createTestRedis,
  TEST_INTERNAL_SECRET,
  type TestDatabase,
  type TestRedis,
} from '@nashr/platform/testing';
import { expect } from 'vitest';
import type { z } from 'zod';
import { buildApp, MIGRATIONS_FOLDER } from '../app.js';
import { schema } from '../db/schema.js';
import { startContentWorker } from '../jobs/index.js';
import { LibraryStore } from '../library-store.js';
import { librarySeed } from '../seed/library.js';

export interface Harness {
  app: ServiceApp;
  database: ReturnType<typeof createDatabase<typeof schema>>;
  /** Producer queues, as the services that announce to the content inbox use them. */
  queues: Queues;
  close: () => Promise<void>;
}

/**
 * The content service's API and its inbox worker on a database of their own (migrated, the
 * library seeded) and a Redis prefix of their own.
 */
export async function startHarness(): Promise<Harness> {
  const testDb: TestDatabase = await createTestDatabase([
    { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'content' },
  ]);
  const redis: TestRedis = await createTestRedis();
  const database = createDatabase({ url: testDb.url, schema });
  await new LibraryStore(database.db).seed(librarySeed);
  const { logger } = createCapturingLogger();
  const app = buildApp({ config: { INTERNAL_SECRET: TEST_INTERNAL_SECRET }, logger, database });
  const queues = new Queues({ connection: redis.redis, prefix: redis.prefix }, logger);
  const worker = startContentWorker({
    database,
    queue: { connection: redis.redis.duplicate({ maxRetriesPerRequest: null }), prefix: redis.prefix },
    logger,
  });
  return {
    app,
    database,
    queues,
    close: async () => {
      await worker.close();
      await queues.close();
      await app.close();
      await database.close();
      await redis.cleanup();
      await testDb.drop();
    },
  };
}

/** Publishes an event as its announcer does, and waits until the content inbox has handled it. */
export async function deliver<E extends EventContract>(
  queues: Queues,
  event: E,
  data: z.input<E['schema']>,
  id: string,
): Promise<void> {
  await queues.publish(event, data, { id });
  const inbox = queues.get(QUEUES.contentInbox);
  const jobId = `${event.name}-${id}`;
  await expect.poll(async () => (await inbox.getJob(jobId))?.finishedOn ?? null).not.toBeNull();
  expect((await inbox.getJob(jobId))?.failedReason).toBeUndefined();
}
