import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * One run over every workspace. PostgreSQL and Redis are resolved once by the global setup;
 * each test file then makes its own database and Redis key prefix.
 *
 * Most files share their worker's loaded modules (`isolate: false`): each builds its own apps,
 * databases and Redis prefixes and undoes what it stubs, so sharing saves loading the same code
 * again for every file (the posts service's files: 76 CPU seconds isolated, 32 shared). Three
 * kinds of file keep a fresh worker each, in projects of their own:
 * - the files that read uploaded PDFs (`PDF_READING`): a shared worker running them died once
 *   in a CI run, in the reading thread (a V8 trap), and a shared worker keeps that thread alive
 *   from one file to the next;
 * - the web files that mock modules (`vi.mock`), which would replace a module for later files;
 * - the browser files: their stack launcher keeps state of its own between files (an earlier
 *   stack's mail catcher was reached).
 */
const SERVICE_FILES = ['services/*/src/**/*.test.ts', 'services/*/test/**/*.test.ts'];
/** The service files that read uploaded PDFs in the posts service's reading thread. */
const PDF_READING = ['services/posts/src/media/pdf-*.test.ts', 'services/posts/src/routes/document*.test.ts'];
const WEB_FILES = ['web/src/**/*.test.{ts,tsx}'];
/**
 * The web test files that each need modules of their own: those that call `vi.mock`, found by
 * reading them so a new one cannot be missed, and the server renderer's, which on import points the
 * app's calls and workspace at the render under way for every file that shares its modules.
 */
const WEB_SOURCE = join(import.meta.dirname, 'web/src');
const WEB_MOCKING = [
  ...readdirSync(WEB_SOURCE, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file) && readFileSync(join(WEB_SOURCE, file), 'utf8').includes('vi.mock('))
    .map((file) => `web/src/${file}`),
  'web/src/app-ssr/server.test.tsx',
];

/**
 * Browser files that take far longer than their size says (the slowest in `npm test`'s "slow:"
 * lines, in CI runs of December 2026: each 190–380 s against 20–120 s for most). Vitest starts a
 * file it has no timings for by size, largest first; these small ones then started last, and the
 * run waited for the longest alone at its end.
 */
const LONGEST_BROWSER_FILES = [
  'e2e/accessibility.test.ts',
  'e2e/first-use.test.ts',
  'e2e/screenshots.test.ts',
  'e2e/notifications.test.ts',
];

/** Vitest's order (by past timings when it has them, else size), with the longest browser files first when it has none. */
class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const timed = sorted.some((file) =>
      this.ctx.cache.getFileTestResults(`${file.project.name}:${relative(this.ctx.config.root, file.moduleId)}`),
    );
    if (timed) return sorted;
    const rank = (file: TestSpecification) => {
      const at = LONGEST_BROWSER_FILES.indexOf(relative(this.ctx.config.root, file.moduleId));
      return at === -1 ? LONGEST_BROWSER_FILES.length : at;
    };
    // Each project's files stay together, in Vitest's order of projects; within a project the
    // sort is stable, so the unlisted files keep Vitest's own order.
    const projects = [...new Set(sorted.map((file) => file.project.name))];
    return projects.flatMap((name) =>
      sorted.filter((file) => file.project.name === name).toSorted((a, b) => rank(a) - rank(b)),
    );
  }
}

export default defineConfig({
  test: {
    globalSetup: ['./packages/platform/src/testing/global-setup.ts'],
    reporters: ['default', './scripts/count-reporter.ts'],
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      { extends: true, test: { name: 'packages', include: ['packages/*/src/**/*.test.ts'], isolate: false } },
      {
        extends: true,
        test: {
          name: 'services',
          include: SERVICE_FILES,
          exclude: [...configDefaults.exclude, ...PDF_READING],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'services-pdf', include: PDF_READING } },
      {
        extends: true,
        test: { name: 'web', include: WEB_FILES, exclude: [...configDefaults.exclude, ...WEB_MOCKING], isolate: false },
      },
      { extends: true, test: { name: 'web-mocking', include: WEB_MOCKING } },
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
          setupFiles: ['./e2e/support/on-failure.ts'],
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
