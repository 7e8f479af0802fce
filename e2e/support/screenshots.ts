/**
 * Screenshot baselines: a screen, settled, compared pixel by pixel (pixelmatch) with the PNG
 * committed under `e2e/screenshots/`, so a layout that breaks (in right-to-left above all) fails
 * a test instead of waiting for someone to look.
 *
 *   await expectScreenshot(page, 'dashboard.ar.phone');
 *
 * `UPDATE_SCREENSHOTS=1` (`npm run test:update-screenshots`) writes the baselines instead of
 * comparing. A comparison that fails writes `<name>.actual.png` and `<name>.diff.png` (differing
 * pixels in red) to `e2e/.screenshot-output/` (git-ignored) and names them in the error.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import type { Locator, Page, Request } from 'playwright-core';
import { PNG } from 'pngjs';
import { expect } from 'vitest';
import { describePage, waitUntilLive } from './browser';

export const BASELINE_DIR = fileURLToPath(new URL('../screenshots/', import.meta.url));
export const OUTPUT_DIR = fileURLToPath(new URL('../.screenshot-output/', import.meta.url));

/** How different two pixels may look before they count (pixelmatch's YIQ distance, 0–1). */
const PIXEL_THRESHOLD = 0.1;
/** Share of differing pixels a screenshot may have: anti-aliasing noise passes, a moved block does not. */
const MAX_DIFF_SHARE = 0.005;

export const updatingScreenshots = process.env.UPDATE_SCREENSHOTS === '1';

/**
 * The instant every screenshot's page believes it is (Date only; timers run normally), set
 * before the app's first script: dates, calendars and "in 3 days" read the same on every run.
 */
export const FROZEN_NOW = new Date('2030-01-15T09:00:00Z');

/** How long no request may be in flight before the network counts as quiet (Playwright's "networkidle" too). */
const QUIET_NETWORK_MS = 500;

/**
 * Starts counting the page's requests in flight; `quiet()` resolves once none has been for
 * QUIET_NETWORK_MS. Unlike the "networkidle" load state, which is reached once per navigation and
 * then always answers at once, this also waits for what the app asks for later (the queries a
 * rendered screen starts once React takes it over). Started before that moment, so a request sent
 * as the screen goes live is counted.
 */
function watchRequests(page: Page) {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const started = (request: Request) => {
    inFlight.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request) => {
    inFlight.delete(request);
    lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    quiet: (timeoutMs: number) =>
      expect
        .poll(() => inFlight.size === 0 && Date.now() - lastChange >= QUIET_NETWORK_MS, {
          timeout: timeoutMs,
          interval: 100,
          message: `the page's requests never stopped for ${QUIET_NETWORK_MS} ms`,
        })
        .toBe(true),
    stop: () => {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
  };
}

/**
 * Waits until the screen has stopped changing: the app has taken over the screen the gateway
 * rendered (it stays `inert` until then, and a busy machine can take longer to run the scripts
 * than the network stays quiet), its heading shown, fonts and images loaded, the network quiet
 * (the notification bell's poll is 10 s apart, far beyond the quiet this needs), and no skeleton
 * or spinner on screen.
 */
export async function settle(page: Page): Promise<void> {
  const requests = watchRequests(page);
  try {
    // What the page asked for before the watch began is waited for here.
    await page.waitForLoadState('networkidle', { timeout: 45_000 });
    await waitUntilLive(page);
    // Once live, the screen asks for what the rendered one did not carry.
    await requests.quiet(45_000);
  } finally {
    requests.stop();
  }
  await page.evaluate(() => document.fonts.ready);
  // Functions, not strings: the gateway's Content-Security-Policy forbids evaluating text.
  await page.waitForFunction(
    () =>
      document.fonts.status === 'loaded' &&
      // Every screen has one heading; the app's loading screen has none.
      (document.querySelector('h1')?.getClientRects().length ?? 0) > 0 &&
      document.querySelector('[data-testid="loading-screen"]') === null &&
      // Images on screen loaded (avatars are data: URLs, the landing page's pictures files);
      // lazy ones below the fold never start, and are not in the picture anyway.
      [...document.images].every((img) => img.complete || img.getBoundingClientRect().top >= window.innerHeight) &&
      [...document.querySelectorAll('.animate-pulse, .animate-spin, [aria-busy="true"]')].every(
        (element) => element.getClientRects().length === 0,
      ),
    undefined,
    { timeout: 45_000, polling: 100 },
  );
}

export interface ScreenshotOptions {
  /** Parts whose content may differ between runs (a random id, a server-side time): painted over. */
  mask?: Locator[];
  /**
   * Parts whose text is set to one fixed stand-in just before the shot (after the page settled,
   * so no late answer writes it back): text whose length differs between runs moves what follows.
   */
  standIn?: Locator;
}

interface Comparison {
  differing: number;
  total: number;
  diff: PNG;
}

function compare(expected: PNG, actual: PNG): Comparison | 'size' {
  if (expected.width !== actual.width || expected.height !== actual.height) return 'size';
  const diff = new PNG({ width: expected.width, height: expected.height });
  const differing = pixelmatch(expected.data, actual.data, diff.data, expected.width, expected.height, {
    threshold: PIXEL_THRESHOLD,
  });
  return { differing, total: expected.width * expected.height, diff };
}

/** Where the differing pixels lie (pixelmatch paints them pure red in the diff), to say in a log which part moved. */
function differingBox(diff: PNG): string {
  let [left, top, right, bottom] = [diff.width, diff.height, -1, -1];
  for (let y = 0; y < diff.height; y++) {
    for (let x = 0; x < diff.width; x++) {
      const at = (y * diff.width + x) * 4;
      if (diff.data[at] !== 255 || diff.data[at + 1] !== 0 || diff.data[at + 2] !== 0) continue;
      [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
    }
  }
  return right < 0 ? 'nowhere' : `x ${left}–${right}, y ${top}–${bottom}`;
}

/** Settles the page, screenshots its viewport and compares it with (or, updating, writes) the baseline `name`. */
export async function expectScreenshot(page: Page, name: string, options: ScreenshotOptions = {}): Promise<void> {
  await settle(page);
  await options.standIn?.evaluateAll((elements) => {
    for (const element of elements) element.textContent = '0000-00-00 00:00';
  });
  const shot = await page.screenshot({
    animations: 'disabled',
    caret: 'hide',
    scale: 'css',
    mask: options.mask,
    maskColor: '#c026d3',
  });
  const baselinePath = join(BASELINE_DIR, `${name}.png`);
  if (updatingScreenshots) {
    await mkdir(BASELINE_DIR, { recursive: true });
    await writeFile(baselinePath, shot);
    return;
  }
  const actual = PNG.sync.read(shot);
  const write = async (suffix: string, png: PNG | Buffer) => {
    await mkdir(OUTPUT_DIR, { recursive: true });
    const path = join(OUTPUT_DIR, `${name}.${suffix}.png`);
    await writeFile(path, Buffer.isBuffer(png) ? png : PNG.sync.write(png));
    return path;
  };
  if (!existsSync(baselinePath)) {
    const actualPath = await write('actual', shot);
    throw new Error(
      `no baseline ${baselinePath}: run \`npm run test:update-screenshots\` and commit it (this run: ${actualPath})`,
    );
  }
  const result = compare(PNG.sync.read(await readFile(baselinePath)), actual);
  if (result === 'size') {
    const actualPath = await write('actual', shot);
    throw new Error(`${name}: the screenshot's size differs from the baseline's (this run: ${actualPath})`);
  }
  const share = result.differing / result.total;
  if (share > MAX_DIFF_SHARE) {
    const actualPath = await write('actual', shot);
    const diffPath = await write('diff', result.diff);
    throw new Error(
      `${name}: ${(share * 100).toFixed(2)} % of pixels differ from the baseline (at most ${MAX_DIFF_SHARE * 100} %), ` +
        `within ${differingBox(result.diff)}: ` +
        `see ${actualPath} and ${diffPath}; if the change is meant, run \`npm run test:update-screenshots\`\n` +
        // The shot's files stay on the machine that ran it; this says, in the log, what the screen had.
        (await describePage(page)),
    );
  }
}
