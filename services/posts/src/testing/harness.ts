import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type EndpointSpec,
  type EventContract,
  type Identity,
  QUEUES,
  type WorkspaceRole,
  workspaceMembersChangedEvent,
} from '@nashr/contracts';
import {
  createDatabase,
  createRedis,
  type Database,
  DiskObjectStore,
  identityHeaders,
  installationKeyPatterns,
  Queues,
  type Redis,
  runMigrations,
  type ServiceApp,
  waitForRedis,
} from '@nashr/platform';
import {
  type CallArgs,
  callEndpoint,
  createCapturingLogger,
  createTestDatabase,
  createTestRedis,
  TEST_INTERNAL_SECRET,
  type TestDatabase,
  type TestRedis,
  testIdentity,
} from '@nashr/platform/testing';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { z } from 'zod';
import { buildApp, MIGRATIONS_FOLDER } from '../app.js';
import { schema } from '../db/schema.js';
import { PostQueues } from '../jobs/post-queues.js';
import { type PostsWorker, type PostsWorkerSettings, startPostsWorker } from '../jobs/posts-worker.js';
import type { PdfLimits } from '../media/pdf-document.js';
import { PostService } from '../post-service.js';
import { PostStore } from '../post-store.js';
import type { ReviewService } from '../review/review-service.js';
import { createServices } from '../services.js';
import { FakeLinkedin, type FakeLinkedinOptions } from './fake-linkedin.js';

export const TEST_WORKER_SETTINGS: PostsWorkerSettings = {
  // Tests run the reconciler by hand; the timer stays out of the way.
  RECONCILE_INTERVAL_MS: 3_600_000,
  PUBLISH_STUCK_MS: 60_000,
  PUBLISH_GIVE_UP_MS: 3_600_000,
  POSTS_WORKER_CONCURRENCY: 10,
  // Most tests look at the delayed job of posts days ahead; the horizon's own test narrows it.
  SCHEDULE_HORIZON_MS: 400 * 86_400_000,
};

/**
 * One test file's posts service: a fresh database with the migrations applied, its own Redis
 * prefix, the HTTP app, and on demand workers and a fake network worker, all on the real things.
 */
/** A shared workspace and one member of each role in it (PostsHarness.team). */
export type TestTeam = Record<WorkspaceRole, Identity> & { id: string };

export class PostsHarness {
  readonly logger = createCapturingLogger().logger;
  private readonly closers: (() => Promise<void>)[] = [];

  private constructor(
    readonly testDb: TestDatabase,
    readonly testRedis: TestRedis,
    readonly database: Database<typeof schema>,
    readonly requestRedis: Redis,
    readonly queues: PostQueues,
    readonly app: ServiceApp,
    /** This test file's object store (a temporary folder, removed at close). */
    readonly storage: DiskObjectStore,
  ) {}

  /** `database`: one the test made (e.g. restored from a backup) instead of an empty one; dropped at close. */
  static async start(
    options: {
      publishWaitMs?: number;
      database?: TestDatabase;
      scheduleHorizonMs?: number;
      /** Lower limits for reading uploaded PDFs, so a test's small PDF bomb is one. */
      pdfLimits?: PdfLimits;
    } = {},
  ): Promise<PostsHarness> {
    const horizonMs = options.scheduleHorizonMs ?? TEST_WORKER_SETTINGS.SCHEDULE_HORIZON_MS;
    const migrations = { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'posts' };
    // A database of the test's own is migrated here; a new one is a copy of a migrated template.
    const testDb = options.database ?? (await createTestDatabase([migrations]));
    if (options.database) await runMigrations(testDb.url, migrations);
    const database = createDatabase({ url: testDb.url, schema });
    const testRedis = await createTestRedis();
    const requestRedis = createRedis(testRedis.url, 'request');
    await waitForRedis(requestRedis);
    const { logger } = createCapturingLogger();
    const storage = new DiskObjectStore(mkdtempSync(join(tmpdir(), 'nashr-posts-media-')));
    const queues = new Queues({ connection: requestRedis, prefix: testRedis.prefix }, logger);
    const app = buildApp({
      config: {
        INTERNAL_SECRET: TEST_INTERNAL_SECRET,
        PUBLISH_WAIT_MS: options.publishWaitMs ?? 10_000,
        SCHEDULE_HORIZON_MS: horizonMs,
        REDIS_PREFIX: testRedis.prefix,
      },
      logger,
      database,
      queues,
      redis: requestRedis,
      storage,
      pdfLimits: options.pdfLimits,
    });
    await app.ready();
    return new PostsHarness(
      testDb,
      testRedis,
      database,
      requestRedis,
      new PostQueues(queues, logger, horizonMs),
      app,
      storage,
    );
  }

  get prefix(): string {
    return this.testRedis.prefix;
  }

  get store(): PostStore {
    return new PostStore(this.database.db);
  }

  /** The service layer, to schedule at an exact instant (the HTTP form has minute precision). */
  get service(): PostService {
    return new PostService(this.store, this.queues);
  }

  /** The review service, wired as the service wires it, to take steps in an order a test chooses. */
  get review(): ReviewService {
    return createServices({ database: this.database, queues: this.queues.queues, logger: this.logger }).review;
  }

  /** A call to `endpoint` of the catalogue as the gateway would forward it for `identity`. */
  call<E extends EndpointSpec>(identity: Identity, endpoint: E, ...input: CallArgs<E>) {
    return callEndpoint(this.app, TEST_INTERNAL_SECRET, identity, endpoint, ...input);
  }

  /** An HTTP request as the gateway would forward it for `identity` (for what the catalogue cannot type: a malformed body). */
  request(
    identity: Identity,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) {
    return this.app.inject({
      method,
      url,
      headers: { ...identityHeaders(identity, TEST_INTERNAL_SECRET), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  /** Uploads a file as the gateway forwards it: the bytes as the body, with whatever type the client claimed. */
  upload(
    identity: Identity,
    body: Uint8Array,
    contentType: string | null = 'application/octet-stream',
    options: { title?: string } = {},
  ) {
    return this.app.inject({
      method: 'POST',
      url: '/api/v1/media',
      ...(options.title !== undefined ? { query: { title: options.title } } : {}),
      headers: {
        ...identityHeaders(identity, TEST_INTERNAL_SECRET),
        ...(contentType ? { 'content-type': contentType } : {}),
      },
      payload: Buffer.from(body),
    });
  }

  /** Uploads a small PNG image as `identity`, as the composer does; returns the file's id. */
  async uploadImage(identity: Identity): Promise<string> {
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    const answer = await this.upload(identity, png, 'image/png');
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().data.id as string;
  }

  /** Publishes an event to the posts inbox with job id `id` and waits until a worker handled it. */
  async deliver<E extends EventContract>(event: E, data: z.input<E['schema']>, id: string): Promise<void> {
    const inbox = this.queues.queues.get(QUEUES.postsInbox);
    await this.queues.queues.publish(event, data, { id });
    const jobId = `${event.name}-${id}`;
    await expect.poll(async () => (await inbox.getJob(jobId))?.finishedOn ?? null, { timeout: 15_000 }).not.toBeNull();
    expect((await inbox.getJob(jobId))?.failedReason).toBeUndefined();
  }

  /** A shared workspace with one member of each role, announced to the posts service as auth does. */
  async team(): Promise<TestTeam> {
    const id = randomUUID();
    const people = {
      owner: testIdentity(),
      admin: testIdentity(),
      editor: testIdentity(),
      contributor: testIdentity(),
      viewer: testIdentity(),
    };
    const members = Object.entries(people).map(([role, who]) => ({ userId: who.userId, role: role as WorkspaceRole }));
    await this.deliver(workspaceMembersChangedEvent, { workspaceId: id, version: 1, members }, `${id}-1`);
    return { id, ...people };
  }

  async startWorker(settings: Partial<PostsWorkerSettings> = {}): Promise<PostsWorker> {
    const redis = createRedis(this.testRedis.url, 'worker');
    const worker = await startPostsWorker({
      settings: { ...TEST_WORKER_SETTINGS, SCHEDULE_HORIZON_MS: this.queues.horizonMs, ...settings },
      logger: this.logger,
      database: this.database,
      redis,
      prefix: this.prefix,
      storage: this.storage,
    });
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await worker.close();
      redis.disconnect();
    };
    this.closers.push(close);
    return { ...worker, close };
  }

  /**
   * The HTTP app of a second instance of the service on the same database and Redis: its own
   * connection pool and its own memory, as another process (or replica) would have them.
   */
  async startSecondApp(): Promise<ServiceApp> {
    const database = createDatabase({ url: this.testDb.url, schema });
    const redis = createRedis(this.testRedis.url, 'request');
    await waitForRedis(redis);
    const queues = new Queues({ connection: redis, prefix: this.prefix }, this.logger);
    const app = buildApp({
      config: {
        INTERNAL_SECRET: TEST_INTERNAL_SECRET,
        PUBLISH_WAIT_MS: 10_000,
        SCHEDULE_HORIZON_MS: this.queues.horizonMs,
        REDIS_PREFIX: this.prefix,
      },
      logger: this.logger,
      database,
      queues,
      redis,
      storage: this.storage,
    });
    await app.ready();
    this.closers.push(async () => {
      await app.close();
      await queues.close();
      redis.disconnect();
      await database.close();
    });
    return app;
  }

  startFakeLinkedin(options: Omit<FakeLinkedinOptions, 'context' | 'logger'> = {}): FakeLinkedin {
    const connection = createRedis(this.testRedis.url, 'worker');
    const fake = new FakeLinkedin({ ...options, context: { connection, prefix: this.prefix }, logger: this.logger });
    this.closers.push(async () => {
      await fake.close();
      connection.disconnect();
    });
    return fake;
  }

  /** Deletes every Redis key of this test's prefix, as if Redis had lost its data. */
  async wipeRedis(): Promise<number> {
    const redis = this.testRedis.redis;
    let removed = 0;
    for (const pattern of installationKeyPatterns(this.prefix)) {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
        cursor = next;
        if (keys.length) removed += await redis.del(...keys);
      } while (cursor !== '0');
    }
    return removed;
  }

  async close(): Promise<void> {
    for (const close of this.closers.reverse()) await close();
    await this.app.close();
    await this.queues.queues.close();
    this.requestRedis.disconnect();
    await this.database.close();
    await this.testRedis.cleanup();
    await this.testDb.drop();
    rmSync(this.storage.root, { recursive: true, force: true });
  }
}
