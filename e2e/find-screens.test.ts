/**
 * The screens a new user looked for and could not find: the calendar, the profile with its
 * analytics, Optimize Profile and the way to the signed-in devices are in the sidebar (and the
 * phone's drawer); the header's avatar shows the initials the dashboard shows, whole; the posts tabs are
 * all on a phone's screen, Calendar included. In Arabic and in English.
 */
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Language, launchBrowser, openPage, type ViewportName } from './support/browser';
import { fullUser, type StackUser } from './support/full-user';

let stack: Stack;
let browser: Browser;
const POLL = { timeout: 30_000, interval: 250 };

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startStack({ services: ['auth', 'linkedin', 'posts', 'ai', 'billing'], workers: ['auth', 'linkedin'] }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const WORDS = {
  en: {
    calendar: 'Calendar',
    profile: 'Profile and analytics',
    sessions: 'Signed-in devices',
    optimize: 'Optimize Profile',
  },
  ar: {
    calendar: 'التقويم',
    profile: 'الملف الشخصي والإحصاءات',
    sessions: 'الأجهزة التي سجّلت الدخول منها',
    optimize: 'تحسين الملف الشخصي',
  },
} as const;

const open = (user: StackUser, lang: Language, path: string, viewport: ViewportName = 'desktop') =>
  openPage(browser, `${stack.url}${path}`, { lang, viewport, cookies: [user.session.browserCookie] });

/** Whether an element's text fits inside it and it lies whole inside `within` (nothing cut off). */
const whole = (element: Locator, within: Locator) =>
  Promise.all([
    element.boundingBox(),
    within.boundingBox(),
    element.evaluate((node) => node.scrollWidth <= node.clientWidth),
  ]).then(
    ([box, frame, fits]) =>
      Boolean(box && frame && fits) &&
      (box?.x ?? 0) >= (frame?.x ?? 0) - 0.5 &&
      (box?.x ?? 0) + (box?.width ?? 0) <= (frame?.x ?? 0) + (frame?.width ?? 0) + 0.5,
  );

for (const lang of ['en', 'ar'] as const) {
  const words = WORDS[lang];

  describe(`screens a new user looks for (${lang})`, () => {
    it('has the calendar and the profile in the sidebar, and the signed-in devices one step from it', async () => {
      const user = await fullUser(stack, `find-${lang}`);
      const page = await open(user, lang, '/dashboard');
      const sidebar = page.getByTestId('sidebar');
      await sidebar.getByRole('link', { name: words.calendar }).click();
      await expect.poll(() => new URL(page.url()).search, POLL).toBe('?tab=calendar');
      // The address changes first; the tab follows once the router has rendered it.
      await expect.poll(() => page.getByTestId('tab-calendar').getAttribute('aria-selected'), POLL).toBe('true');
      await sidebar.getByRole('link', { name: words.profile }).click();
      await page.getByRole('button', { name: words.optimize }).first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/profile');
      // The signed-in devices are one of the profile's quick actions.
      await page.getByRole('button', { name: words.sessions }).click();
      await expect.poll(() => new URL(page.url()).pathname, POLL).toBe('/sessions');
      await page.context().close();
    });

    it("shows the dashboard's avatar, not the address's first letter, in the header", async () => {
      const user = await fullUser(stack, `initials-${lang}`);
      const page = await open(user, lang, '/dashboard');
      /** An avatar as seen: its picture's address, or its initials (whole inside their circle). */
      const face = (avatar: Locator) =>
        avatar.evaluate((node) =>
          node instanceof HTMLImageElement
            ? `picture ${node.src}`
            : `initials ${node.textContent} ${node.scrollWidth <= node.clientWidth ? 'whole' : 'cut'}`,
        );
      const greeting = page.getByTestId('dashboard-greeting');
      await greeting.waitFor();
      const onDashboard = await face(
        page.locator('header', { has: greeting }).locator('img, span[aria-hidden="true"]').first(),
      );
      expect(onDashboard).toMatch(/^picture |^initials \S{2} whole$/);
      const header = page.getByTestId('profile-link').locator('img, span[aria-hidden="true"]').first();
      await expect.poll(() => header.count().then((n) => (n ? face(header) : '')), POLL).toBe(onDashboard);
      await page.context().close();
    });

    it("shows every posts tab on a phone's screen, Calendar included", async () => {
      const user = await fullUser(stack, `tabs-${lang}`);
      const page = await open(user, lang, '/posts', 'phone');
      const list = page.getByRole('tablist');
      await page.getByTestId('tab-calendar').waitFor();
      for (const tab of ['scheduled', 'published', 'drafts', 'calendar']) {
        expect(await whole(page.getByTestId(`tab-${tab}`), list), tab).toBe(true);
      }
      expect(await list.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
      await page.context().close();
    });
  });
}
