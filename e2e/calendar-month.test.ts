/**
 * The calendar's month view in a real browser against the whole stack, in English on a desktop
 * (Monday first, Western digits) and in Arabic on a phone (Saturday first, Arabic-Indic digits,
 * the Hijri date): posts on their days with "+N more" on a crowded one, a post dragged (mouse,
 * finger) to another day keeps its time, a past day refuses it, the arrow keys move between days
 * (mirrored in Arabic), Enter opens the day and "Move to…" moves a post by keyboard. A phone opens
 * the calendar on the next day that has a post, with the Calendar tab's label whole.
 */
import { randomUUID } from 'node:crypto';
import { API } from '@nashr/contracts';
import type { Stack } from '@nashr/tools/process-stack';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, screenshot, waitUntilLive } from './support/browser';
import { callEndpointAs, fullUser, type StackUser } from './support/full-user';
import { startWithBrowser, stopWithBrowser, WRITING_STACK } from './support/stack';
import { centreOf, fingerOn } from './support/touch';

let stack: Stack;
let browser: Browser;
const ZONE = 'Asia/Riyadh';

beforeAll(async () => {
  ({ stack, browser } = await startWithBrowser(WRITING_STACK));
});
afterAll(() => stopWithBrowser(stack, browser));

/** The local date (YYYY-MM-DD) `days` from now in Riyadh (UTC+3 all year). */
const riyadhDate = (days: number) =>
  new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** Schedules a post at `time` (12-hour, Riyadh) on the day `days` from now; its id. */
async function schedule(user: StackUser, days: number, time: string, content: string): Promise<string> {
  const created = await callEndpointAs(stack, user, API.posts.schedule, {
    body: {
      userId: user.userId,
      content: `${content} ${randomUUID().slice(0, 6)}`,
      date: riyadhDate(days),
      time,
      status: 'scheduled',
      timeZone: ZONE,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data.id;
}

const scheduledAt = async (user: StackUser, id: string): Promise<string> =>
  (await callEndpointAs(stack, user, API.posts.get, { params: { id } })).body.data.scheduledAt;

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** Switches to the month view: clicked until the app has taken the server's screen over and shows it. */
async function showMonthView(timeline: Locator) {
  await expect
    .poll(async () => {
      await timeline.getByTestId('timeline-month').click();
      return timeline.getAttribute('data-view');
    })
    .toBe('month');
}

/** Pages the month view until it shows the month of `date`. */
async function showMonthOf(timeline: Locator, date: string) {
  const wanted = date.slice(0, 7);
  await expect.poll(() => timeline.getAttribute('data-month')).toMatch(/^\d{4}-\d{2}$/);
  for (let i = 0; i < 2 && (await timeline.getAttribute('data-month')) !== wanted; i++) {
    const before = (await timeline.getAttribute('data-month')) ?? '';
    await timeline.getByTestId(before < wanted ? 'timeline-next' : 'timeline-previous').click();
    await expect.poll(() => timeline.getAttribute('data-month')).not.toBe(before);
  }
  expect(await timeline.getAttribute('data-month')).toBe(wanted);
  await timeline.getByTestId('month-grid').waitFor();
}

const dayCell = (timeline: Locator, date: string) => timeline.locator(`[data-testid="month-day"][data-date="${date}"]`);
const chipOf = (timeline: Locator, id: string) => timeline.locator(`[data-testid="month-post"][data-post-id="${id}"]`);
const focusedDate = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-date') ?? null);

/** The first of `days` from now whose cell the month on show has. */
async function cellAmong(timeline: Locator, days: number[]): Promise<number> {
  for (const day of days) if ((await dayCell(timeline, riyadhDate(day)).count()) === 1) return day;
  throw new Error('none of the days is on show');
}

/**
 * The day dialog's "Move to…" for `id`: the date field by keyboard (`forward` is the key to the next
 * day), then Move. With `noDayProblem`, Move is pressed first with no day chosen, which must say so.
 */
async function moveByKeyboard(
  page: Page,
  id: string,
  forward: 'ArrowRight' | 'ArrowLeft',
  steps: number,
  noDayProblem?: string,
) {
  const dialog = page.getByTestId('day-posts-dialog');
  await dialog.waitFor();
  // The dialog and the date field's month each take the focus once open: keys wait for that.
  const focusIn = (selector: string) =>
    expect.poll(() => page.evaluate((inside) => Boolean(document.activeElement?.closest(inside)), selector));
  await focusIn('[data-testid="day-posts-dialog"]').toBe(true);
  const move = dialog.locator(`[data-testid="day-post"][data-post-id="${id}"] [data-testid="day-move"]`);
  await move.focus();
  await page.keyboard.press('Enter');
  const field = dialog.getByTestId('move-to-date');
  const problem = dialog.getByTestId('move-to-problem');
  if (noDayProblem) {
    await dialog.getByTestId('move-to-submit').press('Enter');
    await expect.poll(() => problem.textContent()).toBe(noDayProblem);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.getAttribute('aria-describedby')).toBe(await problem.getAttribute('id'));
  }
  await field.focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('move-to-date-calendar').waitFor();
  await focusIn('[data-testid="move-to-date-calendar"]').toBe(true);
  for (let i = 0; i < steps; i++) await page.keyboard.press(forward);
  await page.keyboard.press('Enter');
  await expect.poll(() => field.getAttribute('data-value')).toBe(riyadhDate(steps));
  await problem.waitFor({ state: 'detached' });
  // Closed, the month gives the focus back to the field; then on to Move.
  await page.getByTestId('move-to-date-calendar').waitFor({ state: 'detached' });
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
    .toBe('move-to-date');
  await page.keyboard.press('Tab');
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
    .toBe('move-to-submit');
  await page.keyboard.press('Enter');
  // The form closes once the post has moved.
  await dialog.getByTestId('move-to-form').waitFor({ state: 'detached' });
}

describe("the calendar's month view", () => {
  it('shows posts on their days, reschedules by mouse and keyboard, and refuses a past day (English, desktop)', async () => {
    const user = await fullUser(stack, 'month-en');
    expect(
      (await callEndpointAs(stack, user, API.preferences.saveDisplay, { body: { weekStart: 'monday' } })).status,
    ).toBe(200);
    const dragged = await schedule(user, 2, '10:30 AM', 'Dragged in the month');
    const moved = await schedule(user, 1, '4:15 PM', 'Moved by keyboard');
    const crowd = await Promise.all(
      ['8:00 AM', '9:00 AM', '11:00 AM', '1:00 PM'].map((time) => schedule(user, 3, time, 'Crowded day')),
    );

    const page = await openPage(browser, `${stack.url}/posts?tab=calendar`, {
      lang: 'en',
      viewport: 'desktop',
      cookies: [user.session.browserCookie],
      timezoneId: ZONE,
    });
    const timeline = page.getByTestId('posts-timeline');
    await timeline.waitFor();
    await showMonthView(timeline);
    // Monday first, as the user chose.
    expect(await timeline.locator('thead th').first().getAttribute('abbr')).toBe('Monday');
    await showMonthOf(timeline, riyadhDate(2));

    // Each post on its own day; the crowded day shows two and "+2 more".
    await chipOf(timeline, dragged).waitFor();
    expect(await chipOf(timeline, dragged).locator('xpath=ancestor::td').getAttribute('data-date')).toBe(riyadhDate(2));
    expect(await chipOf(timeline, dragged).textContent()).toContain('10:30');
    if ((await dayCell(timeline, riyadhDate(3)).count()) === 1) {
      const crowded = dayCell(timeline, riyadhDate(3));
      expect(await crowded.getByTestId('month-post').count()).toBe(2);
      // The words a desktop shows (a phone's narrow day, the number only).
      expect(await crowded.getByTestId('month-more').getByText('+2 more', { exact: true }).isVisible()).toBe(true);
      expect(crowd).toHaveLength(4);
    }
    await screenshot(page, 'calendar-month-en-desktop', { fullPage: false });

    // Mouse: dragged to another day on show, at the same time of day.
    const to = await cellAmong(timeline, [4, 5, 1]);
    const target = dayCell(timeline, riyadhDate(to));
    await chipOf(timeline, dragged).hover();
    await page.mouse.down();
    await target.hover();
    await target.hover();
    await page.mouse.up();
    await toast(page, 'Rescheduled for').first().waitFor();
    await expect.poll(() => scheduledAt(user, dragged), { timeout: 10_000 }).toBe(`${riyadhDate(to)}T07:30:00.000Z`);
    await expect
      .poll(() => chipOf(timeline, dragged).locator('xpath=ancestor::td').getAttribute('data-date'))
      .toBe(riyadhDate(to));

    // A day that has passed refuses the post, and says why (when the month on show has one).
    const past = timeline.locator('[data-testid="month-day"][data-past="true"]').last();
    if ((await past.count()) === 1) {
      await chipOf(timeline, dragged).hover();
      await page.mouse.down();
      await past.hover();
      await past.hover();
      await page.mouse.up();
      await toast(page, 'cannot be moved to a day that has passed').first().waitFor();
      expect(await scheduledAt(user, dragged)).toBe(`${riyadhDate(to)}T07:30:00.000Z`);
    }

    // Keyboard: one day in the tab order; the right arrow is the next day, down the next week.
    const focusable = timeline.locator('[data-testid="month-day-button"][tabindex="0"]');
    expect(await focusable.count()).toBe(1);
    const start = (await focusable.getAttribute('data-date')) ?? '';
    await focusable.focus();
    const after = (date: string, days: number) =>
      new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focusedDate(page)).toBe(after(start, 1));
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedDate(page)).toBe(after(start, 8));
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => focusedDate(page)).toBe(start);

    // Enter opens the moved post's day; "Move to…" moves it, by keyboard, to the day after tomorrow.
    await showMonthOf(timeline, riyadhDate(1));
    await chipOf(timeline, moved).waitFor();
    await timeline.locator(`[data-testid="month-day-button"][data-date="${riyadhDate(1)}"]`).focus();
    await page.keyboard.press('Enter');
    await moveByKeyboard(page, moved, 'ArrowRight', 2, 'Choose the new day first.');
    await toast(page, 'Rescheduled for').first().waitFor();
    await expect.poll(() => scheduledAt(user, moved), { timeout: 10_000 }).toBe(`${riyadhDate(2)}T13:15:00.000Z`);
    await page.context().close();
  }, 120_000);

  it('opens on the next day with a post, shows the month in Arabic digits and Hijri, and moves posts by finger and keyboard (Arabic, phone)', async () => {
    const user = await fullUser(stack, 'month-ar');
    const display = await callEndpointAs(stack, user, API.preferences.saveDisplay, {
      body: {
        weekStart: 'saturday',
        digits: 'arab',
        hijri: true,
      },
    });
    expect(display.status, JSON.stringify(display.body)).toBe(200);
    const held = await schedule(user, 3, '9:15 AM', 'Held on a phone');

    const page = await openPage(browser, `${stack.url}/posts?tab=calendar`, {
      lang: 'ar',
      viewport: 'phone',
      cookies: [user.session.browserCookie],
      timezoneId: ZONE,
    });
    const timeline = page.getByTestId('posts-timeline');
    await timeline.waitFor();
    // The next day that has a post, not today.
    await expect.poll(() => timeline.getAttribute('data-view')).toBe('day');
    await expect.poll(() => timeline.getAttribute('data-first-day'), { timeout: 10_000 }).toBe(riyadhDate(3));
    await timeline.locator(`[data-testid="timeline-post"][data-post-id="${held}"]`).waitFor();

    // The Calendar tab's label is whole on a phone.
    const tab = page.getByTestId('tab-calendar');
    expect((await tab.textContent())?.trim()).toBe('التقويم');
    const cut = await tab.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const text = range.getBoundingClientRect();
      const box = element.getBoundingClientRect();
      return element.scrollWidth > element.clientWidth || text.left < box.left - 0.5 || text.right > box.right + 0.5;
    });
    expect(cut).toBe(false);

    // A reload is taken over without a difference from the server's screen: the phone turns to its
    // day after the app has taken the week the server sent over.
    const differences: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('taken over with a difference')) differences.push(message.text());
    });
    await page.reload({ waitUntil: 'domcontentloaded' });
    await waitUntilLive(page);
    await expect.poll(() => timeline.getAttribute('data-view')).toBe('day');
    await expect.poll(() => timeline.getAttribute('data-first-day'), { timeout: 10_000 }).toBe(riyadhDate(3));
    expect(differences).toEqual([]);

    await showMonthView(timeline);
    await showMonthOf(timeline, riyadhDate(3));
    expect(await timeline.locator('thead th').first().getAttribute('abbr')).toBe('السبت');
    expect(await timeline.getByTestId('month-hijri').textContent()).toMatch(/هـ/);
    const cell = dayCell(timeline, riyadhDate(3));
    expect(await cell.getByTestId('month-day-number').textContent()).toMatch(/^[٠-٩]+$/);
    expect(await cell.getByTestId('hijri-day').count()).toBe(1);
    expect(await chipOf(timeline, held).textContent()).toMatch(/[٠-٩]/);
    // Nothing wider than the phone.
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      window: window.innerWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.window);
    await screenshot(page, 'calendar-month-ar-phone', { fullPage: false });

    // Right-to-left: the right arrow is the day before, the left arrow the day after.
    const focusable = timeline.locator('[data-testid="month-day-button"][tabindex="0"]');
    const start = (await focusable.getAttribute('data-date')) ?? '';
    const after = (date: string, days: number) =>
      new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    await focusable.focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => focusedDate(page)).toBe(after(start, 1));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focusedDate(page)).toBe(after(start, -1));

    // A finger held on the post drags it to another day on show; it keeps its time.
    const to = await cellAmong(timeline, [4, 2, 5]);
    const chip = chipOf(timeline, held);
    await timeline.getByTestId('month-grid').evaluate((grid) => grid.scrollIntoView({ block: 'center' }));
    const finger = await fingerOn(page);
    const from = await centreOf(page, chip);
    const target = await centreOf(page, dayCell(timeline, riyadhDate(to)));
    await finger.down(from);
    await page.getByTestId('month-drag-overlay').waitFor();
    await finger.move(from, target);
    await expect.poll(() => dayCell(timeline, riyadhDate(to)).getAttribute('data-target')).toBe('true');
    await finger.up();
    await toast(page, 'نُقل موعد المنشور').first().waitFor();
    await expect.poll(() => scheduledAt(user, held), { timeout: 10_000 }).toBe(`${riyadhDate(to)}T06:15:00.000Z`);
    await finger.detach();

    // Keyboard: Enter opens the day, "Move to…" takes it to the day after tomorrow (the left arrow is forward).
    await expect.poll(() => chip.locator('xpath=ancestor::td').getAttribute('data-date')).toBe(riyadhDate(to));
    await timeline.locator(`[data-testid="month-day-button"][data-date="${riyadhDate(to)}"]`).focus();
    await page.keyboard.press('Enter');
    const steps = to === 2 ? 1 : 2;
    await moveByKeyboard(page, held, 'ArrowLeft', steps);
    await expect.poll(() => scheduledAt(user, held), { timeout: 10_000 }).toBe(`${riyadhDate(steps)}T06:15:00.000Z`);
    await page.context().close();
  }, 120_000);
});
