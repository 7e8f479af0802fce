/**
 * One load run, in a process of its own: the benchmark's main process also reads the
 * stack's log output, and a busy load generator beside it would let those pipes fill up and
 * stall the services' (synchronous) log writes, which is a cost of the harness, not of the product.
 *
 * Two kinds of run:
 * - fixed concurrency (no `overallRate`): autocannon, each connection sending its next request
 *   as soon as the answer comes;
 * - fixed rate (`overallRate`): requests paced evenly in time (one every 1 ms at 1,000 req/s),
 *   each timed from the moment it was due, so a server that falls behind is charged for the
 *   wait. autocannon's own rate option is not used for this: it lets every connection send its
 *   whole second's quota at once and then pause, which measures a burst every second, not a rate.
 *
 *   node --import tsx bench/gateway/load.ts '<LoadOptions as JSON>'   → prints LoadFigures as JSON
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { Pool } from 'undici';
import { percentile } from '../scheduler/stats.js';
import { figuresFromChild } from './child-figures.js';

export interface LoadOptions {
  url: string;
  headers: Record<string, string>;
  /** Seconds. */
  duration: number;
  connections: number;
  /** Requests per second, paced evenly; unset: as fast as answers come. */
  overallRate?: number;
}

export interface LoadFigures {
  requestsPerSecond: number;
  /** Milliseconds, from each response's own time (unrounded), 200 answers only. */
  p50: number;
  p95: number;
  p99: number;
  /** Answers other than 200, and connection errors: a valid run has none. */
  failures: number;
  total: number;
}

function summarise(latencies: number[], failures: number, seconds: number): LoadFigures {
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    failures,
    total: latencies.length + failures,
  };
}

async function paced(options: LoadOptions & { overallRate: number }): Promise<LoadFigures> {
  const url = new URL(options.url);
  const pool = new Pool(url.origin, { connections: options.connections, pipelining: 1 });
  const interval = 1000 / options.overallRate;
  const total = Math.round(options.overallRate * options.duration);
  const latencies: number[] = [];
  let failures = 0;
  const sent: Promise<void>[] = [];
  const send = async (due: number) => {
    try {
      const response = await pool.request({
        method: 'GET',
        path: url.pathname + url.search,
        headers: options.headers,
        headersTimeout: 10_000,
        bodyTimeout: 10_000,
      });
      await response.body.text();
      if (response.statusCode === 200) latencies.push(performance.now() - due);
      else failures += 1;
    } catch {
      failures += 1;
    }
  };
  const start = performance.now() + 20;
  let next = 0;
  // Timers fire about every millisecond: each tick sends every request that is due by then.
  while (next < total) {
    const now = performance.now();
    while (next < total && start + next * interval <= now) {
      sent.push(send(start + next * interval));
      next += 1;
    }
    await sleep(Math.max(0, Math.min(1, start + next * interval - performance.now())));
  }
  await Promise.all(sent);
  const seconds = (performance.now() - start) / 1000;
  await pool.close();
  return summarise(latencies, failures, seconds);
}

async function generate(options: LoadOptions): Promise<LoadFigures> {
  if (options.overallRate) return paced({ ...options, overallRate: options.overallRate });
  const latencies: number[] = [];
  const instance = autocannon({
    url: options.url,
    headers: options.headers,
    connections: options.connections,
    duration: options.duration,
    timeout: 10,
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode === 200) latencies.push(responseTime);
  });
  const result = await instance;
  return summarise(latencies, result.non2xx + result.errors, result.duration);
}

const SELF = fileURLToPath(import.meta.url);

/** Runs `options` in a child process and returns its figures. */
export function load(options: LoadOptions): Promise<LoadFigures> {
  return figuresFromChild<LoadFigures>(SELF, options, 'the load generator');
}

if (process.argv[1] === SELF) {
  const figures = await generate(JSON.parse(process.argv[2] ?? '{}') as LoadOptions);
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}
