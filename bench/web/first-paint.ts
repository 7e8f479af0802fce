/**
 * First contentful paint of the landing page in headless Chromium on localhost, served by the
 * gateway from the production build, against a static 'hello' page served by the same gateway
 * in the same run. Every load is a first visit (fresh context: empty cache, no cookies, nothing
 * stored, so Arabic); landing and hello loads alternate so noise hits both; a warm-up load of
 * each is not counted.
 */
import { type Browser, chromium, type Page } from 'playwright-core';
import { percentile } from '../scheduler/stats.js';

/** Debian's Chromium, launched as the browser tests launch it (e2e/support/browser.ts). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-gpu',
];
const DESKTOP = { width: 1280, height: 800 };

// Page scripts are passed as text: they run in the browser, and this package is typed for Node.
const FIRST_CONTENTFUL_PAINT = `new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error('no first-contentful-paint within 15 s')), 15000);
  new PerformanceObserver((list, observer) => {
    const entry = list.getEntriesByName('first-contentful-paint')[0];
    if (!entry) return;
    clearTimeout(timer);
    observer.disconnect();
    resolve(entry.startTime);
  }).observe({ type: 'paint', buffered: true });
})`;
const SCRIPTS_FETCHED = `performance.getEntriesByType('resource')
  .map((entry) => new URL(entry.name).pathname)
  .filter((path) => path.endsWith('.js'))`;

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
  /** The same for a visitor who chose English (stored `lang=en`). */
  englishScripts: string[];
}

const firstContentfulPaint = (page: Page) => page.evaluate<number>(FIRST_CONTENTFUL_PAINT);

async function load(browser: Browser, url: string, language?: 'en'): Promise<{ fcp: number; page: Page }> {
  const context = await browser.newContext({ viewport: DESKTOP, deviceScaleFactor: 1 });
  if (language) await context.addInitScript({ content: `localStorage.setItem('lang', ${JSON.stringify(language)});` });
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
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    // Warm-up, and the list of scripts a visitor's browser really fetches for the landing page.
    const scriptsFetched = async (language?: 'en') => {
      const { page } = await load(browser, options.landingUrl, language);
      await page.getByTestId('hero-headline').waitFor({ timeout: 15_000 });
      await page.waitForTimeout(500);
      const paths = await page.evaluate<string[]>(SCRIPTS_FETCHED);
      await page.context().close();
      return paths;
    };
    const landingScripts = await scriptsFetched();
    const englishScripts = await scriptsFetched('en');
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
      englishScripts,
    };
  } finally {
    await browser.close();
  }
}
