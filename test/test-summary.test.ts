import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

it('counts a file whose setup failed as a failure, not as skipped tests that passed the run', () => {
  const countsFile = join(mkdtempSync(join(tmpdir(), 'nashr-summary-')), 'counts.json');
  const run = spawnSync('npx', ['vitest', 'run', '--config', 'test/fixtures/summary/vitest.config.ts'], {
    cwd: ROOT,
    env: { ...process.env, TEST_COUNTS_FILE: countsFile },
    encoding: 'utf8',
  });
  expect(run.status).not.toBe(0);
  expect(JSON.parse(readFileSync(countsFile, 'utf8'))).toEqual({ passed: 1, failed: 2, skipped: 2 });
}, 60_000);
