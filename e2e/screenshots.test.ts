/**
 * Screenshot baselines of every screen, in Arabic and English, on a desktop (1280×800) and a
 * phone (390×844), compared with the PNGs in `e2e/screenshots/` (support/screenshots.ts): a
 * layout that breaks, in right-to-left above all, fails here. After a change that is meant,
 * `npm run test:update-screenshots` writes new baselines to commit.
 *
 * What would differ between runs is fixed: the data is seeded with fixed e-mails (the sandbox
 * network derives its person and posts from them) and fixed dates, the page's clock is frozen
 * (FROZEN_NOW, in Asia/Riyadh), animations and the caret are off, fonts and the network have
 * settled; what the server stamps with its own clock (the sandbox's post history, session
 * times) is masked.
 */
import { createDatabase } from '@nashr/platform';
import { PostStore, schema as postsSchema } from '@nashr/posts';
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Language, launchBrowser, newContext, type ViewportName } from './support/browser';
import { callAs, fullUser, type StackUser, signedInUser } from './support/full-user';
import { waitForLandingContent } from './support/landing';
import { expectScreenshot, FROZEN_NOW } from './support/screenshots';

const SIZES: Record<ViewportName, { width: number; height: number }> = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
};
const TIME_ZONE = 'Asia/Riyadh';

let stack: Stack;
let browser: Browser;
const users: Partial<Record<'full' | 'unconnected' | 'connected' | 'admin', StackUser>> = {};

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    // Billing tells each user's plan: the header's plan button and the upsells name the next plan.
    startStack({ services: ['auth', 'linkedin', 'posts', 'content', 'ai', 'billing'], workers: true }),
    launchBrowser(),
  ]);
  const [full, unconnected, connected, admin] = await Promise.all([
    fullUser(stack, 'sara', 'sara@example.test'),
    signedInUser(stack, 'nadia', ['user'], 'nadia@example.test'),
    signedInUser(stack, 'omar', ['user'], 'omar@example.test'),
    signedInUser(stack, 'root', ['user', 'admin'], 'admin@example.test'),
  ]);
  Object.assign(users, { full, unconnected, connected, admin });
  const linked = await callAs(stack, connected, 'POST', '/api/v1/linkedin/accounts', {
    username: connected.email,
    password: 'sandbox',
  });
  if (linked.status >= 300) throw new Error(`connecting failed: ${JSON.stringify(linked.body)}`);
  await seedPosts(full.userId);
});

/**
 * Posts on fixed days of the frozen month, written straight to the posts service's store: the
 * API only takes times from now to a year ahead, and a baseline needs the same days every run.
 * None falls due before 2030, so no worker touches them.
 */
async function seedPosts(userId: string): Promise<void> {
  const database = createDatabase({ url: stack.databaseUrl, schema: postsSchema, applicationName: 'e2e-screenshots' });
  try {
    const store = new PostStore(database.db);
    for (const [content, scheduledAt] of [
      ['Five lessons from our first year of building in public.', '2030-01-20T07:00:00Z'],
      ['خمسة دروس من عامنا الأول في البناء العلني.', '2030-01-22T13:30:00Z'],
      ['A short thread on writing clearly: one idea per post, one post per day.', '2030-01-22T16:00:00Z'],
    ] as const) {
      await store.insert({
        // The account's personal workspace, whose id is its own.
        workspaceId: userId,
        userId,
        content,
        status: 'scheduled',
        scheduledAt: new Date(scheduledAt),
        timeZone: TIME_ZONE,
      });
    }
  } finally {
    await database.close();
  }
}

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

interface ScreenCase {
  name: string;
  path: string;
  user?: keyof typeof users;
  /** Waits for what this screen loads beyond the generic settling (skeletons gone, network quiet). */
  ready?: (page: Page) => Promise<void>;
  /** Parts that show what the server stamped with its own clock or a random id. */
  mask?: (page: Page) => Locator[];
}

/**
 * The frozen day's week has no posts: the calendar goes on to the next week; a phone opens on one
 * day, the next with a post (20 January).
 */
async function calendarReady(page: Page): Promise<void> {
  const timeline = page.getByTestId('posts-timeline');
  await timeline.getByTestId('timeline-grid').waitFor();
  if ((await timeline.getAttribute('data-view')) === 'week') {
    const before = await timeline.getAttribute('data-first-day');
    await timeline.getByTestId('timeline-next').click();
    await expect.poll(() => timeline.getAttribute('data-first-day')).not.toBe(before);
  }
  await timeline.getByTestId('timeline-post').first().waitFor();
}

const SCREENS: ScreenCase[] = [
  { name: 'landing', path: '/', ready: waitForLandingContent },
  { name: 'signup', path: '/signup' },
  { name: 'terms', path: '/terms' },
  { name: 'not-found', path: '/no-such-page' },
  { name: 'connect', path: '/connect-linkedIn', user: 'unconnected' },
  { name: 'personalize', path: '/personalize', user: 'connected' },
  {
    name: 'dashboard',
    path: '/dashboard',
    user: 'full',
    ready: async (page) => {
      await page.getByTestId('period-figures').waitFor();
      await page.getByTestId('best-times-content').waitFor();
      await page.getByTestId('history-importing').waitFor({ state: 'detached', timeout: 30_000 });
    },
    // The figures, the chart's days and the heatmap follow the server's clock (the sandbox dates its history by it).
    mask: (page) => [page.getByTestId('period-figures'), page.getByTestId('best-times-content')],
  },
  { name: 'posts', path: '/posts', user: 'full' },
  { name: 'posts-published', path: '/posts?tab=published', user: 'full' },
  { name: 'posts-calendar', path: '/posts?tab=calendar', user: 'full', ready: calendarReady },
  { name: 'composer', path: '/generate-post', user: 'full' },
  { name: 'profile', path: '/profile', user: 'full' },
  { name: 'settings', path: '/personalization', user: 'full' },
  { name: 'sessions', path: '/sessions', user: 'full' },
  { name: 'admin', path: '/admin/dashboard', user: 'admin' },
];

async function openScreen(screen: ScreenCase, lang: Language, viewport: ViewportName): Promise<Page> {
  const user = screen.user ? users[screen.user] : undefined;
  const context = await newContext(browser, {
    lang,
    viewport,
    size: SIZES[viewport],
    timezoneId: TIME_ZONE,
    cookies: user ? [user.session.browserCookie] : undefined,
  });
  await context.clock.setFixedTime(FROZEN_NOW);
  const page = await context.newPage();
  await page.goto(`${stack.url}${screen.path}`, { waitUntil: 'domcontentloaded' });
  return page;
}

for (const viewport of ['desktop', 'phone'] as const) {
  for (const lang of ['ar', 'en'] as const) {
    describe(`screenshots, ${lang}, ${viewport}`, () => {
      for (const screen of SCREENS) {
        it(`${screen.name} matches its baseline`, async () => {
          const page = await openScreen(screen, lang, viewport);
          try {
            await page.waitForFunction((expected) => document.documentElement.lang === expected, lang);
            await screen.ready?.(page);
            // The sandbox network dates its post history from the server's own clock (days
            // before the account connected), so every <time> is painted over; the scheduled
            // posts' days, seeded fixed, still show in their titles and on the calendar. Their text
            // is one fixed stand-in too: a date's length (the day's and month's names, the hour)
            // changes how a line wraps, and so everything below it.
            await expectScreenshot(page, `${screen.name}.${lang}.${viewport}`, {
              mask: [page.locator('time'), ...(screen.mask?.(page) ?? [])],
              standIn: page.locator('time'),
            });
          } finally {
            await page.context().close();
          }
        });
      }
    });
  }
}
