/**
 * Set up before every browser test file (vitest.config.ts): when a test fails, what its open
 * pages showed is printed beside the failure (address, dialogs, alerts, focus, console errors),
 * read before the file's own clean-up closes them. A locator that timed out says what it waited
 * for; this says what was there instead.
 */
import { beforeEach } from 'vitest';
import { describeOpenPages } from './browser';

/** Reading the pages must not hold up the run when the browser itself is what went wrong. */
const DESCRIBE_TIMEOUT_MS = 5_000;

beforeEach(({ onTestFailed }) => {
  onTestFailed(async () => {
    const description = await Promise.race([
      describeOpenPages(),
      new Promise<string>((resolve) =>
        setTimeout(() => resolve('(the pages did not answer in time)'), DESCRIBE_TIMEOUT_MS),
      ),
    ]);
    if (description) console.error(`What the open pages showed when the test failed:\n${description}`);
  });
});
