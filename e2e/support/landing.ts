import type { Page } from 'playwright-core';

/**
 * Resolves once the landing page shows every content block and its code has taken over. The
 * gateway sends the page rendered (hero, sections and footer in the HTML) and its code loads when
 * the visitor first does something (`web/public/landing-boot.js`): a key press (Shift, which
 * neither moves focus nor hovers anything a screenshot would show) stands for that, then this
 * waits for the app's word that it runs (`web/src/features/landing/app-ready.ts`). When the app rendered
 * the page itself (a signed-in visitor, or no rendered copy), the hero paints first and the
 * sections below it in the next render, each fetching its own block: this waits for the footer,
 * rendered with the sections, and then for every skeleton to be gone. A section whose block
 * failed shows its error instead of a skeleton, so this settles then too.
 */
export async function waitForLandingContent(page: Page): Promise<void> {
  await page.getByTestId('hero-headline').waitFor();
  await startLandingApp(page);
  await page.locator('footer').waitFor({ state: 'attached' });
  await page.waitForFunction(() => document.querySelector('[data-testid="block-skeleton"]') === null);
}

/** Makes the landing page load its code, as a visitor's first key press does, and waits until it runs. */
export async function startLandingApp(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
}
