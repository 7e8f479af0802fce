/**
 * Lighthouse (mobile profile, its default simulated throttling) on the landing page and every
 * app screen, in Arabic and in English, against the built stack. Debian's Chromium is launched
 * here with a remote debugging port and handed to lighthouse by `port`; before each run the
 * browser gets the screen's session cookie, the language (`localStorage.lang` and the `lang` cookie)
 * and the time zone cookie the app keeps (as a returning visitor's browser holds them), which
 * lighthouse's storage reset leaves alone (it clears caches and service workers, not cookies or
 * local storage), so each run is a cold load of a signed-in visitor in the chosen language.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--remote-debugging-port=0',
];

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface Screen {
  /** Short name for the table, e.g. `dashboard`. */
  name: string;
  path: string;
  /** `sid=<value>` of the visitor who opens it, or none for a visitor who is not signed in. */
  cookie?: string;
}

export interface ScreenScores {
  screen: string;
  path: string;
  language: 'ar' | 'en';
  /** 0–100 per category; NaN when lighthouse could not score it. */
  scores: Record<Category, number>;
  /** Audits that cost points (score < 0.9), with lighthouse's own display value, for the notes. */
  failing: string[];
  /** Where lighthouse landed: a redirect away from `path` means the visitor was in the wrong state. */
  finalUrl: string;
  /**
   * Lighthouse's measure of how fast this machine's CPU was during the run (higher is faster).
   * Its simulated throttling slows the CPU time it observed 4×, so a busy machine costs
   * performance points directly: read the performance score with this figure.
   */
  benchmarkIndex: number;
  /**
   * Lighthouse's own measures behind the performance score, which depend less on the machine's
   * load than the score does: largest contentful paint and first contentful paint (ms, simulated),
   * total blocking time (ms, simulated) and the JavaScript the page fetched (bytes on the wire).
   */
  metrics: { lcp: number; fcp: number; tbt: number; jsBytes: number };
}

/** The figures of `ScreenScores.metrics` from one report. */
function metricsOf(lhr: { audits: Record<string, { numericValue?: number; details?: unknown }> }) {
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items =
    (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] })
      ?.items ?? [];
  const jsBytes = items
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return {
    lcp: value('largest-contentful-paint'),
    fcp: value('first-contentful-paint'),
    tbt: value('total-blocking-time'),
    jsBytes,
  };
}

interface Browser {
  port: number;
  process: ChildProcess;
  close: () => Promise<void>;
}

async function launch(): Promise<Browser> {
  const profile = await mkdtemp(join(tmpdir(), 'nashr-lighthouse-'));
  const child = spawn(CHROMIUM, [...CHROMIUM_ARGS, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`Chromium gave no debugging port in 60 s:\n${seen}`)), 60_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const found = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (found) {
        clearTimeout(timer);
        resolve(Number(found[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}) before it listened:\n${seen}`));
    });
  });
  return {
    port,
    process: child,
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Puts the visitor's cookie and language into the browser, as a returning visitor's would hold them. */
async function prepareVisitor(port: number, origin: string, cookie: string | undefined, language: 'ar' | 'en') {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('the launched Chromium has no default context');
    await context.clearCookies();
    if (cookie) {
      const [name = '', value = ''] = cookie.split(/=(.*)/s);
      await context.addCookies([{ name, value, url: origin, httpOnly: true, sameSite: 'Lax' }]);
    }
    // The web app keeps the language in a cookie too (the gateway renders the landing page by it).
    await context.addCookies([{ name: 'lang', value: language, url: origin, sameSite: 'Lax' }]);
    const page = await context.newPage();
    // A path the gateway answers without the app (no script runs): only the origin matters here.
    await page.goto(`${origin}/favicon.svg`);
    await page.evaluate(`localStorage.setItem('lang', ${JSON.stringify(language)})`);
    // The app keeps the browser's time zone in a cookie too (the gateway renders screens in it).
    const timeZone = await page.evaluate('Intl.DateTimeFormat().resolvedOptions().timeZone');
    await context.addCookies([
      { name: 'tz', value: encodeURIComponent(String(timeZone)), url: origin, sameSite: 'Lax' },
    ]);
    await page.close();
  } finally {
    // Disconnects playwright only: the browser keeps running for lighthouse.
    await browser.close();
  }
}

/**
 * One lighthouse run. On a busy machine Chromium now and then loses a trace (NO_NAVSTART,
 * PROTOCOL_TIMEOUT): such a run has no scores at all, so it is tried again, twice at most.
 */
async function audit(port: number, url: string) {
  let lastError = '';
  for (let attempt = 1; attempt <= 3; attempt++) {
    const runner = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      // The mobile profile and its simulated throttling are lighthouse's defaults; said here so they stay.
      formFactor: 'mobile',
      throttlingMethod: 'simulate',
    });
    if (!runner) throw new Error(`lighthouse returned nothing for ${url}`);
    if (!runner.lhr.runtimeError) return runner;
    lastError = runner.lhr.runtimeError.message;
  }
  throw new Error(`lighthouse on ${url}, three times: ${lastError}`);
}

export async function runLighthouse(options: {
  origin: string;
  screens: Screen[];
  languages?: ('ar' | 'en')[];
  /** Told of each result as it comes, for progress lines. */
  onResult?: (result: ScreenScores) => void;
  /** Where to keep each run's full lighthouse report (JSON), to read why a score missed. */
  reportDir?: string;
}): Promise<ScreenScores[]> {
  const browser = await launch();
  const results: ScreenScores[] = [];
  try {
    for (const screen of options.screens) {
      for (const language of options.languages ?? ['ar', 'en']) {
        await prepareVisitor(browser.port, options.origin, screen.cookie, language);
        const { lhr, artifacts } = await audit(browser.port, `${options.origin}${screen.path}`);
        if (options.reportDir) {
          await mkdir(options.reportDir, { recursive: true });
          const file = `${screen.name.replace(/\W+/g, '-')}.${language}`;
          await writeFile(join(options.reportDir, `${file}.json`), JSON.stringify(lhr));
          // The page load's trace, to see what a long task was made of (chrome://tracing opens it).
          await writeFile(join(options.reportDir, `${file}.trace.json`), JSON.stringify(artifacts.Trace));
        }
        const scores = Object.fromEntries(
          CATEGORIES.map((category) => {
            const score = lhr.categories[category]?.score;
            return [category, typeof score === 'number' ? Math.round(score * 100) : Number.NaN];
          }),
        ) as Record<Category, number>;
        const failing = Object.values(lhr.audits)
          .filter(
            (audit) =>
              typeof audit.score === 'number' &&
              audit.score < 0.9 &&
              audit.scoreDisplayMode !== 'informative' &&
              audit.scoreDisplayMode !== 'manual',
          )
          .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
        const result = {
          screen: screen.name,
          path: screen.path,
          language,
          scores,
          failing,
          finalUrl: lhr.finalDisplayedUrl,
          benchmarkIndex: lhr.environment.benchmarkIndex,
          metrics: metricsOf(lhr),
        };
        results.push(result);
        options.onResult?.(result);
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}
