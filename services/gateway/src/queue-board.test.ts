import fastifyCookie from '@fastify/cookie';
import {
  MIGRATIONS_FOLDER as AUTH_MIGRATIONS,
  configSchema as authConfigSchema,
  schema as authSchema,
  buildApp as buildAuthApp,
} from '@nashr/auth';
import { type AdminAuditEntry, type Identity, QUEUES, sendMagicLinkJob } from '@nashr/contracts';
import {
  createDatabase,
  createRedis,
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
  type TestRedis,
  testIdentity,
} from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { QUEUE_BOARD_PATH } from './routes/queue-board.js';

const COOKIE_SECRET = 'c'.repeat(40);
const { logger } = createCapturingLogger();
let redis: TestRedis;
let gateway: ServiceApp;
let sessions: SessionStore;
let queues: Queues;
/** The auth service, which keeps the administrators' audit trail. */
let auth: ServiceApp;
let authRedis: Redis;

const cookieOf = async (identity: Identity) =>
  `sid=${fastifyCookie.sign(await sessions.create(identity), COOKIE_SECRET)}`;
const cookieFor = (roles: ('user' | 'admin')[]) => cookieOf(testIdentity(roles));

beforeAll(async () => {
  redis = await createTestRedis();
  const db = await createTestDatabase([{ migrationsFolder: AUTH_MIGRATIONS, serviceSchema: 'auth' }]);
  authRedis = createRedis(redis.url, 'request');
  await waitForRedis(authRedis);
  auth = await buildAuthApp({
    config: authConfigSchema.parse({
      NODE_ENV: 'test',
      DATABASE_URL: db.url,
      REDIS_URL: redis.url,
      REDIS_PREFIX: redis.prefix,
      INTERNAL_SECRET: TEST_INTERNAL_SECRET,
      COOKIE_SECRET,
      ENCRYPTION_KEY: Buffer.alloc(32, 5).toString('base64'),
    }),
    logger,
    database: createDatabase({ url: db.url, schema: authSchema }),
    redis: authRedis,
  });
  const authUrl = await auth.listen({ port: 0, host: '127.0.0.1' });
  sessions = new SessionStore(redis.redis, redis.prefix);
  queues = new Queues({ connection: redis.redis, prefix: redis.prefix }, logger);
  const config = configSchema.parse({
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    COOKIE_SECRET,
    REDIS_URL: redis.url,
    REDIS_PREFIX: redis.prefix,
    AUTH_URL: authUrl,
  });
  gateway = await buildApp({ config, logger, redis: redis.redis });
});

afterAll(async () => {
  await gateway?.close();
  await auth?.close();
  authRedis?.disconnect();
  await queues?.close();
  await redis?.cleanup();
});

/** The trail as the admin screen reads it, through the gateway. */
async function auditTrail(cookie: string): Promise<AdminAuditEntry[]> {
  const res = await gateway.inject({ method: 'GET', url: '/api/v1/auth/admin/audit', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** An answer an outsider may read: no stack, no file path, no module or internal host name. */
function expectNothingInternal(body: string) {
  expect(body).not.toMatch(
    /\bat .+:\d+:\d+|node_modules|\/(?:work|home|app|usr|tmp)\/|\.[cm]?[jt]s:\d+|stack|127\.0\.0\.1|ECONN/i,
  );
}

/** The dashboard page, one of its static files (named in the page), and its API. */
const paths = async () => {
  const admin = await cookieFor(['admin']);
  const page = await gateway.inject({ method: 'GET', url: QUEUE_BOARD_PATH, headers: { cookie: admin } });
  const script = /src="(static\/js\/main\.[^"]+\.js)"/.exec(page.body)?.[1];
  expect(script).toBeTruthy();
  return [QUEUE_BOARD_PATH, `${QUEUE_BOARD_PATH}/${script}`, `${QUEUE_BOARD_PATH}/api/queues`];
};

describe('the queue dashboard', () => {
  it('refuses anonymous callers (401) and non-admins (403) on the page, its files and its API', async () => {
    const user = await cookieFor(['user']);
    for (const url of await paths()) {
      const anonymous = await gateway.inject({ method: 'GET', url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json()).toMatchObject({ success: false });
      const refused = await gateway.inject({ method: 'GET', url, headers: { cookie: user } });
      expect(refused.statusCode, url).toBe(403);
    }
    const retry = await gateway.inject({
      method: 'PUT',
      url: `${QUEUE_BOARD_PATH}/api/queues/${QUEUES.authMail}/retry/failed`,
      headers: { cookie: user },
    });
    expect(retry.statusCode).toBe(403);
  });

  it('serves an admin the page and its files from this site', async () => {
    const admin = await cookieFor(['admin']);
    const page = await gateway.inject({ method: 'GET', url: QUEUE_BOARD_PATH, headers: { cookie: admin } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(`<base href="${QUEUE_BOARD_PATH}/" />`);
    expect(page.body).toContain('Nashr queues');
    // Nothing from another site: the CSP allows only this one.
    expect(page.body).not.toMatch(/(?:src|href)="https?:/);
    const [, script] = await paths();
    const file = await gateway.inject({ method: 'GET', url: script as string, headers: { cookie: admin } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/javascript/);
  });

  it('lists every queue of the product, read under the installation prefix', async () => {
    const admin = await cookieFor(['admin']);
    await queues.enqueue(sendMagicLinkJob, { email: 'board@example.test', lang: 'ar' });
    const res = await gateway.inject({
      method: 'GET',
      url: `${QUEUE_BOARD_PATH}/api/queues`,
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { queues: { name: string; counts: Record<string, number> }[] };
    expect(body.queues.map((q) => q.name).sort()).toEqual(Object.values(QUEUES).sort());
    expect(body.queues.find((q) => q.name === QUEUES.authMail)?.counts.waiting).toBe(1);
  });

  it('refuses a write from another site in the one error shape, with no stack or file path', async () => {
    // Bull Board puts the stack in its error answers when NODE_ENV is development (npm start's).
    vi.stubEnv('NODE_ENV', 'development');
    try {
      const admin = await cookieFor(['admin']);
      for (const cookie of [undefined, admin]) {
        const res = await gateway.inject({
          method: 'PUT',
          url: `${QUEUE_BOARD_PATH}/api/queues/${QUEUES.authMail}/pause`,
          headers: { origin: 'https://elsewhere.example', ...(cookie ? { cookie } : {}) },
        });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({
          success: false,
          code: 'request.cross_site',
          message: 'Requests from other sites are not allowed',
        });
      }
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('answers what the board itself refuses without a stack, a file path or an internal name', async () => {
    vi.stubEnv('NODE_ENV', 'development');
    try {
      const admin = await cookieFor(['admin']);
      const res = await gateway.inject({
        method: 'PUT',
        url: `${QUEUE_BOARD_PATH}/api/queues/${QUEUES.authMail}/pause`,
        headers: { cookie: admin, 'content-type': 'application/json' },
        payload: '{"broken":',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'request.invalid_json' });
      expect(res.body).not.toMatch(/node_modules|\.js:\d+|stack/i);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('changes made on the queue board', () => {
  it('enter the admin audit trail, with who, what and from where, for every kind of change', async () => {
    const admin = testIdentity(['admin']);
    const cookie = await cookieOf(admin);
    const job = await queues.enqueue(sendMagicLinkJob, { email: 'audited@example.test', lang: 'en' });
    const changes = [
      `/api/queues/${QUEUES.authMail}/pause`,
      `/api/queues/${QUEUES.authMail}/resume`,
      `/api/queues/${QUEUES.authMail}/retry/failed`,
      `/api/queues/${QUEUES.authMail}/clean/completed`,
      `/api/queues/${QUEUES.authMail}/${job.id}/clean`,
    ];
    for (const change of changes) {
      const res = await gateway.inject({
        method: 'PUT',
        url: `${QUEUE_BOARD_PATH}${change}`,
        headers: { cookie, 'x-forwarded-for': '203.0.113.9' },
      });
      expect(res.statusCode, `${change}: ${res.body}`).toBeLessThan(300);
    }
    expect(await queues.get(QUEUES.authMail).getJob(job.id as string)).toBeUndefined();
    const mine = (await auditTrail(cookie)).filter((entry) => entry.actorId === admin.userId);
    expect(mine.map((entry) => entry.target).sort()).toEqual(changes.map((change) => `PUT ${change}`).sort());
    for (const entry of mine) {
      expect(entry).toMatchObject({ action: 'ops.queue_change', actorEmail: admin.email, service: 'auth' });
      expect(entry.ip).toBeTruthy();
    }
  });

  it('records nothing for reading the board, and nothing for a refused caller', async () => {
    const admin = testIdentity(['admin']);
    const cookie = await cookieOf(admin);
    await gateway.inject({ method: 'GET', url: `${QUEUE_BOARD_PATH}/api/queues`, headers: { cookie } });
    const member = await cookieFor(['user']);
    const refused = await gateway.inject({
      method: 'PUT',
      url: `${QUEUE_BOARD_PATH}/api/queues/${QUEUES.authMail}/pause`,
      headers: { cookie: member },
    });
    expect(refused.statusCode).toBe(403);
    expect(await queues.get(QUEUES.authMail).isPaused()).toBe(false);
    expect((await auditTrail(cookie)).filter((entry) => entry.actorId === admin.userId)).toEqual([]);
  });

  it('is refused, and not made, while the trail cannot be written', async () => {
    const down = await buildApp({
      config: configSchema.parse({
        INTERNAL_SECRET: TEST_INTERNAL_SECRET,
        COOKIE_SECRET,
        REDIS_URL: redis.url,
        REDIS_PREFIX: redis.prefix,
        // Nothing listens on port 9 (discard): the auth service is out of reach.
        AUTH_URL: 'http://127.0.0.1:9',
      }),
      logger,
      redis: redis.redis,
    });
    try {
      const res = await down.inject({
        method: 'PUT',
        url: `${QUEUE_BOARD_PATH}/api/queues/${QUEUES.authMail}/pause`,
        headers: { cookie: await cookieFor(['admin']) },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ success: false, code: 'service.unavailable' });
      expectNothingInternal(res.body);
      expect(await queues.get(QUEUES.authMail).isPaused()).toBe(false);
    } finally {
      await down.close();
    }
  });

  it('answers what it cannot do without a stack, a file path or an internal name', async () => {
    vi.stubEnv('NODE_ENV', 'development');
    try {
      const cookie = await cookieFor(['admin']);
      const probes = [
        { method: 'PUT', url: `${QUEUE_BOARD_PATH}/api/queues/no-such-queue/pause` },
        { method: 'PUT', url: `${QUEUE_BOARD_PATH}/api/queues/${QUEUES.authMail}/no-such-job/retry` },
        { method: 'PUT', url: `${QUEUE_BOARD_PATH}/api/queues/${QUEUES.authMail}/clean/not-a-status` },
        { method: 'GET', url: `${QUEUE_BOARD_PATH}/api/queues/${QUEUES.authMail}/no-such-job` },
        { method: 'GET', url: `${QUEUE_BOARD_PATH}/api/nothing-here` },
        { method: 'GET', url: `${QUEUE_BOARD_PATH}/static/../../../package.json` },
        { method: 'GET', url: '/api/v1/ops/metrics?format=%ff' },
      ] as const;
      for (const probe of probes) {
        const res = await gateway.inject({ ...probe, headers: { cookie } });
        // The board's own refusals keep the shape its page reads ({ error: { key } }): no stack in it either.
        expect(res.statusCode, probe.url).toBeLessThan(500);
        expectNothingInternal(res.body);
      }
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
