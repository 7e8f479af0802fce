/**
 * Debian's headless Chromium driven by playwright-core, and helpers to open the product the way a visitor
 * would: in a chosen language, at phone or desktop width.
 *
 *   const browser = await launchBrowser();                 // beforeAll
 *   const page = await openPage(browser, stack.url, { lang: 'en', viewport: 'phone' });
 *   ...
 *   await browser.close();                                 // afterAll
 */
import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const VIEWPORTS = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;
export type Language = 'ar' | 'en';

/**
 * Debian's `chromium-headless-shell` (the same Blink without the browser's own interface), which
 * `.ci/run` installs: Chromium is half of a CI run's CPU time, and the full browser's headless
 * mode also runs its own interface pages (a browser file: 33.6 CPU seconds of Chromium against
 * 28.7 for the shell). Debian's full `chromium` when only that is installed, or when a test asks
 * for it; CHROMIUM_PATH points elsewhere when needed.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL_CHROMIUM = '/usr/bin/chromium';

export interface BrowserOptions {
  /**
   * Contexts block service workers unless `'allow'`: the installed app's worker would fetch the
   * app's whole shell in every test's context, and a page it controls is out of `page.route`'s
   * reach. The installable-app and push tests let it run.
   */
  serviceWorkers?: 'allow';
  /**
   * The full browser, for what the headless shell lacks: it shows no notifications, has no push,
   * and Tab past a page's last control stays there instead of going round through the browser's
   * own interface to the page's first.
   */
  full?: boolean;
}

/** Chromium for the tests (see `BrowserOptions`). */
export async function launchBrowser(options: BrowserOptions = {}): Promise<Browser> {
  const shell = !options.full && existsSync(HEADLESS_SHELL);
  const executablePath = process.env.CHROMIUM_PATH ?? (shell ? HEADLESS_SHELL : FULL_CHROMIUM);
  const browser = await chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-gpu',
    ],
  });
  const blockWorkers = options.serviceWorkers !== 'allow' ? { serviceWorkers: 'block' as const } : {};
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (contextOptions = {}) => {
    const context = await newContext({ ...blockWorkers, ...contextOptions });
    context.on('page', keepConsoleErrors);
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (pageOptions = {}) => {
    const page = await newPage({ ...blockWorkers, ...pageOptions });
    keepConsoleErrors(page);
    return page;
  };
  launched.add(browser);
  browser.on('disconnected', () => launched.delete(browser));
  return browser;
}

/** The browsers this test file launched and has not closed: what a failed test left on screen. */
const launched = new Set<Browser>();
/** Each open page's last console errors, uncaught exceptions and failed requests, for `describePage`. */
const consoleErrors = new WeakMap<Page, string[]>();
const KEPT_ERRORS = 5;

function keepConsoleErrors(page: Page): void {
  // `browser.newPage` makes its context through `browser.newContext`: the page may be seen twice.
  if (consoleErrors.has(page)) return;
  const errors: string[] = [];
  consoleErrors.set(page, errors);
  const keep = (text: string) => {
    errors.push(text.slice(0, 300));
    if (errors.length > KEPT_ERRORS) errors.shift();
  };
  page.on('console', (message) => {
    if (message.type() === 'error') keep(message.text());
  });
  page.on('pageerror', (error) => keep(`uncaught: ${error.message}`));
  // A server error the screen then retries or hides leaves no console trace of its method or answer.
  page.on('response', (response) => {
    if (response.status() >= 500)
      keep(`${response.request().method()} ${response.url()} answered ${response.status()}`);
  });
  page.on('requestfailed', (request) =>
    keep(`${request.method()} ${request.url()} failed: ${request.failure()?.errorText}`),
  );
}

/**
 * What every open page of this file's browsers shows, in words: its address, its open dialogs,
 * its alerts and its last console errors. Printed when a test fails (`on-failure.ts`), so a
 * failure seen once in CI says what the screen was, not only which locator timed out.
 */
export async function describeOpenPages(): Promise<string> {
  const pages = [...launched].flatMap((browser) => browser.contexts().flatMap((context) => context.pages()));
  const described = await Promise.all(pages.filter((page) => !page.isClosed()).map(describePage));
  return described.join('\n');
}

/** One page in words (see `describeOpenPages`), for a failure whose test closes its page before the hook runs. */
export async function describePage(page: Page): Promise<string> {
  const lines = [`page ${page.url()}`];
  const shown = await page
    .evaluate(() => ({
      dialogs: [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].map(
        (element) => element.getAttribute('data-testid') ?? element.getAttribute('aria-label') ?? '(unnamed)',
      ),
      alerts: [...document.querySelectorAll('[role="alert"], [role="status"]')]
        .map((element) => element.textContent?.trim() ?? '')
        .filter(Boolean),
      focused: document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? null,
    }))
    .catch((error: Error) => ({
      dialogs: [],
      alerts: [`(could not read the page: ${error.message})`],
      focused: null,
    }));
  lines.push(`  dialogs: ${shown.dialogs.join(', ') || 'none'}`);
  lines.push(`  alerts: ${shown.alerts.map((text) => text.slice(0, 200)).join(' | ') || 'none'}`);
  lines.push(`  focus: ${shown.focused ?? 'none'}`);
  const errors = consoleErrors.get(page) ?? [];
  lines.push(`  console errors and failed requests: ${errors.join(' | ') || 'none'}`);
  return lines.join('\n');
}

export interface PageOptions {
  /** Stored under `lang` before the app's first script runs; omitted: nothing stored (Arabic). */
  lang?: Language;
  viewport?: ViewportName;
  /** Cookies to carry, e.g. `(await createSession(stack)).browserCookie`. */
  cookies?: Parameters<BrowserContext['addCookies']>[0];
  /** Defaults to true: smooth scrolling and transitions finish at once, so checks need no waiting. */
  reducedMotion?: boolean;
  /** Another size than the viewport's own (still phone-like when `viewport` is `phone`). */
  size?: { width: number; height: number };
  /** The browser's time zone (IANA name); the machine's when omitted. */
  timezoneId?: string;
}

/**
 * A fresh context (own cookies, storage and cache) at the chosen size. The language is stored
 * before any page script runs, exactly as a returning visitor's browser would hold it.
 */
export async function newContext(browser: Browser, options: PageOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: options.size ?? VIEWPORTS[options.viewport ?? 'desktop'],
    timezoneId: options.timezoneId,
    deviceScaleFactor: 1,
    isMobile: options.viewport === 'phone',
    hasTouch: options.viewport === 'phone',
    reducedMotion: options.reducedMotion === false ? 'no-preference' : 'reduce',
  });
  if (options.lang) {
    await context.addInitScript((lang) => {
      // Once per context: a language the visitor switches to later must survive reloads and new tabs.
      try {
        if (!localStorage.getItem('e2e:lang-set')) {
          localStorage.setItem('lang', lang);
          localStorage.setItem('e2e:lang-set', '1');
        }
      } catch {
        // about:blank and other opaque origins have no storage.
      }
    }, options.lang);
  }
  if (options.cookies?.length) await context.addCookies(options.cookies);
  return context;
}

/** Opens `url` in a new context; resolves once the document is parsed (screens render just after). */
export async function openPage(browser: Browser, url: string, options: PageOptions = {}): Promise<Page> {
  const context = await newContext(browser, options);
  // The web app keeps the choice in a cookie too, which the gateway renders the landing page by.
  if (options.lang) await context.addCookies([{ name: 'lang', value: options.lang, url: new URL(url).origin }]);
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  return page;
}

/** Saves a screenshot (the whole page unless `fullPage: false`) to /tmp/<name>.png, for people to look at. */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  const path = `/tmp/${name}.png`;
  await page.screenshot({ path, fullPage: options.fullPage ?? true });
  return path;
}

/**
 * From here the gateway serves this browser's screens as index.html (no time zone is kept for it
 * yet), so a screen's first load fetches its data in the browser, where a test can hold or fail
 * it. The app keeps the time zone again when it next starts.
 */
export async function loadScreensInBrowser(page: Page): Promise<void> {
  // The page's app keeps the time zone in a task it queues as its module starts (main.tsx):
  // cleared before that task, the cookie would be kept again. On index.html the module runs
  // before DOMContentLoaded, so a task queued after that runs after the app's. On a screen the
  // gateway rendered the app comes later, from the boot script: it has kept the cookie once the
  // screen is live. One wait per case; each passes at once in the other.
  await page.waitForLoadState('domcontentloaded');
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await waitUntilLive(page);
  await page.context().clearCookies({ name: 'tz' });
}

/** Waits until the app runs the screen (a screen the gateway rendered is inert until then). */
export async function waitUntilLive(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && !root.hasAttribute('inert');
  });
}
