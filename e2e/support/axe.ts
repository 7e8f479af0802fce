/**
 * axe-core in the real browser: the violations a screen (or a part of it) has, kept to those axe
 * rates serious or critical, written so a failure names the rule, the element and the fix.
 *
 *   const found = await seriousViolations(page);                       // the whole page
 *   const found = await seriousViolations(page, '[role="dialog"]');    // one open dialog
 *   expect(found, describeViolations(found)).toEqual([]);
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export interface Violation {
  rule: string;
  impact: string;
  help: string;
  /** Selector, the element's opening HTML and the axe summary of every element that fails the rule. */
  nodes: string[];
}

const SERIOUS = new Set(['serious', 'critical']);
/** Enough elements to find the component; the count says how widespread it is. */
const NODES_SHOWN = 4;

/**
 * Resolves once the screen has stopped changing: no loading screen or skeleton left, and the
 * fonts loaded (contrast and overlap are judged on what is finally drawn).
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector(
        '[data-testid="loading-screen"], [data-testid="block-skeleton"], [data-testid$="-loading"], .animate-pulse',
      ) === null && document.fonts.status === 'loaded',
    undefined,
    { timeout: 30_000 },
  );
  // Two frames: what the last answer rendered has been laid out and painted.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
  );
}

export async function seriousViolations(page: Page, include?: string): Promise<Violation[]> {
  // Only the violations are read: axe then keeps one example of each passed or undecided rule
  // instead of every element, 5-22% less time a page in a trial on four app screens.
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => SERIOUS.has(violation.impact ?? ''))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      // The opening tag too: a selector such as `.px-3` alone does not say which component it is.
      nodes: violation.nodes.map(
        (node) => `${node.target.join(' ')} ${node.html.slice(0, 200)}: ${node.failureSummary ?? ''}`,
      ),
    }));
}

export function describeViolations(found: Violation[]): string {
  return found
    .map((violation) => {
      const shown = violation.nodes.slice(0, NODES_SHOWN);
      const more = violation.nodes.length - shown.length;
      const rest = more > 0 ? `\n  ...and ${more} more` : '';
      return `${violation.impact} ${violation.rule} (${violation.help})\n  ${shown.join('\n  ')}${rest}`;
    })
    .join('\n');
}
