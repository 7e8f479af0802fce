import { defineConfig } from 'vitest/config';

/**
 * One run over every workspace. PostgreSQL and Redis are resolved once by the global setup;
 * each test file then makes its own database and Redis key prefix.
 *
 * The files of packages and ops share their worker's loaded modules (`isolate: false`): each
 * builds its own apps, databases and Redis prefixes, mocks no module and undoes what it stubs, so
 * sharing saves the time to load the same code again for every file. The service files keep a
 * fresh worker each: shared, a worker running them died once in a CI run, in a PDF reading
 * thread (a V8 trap), with the posts service's document tests; a shared worker keeps such a thread
 * alive from one file to the next. The web files mock modules, and a browser file's stack launcher
 * keeps state of its own between files (an earlier stack's mail catcher was reached): both keep a
 * fresh worker for each file too.
 */
export default defineConfig({
  test: {
    globalSetup: ['./packages/platform/src/testing/global-setup.ts'],
    reporters: ['default', './scripts/count-reporter.ts'],
    projects: [
      { extends: true, test: { name: 'packages', include: ['packages/*/src/**/*.test.ts'], isolate: false } },
      {
        extends: true,
        test: { name: 'services', include: ['services/*/src/**/*.test.ts', 'services/*/test/**/*.test.ts'] },
      },
      { extends: true, test: { name: 'web', include: ['web/src/**/*.test.{ts,tsx}'] } },
      {
        extends: true,
        test: {
          name: 'ops',
          include: ['scripts/**/*.test.ts', 'test/**/*.test.ts', 'tools/**/*.test.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file starts its own stack (its own ports, database and Redis prefix) and browser,
          // so files may run side by side: `npm test` runs two at a time (scripts/test.mjs).
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
