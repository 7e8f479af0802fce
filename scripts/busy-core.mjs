#!/usr/bin/env node
// @ts-check
// Keeps one core busy while a command runs, as on a shared CI machine:
//   npm run test:busy -- [command...]      (default: npm test)
//   node scripts/busy-core.mjs -- npx vitest run e2e/admin.test.ts
// The loop is bounded: it stops with the command, when its parent is gone, and after
// BUSY_MAX_SECONDS (an hour by default) whatever happens.
import { fork, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const LOOP_FLAG = '--busy-loop';
const DEFAULT_MAX_SECONDS = 3600;

/**
 * The busy child: spins in slices, checking between them that it is still wanted.
 * @param {number} maxSeconds
 * @param {number} parentPid
 */
function spin(maxSeconds, parentPid) {
  const deadline = Date.now() + maxSeconds * 1000;
  while (Date.now() < deadline && process.ppid === parentPid) {
    const sliceEnd = Date.now() + 50;
    while (Date.now() < sliceEnd) {
      // Busy on purpose.
    }
  }
  process.exit(0);
}

/**
 * Starts the busy loop in its own process; returns a function that stops it and resolves once
 * it is gone (reaped, so no zombie is left behind).
 */
export function startBusyCore(maxSeconds = Number(process.env.BUSY_MAX_SECONDS) || DEFAULT_MAX_SECONDS) {
  const child = fork(fileURLToPath(import.meta.url), [LOOP_FLAG, String(maxSeconds), String(process.pid)], {
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', kill);
  return async () => {
    kill();
    await exited;
  };
}

const isMain = process.argv[1] === fileURLToPath(import.meta.url);
if (isMain && process.argv[2] === LOOP_FLAG) {
  spin(Number(process.argv[3]), Number(process.argv[4]));
} else if (isMain) {
  const args = process.argv.slice(2).filter((arg, index) => !(index === 0 && arg === '--'));
  const [command = 'npm', ...commandArgs] = args.length ? args : ['npm', 'test'];
  const stopBusy = startBusyCore();
  process.stdout.write(`▶ one core kept busy while running: ${[command, ...commandArgs].join(' ')}\n`);
  const child = spawn(command, commandArgs, { stdio: 'inherit' });
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => child.kill(signal));
  child.on('exit', async (code, signal) => {
    await stopBusy();
    process.exit(code ?? (signal ? 1 : 0));
  });
}
