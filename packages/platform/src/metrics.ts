import { createServer, type Server } from 'node:http';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Logger } from './logger.js';

/** `text/plain; version=0.0.4`: what Prometheus expects from a scrape. */
export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

/** What an attempt of a job came to: `retried` failed but will run again, `failed` will not. */
export type JobOutcome = 'completed' | 'retried' | 'failed';

/**
 * Metrics of the whole process: Node's defaults and the jobs its workers ran. Made once per
 * process, so every worker and app in it adds to the same series; a service registers its own
 * process-wide metrics on `registry`.
 */
export interface ProcessMetrics {
  registry: Registry;
  jobs: Counter<'queue' | 'job' | 'outcome'>;
  jobDuration: Histogram<'queue' | 'job' | 'outcome'>;
}

let current: ProcessMetrics | undefined;

export function processMetrics(): ProcessMetrics {
  if (current) return current;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  current = {
    registry,
    jobs: new Counter({
      name: 'jobs_total',
      help: 'Job attempts by queue, job name and outcome (completed, retried, failed for good)',
      labelNames: ['queue', 'job', 'outcome'],
      registers: [registry],
    }),
    jobDuration: new Histogram({
      name: 'job_duration_seconds',
      help: 'Time one job attempt took, by queue, job name and outcome',
      labelNames: ['queue', 'job', 'outcome'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
      registers: [registry],
    }),
  };
  return current;
}

export function recordJob(queue: string, job: string, outcome: JobOutcome, seconds: number): void {
  const metrics = processMetrics();
  metrics.jobs.inc({ queue, job, outcome });
  metrics.jobDuration.observe({ queue, job, outcome }, seconds);
}

/**
 * HTTP metrics of one Fastify app. Each app has its own registry (tests run several apps in one
 * process); a scrape returns them together with the process metrics.
 */
export class HttpMetrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers: [this.registry],
  });
  private readonly duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  /**
   * `route` is the pattern the router matched (`/api/v1/posts/:id`), never the URL: raw URLs
   * would carry ids and tokens, and give every request a series of its own.
   */
  observe(method: string, route: string | undefined, status: number, seconds: number): void {
    const labels = { method, route: route ?? 'unmatched', status: String(status) };
    this.requests.inc(labels);
    this.duration.observe(labels, seconds);
  }

  /** Prometheus text: this app's requests plus the process metrics. */
  text(): Promise<string> {
    return Registry.merge([processMetrics().registry, this.registry]).metrics();
  }
}

/** What QueueDepthMetrics needs of a BullMQ queue. */
export interface CountableQueue {
  name: string;
  getJobCounts: () => Promise<Record<string, number>>;
}

/**
 * Jobs in each state of each queue, read from Redis when scraped: the backlog that counters in
 * the workers cannot show. A queue that cannot be read is left out of that scrape.
 */
export class QueueDepthMetrics {
  private readonly registry = new Registry();

  constructor(queues: CountableQueue[], logger: Logger) {
    new Gauge({
      name: 'queue_jobs',
      help: 'Jobs in each state (waiting, delayed, active, failed, ...) of each queue',
      labelNames: ['queue', 'state'],
      registers: [this.registry],
      async collect() {
        this.reset();
        await Promise.all(
          queues.map(async (queue) => {
            try {
              const counts = await queue.getJobCounts();
              for (const [state, count] of Object.entries(counts)) this.set({ queue: queue.name, state }, count);
            } catch (err) {
              logger.warn({ err, queue: queue.name }, 'queue counts unavailable');
            }
          }),
        );
      },
    });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}

export interface MetricsListener {
  url: string;
  close: () => Promise<void>;
}

/**
 * A small HTTP listener for processes without an API (workers): `GET /metrics` answers the
 * process metrics. It has no secret, so it belongs on a private network only.
 */
export async function serveMetrics(options: { port: number; host: string; logger: Logger }): Promise<MetricsListener> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: try GET /metrics\n');
      return;
    }
    processMetrics()
      .registry.metrics()
      .then(
        (text) => response.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE }).end(text),
        (err) => {
          options.logger.error({ err }, 'metrics could not be collected');
          response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics unavailable\n');
        },
      );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : options.port;
  return {
    url: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
