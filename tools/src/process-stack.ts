/**
 * Starts the real product for a browser test: the BUILT gateway and services (`node
 * services/<name>/dist/server.js`), exactly as `npm start` runs them, on free ports, with a fresh
 * database and Redis key prefix per call, so test files never see each other's data.
 *
 *   const stack = await startStack({ services: ['content'] });
 *   await page.goto(stack.url);             // the gateway, serving web/dist and the API
 *   ...
 *   await stack.stop();                     // in afterAll
 *
 * Which processes exist and which variables each one gets is written once, in tools/stack/processes.mjs
 * (shared with `npm start` and the docker-compose check); this file only runs a chosen subset.
 * The build comes first: `npm test` builds before it runs the tests; alone, run
 * `npx turbo run build` (or the filtered build of the services you start, plus @nashr/web).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, createTestRedis } from '@nashr/platform/testing';
import {
  asOneProcess,
  defaultPorts,
  ROOT,
  SECRETS,
  SERVICE_MIGRATIONS,
  type StackProcess,
  stackProcesses,
  targetOf,
} from '../stack/processes.mjs';

export type ServiceName = 'auth' | 'linkedin' | 'posts' | 'content' | 'ai' | 'billing' | 'engage';

export interface StackOptions {
  /** Business services to run behind the gateway. Paths of services left out answer 503. */
  services: ServiceName[];
  /**
   * Also run the BullMQ worker (`dist/worker.js`) of these services (`true`: of every service
   * started). A service without a worker entry in its source is skipped.
   */
  workers?: boolean | ServiceName[];
  /** Local helper processes of tools/stack/processes.mjs to run too, by name (e.g. `'mail'`). */
  helpers?: string[];
  /** Extra or overriding variables per process name: `{ auth: { ADMIN_EMAILS: 'a@b.c' } }`. */
  env?: Record<string, Record<string, string>>;
  /**
   * `one` (the default): the gateway, APIs and workers run in one process, as `npm start` runs
   * them. `per-target`: each in its own process, for a benchmark that reads one part's CPU time.
   */
  layout?: 'one' | 'per-target';
  /**
   * In one process: how many copies of that process run side by side on the same database and
   * Redis (each on its own ports), as a monolith scales out. `url` is the first one's gateway.
   */
  replicas?: number;
  /** Log level of every process; their output is kept and shown when a start fails. */
  logLevel?: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
}

export interface Stack {
  /** The gateway: the one URL of the product (web app and API), e.g. http://localhost:41234. */
  url: string;
  databaseUrl: string;
  redisUrl: string;
  /** Key prefix of this stack's sessions and queues in Redis. */
  redisPrefix: string;
  /** Secrets generated for this stack (INTERNAL_SECRET, COOKIE_SECRET, ...). */
  secrets: Record<string, string>;
  /** The object store's folder (MEDIA_DIR) every process of the stack shares. */
  mediaDir: string;
  /** The variables each started process got, by process name (`gateway`, `content`, `auth-worker`...). */
  env: Record<string, Record<string, string>>;
  /** Port of every process and helper, by name. */
  ports: Record<string, number>;
  /** The gateway of each copy of the product (one unless `replicas` was asked for). */
  urls: string[];
  /**
   * Process id of one started process (`gateway`, `auth-worker`...), for benchmarks that read its
   * CPU time; in one process, every name gives that process's id.
   */
  pid: (name: string) => number | undefined;
  /** Captured output (stdout and stderr) of one process, or of all of them. */
  output: (name?: string) => string;
  /** Stops every process, then drops the database and the Redis keys. Safe to call twice. */
  stop: () => Promise<void>;
}

/**
 * How long a process may take to answer its health path. Generous: on a shared two-core machine
 * under other people's tests, ten processes starting at once have been seen to need over 30 s.
 */
const HEALTH_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 5_000;
const OUTPUT_LINES_KEPT = 2000;

class BuildMissingError extends Error {
  constructor(file: string) {
    super(`${file} does not exist: run \`npx turbo run build\` first`);
    this.name = 'BuildMissingError';
  }
}

/** Reserves `count` distinct free ports by holding them all open at once, then releases them. */
async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  const ports: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const server = createServer();
      servers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', resolve);
      });
      const address = server.address();
      if (address && typeof address === 'object') ports.push(address.port);
    }
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
  return ports;
}

interface Running {
  proc: StackProcess;
  child: ChildProcess;
  lines: string[];
  exited: Promise<void>;
  exitCode: () => string | null;
  /** Ports this process has said it listens on (its "<part> listening on <url>" line). */
  listening: Set<number>;
}

/** The line a Nashr process logs once one of its APIs listens (platform's targets runtime). */
const LISTENING_LINE = /listening on \S*:(\d+)/;

function launch(proc: StackProcess, extraEnv: Record<string, string>): Running {
  const env = { ...proc.env, ...extraEnv };
  const [command = 'node', ...args] = proc.command;
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.env = env;
  const lines: string[] = [];
  const listening = new Set<number>();
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      const port = LISTENING_LINE.exec(line)?.[1];
      if (port) listening.add(Number(port));
      lines.push(line);
      if (lines.length > OUTPUT_LINES_KEPT) lines.shift();
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let code: string | null = null;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (exitCode, signal) => {
      code = signal ?? String(exitCode);
      resolve();
    });
    child.once('error', (error) => {
      lines.push(`could not start: ${error.message}`);
      code = 'spawn error';
      resolve();
    });
  });
  return { proc, child, lines, exited, exitCode: () => code, listening };
}

/** How long a process without a health path (a worker) must stay up to count as started. */
const WORKER_GRACE_MS = 750;

/**
 * Waits until the process answers its health path with 200 (`/healthz` for APIs and the
 * gateway, the helper's own ready path), and fails at once if the process exits first.
 *
 * An API or gateway must also have said it listens on its port: a port found free is released
 * before the process binds it (freePorts), and another stack's process may bind it first. This
 * one then fails with EADDRINUSE, but while it shuts down its port answers 200 from the other
 * stack, and the stack would start with its URL leading into someone else's services.
 */
async function waitStarted(running: Running): Promise<void> {
  const { proc } = running;
  const path = proc.kind === 'api' || proc.kind === 'gateway' ? '/healthz' : proc.readyPath;
  const exitedEarly = () => new Error(`${proc.name} exited (${running.exitCode()}) before it was ready`);
  if (!path) {
    await Promise.race([running.exited, new Promise((resolve) => setTimeout(resolve, WORKER_GRACE_MS))]);
    if (running.exitCode() !== null) throw exitedEarly();
    return;
  }
  // The gateway listens on "localhost" (IPv4 or IPv6, whichever the browser picks); services on 127.0.0.1.
  const url = `http://${proc.kind === 'gateway' ? 'localhost' : '127.0.0.1'}:${proc.port}${path}`;
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (running.exitCode() !== null) throw exitedEarly();
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      const ownPort = proc.kind === 'helper' || running.listening.has(proc.port);
      if (response.ok && ownPort) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${proc.name} did not answer ${url} within ${HEALTH_TIMEOUT_MS / 1000} s`);
}

async function stopProcess(running: Running): Promise<void> {
  if (running.exitCode() !== null) return;
  running.child.kill('SIGTERM');
  const timer = setTimeout(() => running.child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await running.exited;
  clearTimeout(timer);
}

/** Children of this test process, killed if the test runner exits without calling stop(). */
const everyChild = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of everyChild) child.kill('SIGKILL');
});

function wantsWorker(options: StackOptions, service: string): boolean {
  if (options.workers === true) return true;
  return Array.isArray(options.workers) && options.workers.includes(service as ServiceName);
}

/** Picks the processes of tools/stack/processes.mjs this stack runs, and checks each one is built. */
function chooseProcesses(all: StackProcess[], options: StackOptions): StackProcess[] {
  const chosen = all.filter((proc) => {
    if (proc.kind === 'gateway') return true;
    if (proc.kind === 'helper') return options.helpers?.includes(proc.name) ?? false;
    if (!options.services.includes(proc.service as ServiceName)) return false;
    if (proc.kind === 'worker') {
      // A service whose source has no worker yet simply has none to start.
      return wantsWorker(options, proc.service ?? '') && (proc.source ? existsSync(join(ROOT, proc.source)) : true);
    }
    return true;
  });
  for (const name of options.services) {
    if (!all.some((proc) => proc.kind === 'api' && proc.service === name)) {
      throw new Error(`tools/stack/processes.mjs knows no service named "${name}"`);
    }
  }
  for (const proc of chosen) {
    if (proc.entry && !existsSync(join(ROOT, proc.entry))) throw new BuildMissingError(proc.entry);
  }
  if (!existsSync(join(ROOT, 'web/dist/index.html'))) throw new BuildMissingError('web/dist/index.html');
  return chosen;
}

/**
 * Copies of the one process on ports of their own: the gateway's PORT and every API's
 * `<NAME>_PORT`, with the gateway's `<NAME>_URL` following it. The public URL stays the first's.
 */
async function replicasOf(chosen: StackProcess[], count: number): Promise<StackProcess[]> {
  const one = chosen.find((proc) => proc.name === 'nashr');
  if (!one || count <= 0) return [];
  const portKeys = Object.keys(one.env).filter((key) => key === 'PORT' || /^[A-Z]+_PORT$/.test(key));
  const copies: StackProcess[] = [];
  for (let copy = 1; copy <= count; copy++) {
    const free = await freePorts(portKeys.length);
    const env = { ...one.env };
    portKeys.forEach((key, i) => {
      env[key] = String(free[i]);
      if (key !== 'PORT') env[key.replace(/_PORT$/, '_URL')] = `http://127.0.0.1:${free[i]}`;
    });
    copies.push({ ...one, name: `nashr-${copy + 1}`, port: Number(env.PORT), env });
  }
  return copies;
}

function describeFailure(error: unknown, running: Running[]): Error {
  const logs = running
    .map(({ proc, lines }) => `── ${proc.name} (${proc.command.join(' ')}) ──\n${lines.join('\n') || '(no output)'}`)
    .join('\n');
  const message = error instanceof Error ? error.message : String(error);
  return new Error(`The stack did not start: ${message}\n${logs}`);
}

/** Tries to start the stack again on other ports after this many port clashes. */
const PORT_CLASH_ATTEMPTS = 3;

/**
 * Starts the stack on free ports. A port found free is released before its process listens on
 * it, and in between another program (another test file's stack, or any outgoing connection, whose
 * local port comes from the same range) may take it: the stack then fails with EADDRINUSE and is
 * started again on other ports.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startStackOnce(options);
    } catch (error) {
      const clash = error instanceof Error && error.message.includes('EADDRINUSE');
      if (!clash || attempt >= PORT_CLASH_ATTEMPTS) throw error;
    }
  }
}

async function startStackOnce(options: StackOptions): Promise<Stack> {
  const portNames = Object.keys(defaultPorts());
  const free = await freePorts(portNames.length);
  const ports = Object.fromEntries(portNames.map((name, i) => [name, free[i] as number]));
  const secrets = Object.fromEntries(Object.entries(SECRETS).map(([name, make]) => [name, make()]));
  const publicUrl = `http://localhost:${ports.gateway}`;

  // A copy of a database with every service's migrations applied: each process still runs its
  // service's migrations as it starts, and finds nothing left to do.
  const [database, redis] = await Promise.all([createTestDatabase(SERVICE_MIGRATIONS), createTestRedis()]);
  // Uploaded files: one folder for this stack, shared by the posts API and the network worker.
  const mediaDir = mkdtempSync(join(tmpdir(), 'nashr-e2e-media-'));
  const ctx = {
    databaseUrl: database.url,
    redisUrl: redis.url,
    redisPrefix: redis.prefix,
    secrets,
    mediaDir,
    publicUrl,
    ports,
    env: process.env,
    logLevel: options.logLevel ?? 'info',
  };

  let chosen: StackProcess[];
  let perTarget: StackProcess[];
  try {
    perTarget = chooseProcesses(stackProcesses(ctx), options);
    chosen = options.layout === 'per-target' ? perTarget : asOneProcess(perTarget);
    if (options.layout !== 'per-target') chosen.push(...(await replicasOf(chosen, (options.replicas ?? 1) - 1)));
  } catch (error) {
    await Promise.all([database.drop(), redis.cleanup()]);
    rmSync(mediaDir, { recursive: true, force: true });
    throw error;
  }

  const running: Running[] = [];
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    // The gateway first (no new requests), then the services, then their helpers.
    for (const kinds of [['gateway'], ['api', 'worker'], ['helper']]) {
      await Promise.all(running.filter((r) => kinds.includes(r.proc.kind)).map(stopProcess));
    }
    for (const r of running) everyChild.delete(r.child);
    await Promise.all([database.drop(), redis.cleanup()]);
    rmSync(mediaDir, { recursive: true, force: true });
  };

  const startAll = async (kinds: StackProcess['kind'][]) => {
    const batch = chosen
      .filter((proc) => kinds.includes(proc.kind))
      .map((proc) =>
        launch(proc, {
          // JSON lines: cheaper than the pretty printer's worker thread, and only read on failure.
          LOG_PRETTY: 'false',
          MEDIA_DIR: mediaDir,
          // The browser and the tests' polling are one client spread over every route: one
          // budget per client would be spent within a minute, and it is not what these test.
          ...(proc.kind === 'gateway' ? { RATE_LIMIT_PER_MINUTE: '1000000' } : {}),
          ...(proc.service === 'nashr'
            ? Object.assign({}, ...Object.values(options.env ?? {}))
            : (options.env?.[proc.name] ?? {})),
        }),
      );
    for (const r of batch) {
      running.push(r);
      everyChild.add(r.child);
    }
    await Promise.all(batch.map(waitStarted));
  };

  try {
    await startAll(['helper']);
    await startAll(['api', 'worker']);
    await startAll(['gateway']);
  } catch (error) {
    const failure = describeFailure(error, running);
    await stop();
    throw failure;
  }

  const oneProcess = () => running.find((r) => r.proc.name === 'nashr');
  const gateways = running.filter((r) => r.proc.kind === 'gateway');
  /** The running process a process of the per-target list is part of. */
  const runningAs = (proc: StackProcess) => running.find((r) => r.proc.name === proc.name) ?? (oneProcess() as Running);

  return {
    url: publicUrl,
    urls: gateways.map((r) => `http://localhost:${r.proc.port}`),
    databaseUrl: database.url,
    redisUrl: redis.url,
    redisPrefix: redis.prefix,
    mediaDir,
    secrets,
    env: Object.fromEntries(perTarget.map((proc) => [proc.name, runningAs(proc).proc.env])),
    ports,
    pid: (name) => running.find((r) => r.proc.name === name)?.child.pid ?? oneProcess()?.child.pid,
    output: (name) => {
      if (name === undefined) return running.map((r) => `── ${r.proc.name} ──\n${r.lines.join('\n')}`).join('\n');
      const own = running.find((r) => r.proc.name === name);
      if (own) return own.lines.join('\n');
      // In one process, a part's lines are those its logger named (and whatever is not a log line).
      const proc = perTarget.find((p) => p.name === name);
      const target = proc ? targetOf(proc) : name;
      return (oneProcess()?.lines ?? [])
        .filter((line) => !line.startsWith('{') || line.includes(`"name":"${target}"`))
        .join('\n');
    },
    stop,
  };
}
