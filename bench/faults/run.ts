/**
 * Long fault scenarios (issue 8, "Faults"): each does something bad to a running system and
 * checks what must still hold. Never part of `npm test`; the quick fault tests are in
 * test/hardening/.
 *
 *   npx tsx bench/faults/run.ts                       # every scenario
 *   npx tsx bench/faults/run.ts kill-publish-worker   # some of them
 *   npx tsx bench/faults/run.ts --build               # build the services first
 *
 * Workers and APIs that must die for real run as `node services/<s>/dist/...`: run
 * `npm run build` first (or pass --build). Prints one row per scenario and exits 1 if any failed.
 */
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { killPublishWorker } from './kill-publish-worker.js';
import { latePublish } from './late-publish.js';
import { postgresMidTransaction } from './postgres-mid-transaction.js';
import { ROOT } from './processes.js';
import { redisRestart } from './redis-restart.js';
import { backingServices, type FaultResult, type FaultScenario } from './scenario.js';

const SCENARIOS: FaultScenario[] = [killPublishWorker, redisRestart, postgresMidTransaction, latePublish];

const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: { build: { type: 'boolean', default: false } },
});
const chosen = positionals.length ? SCENARIOS.filter((s) => positionals.includes(s.name)) : SCENARIOS;
const unknown = positionals.filter((name) => !SCENARIOS.some((s) => s.name === name));
if (unknown.length) {
  process.stderr.write(`unknown scenario ${unknown.join(', ')}; known: ${SCENARIOS.map((s) => s.name).join(', ')}\n`);
  process.exit(2);
}

if (flags.build)
  execFileSync('npx', ['turbo', 'run', 'build', '--output-logs=errors-only'], { cwd: ROOT, stdio: 'inherit' });
const backing = await backingServices();

const rows: { scenario: FaultScenario; result: FaultResult; seconds: number }[] = [];
for (const scenario of chosen) {
  process.stdout.write(`\n▶ ${scenario.name}: ${scenario.what}\n`);
  const started = Date.now();
  let result: FaultResult;
  try {
    result = await scenario.run();
  } catch (error) {
    result = {
      ok: false,
      summary: `could not run: ${(error as Error).message.split('\n')[0]}`,
      details: [String((error as Error).stack ?? error)],
    };
  }
  const seconds = (Date.now() - started) / 1000;
  rows.push({ scenario, result, seconds });
  for (const line of result.details) process.stdout.write(`  ${line}\n`);
  process.stdout.write(`  ${result.ok ? 'PASS' : 'FAIL'} in ${seconds.toFixed(1)} s\n`);
}
await backing.stop();

const width = Math.max(...rows.map((r) => r.scenario.name.length));
process.stdout.write(`\n${'scenario'.padEnd(width + 2)}result  time     summary\n`);
for (const { scenario, result, seconds } of rows) {
  process.stdout.write(
    `${scenario.name.padEnd(width + 2)}${(result.ok ? 'PASS' : 'FAIL').padEnd(8)}${`${seconds.toFixed(1)} s`.padEnd(9)}${result.summary}\n`,
  );
}
process.exit(rows.every((r) => r.result.ok) ? 0 : 1);
