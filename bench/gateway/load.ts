/**
 * One autocannon run, in a process of its own: the benchmark's main process also reads the
 * stack's log output, and a busy load generator beside it would let those pipes fill up and
 * stall the services' (synchronous) log writes, which is a cost of the harness, not of the product.
 *
 *   node --import tsx bench/gateway/load.ts '<LoadOptions as JSON>'   → prints LoadFigures as JSON
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { percentile } from '../scheduler/stats.js';

export interface LoadOptions {
  url: string;
  headers: Record<string, string>;
  /** Seconds. */
  duration: number;
  connections: number;
  /** Requests per second over all connections; unset: as fast as answers come. */
  overallRate?: number;
}

export interface LoadFigures {
  requestsPerSecond: number;
  /** Milliseconds, from each response's own time (unrounded), 200 answers only. */
  p50: number;
  p99: number;
  /** Answers other than 200, and connection errors: a valid run has none. */
  failures: number;
  total: number;
}

async function generate(options: LoadOptions): Promise<LoadFigures> {
  const latencies: number[] = [];
  const instance = autocannon({
    url: options.url,
    headers: options.headers,
    connections: options.connections,
    duration: options.duration,
    timeout: 10,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode === 200) latencies.push(responseTime);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: latencies.length / result.duration,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures: result.non2xx + result.errors,
    total: latencies.length + result.non2xx + result.errors,
  };
}

const SELF = fileURLToPath(import.meta.url);

/** Runs `options` in a child process and returns its figures. */
export function load(options: LoadOptions): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SELF, JSON.stringify(options)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code === 0 && line.startsWith('{')) resolve(JSON.parse(line) as LoadFigures);
      else reject(new Error(`the load generator exited (${code}): ${err.trim().split('\n').slice(-5).join(' ')}`));
    });
  });
}

if (process.argv[1] === SELF) {
  const figures = await generate(JSON.parse(process.argv[2] ?? '{}') as LoadOptions);
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}
