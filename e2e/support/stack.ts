/**
 * A file's stack and browser, started side by side before its tests and stopped after them:
 *
 *   let stack: Stack;
 *   let browser: Browser;
 *   beforeAll(async () => ({ stack, browser } = await startWithBrowser(WRITING_STACK)));
 *   afterAll(() => stopWithBrowser(stack, browser));
 */
import { type Stack, type StackOptions, startStack } from '@nashr/tools/process-stack';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';

/** What a writing journey needs: the composer's services, publishing's workers, the offline writer. */
export const WRITING_STACK: StackOptions = {
  services: ['auth', 'linkedin', 'posts', 'content', 'ai'],
  workers: ['auth', 'linkedin', 'posts'],
  env: { ai: { AI_PROVIDER: 'offline' } },
};

export async function startWithBrowser(options: StackOptions): Promise<{ stack: Stack; browser: Browser }> {
  const [stack, browser] = await Promise.all([startStack(options), launchBrowser()]);
  return { stack, browser };
}

/** Either may be missing when starting failed part-way. */
export async function stopWithBrowser(stack: Stack | undefined, browser: Browser | undefined): Promise<void> {
  await browser?.close();
  await stack?.stop();
}
