import type { Page } from 'playwright-core';

/**
 * Resolves once the landing page shows every content block. The hero paints first and the
 * sections below it (and the footer) in the next render, and each section then fetches its own
 * block, so neither the hero nor a missing skeleton alone says the page is complete: this waits
 * for the footer, rendered with the sections, and then for every skeleton to be gone. A section
 * whose block failed shows its error instead of a skeleton, so this settles then too.
 */
export async function waitForLandingContent(page: Page): Promise<void> {
  await page.getByTestId('hero-headline').waitFor();
  await page.locator('footer').waitFor({ state: 'attached' });
  await page.waitForFunction(() => document.querySelector('[data-testid="block-skeleton"]') === null);
}
