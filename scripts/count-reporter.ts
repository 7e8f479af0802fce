import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/** Writes the run's counts to the file named by TEST_COUNTS_FILE, for scripts/test.mjs to total. */
export default class CountReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      let failedCases = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed++;
        else if (state === 'failed') failedCases++;
        else counts.skipped++;
      }
      counts.failed += failedCases;
      // A file that fails outside its tests (a broken import, a failing beforeAll that leaves every
      // test skipped, an error in afterAll) counts as one failure.
      if (module.state() === 'failed' && failedCases === 0) counts.failed++;
    }
    counts.failed += unhandledErrors.length;
    const file = process.env.TEST_COUNTS_FILE;
    if (file) writeFileSync(file, JSON.stringify(counts));
  }
}
