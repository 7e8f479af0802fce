/**
 * The whole product in one test process, on the real things: one fresh database holding every
 * service's schema (as in production, one schema per service), one Redis key prefix, each
 * service built by its own `buildApp` with the dependencies its `server.ts` gives it, the
 * workers a test asks for, and on request everything listening on ports behind the real gateway.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import {
  configSchema as aiConfigSchema,
  schema as aiSchema,
  buildApp as buildAi,
  startAiWorkers,
  type TextProvider,
} from '@nashr/ai';
import {
  configSchema as authConfigSchema,
  schema as authSchema,
  workerConfigSchema as authWorkerConfigSchema,
  buildApp as buildAuth,
  createSmtpMailer,
  startWorkers as startAuthWorkers,
} from '@nashr/auth';
import {
  configSchema as billingConfigSchema,
  schema as billingSchema,
  buildApp as buildBilling,
  startBillingWorkers,
} from '@nashr/billing';
import { buildApp as buildContent, schema as contentSchema } from '@nashr/content';
import type { Identity } from '@nashr/contracts';
import {
  buildApp as buildEngage,
  configSchema as engageConfigSchema,
  schema as engageSchema,
  startEngageWorkers,
} from '@nashr/engage';
import { type MailCatcher, startMailCatcher } from '@nashr/fakes/mail-catcher';
import { buildApp as buildGateway, configSchema as gatewayConfigSchema, type ServiceName } from '@nashr/gateway';
import {
  buildApp as buildLinkedin,
  createProvider,
  createServices,
  configSchema as linkedinConfigSchema,
  schema as linkedinSchema,
  startPublishWorker,
} from '@nashr/linkedin';
import {
  createDatabase,
  createRedis,
  type Database,
  DiskObjectStore,
  installationKeyPatterns,
  type Logger,
  Queues,
  type Redis,
  type ServiceApp,
  SessionStore,
  waitForRedis,
} from '@nashr/platform';
import {
  createCapturingLogger,
  createTestDatabase,
  createTestRedis,
  TEST_INTERNAL_SECRET,
  type TestDatabase,
  type TestRedis,
} from '@nashr/platform/testing';
import {
  buildApp as buildPosts,
  configSchema as postsConfigSchema,
  schema as postsSchema,
  startPostsWorker,
} from '@nashr/posts';
import postgres from 'postgres';
import { SERVICE_MIGRATIONS } from '../stack/processes.mjs';
import { type Snapshot, tableSnapshots } from './snapshot.js';

export const SERVICES = [
  'auth',
  'linkedin',
  'posts',
  'content',
  'ai',
  'billing',
  'engage',
] as const satisfies readonly ServiceName[];
export type { ServiceName };

export const COOKIE_SECRET = `hardening-cookie-secret-${'x'.repeat(16)}`;
export const PUBLIC_URL = 'http://localhost:8080';
export const ADMIN_EMAIL = 'admin@hardening.test';

export interface StackOptions {
  /** Runtime URL of PostgreSQL for the services (a proxy in outage tests); migrations use the real one. */
  databaseUrl?: (real: string) => string;
  /** Runtime URL of Redis for the services and the gateway. */
  redisUrl?: (real: string) => string;
  /** Listen on ports and put the real gateway in front. */
  gateway?: boolean;
  /** Workers to run in this process. */
  workers?: readonly ('auth' | 'linkedin' | 'posts' | 'ai' | 'billing' | 'engage')[];
  /** Extra environment per service, as its process would read it. */
  env?: Partial<Record<ServiceName | 'gateway' | 'posts-worker', Record<string, string>>>;
  /** Replaces the configured AI provider. */
  aiProvider?: TextProvider;
}

export interface Stack {
  apps: Record<ServiceName, ServiceApp>;
  gateway: ServiceApp | null;
  gatewayUrl: string;
  urls: Partial<Record<ServiceName, string>>;
  /** A direct connection to the test database (never through a proxy), and its URL. */
  sql: postgres.Sql;
  databaseUrl: string;
  /** A direct Redis connection and this stack's key prefix. */
  redis: TestRedis;
  prefix: string;
  mail: MailCatcher | null;
  /** Sessions in Redis, as auth makes them and the gateway reads them. */
  sessions: SessionStore;
  logs: () => string[];
  /** A signed `sid` cookie header for a session of `identity`. */
  cookieFor: (identity: Identity) => Promise<string>;
  /** Deletes every Redis key of this stack, as a Redis restarted without its data would have none. */
  wipeRedis: () => Promise<number>;
  /** Every table of every service, or of the ones named. */
  snapshot: (services?: readonly ServiceName[]) => Promise<Snapshot>;
  close: () => Promise<void>;
}

/** A silent pino logger keeping what it logs, so a failing test can show it. */
function quietLogger(): { logger: Logger; lines: () => string[] } {
  return createCapturingLogger();
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const closers: (() => Promise<unknown> | unknown)[] = [];
  const close = async () => {
    for (const fn of closers.reverse()) {
      try {
        await fn();
      } catch {
        // Closing is best effort: one stuck part must not keep the rest open.
      }
    }
  };
  try {
    const testDb: TestDatabase = await createTestDatabase(SERVICE_MIGRATIONS);
    closers.push(() => testDb.drop());
    const redis = await createTestRedis();
    closers.push(() => redis.cleanup());
    const sql = postgres(testDb.url, { max: 3, onnotice: () => {} });
    closers.push(() => sql.end({ timeout: 2 }));
    const snapshotOf = tableSnapshots(sql);

    const databaseUrl = options.databaseUrl?.(testDb.url) ?? testDb.url;
    const redisUrl = options.redisUrl?.(redis.url) ?? redis.url;
    const prefix = redis.prefix;
    const { logger, lines } = quietLogger();
    const env = (name: keyof NonNullable<StackOptions['env']>) => options.env?.[name] ?? {};
    // Uploaded files: one folder for the stack, shared by the posts API and the network worker.
    const mediaDir = mkdtempSync(join(tmpdir(), 'nashr-stack-media-'));
    closers.push(() => rmSync(mediaDir, { recursive: true, force: true }));
    const common = {
      MEDIA_DIR: mediaDir,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      INTERNAL_SECRET: TEST_INTERNAL_SECRET,
      PUBLIC_URL,
    };

    const database = <S extends Record<string, unknown>>(schema: S, name: string): Database<S> => {
      // Short connect timeout: outage tests measure how fast a request gives up.
      const db = createDatabase({ url: databaseUrl, schema, applicationName: `hardening-${name}` });
      closers.push(() => db.close());
      return db;
    };
    const requestRedis = async (): Promise<Redis> => {
      const connection = createRedis(redisUrl, 'request');
      closers.push(() => connection.disconnect());
      await waitForRedis(connection);
      return connection;
    };
    const workerRedis = (): Redis => {
      const connection = createRedis(redisUrl, 'worker');
      closers.push(() => connection.disconnect());
      return connection;
    };

    // --- auth -------------------------------------------------------------------------------
    // The API seals the webhooks' signing secrets that the worker opens: one key for both.
    const authKey = randomBytes(32).toString('base64');
    const authConfig = authConfigSchema.parse({
      ...common,
      COOKIE_SECRET,
      ENCRYPTION_KEY: authKey,
      ADMIN_EMAILS: ADMIN_EMAIL,
      MAGIC_LINK_MAX_PER_IP: '100000',
      MAGIC_LINK_MAX_PER_ADDRESS: '100000',
      ...env('auth'),
    });
    const authDb = database(authSchema, 'auth');
    const auth = await buildAuth({ config: authConfig, logger, database: authDb, redis: await requestRedis() });
    closers.push(() => auth.close());

    let mail: MailCatcher | null = null;
    if (options.workers?.includes('auth')) {
      mail = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
      const catcher = mail;
      closers.push(() => catcher.close());
      const workerConfig = authWorkerConfigSchema.parse({ ...common, ENCRYPTION_KEY: authKey, SMTP_URL: mail.smtpUrl });
      const mailer = createSmtpMailer({ url: workerConfig.SMTP_URL, from: workerConfig.MAIL_FROM, production: false });
      closers.push(() => mailer.close());
      const workers = startAuthWorkers({
        config: workerConfig,
        names: workerConfig.AUTH_WORKERS,
        logger,
        database: authDb,
        queue: { connection: workerRedis(), prefix },
        mailer,
      });
      closers.push(() => workers.close());
    }

    // --- linkedin ---------------------------------------------------------------------------
    const linkedinConfig = linkedinConfigSchema.parse({
      ...common,
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      ...env('linkedin'),
    });
    const linkedinDb = database(linkedinSchema, 'linkedin');
    const linkedinRedis = await requestRedis();
    const linkedinQueues = new Queues({ connection: linkedinRedis, prefix }, logger);
    closers.push(() => linkedinQueues.close());
    const linkedinDeps = {
      config: linkedinConfig,
      logger,
      database: linkedinDb,
      redis: linkedinRedis,
      queues: linkedinQueues,
      provider: createProvider(linkedinConfig, linkedinDb.db),
    };
    const linkedin = buildLinkedin(linkedinDeps);
    closers.push(() => linkedin.close());
    if (options.workers?.includes('linkedin')) {
      const connection = workerRedis();
      const queues = new Queues({ connection, prefix }, logger);
      closers.push(() => queues.close());
      const { publisher, commenter } = createServices({ ...linkedinDeps, redis: connection, queues });
      const worker = startPublishWorker(
        publisher,
        { connection: workerRedis(), prefix },
        { logger, concurrency: linkedinConfig.PUBLISH_CONCURRENCY, commenter },
      );
      closers.push(() => worker.close());
    }

    // --- posts ------------------------------------------------------------------------------
    const postsConfig = postsConfigSchema.parse({ ...common, PUBLISH_WAIT_MS: '0', ...env('posts') });
    const postsDb = database(postsSchema, 'posts');
    const postsRedis = await requestRedis();
    const postsQueues = new Queues({ connection: postsRedis, prefix }, logger);
    closers.push(() => postsQueues.close());
    const posts = buildPosts({
      config: postsConfig,
      logger,
      database: postsDb,
      queues: postsQueues,
      redis: postsRedis,
    });
    closers.push(() => posts.close());
    if (options.workers?.includes('posts')) {
      const worker = await startPostsWorker({
        settings: {
          RECONCILE_INTERVAL_MS: 1000,
          PUBLISH_STUCK_MS: 2000,
          PUBLISH_GIVE_UP_MS: 3_600_000,
          POSTS_WORKER_CONCURRENCY: 10,
          ...Object.fromEntries(Object.entries(env('posts-worker')).map(([k, v]) => [k, Number(v)])),
        },
        logger,
        database: postsDb,
        redis: workerRedis(),
        prefix,
        storage: new DiskObjectStore(mediaDir),
      });
      closers.push(() => worker.close());
    }

    // --- content ----------------------------------------------------------------------------
    const content = buildContent({
      config: { INTERNAL_SECRET: TEST_INTERNAL_SECRET },
      logger,
      database: database(contentSchema, 'content'),
    });
    closers.push(() => content.close());

    // --- ai ---------------------------------------------------------------------------------
    const aiConfig = aiConfigSchema.parse({ ...common, AI_OFFLINE_TOKEN_DELAY_MS: '0', ...env('ai') });
    const aiDb = database(aiSchema, 'ai');
    const ai = buildAi({ config: aiConfig, logger, database: aiDb, provider: options.aiProvider });
    closers.push(() => ai.close());
    if (options.workers?.includes('ai')) {
      const workers = await startAiWorkers({ database: aiDb, queue: { connection: workerRedis(), prefix }, logger });
      closers.push(() => workers.close());
    }

    // --- billing ----------------------------------------------------------------------------
    const billingConfig = billingConfigSchema.parse({ ...common, ...env('billing') });
    const billingDb = database(billingSchema, 'billing');
    const billingQueues = new Queues({ connection: await requestRedis(), prefix }, logger);
    closers.push(() => billingQueues.close());
    const billing = buildBilling({ config: billingConfig, logger, database: billingDb, queues: billingQueues });
    closers.push(() => billing.close());
    if (options.workers?.includes('billing')) {
      const workers = await startBillingWorkers({
        config: billingConfig,
        database: billingDb,
        queue: { connection: workerRedis(), prefix },
        logger,
      });
      closers.push(() => workers.close());
    }

    // --- engage -----------------------------------------------------------------------------
    const engageConfig = engageConfigSchema.parse({ ...common, ...env('engage') });
    const engageDb = database(engageSchema, 'engage');
    const engageQueues = new Queues({ connection: await requestRedis(), prefix }, logger);
    closers.push(() => engageQueues.close());
    const engage = buildEngage({
      config: engageConfig,
      logger,
      database: engageDb,
      queues: engageQueues,
      redis: { connection: await requestRedis(), prefix },
    });
    closers.push(() => engage.close());
    if (options.workers?.includes('engage')) {
      const workers = await startEngageWorkers({
        config: engageConfig,
        database: engageDb,
        queue: { connection: workerRedis(), prefix },
        logger,
      });
      closers.push(() => workers.close());
    }

    const apps: Record<ServiceName, ServiceApp> = { auth, linkedin, posts, content, ai, billing, engage };
    const urls: Partial<Record<ServiceName, string>> = {};
    let gateway: ServiceApp | null = null;
    let gatewayUrl = '';
    if (options.gateway) {
      for (const name of SERVICES) urls[name] = await apps[name].listen({ port: 0, host: '127.0.0.1' });
      const config = gatewayConfigSchema.parse({
        ...common,
        COOKIE_SECRET,
        AUTH_URL: urls.auth,
        LINKEDIN_URL: urls.linkedin,
        POSTS_URL: urls.posts,
        CONTENT_URL: urls.content,
        AI_URL: urls.ai,
        BILLING_URL: urls.billing,
        ENGAGE_URL: urls.engage,
        RATE_LIMIT_PER_MINUTE: '1000000',
        ...env('gateway'),
      });
      gateway = await buildGateway({ config, logger, redis: await requestRedis() });
      const app = gateway;
      closers.push(() => app.close());
      gatewayUrl = await gateway.listen({ port: 0, host: '127.0.0.1' });
    } else {
      await Promise.all(SERVICES.map((name) => apps[name].ready()));
    }

    const sessions = new SessionStore(redis.redis, prefix);
    return {
      apps,
      gateway,
      gatewayUrl,
      urls,
      sql,
      databaseUrl: testDb.url,
      redis,
      prefix,
      mail,
      sessions,
      logs: lines,
      cookieFor: async (identity) => {
        const id = await sessions.create(identity);
        return `sid=${fastifyCookie.sign(id, COOKIE_SECRET)}`;
      },
      snapshot: (services = SERVICES) => snapshotOf(services),
      wipeRedis: async () => {
        let removed = 0;
        for (const pattern of installationKeyPatterns(prefix)) {
          let cursor = '0';
          do {
            const [next, keys] = await redis.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
            cursor = next;
            if (keys.length) removed += await redis.redis.del(...keys);
          } while (cursor !== '0');
        }
        return removed;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
