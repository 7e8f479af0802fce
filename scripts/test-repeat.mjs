#!/usr/bin/env node
// @ts-check
// Runs the tests N times and reports every failure with its file and test name, then a summary
// per file: how many runs each file failed in, and which tests failed how often.
//   npm run test:repeat -- 5                              every test file, five times
//   npm run test:repeat -- 3 e2e/admin.test.ts services/gateway   chosen files (any vitest filter or option)
//   TEST_BUSY=1 npm run test:repeat -- 3 ...              with one core kept busy (scripts/busy-core.mjs)
// Exits non-zero when any run had a failure. It runs the tests only: build first for e2e files.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBusyCore } from './busy-core.mjs';

const root = new URL('..', import.meta.url).pathname;
const [countArg, ...vitestArgs] = process.argv.slice(2);
const runs = Number(countArg);
if (!Number.isInteger(runs) || runs < 1) {
  process.stderr.write(
    'usage: npm run test:repeat -- N [files or vitest options...]   (N: how many runs, 1 or more)\n',
  );
  process.exit(2);
}

const stopBusy = process.env.TEST_BUSY === '1' ? startBusyCore() : async () => {};
if (process.env.TEST_BUSY === '1') process.stdout.write('one core kept busy by a bounded loop during every run\n');

const scratch = mkdtempSync(join(tmpdir(), 'nashr-repeat-'));
/** file -> { runs, failedRuns, durations: ms[], failures: Map<test, count> } */
const byFile = new Map();
let failedRuns = 0;

/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

for (let run = 1; run <= runs; run++) {
  const reportFile = join(scratch, `run-${run}.json`);
  const started = Date.now();
  const result = spawnSync(
    'npx',
    ['vitest', 'run', '--reporter=dot', '--reporter=./scripts/failure-reporter.ts', ...vitestArgs],
    { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, TEST_REPORT_FILE: reportFile } },
  );
  const elapsed = Date.now() - started;
  const report = existsSync(reportFile) ? JSON.parse(readFileSync(reportFile, 'utf8')) : { files: {}, failures: [] };
  if (!existsSync(reportFile) || (result.status !== 0 && report.failures.length === 0)) {
    report.failures.push({
      file: '(run)',
      test: '(vitest itself)',
      message: `vitest exited with ${result.status ?? result.signal} without reporting a failing test`,
    });
  }

  let passed = 0;
  for (const [file, counts] of Object.entries(report.files)) {
    passed += counts.passed;
    const entry = byFile.get(file) ?? { runs: 0, failedRuns: 0, durations: [], failures: new Map() };
    entry.runs++;
    entry.durations.push(counts.durationMs);
    byFile.set(file, entry);
  }
  const failedFiles = new Set();
  for (const failure of report.failures) {
    const entry = byFile.get(failure.file) ?? { runs: 1, failedRuns: 0, durations: [], failures: new Map() };
    entry.failures.set(failure.test, (entry.failures.get(failure.test) ?? 0) + 1);
    byFile.set(failure.file, entry);
    failedFiles.add(failure.file);
  }
  for (const file of failedFiles) byFile.get(file).failedRuns++;
  if (report.failures.length) failedRuns++;

  process.stdout.write(
    `\n■ run ${run}/${runs}: ${passed} passed, ${report.failures.length} failed, ${seconds(elapsed)}\n`,
  );
  for (const failure of report.failures) {
    process.stdout.write(`  ✖ ${failure.file} › ${failure.test}\n`);
    for (const line of failure.message.split('\n')) process.stdout.write(`      ${line}\n`);
  }
}
await stopBusy();
rmSync(scratch, { recursive: true, force: true });

process.stdout.write(`\n■ summary: ${runs - failedRuns} of ${runs} runs without a failure\n`);
for (const [file, entry] of [...byFile].sort(([a], [b]) => a.localeCompare(b))) {
  const [shortest, longest] = [Math.min(...entry.durations), Math.max(...entry.durations)];
  const durations = !entry.durations.length
    ? ''
    : shortest === longest
      ? `, ${seconds(shortest)}`
      : `, ${seconds(shortest)}–${seconds(longest)}`;
  const runWord = entry.runs === 1 ? 'run' : 'runs';
  const verdict = entry.failedRuns
    ? `✖ failed in ${entry.failedRuns} of ${entry.runs} ${runWord}`
    : `✓ ${entry.runs} ${runWord}`;
  process.stdout.write(`  ${verdict}  ${file}${durations}\n`);
  for (const [test, count] of entry.failures) process.stdout.write(`      ${count}× ${test}\n`);
}
process.exit(failedRuns === 0 ? 0 : 1);
