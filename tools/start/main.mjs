#!/usr/bin/env node
// `npm start`: the whole product on http://localhost:8080 as local processes, no Docker needed.
//
//   1. installs dependencies when node_modules is missing or the lock file changed (npm install) and builds everything (turbo);
//   2. PostgreSQL: $DATABASE_URL, or embedded PostgreSQL with its data in .data/postgres;
//      Redis: $REDIS_URL, or redis-server from PATH with its data in .data/redis (backing.mjs);
//   3. secrets made once and kept in .data/secrets.json, environment variables win (secrets.mjs);
//   4. the local helpers (a mail catcher with a web inbox, an OpenID provider standing in for
//      Google), then one process running every API, every worker and the gateway (serving
//      web/dist), or with --per-target one process each; the process list lives in
//      tools/stack/processes.mjs. They log JSON lines: `npm start` shows each part as it comes up,
//      then only warnings, errors and crashes, and writes every line to .data/logs/nashr.log
//      (logs.mjs, output.mjs, supervisor.mjs); with --verbose it shows every line as well;
//   5. waits for http://localhost:8080/readyz, then prints the address (readiness.mjs).
// Ctrl-C or SIGTERM stops the services first, then Redis and PostgreSQL, and exits 0.
//
// Only Node built-ins are imported statically: this file must run before `npm install` has.
import { existsSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { warnIfUnsupportedNode } from '../../scripts/node-support.mjs';
import {
  asOneProcess,
  defaultPorts,
  exampleContext,
  GATEWAY,
  isBuilt,
  ROOT,
  SECRETS,
  stackProcesses,
} from '../stack/processes.mjs';
import { startPostgres, startRedis } from './backing.mjs';
import { findOnPath, processEnv, stackContext } from './environment.mjs';
import { installNeeded, markInstalled } from './install.mjs';
import { openLogFile } from './logs.mjs';
import { parseOptions, USAGE } from './options.mjs';
import { createOutput, Fatal, fail, wantsColor } from './output.mjs';
import { assignPorts, gatewayPortFrom, portFree } from './ports.mjs';
import { checkReachable } from './probes.mjs';
import { explainNotReady, readinessUrls, waitUntilReady } from './readiness.mjs';
import { loadSecrets } from './secrets.mjs';
import { createSupervisor } from './supervisor.mjs';

const { env } = process;
const DATA = join(ROOT, '.data');
const SECRETS_FILE = join(DATA, 'secrets.json');
const PG_DIR = join(DATA, 'postgres');
const REDIS_DIR = join(DATA, 'redis');
const LOGS_DIR = join(DATA, 'logs');
const READY_TIMEOUT_MS = 90_000;

const options = parseOptions(process.argv.slice(2));
if (options.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}

/** The processes of the stack: one for the whole product, or one per API and worker. */
const layout = (/** @type {import('../stack/processes.mjs').StackProcess[]} */ list) =>
  options.perTarget ? list : asOneProcess(list);

/** This run's log file, opened once no other run uses this folder. */
/** @type {ReturnType<typeof openLogFile> | null} */
let logFile = null;
const output = createOutput({
  useColor: wantsColor(env, Boolean(process.stdout.isTTY)),
  write: (text) => process.stdout.write(text),
  names: layout(stackProcesses(exampleContext())).map((p) => p.name),
  quiet: !options.verbose,
  record: (name, line) => logFile?.write(name, line),
});
const { say, paint, banner } = output;
const supervisor = createSupervisor({ root: ROOT, dataDir: DATA, pidsFile: join(DATA, 'pids.json'), output });
supervisor.installHandlers();

/** npm install when node_modules is missing, or the lock file changed since the last install. */
async function ensureInstalled() {
  const why = installNeeded(ROOT);
  if (!why) return;
  say(
    why === 'missing'
      ? 'installing dependencies (npm install)'
      : 'the dependencies changed since the last install: installing them (npm install)',
  );
  // Not `npm ci`: the lock file records only this platform's optional binaries, which `npm ci` refuses; `npm install` installs the locked versions.
  if ((await supervisor.runForeground('npm', ['install', '--no-audit', '--no-fund'])) !== 0)
    fail('npm install failed: see above');
  markInstalled(ROOT);
}

/** The build of every workspace, unless --no-build. */
async function build() {
  if (options.skipBuild) return;
  say('building every service and the web app (npx turbo run build)');
  const code = await supervisor.runForeground('npx', ['turbo', 'run', 'build', '--output-logs=errors-only']);
  if (supervisor.isStopping()) return;
  if (code !== 0) fail('the build failed (npx turbo run build): see the errors above');
}

/** Every API and the gateway must be built; a worker or helper that is not built is skipped. */
function checkBuilt() {
  for (const proc of layout(stackProcesses(exampleContext()))) {
    const required = proc.kind === 'api' || proc.kind === 'gateway';
    if (required && !isBuilt(proc)) fail(`${proc.entry} is missing: build it first (npm run build)`);
  }
  if (!existsSync(join(ROOT, 'web', 'dist', 'index.html'))) {
    say('web/dist/index.html is missing: the web app will not be served');
  }
}

async function main() {
  warnIfUnsupportedNode();
  mkdirSync(DATA, { recursive: true });
  await supervisor.stopLeftovers();
  logFile = openLogFile(LOGS_DIR);
  await ensureInstalled();

  const redisServer = env.REDIS_URL ? null : findOnPath('redis-server');
  if (!env.REDIS_URL && !redisServer) {
    process.stdout.write(
      'redis-server is not installed: install it (Debian/Ubuntu: sudo apt-get install redis-server; macOS: brew install redis) or set REDIS_URL=redis://host:port\n',
    );
    process.exit(1);
  }
  await build();
  if (supervisor.isStopping()) return;
  if (!options.backingOnly) checkBuilt();

  const gatewayPort = gatewayPortFrom(env.PORT, GATEWAY.port);
  const taken = new Set([gatewayPort]);
  if (!options.backingOnly && !(await portFree(gatewayPort))) {
    fail(`port ${gatewayPort} is already in use: stop what uses it, or choose another one (PORT=8090 npm start)`);
  }

  const { secrets, postgresPassword } = loadSecrets({
    file: SECRETS_FILE,
    shownAs: relative(ROOT, SECRETS_FILE),
    makers: SECRETS,
    env,
  });

  // PostgreSQL and Redis, side by side.
  const backing = { root: ROOT, supervisor, output, taken };
  const [databaseUrl, redisUrl] = await Promise.all([
    env.DATABASE_URL
      ? checkReachable('DATABASE_URL', env.DATABASE_URL, 5432).then(() => env.DATABASE_URL)
      : startPostgres({ ...backing, dataDir: PG_DIR, password: postgresPassword, secretsFile: SECRETS_FILE }),
    env.REDIS_URL
      ? checkReachable('REDIS_URL', env.REDIS_URL, 6379).then(() => env.REDIS_URL)
      : startRedis({ ...backing, dataDir: REDIS_DIR, redisServer: redisServer ?? 'redis-server' }),
  ]);
  if (supervisor.isStopping() || !databaseUrl || !redisUrl) return;

  if (options.backingOnly) {
    banner([
      'PostgreSQL and Redis are running. For a service in development:',
      `export DATABASE_URL='${databaseUrl}'`,
      `export REDIS_URL='${redisUrl}'`,
      `export INTERNAL_SECRET='${secrets.INTERNAL_SECRET}'`,
      'Stop with Ctrl-C.',
    ]);
    return;
  }

  // Ports: the defaults of tools/stack/processes.mjs, or the next free one when a default is taken.
  const ports = await assignPorts(defaultPorts(), { name: GATEWAY.name, port: gatewayPort }, taken);
  const ctx = stackContext({ env, databaseUrl, redisUrl, secrets, ports, gatewayPort });
  const processes = layout(stackProcesses(ctx)).filter((proc) => {
    if (isBuilt(proc)) return true;
    say(`${proc.name}: ${proc.entry} is not built, so it does not run`);
    return false;
  });
  output.widen(processes.map((p) => p.name));

  for (const proc of processes) {
    const [command = 'node', ...commandArgs] = proc.command;
    supervisor.launch(proc.name, command === 'node' ? process.execPath : command, commandArgs, {
      // Quiet: JSON lines, which the output reads (pino-pretty would print them all, and colour them).
      env: processEnv(env, options.verbose ? proc.env : { ...proc.env, LOG_PRETTY: 'false' }, output.useColor),
      kind: 'app',
      source: proc.kind === 'helper' ? 'helper' : 'product',
      marker: proc.entry ?? proc.command.join(' '),
    });
  }
  if (supervisor.isStopping()) return;

  const url = `http://localhost:${gatewayPort}`;
  say(`waiting for ${url}/readyz`);
  const outcome = await waitUntilReady(readinessUrls(url, processes), {
    timeoutMs: READY_TIMEOUT_MS,
    stopped: supervisor.isStopping,
  });
  if (outcome === 'stopped') return;
  if (outcome === 'timeout') {
    const problems = await explainNotReady(processes, supervisor.isRunning);
    if (supervisor.isStopping()) return;
    for (const line of problems) say(paint('31', `not ready: ${line}`));
    fail(`${url}/readyz did not answer 200 within ${READY_TIMEOUT_MS / 1000} s`);
  }

  supervisor.markReady();
  banner([
    `Nashr is ready:  ${url}`,
    '',
    `PostgreSQL  ${env.DATABASE_URL ? 'from DATABASE_URL' : `embedded, data in ${relative(ROOT, PG_DIR)}`}`,
    `Redis       ${env.REDIS_URL ? 'from REDIS_URL' : `${redisUrl}, data in ${relative(ROOT, REDIS_DIR)}`}`,
    ...processes
      .filter((p) => p.kind === 'helper' && p.readyPath)
      .map((p) => `${p.name.padEnd(11)} http://localhost:${p.port}`),
    `Logs        ${logFile ? relative(ROOT, logFile.path) : '-'} (every line)`,
    options.verbose
      ? 'Every log line is shown here.'
      : 'Only warnings and errors are shown here (--verbose: every line).',
    'Stop with Ctrl-C.',
  ]);
}

main().catch((error) => {
  if (supervisor.isStopping()) return;
  void supervisor.shutdown(1, error instanceof Fatal ? error.message : `start failed: ${error.stack ?? error}`);
});
