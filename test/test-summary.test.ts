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
  const { failures, times, ...counts } = JSON.parse(readFileSync(countsFile, 'utf8'));
  expect(counts).toEqual({ passed: 1, failed: 2, skipped: 2 });
  // Named, so the end of a long CI log says which test to look at.
  expect(failures).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ file: expect.stringContaining('test-fails.fixture.ts'), name: 'fails' }),
      expect.objectContaining({
        file: expect.stringContaining('hook-fails.fixture.ts'),
        error: expect.stringContaining('the stack did not start'),
      }),
    ]),
  );
  // Each file's time, its failed set-up included, so a run's end can say where its time went.
  expect(times).toHaveLength(3);
  for (const time of times) {
    expect(time).toEqual({ file: expect.stringMatching(/\.fixture\.ts$/), seconds: expect.any(Number) });
    expect(time.seconds).toBeGreaterThanOrEqual(0);
  }
}, 60_000);
