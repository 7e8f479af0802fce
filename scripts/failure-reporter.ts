import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export interface FileResult {
  passed: number;
  failed: number;
  skipped: number;
  /** How long the file took, setup and teardown included. */
  durationMs: number;
}

export interface Failure {
  file: string;
  /** The test's full name (describe blocks and title), or what failed outside any test. */
  test: string;
  message: string;
}

export interface RunReport {
  files: Record<string, FileResult>;
  failures: Failure[];
}

const firstLines = (message: string | undefined) =>
  (message ?? 'no message').split('\n').filter(Boolean).slice(0, 3).join('\n');

/**
 * Writes every failure of the run with its file and test name, and each file's counts and
 * duration, to the file named by TEST_REPORT_FILE, for scripts/test-repeat.mjs.
 */
export default class FailureReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    const report: RunReport = { files: {}, failures: [] };
    for (const module of testModules) {
      const file = relative(process.cwd(), module.moduleId);
      const result: FileResult = { passed: 0, failed: 0, skipped: 0, durationMs: module.diagnostic().duration };
      for (const test of module.children.allTests()) {
        const outcome = test.result();
        if (outcome.state === 'passed') result.passed++;
        else if (outcome.state === 'failed') {
          result.failed++;
          report.failures.push({ file, test: test.fullName, message: firstLines(outcome.errors?.[0]?.message) });
        } else result.skipped++;
      }
      // A file can fail outside its tests: a broken import, a beforeAll or an afterAll.
      if (module.state() === 'failed' && result.failed === 0) {
        result.failed++;
        report.failures.push({ file, test: '(outside any test)', message: firstLines(module.errors()[0]?.message) });
      }
      report.files[file] = result;
    }
    for (const error of unhandledErrors) {
      const message =
        error instanceof Error ? error.message : String((error as { message?: unknown })?.message ?? error);
      report.failures.push({
        file: '(unhandled)',
        test: '(an error outside every test)',
        message: firstLines(message),
      });
    }
    const target = process.env.TEST_REPORT_FILE;
    if (target) writeFileSync(target, JSON.stringify(report));
  }
}
