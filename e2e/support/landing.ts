import type { Page } from 'playwright-core';

/**
 * Resolves once the landing page shows every content block: each section fetches its own block,
 * so the hero (or any one section) being on screen says nothing about the others. A section
 * whose block failed shows its error instead of a skeleton, so this settles then too.
 */
export async function waitForLandingContent(page: Page): Promise<void> {
  await page.getByTestId('hero-headline').waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid="block-skeleton"]') === null);
}
