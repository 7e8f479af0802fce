import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

it('reports every failure of every run with its file and test name, and a summary per file', () => {
  const run = spawnSync(
    'node',
    ['scripts/test-repeat.mjs', '2', '--config', 'test/fixtures/summary/vitest.config.ts'],
    { cwd: ROOT, encoding: 'utf8' },
  );
  expect(run.status).toBe(1);
  const out = run.stdout;
  for (const runNumber of [1, 2]) expect(out).toContain(`■ run ${runNumber}/2: 1 passed, 2 failed`);
  expect(out.match(/✖ test\/fixtures\/summary\/test-fails\.fixture\.ts › fails\n\s+expected 2 to be 3/g)).toHaveLength(
    2,
  );
  expect(
    out.match(/✖ test\/fixtures\/summary\/hook-fails\.fixture\.ts › \(outside any test\)\n\s+the stack did not start/g),
  ).toHaveLength(2);
  expect(out).toContain('■ summary: 0 of 2 runs without a failure');
  expect(out).toMatch(/✖ failed in 2 of 2 runs {2}test\/fixtures\/summary\/test-fails\.fixture\.ts.*\n\s+2× fails/);
  expect(out).toMatch(/✓ 2 runs {2}test\/fixtures\/summary\/passes\.fixture\.ts/);
}, 60_000);

it('refuses a count that is not a positive whole number', () => {
  const run = spawnSync('node', ['scripts/test-repeat.mjs', 'e2e/admin.test.ts'], { cwd: ROOT, encoding: 'utf8' });
  expect(run.status).toBe(2);
  expect(run.stderr).toContain('usage: npm run test:repeat -- N');
});

it('keeps one core busy exactly while the command runs, and passes its exit code on', () => {
  // The command lists its parent's children (the busy loop among them) and exits with 3.
  const listSiblings = `
    const { execFileSync } = require('node:child_process');
    process.stdout.write(execFileSync('ps', ['--ppid', String(process.ppid), '-o', 'pid=,stat=,args=']).toString());
    process.exit(3);`;
  const run = spawnSync('node', ['scripts/busy-core.mjs', '--', 'node', '-e', listSiblings], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(run.status).toBe(3);
  const busy = run.stdout.split('\n').find((line) => line.includes('--busy-loop'));
  expect(busy).toBeDefined();
  const pid = Number(busy?.trim().split(/\s+/)[0]);
  // Gone once the command is: `kill -0` fails for a process that no longer exists.
  expect(spawnSync('kill', ['-0', String(pid)]).status).not.toBe(0);
}, 30_000);
