// Child processes. Each runs in its own process group (detached), so Ctrl-C in the terminal
// reaches `npm start` only and it can stop them in order: services first, then Redis and
// PostgreSQL. A process that exits on its own stops everything. The ids of what runs are kept in
// .data/pids.json, so a later run can stop what a killed run left behind.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fail } from './output.mjs';

const STOP_TIMEOUT_MS = 15_000;

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @typedef {{ name: string, kind: 'backing' | 'app', child: import('node:child_process').ChildProcess,
 *   marker: string, exited: Promise<void> }} Managed
 * @typedef {{ name: string, pid: number, marker: string }} Recorded
 */

function describeExit(/** @type {number | null} */ code, /** @type {string | null} */ signal) {
  return signal ? `signal ${signal}` : `exit code ${code}`;
}

function isRunning(/** @type {import('node:child_process').ChildProcess} */ child) {
  return child.exitCode === null && child.signalCode === null;
}

/** The command line of a process, or null when it does not run (or cannot be read). */
export function commandLineOf(/** @type {number} */ pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {}
  // No /proc (macOS): ask ps.
  const result = spawnSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

export function alive(/** @type {number} */ pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

const isBacking = (/** @type {Recorded} */ p) => p.name === 'postgres' || p.name === 'redis';

/** Stops processes by id: services first, then Redis and PostgreSQL, each waited for (then killed). */
async function stopByPid(/** @type {Recorded[]} */ list) {
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
 * @param {{ root: string, dataDir: string, pidsFile: string, output: import('./output.mjs').Output }} options
 */
export function createSupervisor({ root, dataDir, pidsFile, output }) {
  const { say, printLine, paint } = output;
  /** @type {Map<string, Managed>} */
  const running = new Map();
  /** npm install or turbo while they run (same process group: Ctrl-C reaches them directly). */
  /** @type {import('node:child_process').ChildProcess | null} */
  let foreground = null;
  let stopping = false;
  /** Set once every process answered: from then on a backing store's exit is an outage, not a failed start. */
  let stackReady = false;
  let stoppingSince = 0;
  /** Set once this run has recorded its processes in .data/pids.json (and so may delete it). */
  let ownsPidsFile = false;
  /** Processes of an earlier run that this run stops (see stopLeftovers); shutdown() finishes the job. */
  /** @type {Recorded[]} */
  let leftovers = [];

  function savePids() {
    if (!existsSync(dataDir)) return;
    ownsPidsFile = true;
    const processes = [...running.values()].map((p) => ({ name: p.name, pid: p.child.pid, marker: p.marker }));
    writeFileSync(pidsFile, `${JSON.stringify({ orchestrator: process.pid, processes }, null, 2)}\n`);
  }

  /**
   * @param {string} name
   * @param {string} command
   * @param {string[]} commandArgs
   * @param {{ env: NodeJS.ProcessEnv, kind: 'backing' | 'app', marker: string, uid?: number, gid?: number,
   *   source?: import('./logs.mjs').LineSource }} options  source: how the quiet start reads its output
   *   (by default PostgreSQL's and Redis's by their names, the product's otherwise)
   * @returns {Managed | null}
   */
  function launch(name, command, commandArgs, options) {
    if (stopping) return null;
    const child = spawn(command, commandArgs, {
      cwd: root,
      env: options.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.uid !== undefined ? { uid: options.uid, gid: options.gid } : {}),
    });
    /** @type {Promise<void>} */
    const exited = new Promise((resolve) => child.once('exit', () => resolve()));
    /** @type {Managed} */
    const managed = { name, kind: options.kind, child, marker: options.marker, exited };
    const source = options.source ?? (name === 'postgres' || name === 'redis' ? name : 'product');
    for (const [streamName, stream] of /** @type {const} */ ([
      ['stdout', child.stdout],
      ['stderr', child.stderr],
    ])) {
      if (!stream) continue;
      createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) =>
        output.processOutput(name, line, { source, stream: streamName }),
      );
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
        say(
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

  /** Sends `signal`, waits up to `timeoutMs`, then kills the process and what it started. */
  async function stopOne(
    /** @type {Managed} */ managed,
    /** @type {NodeJS.Signals} */ signal,
    timeoutMs = STOP_TIMEOUT_MS,
  ) {
    const { child, name } = managed;
    const pid = child.pid ?? 0;
    if (isRunning(child)) {
      try {
        child.kill(signal);
      } catch {}
      const timedOut = await Promise.race([managed.exited.then(() => false), sleep(timeoutMs).then(() => true)]);
      if (timedOut) {
        say(`${name} did not stop within ${timeoutMs / 1000} s: killing it`);
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {}
        await managed.exited;
      }
    }
    // Anything it left behind in its process group (PostgreSQL's backends end with the postmaster).
    if (managed.kind === 'app') {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {}
    }
  }

  /** Stops everything in order (services, then Redis and PostgreSQL) and exits with `code`. */
  async function shutdown(/** @type {number} */ code, /** @type {string} */ reason) {
    if (stopping) return;
    stopping = true;
    stoppingSince = Date.now();
    if (reason) say(code === 0 ? reason : paint('1;31', `✖ ${reason}`));
    if (foreground && isRunning(foreground)) foreground.kill('SIGTERM');
    if (leftovers.length) await stopByPid(leftovers);
    const apps = [...running.values()].filter((p) => p.kind === 'app');
    if (apps.length) say(`stopping ${apps.map((p) => p.name).join(', ')}`);
    await Promise.all(apps.map((p) => stopOne(p, 'SIGTERM')));
    const redis = running.get('redis');
    const postgres = running.get('postgres');
    const backing = [redis, postgres].filter((p) => p !== undefined);
    if (backing.length) say(`stopping ${backing.map((p) => p.name).join(' and ')}`);
    await Promise.all([
      redis && stopOne(redis, 'SIGTERM'),
      // SIGINT is PostgreSQL's "fast" shutdown: roll back open transactions, then stop cleanly.
      postgres && stopOne(postgres, 'SIGINT'),
    ]);
    if (ownsPidsFile) rmSync(pidsFile, { force: true });
    say(code === 0 ? 'stopped' : 'stopped everything');
    process.exit(code);
  }

  function onSignal(/** @type {string} */ signal) {
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
        process.kill(-(p.child.pid ?? 0), 'SIGKILL');
      } catch {}
    }
    for (const p of leftovers) {
      try {
        process.kill(p.pid, 'SIGKILL');
      } catch {}
    }
    if (ownsPidsFile) rmSync(pidsFile, { force: true });
    process.exit(1);
  }

  /** Signals, crashes of this script and its exit all stop the children. */
  function installHandlers() {
    process.on('SIGINT', () => onSignal('SIGINT'));
    process.on('SIGTERM', () => onSignal('SIGTERM'));
    process.on('SIGHUP', () => onSignal('SIGHUP'));
    for (const event of ['uncaughtException', 'unhandledRejection']) {
      process.on(event, (/** @type {Error} */ error) => {
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
  }

  /** Runs a command in the foreground with inherited output; resolves to its exit code. */
  function runForeground(/** @type {string} */ command, /** @type {string[]} */ commandArgs) {
    return new Promise((resolve) => {
      const child = spawn(command, commandArgs, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
      foreground = child;
      child.once('error', () => resolve(127));
      child.once('exit', (code, signal) => {
        foreground = null;
        resolve(code ?? (signal ? 128 : 1));
      });
    });
  }

  /**
   * An earlier run that was killed outright (SIGKILL) could not stop its children: stop them now,
   * by the process ids it recorded, checking each one still runs what it ran then.
   */
  async function stopLeftovers() {
    if (!existsSync(pidsFile)) return;
    let saved;
    try {
      saved = JSON.parse(readFileSync(pidsFile, 'utf8'));
    } catch {
      rmSync(pidsFile, { force: true });
      return;
    }
    const owner = saved.orchestrator;
    // Older runs were scripts/start.mjs, newer ones tools/start/main.mjs: either is Nashr's start.
    const isStart = (/** @type {string} */ line) => line.includes('start.mjs') || line.includes('start/main.mjs');
    if (owner && owner !== process.pid && alive(owner) && isStart(commandLineOf(owner) ?? 'start.mjs')) {
      fail(`Nashr is already running from this folder (process ${owner}). Stop it first: Ctrl-C in its terminal.`);
    }
    leftovers = (saved.processes ?? []).filter(
      (/** @type {Recorded} */ p) => p.pid && alive(p.pid) && (commandLineOf(p.pid) ?? '').includes(p.marker),
    );
    if (leftovers.length) {
      say(`stopping ${leftovers.map((p) => `${p.name} (${p.pid})`).join(', ')}, left over from an earlier run`);
      await stopByPid(leftovers);
      leftovers = [];
    }
    rmSync(pidsFile, { force: true });
  }

  return {
    launch,
    shutdown,
    installHandlers,
    runForeground,
    stopLeftovers,
    isStopping: () => stopping,
    isRunning: (/** @type {string} */ name) => running.has(name),
    /** From now on a backing store's exit is reported as an outage and the services keep running. */
    markReady: () => {
      stackReady = true;
    },
  };
}

/** @typedef {ReturnType<typeof createSupervisor>} Supervisor */
