/**
 * Opening /engage with suggestions prepared: how long after the feed's answer arrives the first
 * suggestion is on screen, in headless Chromium (as bench/web/first-paint.ts drives it). A user
 * signed in through a real magic link, connected and personalized, follows six sandbox creators;
 * once every post's suggestions are written, /engage is opened afresh `loads` times. In the page,
 * a MutationObserver notes when the first suggestion appears; the feed request's `responseEnd`
 * (Resource Timing) is when its data arrived. Baseline, in the same loads: the same for the
 * allowance answer and the notice it makes appear (a small answer rendered by the same page).
 */
import { chromium } from 'playwright-core';
import { signIn } from '../gateway/sign-in';
import { percentile } from '../scheduler/stats.js';
import { CHROMIUM, CHROMIUM_ARGS } from '../web/first-paint';
import { connect } from '../web/lighthouse-users';

const CREATORS = ['emma-carter', 'liam-patel', 'olivia-nguyen', 'noah-schmidt', 'ava-johnson', 'sophia-kim'];

// Runs in the page before its scripts: notes when each watched element first appears.
const WATCH = `(() => {
  window.__seen = {};
  const watch = { suggestion: '[data-testid="engage-suggestion-text"]', notice: '[data-testid="engage-not-included"]' };
  new MutationObserver(() => {
    for (const [name, selector] of Object.entries(watch)) {
      if (window.__seen[name] === undefined && document.querySelector(selector)) window.__seen[name] = performance.now();
    }
  }).observe(document, { childList: true, subtree: true });
})();`;
const READ = `(() => {
  const end = (part) => {
    const entry = performance.getEntriesByType('resource').find((e) => e.name.includes(part));
    return entry ? entry.responseEnd : null;
  };
  return { seen: window.__seen, feed: end('/api/v1/engage/feed'), allowance: end('/api/v1/engage/allowance') };
})()`;

async function call(gatewayUrl: string, cookie: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${gatewayUrl}${path}`, {
    method,
    headers: { cookie, origin: gatewayUrl, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text);
}

export interface FirstSuggestionsResult {
  loads: number;
  posts: number;
  suggestions: { p50: number; max: number };
  baseline: { p50: number; max: number };
}

export async function benchFirstSuggestions(options: {
  gatewayUrl: string;
  inboxUrl: string;
  loads: number;
}): Promise<FirstSuggestionsResult> {
  const { gatewayUrl } = options;
  const user = await signIn(gatewayUrl, options.inboxUrl);
  await connect(gatewayUrl, user.cookie, user.email);
  await call(gatewayUrl, user.cookie, 'PUT', '/api/v1/personalization', {
    jobTitle: 'Founder',
    language: 'English',
    accent: '',
    goals: ['Grow Network'],
    interests: ['Leadership'],
    tones: ['Professional'],
    styles: ['Simple Language'],
  });
  for (const handle of CREATORS) {
    await call(gatewayUrl, user.cookie, 'POST', '/api/v1/engage/people', {
      profileUrl: `https://www.linkedin.com/in/${handle}`,
    });
  }
  // Suggestions prepared ahead, as the product means them to be when the page opens.
  const deadline = Date.now() + 120_000;
  let posts = 0;
  for (;;) {
    const feed = await call(gatewayUrl, user.cookie, 'GET', '/api/v1/engage/feed?lang=en');
    posts = feed.posts.length;
    if (posts > 0 && feed.posts.every((p: { suggestions: unknown }) => p.suggestions !== null)) break;
    if (Date.now() > deadline) throw new Error('the suggestions were not prepared within two minutes');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const [name, ...rest] = user.cookie.split('=');
  const cookie = { name: name ?? 'sid', value: rest.join('='), url: gatewayUrl };
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const after: number[] = [];
  const floor: number[] = [];
  try {
    for (let i = 0; i <= options.loads; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addCookies([cookie]);
      await context.addInitScript({ content: `localStorage.setItem('lang', 'en');${WATCH}` });
      const page = await context.newPage();
      await page.goto(`${gatewayUrl}/engage`, { waitUntil: 'domcontentloaded' });
      await page.getByTestId('engage-suggestion-text').first().waitFor({ timeout: 30_000 });
      await page.getByTestId('engage-not-included').waitFor({ timeout: 30_000 });
      const read = (await page.evaluate(READ)) as {
        seen: { suggestion?: number; notice?: number };
        feed: number | null;
        allowance: number | null;
      };
      await context.close();
      // The first load warms the server's caches and the browser's compiled code: not counted.
      if (i === 0) continue;
      if (read.seen.suggestion === undefined || read.feed === null) throw new Error('the feed was not observed');
      after.push(read.seen.suggestion - read.feed);
      if (read.seen.notice !== undefined && read.allowance !== null) floor.push(read.seen.notice - read.allowance);
    }
  } finally {
    await browser.close();
  }
  const spread = (values: number[]) => ({
    p50: percentile(
      [...values].sort((a, b) => a - b),
      50,
    ),
    max: Math.max(...values),
  });
  return { loads: after.length, posts, suggestions: spread(after), baseline: spread(floor) };
}
