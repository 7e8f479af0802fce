/**
 * The auth service as the tests see it: real PostgreSQL and Redis, the API built with buildApp,
 * real BullMQ workers, a real SMTP server (the development mail catcher) and, on request, the
 * development OpenID provider on a real port. Requests are sent the way the gateway sends them.
 */
import fastifyCookie from '@fastify/cookie';
import {
  endSubscriptionForDeletionJob,
  postPublishedEvent,
  postPublishFailedEvent,
  QUEUES,
  SESSION_COOKIE,
  type SubscriptionEndedForDeletion,
  userCreatedEvent,
  userDeletedEvent,
} from '@nashr/contracts';
import { type CaughtMail, type MailCatcher, startMailCatcher } from '@nashr/fakes/mail-catcher';
import type { DevOidcProvider } from '@nashr/fakes/oidc-provider';
import {
  ApiTokenStore,
  createDatabase,
  createRedis,
  createWorker,
  type Database,
  handleJob,
  identityHeaders,
  Queues,
  type ServiceApp,
  SessionStore,
  waitForRedis,
} from '@nashr/platform';
import {
  createCapturingLogger,
  createTestDatabase,
  createTestRedis,
  TEST_INTERNAL_SECRET,
  testIdentity,
} from '@nashr/platform/testing';
import { expect } from 'vitest';
import webpush from 'web-push';
import { buildApp, GOOGLE_CALLBACK_PATH } from './app.js';
import { type Config, configSchema, workerConfigSchema } from './config.js';
import { schema } from './db/schema.js';
import { startWorkers } from './jobs/index.js';
import { MIGRATIONS_FOLDER } from './migrations.js';
import { createSmtpMailer } from './providers/mailer.js';

export const COOKIE_SECRET = 'test-cookie-secret-0123456789-abcdefghij';
/** The auth service's ENCRYPTION_KEY in tests (32 bytes, base64). */
export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 3).toString('base64');
export const PUBLIC_URL = 'http://localhost:8080';
export const OIDC_CLIENT = { clientId: 'nashr-test', clientSecret: 'nashr-test-secret' };

export interface HarnessOptions {
  env?: Record<string, string>;
  /** Start the development OpenID provider and point the service at it. */
  oidc?: boolean;
  /** The workers' clock (the notification digest's hour). */
  clock?: () => Date;
  /** Where the worker sends mail, given the catcher's address (a proxy in front of it, to cut it). */
  smtpUrl?: (catcherUrl: string) => string;
}

export interface Harness {
  app: ServiceApp;
  config: Config;
  catcher: MailCatcher;
  provider: DevOidcProvider | null;
  sessions: SessionStore;
  /** Personal API tokens, as the gateway resolves them. */
  tokens: ApiTokenStore;
  /** The service's own database, to check what the API answers against what it stored. */
  database: Database<typeof schema>;
  /** A producer of this file's own: publishes events as the other services would, reads queues. */
  queues: Queues;
  logs: () => string[];
  close: () => Promise<void>;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const db = await createTestDatabase([{ migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'auth' }]);
  const redis = await createTestRedis();
  const database = createDatabase({ url: db.url, schema });
  const requestRedis = createRedis(redis.url, 'request');
  await waitForRedis(requestRedis);
  const workerRedis = redis.redis.duplicate({ maxRetriesPerRequest: null });
  const { logger, lines } = createCapturingLogger();
  const catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
  // The provider mails its codes the way the worker mails sign-in links: over SMTP, to the catcher.
  const providerMailer = createSmtpMailer({ url: catcher.smtpUrl, from: 'oidc@test.local', production: false });
  // Imported only when needed: oidc-provider warns about the Node version on import.
  const provider = options.oidc
    ? await (await import('@nashr/fakes/oidc-provider')).startOidcProvider({
        mailer: providerMailer,
        port: 0,
        issuer: (port) => `http://127.0.0.1:${port}`,
        clients: [{ ...OIDC_CLIENT, redirectUris: [`${PUBLIC_URL}${GOOGLE_CALLBACK_PATH}`] }],
      })
    : null;

  // Production signs push with configured keys only (the config refuses it otherwise).
  const vapid =
    options.env?.NODE_ENV === 'production' && !options.env.VAPID_PRIVATE_KEY
      ? (({ publicKey, privateKey }) => ({
          VAPID_PUBLIC_KEY: publicKey,
          VAPID_PRIVATE_KEY: privateKey,
          VAPID_SUBJECT: 'mailto:ops@nashr.test',
        }))(webpush.generateVAPIDKeys())
      : {};
  const shared = {
    NODE_ENV: 'test',
    ...vapid,
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: redis.prefix,
    PUBLIC_URL,
    // Seals the webhooks' signing secrets (the API) and opens them (the worker).
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    ...options.env,
  };
  const config = configSchema.parse({
    ...shared,
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    COOKIE_SECRET,
    ...(provider
      ? {
          OIDC_ISSUER: provider.issuer,
          OIDC_CLIENT_ID: OIDC_CLIENT.clientId,
          OIDC_CLIENT_SECRET: OIDC_CLIENT.clientSecret,
        }
      : {}),
    ...options.env,
  });
  const workerConfig = workerConfigSchema.parse({
    ...shared,
    SMTP_URL: options.smtpUrl?.(catcher.smtpUrl) ?? catcher.smtpUrl,
  });
  const app = await buildApp({ config, logger, database, redis: requestRedis });
  const mailer = createSmtpMailer({ url: workerConfig.SMTP_URL, from: workerConfig.MAIL_FROM, production: false });
  const workers = startWorkers({
    config: workerConfig,
    names: workerConfig.AUTH_WORKERS,
    logger,
    database,
    queue: { connection: workerRedis, prefix: redis.prefix },
    mailer,
    clock: options.clock,
  });
  const queues = new Queues({ connection: redis.redis, prefix: redis.prefix }, logger);

  return {
    app,
    config,
    database,
    catcher,
    provider,
    sessions: new SessionStore(redis.redis, redis.prefix),
    tokens: new ApiTokenStore(redis.redis, redis.prefix),
    queues,
    logs: lines,
    close: async () => {
      await app.close();
      await workers.close();
      await queues.close();
      mailer.close();
      await catcher.close();
      await provider?.close();
      providerMailer.close();
      requestRedis.disconnect();
      workerRedis.disconnect();
      await database.close();
      await redis.cleanup();
      await db.drop();
    },
  };
}

export interface StandInBilling {
  close: () => Promise<void>;
}

/**
 * Billing's side of 'Delete my account', played on the billing inbox: the auth service sees only
 * the queue. `provider`: whether the payment provider ends the subscription or cannot be reached.
 */
export function standInBilling(
  h: Harness,
  provider: 'answers' | 'fails',
  answer: SubscriptionEndedForDeletion = { plan: null, cancelled: null },
): StandInBilling {
  const connection = createRedis(h.config.REDIS_URL, 'worker');
  const worker = createWorker(
    QUEUES.billingInbox,
    [
      handleJob(endSubscriptionForDeletionJob, async () => {
        if (provider === 'fails') throw new Error('The payment provider could not be reached');
        return answer;
      }),
      handleJob(userDeletedEvent, async () => ({})),
      handleJob(userCreatedEvent, async () => ({})),
    ],
    { connection, prefix: h.config.REDIS_PREFIX },
    { logger: createCapturingLogger().logger },
  );
  return {
    close: async () => {
      await worker.close();
      connection.disconnect();
    },
  };
}

/** Headers every request through the gateway carries. */
export function fromGateway(ip = '203.0.113.10'): Record<string, string> {
  return { 'x-internal-secret': TEST_INTERNAL_SECRET, 'x-forwarded-for': ip };
}

/** The signed `sid` value a response set, if any. */
export function sessionCookieOf(response: { cookies: { name: string; value: string }[] }): string | undefined {
  return response.cookies.find((c) => c.name === SESSION_COOKIE && c.value !== '')?.value;
}

/**
 * Does what the gateway does with a browser's `sid` cookie: checks its signature, resolves the
 * session in Redis and forwards the identity. An unknown or ended session forwards nobody.
 */
export async function asGateway(h: Harness, signedSid?: string, ip?: string): Promise<Record<string, string>> {
  const headers = fromGateway(ip);
  if (!signedSid) return headers;
  const unsigned = fastifyCookie.unsign(signedSid, COOKIE_SECRET);
  if (!unsigned.valid || !unsigned.value) return headers;
  const identity = await h.sessions.get(unsigned.value);
  if (!identity) return headers;
  return { ...headers, ...identityHeaders(identity, TEST_INTERNAL_SECRET), 'x-session-id': unsigned.value };
}

export function requestLink(h: Harness, body: unknown, ip?: string) {
  return h.app.inject({
    method: 'POST',
    url: '/api/v1/auth/magic-login',
    headers: fromGateway(ip),
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

const LINK = /https?:\/\/\S+\/api\/v1\/auth\/magic-login\/verify\?token=[A-Za-z0-9_%-]+/;

/** Waits for the next mail to `email` that arrived after `after` mails, and returns it with its link. */
export async function waitForMail(h: Harness, email: string, after = 0): Promise<{ mail: CaughtMail; link: string }> {
  let found: CaughtMail | undefined;
  const deadline = Date.now() + 10_000;
  while (!found) {
    const mine = h.catcher.messages().filter((m) => m.envelope.to.includes(email));
    found = mine.length > after ? mine[0] : undefined;
    if (found) break;
    if (Date.now() > deadline) throw new Error(`no mail to ${email} arrived within 10 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const mail = found as CaughtMail;
  const link = LINK.exec(mail.text ?? '')?.[0];
  if (!link) throw new Error(`no sign-in link in the mail to ${email}`);
  return { mail, link };
}

export function mailsTo(h: Harness, email: string): CaughtMail[] {
  return h.catcher.messages().filter((m) => m.envelope.to.includes(email));
}

/**
 * Does what a browser does with a mailed link: opens it (the gateway forwards path and query),
 * lands on the `/verify` page with the token in the fragment, and the page spends it with a POST.
 * Returns the POST's answer; `verifyStatus` reads it as the status the page then shows.
 */
export async function openLink(h: Harness, link: string, headers: Record<string, string> = fromGateway()) {
  const url = new URL(link);
  const opened = await h.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers });
  const location = String(opened.headers.location ?? '');
  // A link that cannot sign in leads to `/verify?status=...` without its token; it is posted all the
  // same, so the answer says why (used, expired) as the page would.
  const token = location.startsWith('/verify#')
    ? (new URLSearchParams(location.slice('/verify#'.length)).get('token') ?? '')
    : (url.searchParams.get('token') ?? '');
  return h.app.inject({ method: 'POST', url: '/api/v1/auth/magic-login/verify', headers, payload: { token } });
}

/** The status the `/verify` page shows for the answer to its POST: verified, or the refusal's reason. */
export function verifyStatus(res: { statusCode: number; json: () => { code?: string } }): string {
  if (res.statusCode === 200) return 'verified';
  return String(res.json().code ?? '').replace(/^magic_link\./, '');
}

/**
 * Asks for a link, receives it by SMTP and follows it; returns the signed session cookie. The
 * browser that follows it is at `ip` and sends `headers` (a User-Agent, say).
 */
export async function signInByMail(
  h: Harness,
  email: string,
  ip?: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const before = mailsTo(h, email).length;
  const asked = await requestLink(h, { destination: email }, ip);
  expect(asked.statusCode).toBe(200);
  const { link } = await waitForMail(h, email, before);
  const opened = await openLink(h, link, { ...fromGateway(ip), ...headers });
  expect(verifyStatus(opened)).toBe('verified');
  const sid = sessionCookieOf(opened);
  if (!sid) throw new Error('no session cookie after following the link');
  return sid;
}

export async function me(h: Harness, sid?: string) {
  return h.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: await asGateway(h, sid) });
}

/** The id stored for an address, to check what `/me` answers against the database itself. */
export async function storedUserId(h: Harness, email: string): Promise<string> {
  const [row] = await h.database.sql<{ id: string }[]>`select id from auth.users where email = ${email}`;
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** Reads until `ok` holds (a state, never a fixed sleep), or fails naming what it still read. */
export async function until<T>(
  what: string,
  read: () => Promise<T> | T,
  ok: (value: T) => boolean,
  ms = 10_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A user stored directly, with the headers the gateway sends for their session. */
export async function storedUser(h: Harness, email: string) {
  const identity = { ...testIdentity(['user']), email };
  await h.database.sql`insert into auth.users (id, email) values (${identity.userId}, ${identity.email})`;
  return { ...identity, headers: identityHeaders(identity, TEST_INTERNAL_SECRET) };
}
export type StoredUser = Awaited<ReturnType<typeof storedUser>>;

/** Publishes as another service does, and waits until the auth worker has handled the event. */
export async function deliverEvent(h: Harness, publish: () => Promise<void>, jobId: string): Promise<void> {
  await publish();
  const queue = h.queues.get(QUEUES.authInbox);
  await until(
    `job ${jobId}`,
    async () => (await queue.getJob(jobId))?.finishedOn ?? null,
    (v) => v !== null,
  );
}

/** A scheduled post the network refused for good, as the posts service tells it. */
export const postFailed = (h: Harness, userId: string, postId: string, attempt = 1) =>
  deliverEvent(
    h,
    () =>
      h.queues.publish(
        postPublishFailedEvent,
        {
          postId,
          userId,
          reason: 'LinkedIn refused the post: duplicate content',
          code: 'linkedin.rejected',
          permanent: true,
        },
        { id: `${postId}-${attempt}` },
      ),
    `post-publish-failed-${postId}-${attempt}`,
  );

/** A post published on the network, as the linkedin service tells it. */
export const postPublished = (h: Harness, userId: string, postId: string) =>
  deliverEvent(
    h,
    () =>
      h.queues.publish(
        postPublishedEvent,
        {
          postId,
          userId,
          networkPostId: `urn:li:share:${postId}`,
          url: `https://www.linkedin.com/feed/update/urn:li:share:${postId}`,
          publishedAt: new Date().toISOString(),
        },
        { id: `${postId}-1` },
      ),
    `post-published-${postId}-1`,
  );
