/**
 * axe-core over every screen, every dialog and the connect popup, in Arabic and English, on a
 * desktop (1280×800) and a phone (390×844): no violation axe rates serious or critical (issue
 * "Arabic-first in depth", accessibility). One browser, one page per size; the page changes
 * language through the stored choice and changes visitor by swapping the session cookie.
 */
import { randomUUID } from 'node:crypto';
import { API } from '@nashr/contracts';
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations, settled, type Violation } from './support/axe';
import { type Language, launchBrowser } from './support/browser';
import { callAs, callEndpointAs, fullUser, type StackUser, signedInUser } from './support/full-user';
import { waitForLandingContent } from './support/landing';

let stack: Stack;
let browser: Browser;
let writer: StackUser;
let newcomer: StackUser;
let admin: StackUser;

const OFFLINE_WRITER = { AI_PROVIDER: 'offline' };

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startStack({
      services: ['auth', 'linkedin', 'posts', 'content', 'ai'],
      workers: true,
      env: { ai: OFFLINE_WRITER, 'ai-worker': OFFLINE_WRITER },
    }),
    launchBrowser(),
  ]);
  [writer, newcomer, admin] = await Promise.all([
    fullUser(stack, 'a11y'),
    signedInUser(stack, 'newcomer'),
    signedInUser(stack, 'admin', ['user', 'admin']),
  ]);
  // One scheduled post, so the calendar has a marked day and the card its edit and delete buttons.
  const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const scheduled = await callEndpointAs(stack, writer, API.posts.schedule, {
    body: {
      userId: writer.userId,
      content: `A post to look at with a screen reader ${randomUUID().slice(0, 6)}`,
      date: inTwoDays,
      time: '3:30 PM',
      status: 'scheduled',
      timeZone: 'UTC',
    },
  });
  if (scheduled.status >= 300) throw new Error(`scheduling failed: ${JSON.stringify(scheduled.body)}`);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
type Size = keyof typeof SIZES;

async function sizedPage(size: Size): Promise<Page> {
  const context = await browser.newContext({
    viewport: SIZES[size],
    deviceScaleFactor: 1,
    isMobile: size === 'phone',
    hasTouch: size === 'phone',
    reducedMotion: 'reduce',
  });
  return context.newPage();
}

/** Makes `user` the signed-in visitor of the context (null: nobody). */
async function signInAs(context: BrowserContext, user: StackUser | null) {
  await context.clearCookies();
  if (user) await context.addCookies([user.session.browserCookie]);
}

// A confirmation is an alertdialog.
const DIALOG = '[role="dialog"], [role="alertdialog"]';

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).first();

/** Collects the serious violations of every place visited, by name, to report them all at once. */
class Audit {
  readonly found: Record<string, Violation[]> = {};
  constructor(
    readonly page: Page,
    readonly label: string,
  ) {}

  async check(place: string, include?: string) {
    await settled(this.page);
    const violations = await seriousViolations(this.page, include);
    if (violations.length > 0) this.found[`${this.label} ${place}`] = violations;
  }

  /** Opens `path` and checks it once `ready` resolves (by default: its main heading is shown). */
  async screen(path: string, ready: (page: Page) => Promise<unknown> = (page) => h1(page).waitFor()) {
    await this.page.goto(`${stack.url}${path}`);
    await ready(this.page);
    await this.check(path);
  }

  /** Checks the dialog that is open, then closes it with Escape. */
  async dialog(name: string) {
    const dialog = this.page.locator(DIALOG);
    await dialog.waitFor();
    await this.check(name, DIALOG);
    await this.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  }

  report(): string {
    return Object.entries(this.found)
      .map(([place, violations]) => `${place}:\n${describeViolations(violations)}`)
      .join('\n\n');
  }
}

/**
 * The places to check, by who visits them; each part opens its own screens, so one that fails
 * leaves the next to start cleanly.
 */
const PARTS: { name: string; visit: (audit: Audit, lang: Language, size: Size) => Promise<void> }[] = [
  {
    name: 'the public screens',
    visit: async (audit, lang, size) => {
      const page = audit.page;
      await signInAs(page.context(), null);
      await audit.screen('/', waitForLandingContent);
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
        lang,
        lang === 'ar' ? 'rtl' : 'ltr',
      ]);
      if (size === 'phone') {
        await page.getByTestId('mobile-menu-button').click();
        await audit.dialog('landing mobile menu');
      }
      await audit.screen('/login');
      await audit.screen('/verify');
      await audit.screen('/terms');
      await audit.screen('/privacy');
      await audit.screen('/no-such-page');
    },
  },
  {
    // Signed in, not yet connected: the onboarding screens and the connect popup.
    name: 'the onboarding screens and the connect popup',
    visit: async (audit) => {
      await signInAs(audit.page.context(), newcomer);
      await audit.screen('/connect-linkedIn');
      await audit.screen('/linkedln-connect-screen');
      await audit.screen('/personalize');
    },
  },
  {
    name: "the app's screens, the menu and the notifications",
    visit: async (audit, _lang, size) => {
      const page = audit.page;
      await signInAs(page.context(), writer);
      // The figures over the period and the best-times heatmap load beside the greeting.
      await audit.screen('/dashboard', async (page) => {
        await page.getByTestId('dashboard-greeting').waitFor();
        await page.getByTestId('period-figures').waitFor();
        await page.getByTestId('best-times-content').waitFor();
      });
      if (size === 'phone') {
        await page.getByTestId('open-menu').click();
        await audit.dialog('app menu');
      }
      await page.getByTestId('notification-bell').click();
      await page.getByTestId('notification-panel').waitFor();
      await audit.check('notifications', '[data-testid="notification-panel"]');
      await page.keyboard.press('Escape');
      await page.getByTestId('notification-panel').waitFor({ state: 'detached' });
      await audit.screen('/generate-post', (page) => page.getByTestId('composer-text').waitFor());
      await audit.screen('/profile', (page) => page.getByTestId('screen-profile').locator('h1, h2').first().waitFor());
      await audit.screen('/sessions', (page) => page.getByTestId('session-row').first().waitFor());
      await audit.screen('/api-tokens', (page) => page.getByTestId('api-token-form').waitFor());
      await audit.screen('/webhooks', (page) => page.getByTestId('webhook-form').waitFor());
      await audit.screen('/personalization');
      await audit.screen('/posts?tab=published');
      // A published post's results page, with its chart against the median post.
      const summary = await callAs(stack, writer, 'GET', '/api/v1/analytics/summary?days=365');
      const top = summary.body?.topPosts?.[0] as { id: string } | undefined;
      if (!top) throw new Error(`no post to open: ${JSON.stringify(summary.body)}`);
      await audit.screen(`/posts/analytics/${encodeURIComponent(top.id)}`, (page) =>
        page.getByTestId('post-chart').waitFor(),
      );
    },
  },
  {
    name: 'the posts dialogs',
    visit: async (audit) => {
      const page = audit.page;
      await signInAs(page.context(), writer);
      await audit.screen('/posts', (page) => page.getByTestId('scheduled-post').first().waitFor());
      await page.getByTestId('sidebar-schedule').click();
      // The day's calendar opens over the dialog: checked on its own, then closed by Escape.
      const calendar = page.getByTestId('schedule-date-calendar');
      await page.getByTestId('schedule-date').click();
      await calendar.waitFor();
      await audit.check('schedule calendar', '[data-testid="schedule-date-calendar"]');
      await page.keyboard.press('Escape');
      await calendar.waitFor({ state: 'detached' });
      await audit.dialog('schedule dialog');
      await page.getByTestId('edit-post').first().click();
      await audit.dialog('edit dialog');
      await page.getByTestId('delete-post').first().click();
      await audit.dialog('delete dialog');
      const marked = page.getByTestId('posts-calendar').locator('button[data-mark="pending"]');
      // The post is two days ahead: maybe in next month's page of the calendar.
      if ((await marked.count()) === 0) await page.getByTestId('calendar-next').click();
      await marked.first().click();
      await audit.dialog('day posts dialog');
      // The calendar's month: its grid of days, then a day's list with "Move to…" open.
      await audit.screen('/posts?tab=calendar', async (page) => {
        // Clicked until the app has taken the server's screen over and shows the month.
        await expect
          .poll(async () => {
            await page.getByTestId('timeline-month').click();
            return page.getByTestId('posts-timeline').getAttribute('data-view');
          })
          .toBe('month');
        await page.getByTestId('month-grid').waitFor();
      });
      const withPost = page.locator('[data-testid="month-post"]');
      if ((await withPost.count()) === 0) await page.getByTestId('timeline-next').click();
      await withPost.first().locator('xpath=ancestor::td').getByTestId('month-day-button').click();
      await page.getByTestId('day-move').first().click();
      await page.getByTestId('move-to-form').waitFor();
      await audit.dialog('day posts dialog with "Move to…"');
    },
  },
  {
    name: 'the landing-page editors',
    visit: async (audit) => {
      await signInAs(audit.page.context(), admin);
      await audit.screen('/admin/dashboard');
    },
  },
];

describe.each(Object.keys(SIZES) as Size[])('accessibility on a %s', (size) => {
  let page: Page;
  beforeAll(async () => {
    page = await sizedPage(size);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  describe.each(['ar', 'en'] as const)('in %s', (lang) => {
    it.each(PARTS)('$name have no serious or critical axe violation', { timeout: 150_000 }, async ({ visit }) => {
      const audit = new Audit(page, `${lang} ${size}`);
      // The language is the stored choice, as a returning visitor's browser holds it.
      if (!page.url().startsWith(stack.url)) await page.goto(`${stack.url}/terms`);
      await page.evaluate((language) => localStorage.setItem('lang', language), lang);
      await visit(audit, lang, size);
      expect(audit.report()).toBe('');
    });
  });
});
