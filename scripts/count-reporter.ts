import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** What failed, one line each, so the end of a long log says which test to look at. */
type Failure = { file: string; name: string; error: string };
/** How long one file took, start to end (its set-up included), to say where a run's time goes. */
type FileTime = { file: string; seconds: number };

function firstLine(error: { message?: string } | undefined): string {
  return (error?.message ?? '').split('\n')[0]?.slice(0, 300) ?? '';
}

/**
 * Writes the run's counts, the failures by name and each file's time to the file named by
 * TEST_COUNTS_FILE, for scripts/test.mjs to total and to repeat at the end of its output.
 */
export default class CountReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    const failures: Failure[] = [];
    const times: FileTime[] = [];
    for (const module of testModules) {
      const file = relative(process.cwd(), module.moduleId);
      const spent = module.diagnostic();
      const ms =
        spent.environmentSetupDuration +
        spent.prepareDuration +
        spent.setupDuration +
        spent.collectDuration +
        spent.duration;
      times.push({ file, seconds: Math.round(ms / 100) / 10 });
      let failedCases = 0;
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === 'passed') counts.passed++;
        else if (result.state === 'failed') {
          failedCases++;
          failures.push({ file, name: test.fullName, error: firstLine(result.errors?.[0]) });
        } else counts.skipped++;
      }
      counts.failed += failedCases;
      // A file that fails outside its tests (a broken import, a failing beforeAll that leaves every
      // test skipped, an error in afterAll) counts as one failure.
      if (module.state() === 'failed' && failedCases === 0) {
        counts.failed++;
        failures.push({ file, name: '(the file itself)', error: firstLine(module.errors()[0]) });
      }
    }
    counts.failed += unhandledErrors.length;
    for (const error of unhandledErrors) {
      failures.push({ file: '', name: '(an unhandled error)', error: firstLine(error as { message?: string }) });
    }
    const file = process.env.TEST_COUNTS_FILE;
    if (file) writeFileSync(file, JSON.stringify({ ...counts, failures, times }));
  }
}
