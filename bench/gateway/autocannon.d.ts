// The parts of autocannon 9 the benchmarks use (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
  }

  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    connections?: number;
    duration?: number;
    amount?: number;
    overallRate?: number;
    timeout?: number;
  }

  interface Result {
    requests: Histogram;
    latency: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
    '2xx': number;
  }

  interface Instance extends EventEmitter, PromiseLike<Result> {
    stop: () => void;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
}
