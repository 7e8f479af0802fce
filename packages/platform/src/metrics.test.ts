import { defineJob, QUEUES } from '@nashr/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createServiceApp } from './http/app.js';
import { identityHeaders } from './http/identity.js';
import { processMetrics, serveMetrics } from './metrics.js';
import { createWorker, handleJob, Queues } from './queues.js';
import {
  createCapturingLogger,
  createTestRedis,
  metricSample as sample,
  TEST_INTERNAL_SECRET,
  type TestRedis,
  testIdentity,
} from './testing/index.js';

const { logger } = createCapturingLogger();
const asGateway = identityHeaders(testIdentity(['user']), TEST_INTERNAL_SECRET);

describe('HTTP metrics of a service app', () => {
  const app = createServiceApp({ name: 'sample', logger, internalSecret: TEST_INTERNAL_SECRET });
  app.get('/items/:id', { schema: { params: z.object({ id: z.string().max(10) }) } }, async (request) => ({
    success: true,
    id: request.params.id,
  }));
  afterAll(() => app.close());

  const scrape = async () => {
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: asGateway });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('counts each request under its route pattern and status, never its URL', async () => {
    const labels = { method: 'GET', route: '/items/:id', status: '200' };
    const before = await scrape();
    await app.inject({ method: 'GET', url: '/items/secret-42', headers: asGateway });
    await app.inject({ method: 'GET', url: '/items/other?token=abc', headers: asGateway });
    const after = await scrape();

    expect(sample(after, 'http_requests_total', labels) - sample(before, 'http_requests_total', labels)).toBe(2);
    expect(
      sample(after, 'http_request_duration_seconds_count', labels) -
        sample(before, 'http_request_duration_seconds_count', labels),
    ).toBe(2);
    expect(after).not.toContain('secret-42');
    expect(after).not.toContain('token=abc');
  });

  it('labels refusals and unknown paths without their URL', async () => {
    const before = await scrape();
    await app.inject({ method: 'GET', url: '/items/far-too-long-id', headers: asGateway });
    await app.inject({ method: 'GET', url: '/nowhere/at-all', headers: asGateway });
    const after = await scrape();
    const delta = (labels: Record<string, string>) =>
      sample(after, 'http_requests_total', labels) - sample(before, 'http_requests_total', labels);
    expect(delta({ route: '/items/:id', status: '400' })).toBe(1);
    expect(delta({ route: 'unmatched', status: '404' })).toBe(1);
    expect(after).not.toContain('/nowhere/at-all');
  });

  it('serves the process metrics (Node defaults) in the same scrape', async () => {
    const text = await scrape();
    expect(text).toContain('# TYPE process_cpu_seconds_total counter');
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(text).toContain('# TYPE jobs_total counter');
  });

  it('answers /metrics only with the internal secret', async () => {
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('http_requests_total');
  });

  it('has no /metrics route in an app without an internal secret (the gateway)', async () => {
    const open = createServiceApp({ name: 'open', logger });
    const res = await open.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    await open.close();
  });
});

describe('job metrics', () => {
  const greet = defineJob(QUEUES.authMail, 'metrics-greet', z.object({ name: z.string().min(1) }));
  let redis: TestRedis;
  let queues: Queues;
  beforeAll(async () => {
    redis = await createTestRedis();
    queues = new Queues({ connection: redis.redis, prefix: redis.prefix }, logger);
  });
  afterAll(async () => {
    await queues.close();
    await redis.cleanup();
  });

  it('counts completed, retried and failed attempts per queue and job name, with durations', async () => {
    const metrics = () => processMetrics().registry.metrics();
    const label = (outcome: string) => ({ queue: QUEUES.authMail, job: 'metrics-greet', outcome });
    const before = await metrics();
    let firstTry = true;
    const worker = createWorker(
      QUEUES.authMail,
      [
        handleJob(greet, async ({ name }) => {
          if (name === 'flaky' && firstTry) {
            firstTry = false;
            throw new Error('try again');
          }
          if (name === 'broken') throw new Error('always broken');
          // 25 ms each: timers may fire a little early, and the two together must measure at least 40 ms.
          await new Promise((resolve) => setTimeout(resolve, 25));
        }),
      ],
      { connection: redis.redis.duplicate({ maxRetriesPerRequest: null }), prefix: redis.prefix },
      { logger },
    );
    const queue = queues.get(QUEUES.authMail);
    const jobs = [
      await queues.enqueue(greet, { name: 'fine' }),
      await queues.enqueue(greet, { name: 'flaky' }, { attempts: 2, backoff: 0 }),
      await queues.enqueue(greet, { name: 'broken' }, { attempts: 1 }),
      // An invalid payload never reaches the handler and is not retried.
      await queue.add('metrics-greet', { name: 42 }, { attempts: 3 }),
    ];
    // Redis marks a job finished a moment before the worker's own event records it: wait for the counts.
    const delta = (after: string, name: string, outcome: string) =>
      sample(after, name, label(outcome)) - sample(before, name, label(outcome));
    await expect
      .poll(async () => {
        const now = await metrics();
        return ['completed', 'retried', 'failed'].map((outcome) => delta(now, 'jobs_total', outcome));
      })
      .toEqual([2, 1, 2]);
    await worker.close();
    const after = await metrics();
    for (const job of jobs) expect(['completed', 'failed']).toContain(await queue.getJobState(job.id as string));
    expect(delta(after, 'job_duration_seconds_count', 'completed')).toBe(2);
    expect(delta(after, 'job_duration_seconds_sum', 'completed')).toBeGreaterThanOrEqual(0.04);
  });
});

describe('metrics listener for workers', () => {
  it('answers GET /metrics with the process metrics and nothing else', async () => {
    const listener = await serveMetrics({ port: 0, host: '127.0.0.1', logger });
    try {
      const res = await fetch(listener.url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await res.text();
      expect(text).toContain('# TYPE jobs_total counter');
      const other = await fetch(listener.url.replace('/metrics', '/secrets'));
      expect(other.status).toBe(404);
    } finally {
      await listener.close();
    }
  });
});
