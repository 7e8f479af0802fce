/**
 * First contentful paint of the landing page in headless Chromium on localhost, served by the
 * gateway from the production build, against a static 'hello' page served by the same gateway
 * in the same run. Every load is a first visit (fresh context: empty cache, no cookies, nothing
 * stored, so Arabic); landing and hello loads alternate so noise hits both; a warm-up load of
 * each is not counted.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, VIEWPORTS } from '../../e2e/support/browser.js';
import { percentile } from '../scheduler/stats.js';

export interface FirstPaintOptions {
  landingUrl: string;
  helloUrl: string;
  loads: number;
}

export interface FirstPaintResult {
  loads: number;
  landing: { p50: number; max: number };
  hello: { p50: number; max: number };
  /** Paths of the scripts the landing page loaded, up to its hero and then 500 ms of quiet. */
  landingScripts: string[];
}

function firstContentfulPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no first-contentful-paint within 15 s')), 15_000);
        new PerformanceObserver((list, observer) => {
          const entry = list.getEntriesByName('first-contentful-paint')[0];
          if (!entry) return;
          clearTimeout(timer);
          observer.disconnect();
          resolve(entry.startTime);
        }).observe({ type: 'paint', buffered: true });
      }),
  );
}

async function load(browser: Browser, url: string): Promise<{ fcp: number; page: Page }> {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  return { fcp: await firstContentfulPaint(page), page };
}

async function loadAndClose(browser: Browser, url: string): Promise<number> {
  const { fcp, page } = await load(browser, url);
  await page.context().close();
  return fcp;
}

export async function benchFirstPaint(options: FirstPaintOptions): Promise<FirstPaintResult> {
  const browser = await launchBrowser();
  try {
    // Warm-up, and the list of scripts a visitor's browser really fetches for the landing page.
    const warm = await load(browser, options.landingUrl);
    await warm.page.getByTestId('hero-headline').waitFor({ timeout: 15_000 });
    await warm.page.waitForTimeout(500);
    const landingScripts = await warm.page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.endsWith('.js')),
    );
    await warm.page.context().close();
    await loadAndClose(browser, options.helloUrl);

    const landing: number[] = [];
    const hello: number[] = [];
    for (let i = 0; i < options.loads; i++) {
      landing.push(await loadAndClose(browser, options.landingUrl));
      hello.push(await loadAndClose(browser, options.helloUrl));
    }
    landing.sort((a, b) => a - b);
    hello.sort((a, b) => a - b);
    return {
      loads: options.loads,
      landing: { p50: percentile(landing, 50), max: landing[landing.length - 1] ?? Number.NaN },
      hello: { p50: percentile(hello, 50), max: hello[hello.length - 1] ?? Number.NaN },
      landingScripts,
    };
  } finally {
    await browser.close();
  }
}
