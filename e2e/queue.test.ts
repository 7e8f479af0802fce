/**
 * The posting queue in a real browser against the whole stack: three weekly times set in the
 * settings (by keyboard), two posts added to the queue from the composer take the first two
 * free times, and deleting the first moves the second up into its time. Then the calendar's day
 * and week views: a post moved by keyboard and by dragging is rescheduled, and the week fits a
 * 1280-pixel window beside both sidebars in both languages without scrolling sideways. On a
 * phone, a finger held on a post picks it up and drags it to another hour (a quick swipe still
 * scrolls), in Arabic and English.
 */
import { randomUUID } from 'node:crypto';
import { API } from '@nashr/contracts';
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Language, launchBrowser, openPage, screenshot } from './support/browser';
import { callEndpointAs, fullUser, type StackUser } from './support/full-user';
import { pickScheduleTime } from './support/schedule-fields';
import { centreOf, fingerOn } from './support/touch';

let stack: Stack;
let browser: Browser;
const ZONE = 'Asia/Riyadh';

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startStack({
      services: ['auth', 'linkedin', 'posts', 'content', 'ai'],
      workers: ['auth', 'linkedin', 'posts'],
      env: { ai: { AI_PROVIDER: 'offline' } },
    }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const open = (user: StackUser, path: string): Promise<Page> =>
  openPage(browser, `${stack.url}${path}`, {
    lang: 'en',
    viewport: 'desktop',
    cookies: [user.session.browserCookie],
    timezoneId: ZONE,
  });

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** The weekday (0 = Sunday) `days` from now in Riyadh (UTC+3 all year). */
const riyadhWeekday = (days: number) => new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).getUTCDay();

describe('the posting queue', () => {
  it('takes three times, queues two posts in the first two, and moves the second up when the first is deleted', async () => {
    const user = await fullUser(stack, 'queuer');
    const page = await open(user, '/personalization#queue');
    const section = page.getByTestId('posting-queue');
    await section.getByTestId('posting-queue-empty').waitFor();
    // Suggestions for a Gulf zone start the week on Sunday.
    expect(await section.getByText('Use the suggested times').isVisible()).toBe(true);

    // Three times on the next three days (none today, so none passes while the test runs), by keyboard.
    const times = ['09:00', '13:30', '18:15'];
    for (const [i, time] of times.entries()) {
      await section.getByTestId('posting-queue-day').selectOption(String(riyadhWeekday(i + 1)));
      await pickScheduleTime(section, time, 'posting-queue-time');
      // From the minute list, Tab reaches Add.
      await section.getByTestId('posting-queue-time-minute').press('Tab');
      await page.keyboard.press('Enter');
      await expect.poll(() => section.getByTestId('posting-queue-slot').count()).toBe(i + 1);
    }
    await section.getByTestId('posting-queue-next').waitFor();
    // The last time once more: refused in words, and the queue keeps three.
    await section.getByTestId('posting-queue-add-slot').click();
    await section
      .getByTestId('posting-queue-problem')
      .getByText('This day and time is already in your queue.')
      .waitFor();
    expect(await section.getByTestId('posting-queue-slot').count()).toBe(3);
    await screenshot(page, 'queue-settings-en-desktop', { fullPage: false });
    const saved = await callEndpointAs(stack, user, API.queue.get);
    expect(saved.body.data).toMatchObject({ timeZone: ZONE });
    expect(saved.body.data.slots).toHaveLength(3);

    // Two posts added to the queue from the composer.
    const marker = randomUUID().slice(0, 6);
    const contents = [`First queued post ${marker}`, `Second queued post ${marker}`];
    await page.goto(`${stack.url}/generate-post`, { waitUntil: 'domcontentloaded' });
    const composer = page.getByTestId('composer-page');
    await composer.waitFor();
    for (const content of contents) {
      await composer.getByTestId('composer-text').fill(content);
      await composer.getByTestId('composer-queue').click();
      await toast(page, 'Added to your queue').first().waitFor();
      // The page's composer starts a new post once this one is queued.
      await expect.poll(() => composer.getByTestId('composer-text').inputValue()).toBe('');
    }
    const scheduled = await callEndpointAs(stack, user, API.posts.scheduled, { params: { id: user.userId } });
    const [first, second] = scheduled.body.data;
    expect([first.content, second.content]).toEqual(contents);
    expect([first.queued, second.queued]).toEqual([true, true]);
    expect(Date.parse(first.scheduledAt)).toBeLessThan(Date.parse(second.scheduledAt));

    // The Scheduled tab marks both as queued.
    await page.goto(`${stack.url}/posts`, { waitUntil: 'domcontentloaded' });
    const card = (content: string) => page.getByTestId('scheduled-post').filter({ hasText: content });
    await card(contents[1]!).waitFor();
    expect(await card(contents[0]!).getByTestId('queued-badge').isVisible()).toBe(true);
    expect(await card(contents[1]!).getByTestId('queued-badge').isVisible()).toBe(true);
    const firstTime = await card(contents[0]!).getByTestId('scheduled-for').textContent();
    const secondTime = await card(contents[1]!).getByTestId('scheduled-for').textContent();
    expect(firstTime).not.toBe(secondTime);
    await screenshot(page, 'queue-scheduled-en-desktop', { fullPage: false });

    // Deleting the first moves the second up into its time.
    await card(contents[0]!).getByTestId('delete-post').click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this scheduled post?' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    await card(contents[0]!).waitFor({ state: 'detached' });
    await expect
      .poll(() => card(contents[1]!).getByTestId('scheduled-for').textContent(), { timeout: 10_000 })
      .toBe(firstTime);
    const moved = await callEndpointAs(stack, user, API.posts.get, { params: { id: second.id } });
    expect(moved.body.data).toMatchObject({ scheduledAt: first.scheduledAt, queued: true, status: 'scheduled' });
    await page.context().close();

    // In Arabic, right to left, the same three times and the post still marked as queued.
    const arabic = await openPage(browser, `${stack.url}/personalization#queue`, {
      lang: 'ar',
      viewport: 'phone',
      cookies: [user.session.browserCookie],
      timezoneId: ZONE,
    });
    const arabicSection = arabic.getByTestId('posting-queue');
    await arabicSection.getByRole('heading', { name: 'قائمة النشر' }).waitFor();
    expect(await arabic.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // The saved slots arrive with the queue's answer, after the section's heading.
    await expect.poll(() => arabicSection.getByTestId('posting-queue-slot').count()).toBe(3);
    await screenshot(arabic, 'queue-settings-ar-phone', { fullPage: false });
    await arabic.goto(`${stack.url}/posts`, { waitUntil: 'domcontentloaded' });
    await arabic.getByTestId('scheduled-post').filter({ hasText: contents[1]! }).getByText('في قائمة النشر').waitFor();
    await arabic.context().close();
  });
});

/** The Riyadh date `days` from now (YYYY-MM-DD). */
const riyadhDate = (days: number) =>
  new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

describe("the calendar's day and week views", () => {
  it('reschedules a post moved by keyboard in the day view and dragged to another cell in the week view', async () => {
    const user = await fullUser(stack, 'mover');
    const content = `Moved around ${randomUUID().slice(0, 6)}`;
    const created = await callEndpointAs(stack, user, API.posts.schedule, {
      body: {
        userId: user.userId,
        content,
        date: riyadhDate(1),
        time: '10:30 AM',
        status: 'scheduled',
        timeZone: ZONE,
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;

    const page = await open(user, '/posts?tab=calendar');
    const timeline = page.getByTestId('posts-timeline');
    await timeline.waitFor();
    await timeline.getByTestId('timeline-day').click();
    await timeline.getByTestId('timeline-next').click();
    const chip = timeline.locator(`[data-testid="timeline-post"][data-post-id="${id}"]`);
    await chip.waitFor();
    expect(await chip.locator('xpath=ancestor::td').getAttribute('data-hour')).toBe('10');

    // Keyboard: Space picks it up, two hours down, Enter puts it down.
    await chip.focus();
    await page.keyboard.press('Space');
    expect(await chip.getAttribute('data-picked')).toBe('true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await timeline.locator('[data-target="true"]').getAttribute('data-hour')).toBe('12');
    await page.keyboard.press('Enter');
    await toast(page, 'Rescheduled for').first().waitFor();
    // Screen readers hear the new time from the calendar's own live region.
    const announcement = timeline.getByTestId('timeline-announcement');
    expect(await announcement.getAttribute('aria-live')).toBe('assertive');
    expect(await announcement.textContent()).toMatch(/^Rescheduled for .*12:30/);
    await expect
      .poll(async () => (await callEndpointAs(stack, user, API.posts.get, { params: { id } })).body.data.scheduledAt)
      .toBe(`${riyadhDate(1)}T09:30:00.000Z`);
    await expect.poll(() => chip.locator('xpath=ancestor::td').getAttribute('data-hour')).toBe('12');
    await screenshot(page, 'calendar-day-en-desktop', { fullPage: false });

    // Week view: dragged to the next day when the week shows it, else to a later hour the same day.
    await timeline.getByTestId('timeline-week').click();
    await chip.waitFor();
    const nextDay = timeline.locator(`[data-testid="timeline-cell"][data-date="${riyadhDate(2)}"][data-hour="15"]`);
    const sameDay = timeline.locator(`[data-testid="timeline-cell"][data-date="${riyadhDate(1)}"][data-hour="15"]`);
    const crossesDay = (await nextDay.count()) === 1;
    const target = crossesDay ? nextDay : sameDay;
    await target.scrollIntoViewIfNeeded();
    await chip.hover();
    await page.mouse.down();
    await target.hover();
    await target.hover();
    await page.mouse.up();
    const expected = `${riyadhDate(crossesDay ? 2 : 1)}T12:30:00.000Z`;
    await expect
      .poll(async () => (await callEndpointAs(stack, user, API.posts.get, { params: { id } })).body.data.scheduledAt)
      .toBe(expected);
    await screenshot(page, 'calendar-week-en-desktop', { fullPage: false });
    await page.context().close();
  });
});

/** How wide the page and the calendar's grid are against the room they have. */
const widths = (page: Page) =>
  page.evaluate(async () => {
    await document.fonts.ready;
    const grid = document.querySelector<HTMLElement>('[data-testid="timeline-grid"]');
    return {
      page: document.documentElement.scrollWidth,
      window: window.innerWidth,
      grid: grid?.scrollWidth ?? Number.NaN,
      gridBox: grid?.clientWidth ?? Number.NaN,
    };
  });

describe("the calendar's week view", () => {
  it('fits a 1280-pixel window beside both sidebars in Arabic and English, and never widens the page of a phone', async () => {
    const user = await fullUser(stack, 'week-fit');
    const content = `A rather long post text that has to be cut short in a narrow column ${randomUUID().slice(0, 6)}`;
    const created = await callEndpointAs(stack, user, API.posts.schedule, {
      body: {
        userId: user.userId,
        content,
        date: riyadhDate(1),
        time: '12:45 PM',
        status: 'scheduled',
        timeZone: ZONE,
      },
    });
    expect(created.status).toBe(201);
    const chipOf = (page: Page) =>
      page.locator(`[data-testid="timeline-post"][data-post-id="${created.body.data.id}"]`);

    for (const lang of ['en', 'ar'] as Language[]) {
      const page = await openPage(browser, `${stack.url}/posts?tab=calendar`, {
        lang,
        viewport: 'desktop',
        cookies: [user.session.browserCookie],
        timezoneId: ZONE,
      });
      const timeline = page.getByTestId('posts-timeline');
      await timeline.waitFor();
      expect(await timeline.getAttribute('data-view')).toBe('week');
      // Tomorrow may be in next week's view.
      const first = (await timeline.getAttribute('data-first-day')) ?? '';
      if (Date.parse(riyadhDate(1)) - Date.parse(first) >= 7 * 86_400_000) {
        await timeline.getByTestId('timeline-next').click();
        await expect.poll(() => timeline.getAttribute('data-first-day')).not.toBe(first);
      }
      await chipOf(page).waitFor();
      expect(await page.getByTestId('sidebar').isVisible()).toBe(true);
      expect(await page.getByTestId('posts-sidebar').isVisible()).toBe(true);
      const fit = await widths(page);
      expect(fit.page, `${lang}: the page scrolls sideways`).toBeLessThanOrEqual(fit.window);
      expect(fit.grid, `${lang}: the week scrolls sideways in its box`).toBeLessThanOrEqual(fit.gridBox);
      // Seven days, each column wide enough for a time.
      const column = await chipOf(page).evaluate((chip) => chip.getBoundingClientRect().width);
      expect(column).toBeGreaterThan(55);
      await screenshot(page, `calendar-week-fit-${lang}-desktop`, { fullPage: false });
      await page.context().close();
    }

    // A phone opens on one day; its week scrolls inside its own box, never the page.
    const phone = await openPage(browser, `${stack.url}/posts?tab=calendar`, {
      lang: 'ar',
      viewport: 'phone',
      size: { width: 390, height: 844 },
      cookies: [user.session.browserCookie],
      timezoneId: ZONE,
    });
    const timeline = phone.getByTestId('posts-timeline');
    await timeline.getByTestId('timeline-grid').waitFor();
    expect(await timeline.getAttribute('data-view')).toBe('day');
    const day = await widths(phone);
    expect(day.page).toBeLessThanOrEqual(day.window);
    expect(day.grid).toBeLessThanOrEqual(day.gridBox);
    await timeline.getByTestId('timeline-week').click();
    await expect.poll(() => timeline.getAttribute('data-view')).toBe('week');
    await timeline.getByTestId('timeline-grid').waitFor();
    const week = await widths(phone);
    expect(week.page).toBeLessThanOrEqual(week.window);
    await screenshot(phone, 'calendar-week-ar-phone', { fullPage: false });
    await phone.context().close();
  });
});

describe("the calendar's day view on a phone", () => {
  it('reschedules a post a finger holds and drags to another hour, while a quick swipe still scrolls, in both languages', async () => {
    const user = await fullUser(stack, 'toucher');
    const cases = [
      // Hours in the middle of the grid's box, away from the edges where a held post scrolls it.
      { lang: 'en', time: '11:15 AM', from: 11, to: 13, expected: 'T10:15:00.000Z', moved: 'Rescheduled for' },
      { lang: 'ar', time: '12:45 PM', from: 12, to: 14, expected: 'T11:45:00.000Z', moved: 'نُقل موعد المنشور' },
    ] as const;
    for (const { lang, time, from, to, expected, moved } of cases) {
      const created = await callEndpointAs(stack, user, API.posts.schedule, {
        body: {
          userId: user.userId,
          content: `Held and dragged ${lang} ${randomUUID().slice(0, 6)}`,
          date: riyadhDate(1),
          time,
          status: 'scheduled',
          timeZone: ZONE,
        },
      });
      expect(created.status).toBe(201);
      const id = created.body.data.id;

      const page = await openPage(browser, `${stack.url}/posts?tab=calendar`, {
        lang,
        viewport: 'phone',
        cookies: [user.session.browserCookie],
        timezoneId: ZONE,
      });
      const timeline = page.getByTestId('posts-timeline');
      const grid = timeline.getByTestId('timeline-grid');
      await grid.waitFor();
      expect(await timeline.getAttribute('data-view')).toBe('day');
      // A phone opens on the next day with a post: tomorrow's.
      await expect.poll(() => timeline.getAttribute('data-first-day'), { timeout: 10_000 }).toBe(riyadhDate(1));
      const chip = timeline.locator(`[data-testid="timeline-post"][data-post-id="${id}"]`);
      await chip.waitFor();
      const cell = (hour: number) =>
        timeline.locator(`[data-testid="timeline-cell"][data-date="${riyadhDate(1)}"][data-hour="${hour}"]`);
      expect(await chip.locator('xpath=ancestor::td').getAttribute('data-hour')).toBe(String(from));
      // The browser leaves panning to the page until a hold picks the post up.
      expect(await chip.evaluate((element) => getComputedStyle(element).touchAction)).toBe('manipulation');
      await grid.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      const finger = await fingerOn(page);

      // Held still: picked up once the press delay has passed (the overlay under the finger says so).
      const hold = await centreOf(page, chip);
      const target = await centreOf(page, cell(to));
      await finger.down(hold);
      await page.getByTestId('timeline-drag-overlay').waitFor();
      expect(await chip.getAttribute('data-touch-dragging')).toBe('true');
      await finger.move(hold, target);
      await expect.poll(() => cell(to).getAttribute('data-target')).toBe('true');
      await finger.up();
      await page.getByTestId('timeline-drag-overlay').waitFor({ state: 'detached' });
      await toast(page, moved).first().waitFor();
      await expect
        .poll(async () => (await callEndpointAs(stack, user, API.posts.get, { params: { id } })).body.data.scheduledAt)
        .toBe(`${riyadhDate(1)}${expected}`);
      await expect.poll(() => chip.locator('xpath=ancestor::td').getAttribute('data-hour')).toBe(String(to));
      // The lifted finger ends the drag: no edit dialog opens for the post.
      expect(await page.getByRole('dialog').count()).toBe(0);

      // A quick swipe up on the post scrolls the grid and picks nothing up (the sensor lets go
      // once the finger moves more than its tolerance before the delay, and the finger is up).
      const scrolled = await grid.evaluate((element) => element.scrollTop);
      const start = await centreOf(page, chip);
      await finger.swipe(start, { x: start.x, y: start.y - 80 });
      await expect.poll(() => grid.evaluate((element) => element.scrollTop)).toBeGreaterThan(scrolled);
      expect(await page.getByTestId('timeline-drag-overlay').count()).toBe(0);
      expect(await chip.getAttribute('data-touch-dragging')).toBeNull();
      await screenshot(page, `calendar-touch-${lang}-phone`, { fullPage: false });
      await finger.detach();
      await page.context().close();
    }
  }, 120_000);
});
