import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/** Writes the run's counts to the file named by TEST_COUNTS_FILE, for scripts/test.mjs to total. */
export default class CountReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      let cases = 0;
      for (const test of module.children.allTests()) {
        cases++;
        const state = test.result().state;
        if (state === 'passed') counts.passed++;
        else if (state === 'failed') counts.failed++;
        else counts.skipped++;
      }
      // A file that fails before any test runs (a broken import, a failing hook) counts as a failure.
      if (module.state() === 'failed' && cases === 0) counts.failed++;
    }
    counts.failed += unhandledErrors.length;
    const file = process.env.TEST_COUNTS_FILE;
    if (file) writeFileSync(file, JSON.stringify(counts));
  }
}
