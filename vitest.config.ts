import { defineConfig } from 'vitest/config';

/**
 * One run over every workspace. PostgreSQL and Redis are resolved once by the global setup;
 * each test file then makes its own database and Redis key prefix.
 */
export default defineConfig({
  test: {
    globalSetup: ['./packages/platform/src/testing/global-setup.ts'],
    reporters: ['default', './scripts/count-reporter.ts'],
    projects: [
      { extends: true, test: { name: 'packages', include: ['packages/*/src/**/*.test.ts'] } },
      {
        extends: true,
        test: { name: 'services', include: ['services/*/src/**/*.test.ts', 'services/*/test/**/*.test.ts'] },
      },
      { extends: true, test: { name: 'web', include: ['web/src/**/*.test.{ts,tsx}'] } },
      {
        extends: true,
        test: { name: 'ops', include: ['scripts/**/*.test.ts', 'test/**/*.test.ts', 'tools/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at a time: a browser test spends much of its time waiting for a page or a
          // job, and a second file fills that wait. Measured on two cores, with two workers for
          // the other tests beside them: the tests took about a fifth less time than one and one
          // (1,482 s against 1,844 s), although each file's waits grew with the load.
          maxWorkers: 2,
        },
      },
    ],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // A poll waits for a state: a job on a busy two-core machine, or a screen catching up with the
    // API by its own refetches (the dashboard's every 3 s while the history imports), can take
    // seconds. A poll that holds returns at once, so only a failing one waits this long.
    expect: { poll: { timeout: 15_000 } },
  },
});
