import fastifyCookie from '@fastify/cookie';
import { buildApp as buildContentApp, schema as contentSchema, MIGRATIONS_FOLDER } from '@nashr/content';
import { QUEUES, sendMagicLinkJob } from '@nashr/contracts';
import { createDatabase, Queues, type ServiceApp, SessionStore } from '@nashr/platform';
import {
  createCapturingLogger,
  createTestDatabase,
  createTestRedis,
  type DownService,
  metricSample as sample,
  startDownService,
  TEST_INTERNAL_SECRET,
  type TestDatabase,
  type TestRedis,
  testIdentity,
} from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { mergeExpositions } from './metrics-exposition.js';
import { OPS_METRICS_PATH } from './routes/ops-metrics.js';

describe('merging expositions', () => {
  const histogram = (value: number) =>
    [
      '# HELP rpc_seconds Time of a call',
      '# TYPE rpc_seconds histogram',
      `rpc_seconds_bucket{le="0.1",route="/a"} ${value}`,
      `rpc_seconds_bucket{le="+Inf",route="/a"} ${value}`,
      `rpc_seconds_sum{route="/a"} ${value / 10}`,
      `rpc_seconds_count{route="/a"} ${value}`,
      '',
      '# HELP up_total Starts',
      '# TYPE up_total counter',
      `up_total ${value}`,
    ].join('\n');

  it('keeps each family once and labels every sample with its service', () => {
    const merged = mergeExpositions([
      { service: 'gateway', text: histogram(1) },
      { service: 'posts', text: histogram(7) },
    ]);
    const lines = merged.trim().split('\n');
    expect(lines.filter((l) => l === '# TYPE rpc_seconds histogram')).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith('# HELP up_total'))).toHaveLength(1);
    // A family's samples stay together, under its TYPE line, as the text format requires.
    const type = lines.indexOf('# TYPE rpc_seconds histogram');
    expect(lines.slice(type + 1, type + 9).every((l) => l.startsWith('rpc_seconds_'))).toBe(true);
    expect(sample(merged, 'rpc_seconds_count', { service: 'gateway', route: '/a' })).toBe(1);
    expect(sample(merged, 'rpc_seconds_count', { service: 'posts', route: '/a' })).toBe(7);
    expect(sample(merged, 'rpc_seconds_bucket', { service: 'posts', le: '+Inf' })).toBe(7);
    expect(sample(merged, 'up_total', { service: 'posts' })).toBe(7);
    expect(merged).toContain('up_total{service="gateway"} 1');
  });
});

describe('GET /api/v1/ops/metrics', () => {
  const COOKIE_SECRET = 'c'.repeat(40);
  const { logger } = createCapturingLogger();
  let db: TestDatabase;
  let redis: TestRedis;
  let contentDb: ReturnType<typeof createDatabase<typeof contentSchema>>;
  let content: ServiceApp;
  let gateway: ServiceApp;
  let sessions: SessionStore;
  let queues: Queues;
  let down: DownService;

  const cookieFor = async (roles: ('user' | 'admin')[]) =>
    `sid=${fastifyCookie.sign(await sessions.create(testIdentity(roles)), COOKIE_SECRET)}`;
  const scrape = async (cookie: string) => {
    const res = await gateway.inject({ method: 'GET', url: OPS_METRICS_PATH, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    db = await createTestDatabase([{ migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'content' }]);
    redis = await createTestRedis();
    sessions = new SessionStore(redis.redis, redis.prefix);
    queues = new Queues({ connection: redis.redis, prefix: redis.prefix }, logger);
    contentDb = createDatabase({ url: db.url, schema: contentSchema });
    content = buildContentApp({ config: { INTERNAL_SECRET: TEST_INTERNAL_SECRET }, logger, database: contentDb });
    const contentUrl = await content.listen({ port: 0, host: '127.0.0.1' });
    down = await startDownService();
    const config = configSchema.parse({
      INTERNAL_SECRET: TEST_INTERNAL_SECRET,
      COOKIE_SECRET,
      REDIS_URL: redis.url,
      REDIS_PREFIX: redis.prefix,
      CONTENT_URL: contentUrl,
      AUTH_URL: down.url,
      LINKEDIN_URL: down.url,
      POSTS_URL: down.url,
      AI_URL: down.url,
    });
    gateway = await buildApp({ config, logger, redis: redis.redis });
  });

  afterAll(async () => {
    await gateway?.close();
    await content?.close();
    await down?.close();
    await contentDb?.close();
    await queues?.close();
    await redis?.cleanup();
    await db?.drop();
  });

  it('refuses anonymous callers (401) and signed-in non-admins (403)', async () => {
    const anonymous = await gateway.inject({ method: 'GET', url: OPS_METRICS_PATH });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false });
    expect(anonymous.body).not.toContain('http_requests_total');
    const user = await gateway.inject({
      method: 'GET',
      url: OPS_METRICS_PATH,
      headers: { cookie: await cookieFor(['user']) },
    });
    expect(user.statusCode).toBe(403);
    expect(user.body).not.toContain('http_requests_total');
    const forged = await gateway.inject({
      method: 'GET',
      url: OPS_METRICS_PATH,
      headers: { cookie: 'sid=not-a-signed-session', 'x-user-roles': 'admin', 'x-user-id': testIdentity().userId },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('answers an admin with Prometheus text of the gateway and every service it can reach', async () => {
    const res = await gateway.inject({
      method: 'GET',
      url: OPS_METRICS_PATH,
      headers: { cookie: await cookieFor(['admin']) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    expect(sample(text, 'ops_service_up', { service: 'content' })).toBe(1);
    for (const service of ['auth', 'linkedin', 'posts', 'ai']) {
      expect(text).toContain(`ops_service_up{service="${service}"} 0`);
    }
    // One family, samples of both processes, each labelled.
    expect(text.match(/^# TYPE http_requests_total counter$/gm)).toHaveLength(1);
    expect(text).toMatch(/^process_cpu_seconds_total\{service="gateway"\} /m);
    expect(text).toMatch(/^process_cpu_seconds_total\{service="content"\} /m);
    expect(text).toContain('# TYPE jobs_total counter');
  });

  it('counts a request in the gateway and in the service that answered it', async () => {
    const admin = await cookieFor(['admin']);
    const gatewayLabels = { service: 'gateway', method: 'GET', route: '/content/*', status: '200' };
    const contentLabels = { service: 'content', method: 'GET', route: '/content/:blockName', status: '200' };
    const before = await scrape(admin);
    const read = await gateway.inject({ method: 'GET', url: '/content/hero?lang=en' });
    expect(read.statusCode).toBe(200);
    const after = await scrape(admin);
    expect(
      sample(after, 'http_requests_total', gatewayLabels) - sample(before, 'http_requests_total', gatewayLabels),
    ).toBe(1);
    expect(
      sample(after, 'http_requests_total', contentLabels) - sample(before, 'http_requests_total', contentLabels),
    ).toBe(1);
    expect(
      sample(after, 'http_request_duration_seconds_count', contentLabels) -
        sample(before, 'http_request_duration_seconds_count', contentLabels),
    ).toBe(1);
    expect(after).not.toContain('lang=en');
  });

  it('shows the backlog of each queue under the installation prefix', async () => {
    const admin = await cookieFor(['admin']);
    const labels = { service: 'gateway', queue: QUEUES.authMail, state: 'waiting' };
    const before = sample(await scrape(admin), 'queue_jobs', labels);
    await queues.enqueue(sendMagicLinkJob, { email: 'ops@example.test', lang: 'en' });
    expect(sample(await scrape(admin), 'queue_jobs', labels)).toBe(before + 1);
    const text = await scrape(admin);
    for (const queue of Object.values(QUEUES)) {
      expect(text).toContain(`queue_jobs{service="gateway",queue="${queue}",state="delayed"}`);
    }
  });
});
