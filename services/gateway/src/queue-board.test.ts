import fastifyCookie from '@fastify/cookie';
import { QUEUES, sendMagicLinkJob } from '@nashr/contracts';
import { Queues, type ServiceApp, SessionStore } from '@nashr/platform';
import {
  createCapturingLogger,
  createTestRedis,
  TEST_INTERNAL_SECRET,
  type TestRedis,
  testIdentity,
} from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { QUEUE_BOARD_PATH } from './queue-board.js';

const COOKIE_SECRET = 'c'.repeat(40);
const { logger } = createCapturingLogger();
let redis: TestRedis;
let gateway: ServiceApp;
let sessions: SessionStore;
let queues: Queues;

const cookieFor = async (roles: ('user' | 'admin')[]) =>
  `sid=${fastifyCookie.sign(await sessions.create(testIdentity(roles)), COOKIE_SECRET)}`;

beforeAll(async () => {
  redis = await createTestRedis();
  sessions = new SessionStore(redis.redis, redis.prefix);
  queues = new Queues({ connection: redis.redis, prefix: redis.prefix }, logger);
  const config = configSchema.parse({
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    COOKIE_SECRET,
    REDIS_URL: redis.url,
    REDIS_PREFIX: redis.prefix,
  });
  gateway = await buildApp({ config, logger, redis: redis.redis });
});

afterAll(async () => {
  await gateway?.close();
  await queues?.close();
  await redis?.cleanup();
});

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
});
