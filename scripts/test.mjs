#!/usr/bin/env node
// `npm test`: lint, typecheck and build, then every test (unit, service, browser) in one Vitest
// run. Ends with one line: "N passed, N failed" (", N skipped" when any were skipped).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const totals = { passed: 0, failed: 0, skipped: 0 };

function run(label, command, args, env = {}) {
  process.stdout.write(`\n▶ ${label}\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function check(label, command, args) {
  if (run(label, command, args)) totals.passed++;
  else {
    totals.failed++;
    process.stdout.write(`✖ ${label} failed\n`);
  }
}

if (!existsSync(join(root, 'node_modules', '.package-lock.json'))) {
  // Not `npm ci`: the lock file records only this platform's optional binaries, which `npm ci` refuses; `npm install` installs the locked versions.
  if (!run('installing dependencies', 'npm', ['install', '--no-audit', '--no-fund'])) process.exit(1);
}

check('lint and format (biome)', 'npx', ['biome', 'check', '.']);
check('typecheck (every workspace)', 'npx', ['turbo', 'run', 'typecheck', '--output-logs=errors-only']);
check('build (services and web)', 'npx', ['turbo', 'run', 'build', '--output-logs=errors-only']);

const countsFile = join(mkdtempSync(join(tmpdir(), 'nashr-test-')), 'counts.json');
const vitestPassed = run('tests (vitest)', 'npx', ['vitest', 'run', ...process.argv.slice(2)], {
  TEST_COUNTS_FILE: countsFile,
});
if (existsSync(countsFile)) {
  const counts = JSON.parse(readFileSync(countsFile, 'utf8'));
  totals.passed += counts.passed;
  // Vitest's own verdict has the last word: a failure the counts missed still fails the run.
  totals.failed += counts.failed || (vitestPassed ? 0 : 1);
  totals.skipped += counts.skipped;
} else {
  process.stdout.write('✖ the test run ended without reporting its results\n');
  totals.failed++;
}

const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
process.stdout.write(`\n${totals.passed} passed, ${totals.failed} failed${skipped}\n`);
process.exit(totals.failed === 0 ? 0 : 1);
