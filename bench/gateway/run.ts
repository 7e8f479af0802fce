/**
 * Gateway overhead: `GET /api/v1/auth/me` with a valid session through the real gateway in front
 * of the real auth service. The first call reads the session in Redis and the user in PostgreSQL
 * through auth; the gateway then answers the session's calls from its identity cache. Measured
 * side by side with a bare Fastify route answering the same JSON, in the same run, and with the
 * same JSON from one route of a service app (`service-app-server.ts`), which splits the distance
 * into what the shared app costs and what the gateway adds to it.
 *
 *   1. fixed concurrency (autocannon, `connections` at once, as fast as each answers), in
 *      `rounds` rounds of the gateway and the service-app route back to back (which goes first
 *      alternates): requests per second, p50/p99 latency, and the CPU time each server process
 *      spent per answer, whose ratio (gateway / service-app route) is taken per round, the
 *      median reported; the bare route once, for scale;
 *   2. fixed rate (1,000 requests per second paced evenly, `load.ts`), over up to
 *      `RATE_CONNECTIONS` connections as many visitors would open: p99 of both.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cpuMicros } from './cpu.js';
import { type LoadFigures, type LoadOptions, load } from './load.js';

export interface GatewayOptions {
  gatewayUrl: string;
  /** The gateway's process id, to read the CPU time it spends per answer (Linux). */
  gatewayPid?: number;
  cookie: string;
  /** Seconds of each measured run. */
  duration: number;
  warmup: number;
  connections: number;
  rate: number;
  /** Rounds of gateway and service-app route runs; figures are the median over them. */
  rounds: number;
}

/** One fixed-concurrency run and the CPU time (µs) its server spent per answer (Linux only). */
export interface CountedRun {
  figures: LoadFigures;
  cpu?: number;
}

export interface Round {
  gateway: CountedRun;
  serviceApp: CountedRun;
}

export interface GatewayResult {
  connections: number;
  rate: number;
  duration: number;
  rounds: Round[];
  bare: CountedRun;
  gatewayAtRate: LoadFigures;
  bareAtRate: LoadFigures;
}

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: number[]): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (!sorted.length) return Number.NaN;
  const middle = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Gateway CPU per answer over the service-app route's, per round (NaN where /proc is missing). */
export const cpuRatios = (rounds: Round[]) =>
  rounds.map((r) => (r.gateway.cpu !== undefined && r.serviceApp.cpu ? r.gateway.cpu / r.serviceApp.cpu : Number.NaN));

/** Connections the fixed-rate run may open: a request never waits for a free one. */
const RATE_CONNECTIONS = 50;

interface BareServer {
  url: string;
  pid?: number;
  stop: () => Promise<void>;
}

async function startServer(file: string, body: string): Promise<BareServer> {
  const script = fileURLToPath(new URL(file, import.meta.url));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, BARE_BODY: body },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${file} did not start within 20 s`)), 20_000);
    child.once('exit', (code) => reject(new Error(`${file} exited (${code})`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function benchGateway(options: GatewayOptions): Promise<GatewayResult> {
  const path = '/api/v1/auth/me';
  const headers = { cookie: options.cookie, accept: 'application/json' };
  const me = await fetch(`${options.gatewayUrl}${path}`, { headers });
  const body = await me.text();
  if (me.status !== 200) throw new Error(`${path} through the gateway answered ${me.status}: ${body}`);

  const bare = await startServer('./bare-server.ts', body);
  const app = await startServer('./service-app-server.ts', body).catch(async (error) => {
    await bare.stop();
    throw error;
  });
  try {
    for (const server of [bare, app]) {
      const check = await fetch(`${server.url}${path}`);
      if ((await check.text()) !== body) throw new Error(`${server.url}${path} does not answer the same body`);
    }

    const run = (url: string, extra: Partial<LoadOptions> = {}) =>
      load({ url, headers, duration: options.duration, connections: options.connections, ...extra });
    // Warm-up: JIT, connection pools, PostgreSQL's plan cache; nothing of it is counted.
    await run(`${options.gatewayUrl}${path}`, { duration: options.warmup });
    await run(`${bare.url}${path}`, { duration: options.warmup });
    await run(`${app.url}${path}`, { duration: options.warmup });

    // The server's CPU time over a run, divided by the answers it gave.
    const runCounted = async (url: string, pid: number | undefined): Promise<CountedRun> => {
      const before = cpuMicros(pid);
      const figures = await run(url);
      const after = cpuMicros(pid);
      const cpu = before === undefined || after === undefined ? undefined : (after - before) / figures.total;
      return { figures, cpu };
    };
    const rounds: Round[] = [];
    for (let i = 0; i < options.rounds; i++) {
      // Back to back, so both see about the same machine; the order alternates so neither is
      // always the one after the other's run.
      const gatewayRun = () => runCounted(`${options.gatewayUrl}${path}`, options.gatewayPid);
      const appRun = () => runCounted(`${app.url}${path}`, app.pid);
      if (i % 2 === 0) {
        const gateway = await gatewayRun();
        rounds.push({ gateway, serviceApp: await appRun() });
      } else {
        const serviceApp = await appRun();
        rounds.push({ gateway: await gatewayRun(), serviceApp });
      }
    }
    const bareRun = await runCounted(`${bare.url}${path}`, bare.pid);
    const atRate = { overallRate: options.rate, connections: RATE_CONNECTIONS };
    const gatewayAtRate = await run(`${options.gatewayUrl}${path}`, atRate);
    const bareAtRate = await run(`${bare.url}${path}`, atRate);
    return {
      connections: options.connections,
      rate: options.rate,
      duration: options.duration,
      rounds,
      bare: bareRun,
      gatewayAtRate,
      bareAtRate,
    };
  } finally {
    await Promise.all([bare.stop(), app.stop()]);
  }
}

export interface TokenAuthOptions {
  gatewayUrl: string;
  gatewayPid?: number;
  cookie: string;
  /** A personal API token of the same user, holding `posts:read`. */
  token: string;
  duration: number;
  warmup: number;
  connections: number;
  rounds: number;
}

/** One round: the same call with the session cookie and with the token, back to back. */
export interface TokenRound {
  session: CountedRun;
  token: CountedRun;
}

/**
 * What authenticating by a personal API token costs over a remembered session: `GET
 * /api/v1/drafts` (a call open to tokens) through the gateway to the posts service, once with the
 * session cookie and once with `Authorization: Bearer`, in alternating order, `rounds` times.
 * Everything but the gateway's authentication step is the same, so the difference in latency and
 * in the gateway's CPU per answer is that step's cost.
 */
export async function benchTokenAuth(options: TokenAuthOptions): Promise<TokenRound[]> {
  const path = '/api/v1/drafts';
  const withCookie = { cookie: options.cookie, accept: 'application/json' };
  const withToken = { authorization: `Bearer ${options.token}`, accept: 'application/json' };
  for (const headers of [withCookie, withToken]) {
    const check = await fetch(`${options.gatewayUrl}${path}`, { headers });
    if (check.status !== 200) throw new Error(`${path} answered ${check.status}: ${await check.text()}`);
  }
  const run = async (headers: Record<string, string>, duration = options.duration): Promise<CountedRun> => {
    const before = cpuMicros(options.gatewayPid);
    const figures = await load({
      url: `${options.gatewayUrl}${path}`,
      headers,
      duration,
      connections: options.connections,
    });
    const after = cpuMicros(options.gatewayPid);
    return { figures, cpu: before === undefined || after === undefined ? undefined : (after - before) / figures.total };
  };
  await run(withCookie, options.warmup);
  await run(withToken, options.warmup);
  const rounds: TokenRound[] = [];
  for (let i = 0; i < options.rounds; i++) {
    if (i % 2 === 0) {
      const session = await run(withCookie);
      rounds.push({ session, token: await run(withToken) });
    } else {
      const token = await run(withToken);
      rounds.push({ session: await run(withCookie), token });
    }
  }
  return rounds;
}
