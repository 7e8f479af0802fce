#!/usr/bin/env node
// @ts-check
// `npm test`: build, then every test (unit, service, browser) with lint and typecheck beside them.
// Ends with one line: "N passed, N failed" (", N skipped" when any were skipped).
//
// The build comes first: the browser tests run what it produces. Lint and typecheck need nothing
// the tests make and the tests need nothing from them, so they run at the same time, at a lower
// CPU priority: a browser test waiting for a page leaves a core idle, and they fill it without
// slowing the tests. Their output is printed whole when they have ended.
//
// TEST_WITH_NODE=/path/to/bin/node runs every test on that Node.js instead of this one (.ci/run
// sets it to Node.js 24, what the production images run, when the machine has another): lint,
// typecheck and build stay on this Node.js, which cannot change what they check or produce. The
// unit, service, web and ops tests then run with one Vitest worker beside the browser tests,
// which run two files at a time (BROWSER_FILES_AT_ONCE); their output is printed whole when both
// have ended. Two workers for the other tests as well slowed their module imports so much that
// tests near their timeout failed.
//
// Every Node.js the tests start (Vitest's workers, the browser tests' stacks) shares one
// compile cache (NODE_COMPILE_CACHE): a module compiled once is not compiled again by the next
// file's worker or stack.
//
// Before the last line: how long each part took, the CPU time it all used, and the slowest test
// files, to say where the time of a run goes.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, writeSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { warnIfUnsupportedNode } from './node-support.mjs';

const root = new URL('..', import.meta.url).pathname;
const checks = { passed: 0, failed: 0, skipped: 0 };
/** The browser tests' project of vitest.config.ts; every other project runs beside it. */
const BROWSER_PROJECT = 'e2e';
/**
 * Browser test files run this many at a time. Two keep a two-core machine busy: with three, the
 * browser files took 1,357 s against 1,269 s with two (fresh-clone runs, December 2026), the
 * machine's cores being busy throughout (the "machine:" line). One at a time, a run took 20 minutes.
 */
const BROWSER_FILES_AT_ONCE = 2;

warnIfUnsupportedNode();

/**
 * @param {string} label
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 */
function run(label, command, args, env = {}) {
  process.stdout.write(`\n▶ ${label}\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push([label, Date.now() - started]);
  return result.status === 0;
}

/** How long each part of the run took, in milliseconds, printed before the last line. */
/** @type {[string, number][]} */
const timings = [];
/** Every test file's time, of every run; the slowest are printed before the last line. */
/** @type {{ file: string, seconds: number }[]} */
const fileTimes = [];
const SLOWEST_FILES_SHOWN = 12;

/** @typedef {[label: string, command: string, args: string[]]} Step */

/** One compile cache for every Node.js the tests start (git-ignored, like the other caches). */
process.env.NODE_COMPILE_CACHE ??= join(root, '.cache', 'node-compile');
const runStarted = Date.now();

/**
 * CPU seconds used by this run's ended child processes and their descendants (Linux's
 * /proc/self/stat: cutime and cstime, in clock ticks of 1/100 s), or null elsewhere.
 */
function childrenCpuSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

/**
 * The machine's CPU time so far, busy and in all (Linux's /proc/stat, every process on the machine),
 * or null elsewhere. The run's own count above misses the processes it does not reap itself, such
 * as PostgreSQL and Redis: this one says whether the machine had time left over.
 */
function machineCpuTicks() {
  try {
    const [, ...ticks] = (readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '').trim().split(/\s+/).map(Number);
    // user nice system idle iowait irq softirq steal; guest time is already counted in user.
    const total = ticks.slice(0, 8).reduce((sum, tick) => sum + tick, 0);
    // idle and iowait: the 4th and 5th of the "cpu" line's numbers.
    return { busy: total - (ticks[3] ?? 0) - (ticks[4] ?? 0), total };
  } catch {
    return null;
  }
}
const machineAtStart = machineCpuTicks();

/** `nice` where the machine has it: background checks then take only what the tests leave idle. */
const lowPriority = spawnSync('nice', ['-n', '10', 'true']).status === 0 ? ['nice', '-n', '10'] : [];

/**
 * Runs `steps` one after another in the background, each counted as a check like `check()`;
 * resolves to the file holding their output once the last has ended.
 * @param {Step[]} steps
 * @returns {Promise<{ outputFile: string }>}
 */
async function checksInBackground(steps) {
  const outputFile = join(mkdtempSync(join(tmpdir(), 'nashr-checks-')), 'output.log');
  const output = openSync(outputFile, 'w');
  for (const [label, command, args] of steps) {
    writeSync(output, `\n▶ ${label}, run beside the tests:\n`);
    const started = Date.now();
    const [program = command, ...rest] = [...lowPriority, command, ...args];
    const passed = await endedWell(spawn(program, rest, { cwd: root, stdio: ['ignore', output, output] }));
    timings.push([`${label} (beside the tests)`, Date.now() - started]);
    if (passed) checks.passed++;
    else {
      checks.failed++;
      writeSync(output, `✖ ${label} failed\n`);
      failureLines.push(`✖ ${label} failed (its output is above)`);
    }
  }
  closeSync(output);
  return { outputFile };
}

/**
 * @param {string} label
 * @param {string} command
 * @param {string[]} args
 */
function check(label, command, args) {
  if (run(label, command, args)) checks.passed++;
  else {
    checks.failed++;
    process.stdout.write(`✖ ${label} failed\n`);
  }
}

/** @typedef {{ passed: number, failed: number, skipped: number }} Counts */
/** @typedef {{ file: string, name: string, error: string }} Failure */
/** Every failed test of every run, repeated above the last line: CI keeps only the end of a log. */
/** @type {string[]} */
const failureLines = [];

/** @param {Counts} counts */
function summary(counts) {
  const skipped = counts.skipped ? `, ${counts.skipped} skipped` : '';
  return `${counts.passed} passed, ${counts.failed} failed${skipped}`;
}

/**
 * One Vitest run on the Node.js at `node`, its output shown as it comes; resolves to its counts
 * (a run that reported none counts as one failure). Not a blocking spawn: the checks in the
 * background go on from one step to the next meanwhile.
 * @param {string} label
 * @param {string} node
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 * @returns {Promise<Counts>}
 */
async function vitest(label, node, args, env = {}) {
  const countsFile = newCountsFile();
  process.stdout.write(`\n▶ ${label}\n`);
  const child = spawn(node, [VITEST_BIN, 'run', ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env, TEST_COUNTS_FILE: countsFile },
  });
  return countsOf(countsFile, node, await endedWell(child));
}

/**
 * Whether `child` exits with 0 (false when it could not start).
 * @param {import('node:child_process').ChildProcess} child
 * @returns {Promise<boolean>}
 */
function endedWell(child) {
  return new Promise((resolvePassed) => {
    child.once('exit', (code) => resolvePassed(code === 0));
    child.once('error', () => resolvePassed(false));
  });
}

/**
 * `vitest`, started in the background with its output kept in a file; the promise prints that
 * output under `label` and gives the counts once the run has ended.
 * @param {string} label
 * @param {string} node
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 * @returns {Promise<Counts>}
 */
function vitestInBackground(label, node, args, env = {}) {
  const countsFile = newCountsFile();
  const outputFile = join(dirname(countsFile), 'output.log');
  const output = openSync(outputFile, 'w');
  const child = spawn(node, [VITEST_BIN, 'run', ...args], {
    cwd: root,
    stdio: ['ignore', output, output],
    env: { ...process.env, ...env, TEST_COUNTS_FILE: countsFile },
  });
  return endedWell(child).then((passed) => {
    closeSync(output);
    process.stdout.write(`\n▶ ${label}, run beside the browser tests:\n`);
    process.stdout.write(readFileSync(outputFile, 'utf8'));
    return countsOf(countsFile, node, passed);
  });
}

const VITEST_BIN = join(root, 'node_modules', 'vitest', 'vitest.mjs');

function newCountsFile() {
  return join(mkdtempSync(join(tmpdir(), 'nashr-test-')), 'counts.json');
}

/**
 * The counts a run's reporter wrote, its failures noted for the end of the output.
 * @param {string} countsFile
 * @param {string} node
 * @param {boolean} passed Vitest's own verdict
 * @returns {Counts}
 */
function countsOf(countsFile, node, passed) {
  if (!existsSync(countsFile)) {
    process.stdout.write('✖ the test run ended without reporting its results\n');
    return { passed: 0, failed: 1, skipped: 0 };
  }
  const counts = JSON.parse(readFileSync(countsFile, 'utf8'));
  fileTimes.push(...(counts.times ?? []));
  for (const failure of /** @type {Failure[]} */ (counts.failures ?? [])) {
    failureLines.push(
      `✖ Node.js ${versionOf(node) ?? node}: ${failure.file} › ${failure.name}${failure.error ? ` — ${failure.error}` : ''}`,
    );
  }
  // Vitest's own verdict has the last word: a failure the counts missed still fails the run.
  return { passed: counts.passed, failed: counts.failed || (passed ? 0 : 1), skipped: counts.skipped };
}

/** @param {Counts[]} parts */
function added(...parts) {
  /** @type {Counts} */
  const sum = { passed: 0, failed: 0, skipped: 0 };
  for (const part of parts) {
    for (const key of /** @type {(keyof Counts)[]} */ (Object.keys(sum))) sum[key] += part[key];
  }
  return sum;
}

/**
 * The version of the Node.js at `node`, or null when it does not run.
 * @param {string} node
 */
function versionOf(node) {
  const result = spawnSync(node, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

if (!existsSync(join(root, 'node_modules', '.package-lock.json'))) {
  // Not `npm ci`: the lock file records only this platform's optional binaries, which `npm ci` refuses; `npm install` installs the locked versions.
  if (!run('installing dependencies', 'npm', ['install', '--no-audit', '--no-fund'])) process.exit(1);
}

check('build (services and web)', 'npx', ['turbo', 'run', 'build', '--output-logs=errors-only']);
const lintAndTypecheck = checksInBackground([
  ['lint and format (biome)', 'npx', ['biome', 'check', '.']],
  // Every workspace, the service worker, test/, test/hardening and scripts/ in one build of project
  // references (tsconfig.check.json): each project is checked once with its own options, and the
  // projects that import it read its declarations instead of checking its sources again.
  ['typecheck (every project)', 'npx', ['tsc', '-b', 'tsconfig.check.json']],
]);

const args = process.argv.slice(2);
/** @type {[string, Counts][]} */
const runs = [['lint, typecheck and build', checks]];

const testNode = process.env.TEST_WITH_NODE && resolve(process.env.TEST_WITH_NODE);
const testVersion = testNode ? versionOf(testNode) : null;
const testsStarted = Date.now();
if (testNode && testVersion) {
  const label = `tests on Node.js ${testVersion}`;
  // Its own directory first on PATH, so what the tests spawn (node, npx, the browser tests'
  // stacks) runs on it too.
  const env = { PATH: `${dirname(testNode)}${delimiter}${process.env.PATH ?? ''}` };
  const beside = vitestInBackground(
    `${label} (all but ${BROWSER_PROJECT})`,
    testNode,
    ['--project', `!${BROWSER_PROJECT}`, '--maxWorkers=1', '--passWithNoTests', ...args],
    env,
  );
  const browser = vitest(
    `${label} (${BROWSER_PROJECT})`,
    testNode,
    ['--project', BROWSER_PROJECT, `--maxWorkers=${BROWSER_FILES_AT_ONCE}`, '--passWithNoTests', ...args],
    env,
  );
  runs.push([label, added(await beside, await browser)]);
} else {
  runs.push([`tests on Node.js ${process.version}`, await vitest('tests (vitest)', process.execPath, args)]);
  if (testNode) {
    process.stdout.write(`\n✖ TEST_WITH_NODE=${testNode} is not a Node.js that runs\n`);
    runs.push([`tests on ${testNode}`, { passed: 0, failed: 1, skipped: 0 }]);
  }
}

timings.push(['tests', Date.now() - testsStarted]);
process.stdout.write(readFileSync((await lintAndTypecheck).outputFile, 'utf8'));

const totals = added(...runs.map(([, counts]) => counts));
process.stdout.write('\n');
for (const [part, ms] of timings) process.stdout.write(`time: ${part} ${Math.round(ms / 1000)} s\n`);
const cpuSeconds = childrenCpuSeconds();
if (cpuSeconds !== null) {
  const wallSeconds = (Date.now() - runStarted) / 1000;
  process.stdout.write(
    `cpu: ${Math.round(cpuSeconds)} s in ${Math.round(wallSeconds)} s (${(cpuSeconds / wallSeconds).toFixed(2)} cores on average; PostgreSQL and Redis not counted)\n`,
  );
}
const machineAtEnd = machineCpuTicks();
if (machineAtStart && machineAtEnd && machineAtEnd.total > machineAtStart.total) {
  const busyShare = (machineAtEnd.busy - machineAtStart.busy) / (machineAtEnd.total - machineAtStart.total);
  const cores = availableParallelism();
  process.stdout.write(
    `machine: ${(busyShare * cores).toFixed(2)} of ${cores} cores busy on average (every process on it, whoever started it)\n`,
  );
}
const slowest = fileTimes.sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST_FILES_SHOWN);
for (const { file, seconds } of slowest) process.stdout.write(`slow: ${file} ${seconds} s\n`);
for (const line of failureLines) process.stdout.write(`${line}\n`);
// Each part first (lint, typecheck and build; the tests), then the total (always the last line).
for (const [name, counts] of runs) process.stdout.write(`${name}: ${summary(counts)}\n`);
process.stdout.write(`${summary(totals)}\n`);
process.exit(totals.failed === 0 ? 0 : 1);
