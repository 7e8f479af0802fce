/**
 * Arabic-first display in a real browser, against the real auth, linkedin, posts and content
 * services: counts read in the form their number takes (English '1 repost', the six Arabic forms),
 * and the display preferences chosen on the settings screen (the Hijri date, the week's first day,
 * Arabic-Indic digits) show on the calendar after a reload, read back from the server, and from
 * the first frame of the next load (remembered in the browser) before the server has answered.
 */
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser, Page } from 'playwright-core';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Language, launchBrowser, newContext } from './support/browser';
import { callAs, fullUser, type StackUser } from './support/full-user';

let stack: Stack;
let browser: Browser;
let sql: postgres.Sql;

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startStack({
      services: ['auth', 'linkedin', 'posts', 'content'],
      workers: ['auth', 'linkedin', 'posts'],
    }),
    launchBrowser(),
  ]);
  sql = postgres(stack.databaseUrl, { max: 1, onnotice: () => {} });
});

afterAll(async () => {
  await sql?.end();
  await browser?.close();
  await stack?.stop();
});

async function open(user: StackUser, path: string, lang: Language): Promise<Page> {
  const context = await newContext(browser, { lang, cookies: [user.session.browserCookie] });
  const page = await context.newPage();
  await page.goto(`${stack.url}${path}`);
  return page;
}

/** The counters the sandbox network shows on every post of the user's account. */
async function setCounters(
  user: StackUser,
  counters: { reactions: number; comments: number; reposts: number; impressions: number },
) {
  const updated = await sql`
    UPDATE linkedin.sandbox_posts
       SET reactions = ${counters.reactions}, comments = ${counters.comments},
           reposts = ${counters.reposts}, impressions = ${counters.impressions}, live = false
     WHERE account_id IN (SELECT id FROM linkedin.sandbox_accounts WHERE username = ${user.email})`;
  expect(updated.count, 'the sandbox account has posts to show').toBeGreaterThan(0);
}

const counterText = (page: Page, key: string) =>
  page.getByTestId('post-card').first().locator(`li[data-counter="${key}"]`).textContent();

describe('counts', () => {
  it("read '1 repost' in English and take the Arabic form of each number", async () => {
    const user = await fullUser(stack, 'counts');
    await setCounters(user, { reactions: 5, comments: 2, reposts: 1, impressions: 11 });

    const english = await open(user, '/dashboard', 'en');
    await english.getByTestId('post-card').first().waitFor({ timeout: 30_000 });
    expect(await counterText(english, 'reposts')).toBe('1 repost');
    expect(await counterText(english, 'comments')).toBe('2 comments');
    expect(await counterText(english, 'reactions')).toBe('5 reactions');
    expect(await counterText(english, 'impressions')).toBe('11 impressions');
    await english.context().close();

    const arabic = await open(user, '/dashboard', 'ar');
    await arabic.getByTestId('post-card').first().waitFor({ timeout: 30_000 });
    expect(await counterText(arabic, 'reposts')).toBe('1 إعادة نشر');
    expect(await counterText(arabic, 'comments')).toBe('2 تعليقَين');
    expect(await counterText(arabic, 'reactions')).toBe('5 تفاعلات');
    expect(await counterText(arabic, 'impressions')).toBe('11 مرةَ ظهور');
    await arabic.context().close();
  });
});

describe('display preferences', () => {
  it('turn the Hijri date on, start the week on Saturday and write Arabic-Indic digits on the calendar', async () => {
    const user = await fullUser(stack, 'hijri');
    const page = await open(user, '/personalization', 'ar');
    const section = page.getByTestId('display-preferences');
    const hijri = section.getByTestId('display-hijri');
    await hijri.waitFor({ timeout: 30_000 });
    expect(await hijri.isChecked()).toBe(false);

    // Each choice is saved at once; the control shows what the server answered.
    await hijri.click();
    await expect.poll(() => hijri.isChecked(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => hijri.isEnabled(), { timeout: 15_000 }).toBe(true);
    await section.getByTestId('display-week-saturday').click();
    await expect.poll(() => section.getByTestId('display-week-saturday').isChecked(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => hijri.isEnabled(), { timeout: 15_000 }).toBe(true);
    await section.getByTestId('display-digits-arab').click();
    await expect.poll(() => section.getByTestId('display-digits-arab').isChecked(), { timeout: 15_000 }).toBe(true);
    const stored = await callAs(stack, user, 'GET', '/api/v1/preferences/display');
    expect(stored.body.data).toEqual({ hijri: true, weekStart: 'saturday', digits: 'arab' });

    // A fresh load reads them back from the server.
    await page.goto(`${stack.url}/posts`);
    const calendar = page.getByTestId('posts-calendar');
    const hijriMonth = calendar.getByTestId('calendar-hijri-month');
    await hijriMonth.waitFor({ timeout: 30_000 });
    // This month's Hijri year as the browser writes it (Umm al-Qura, Arabic-Indic digits).
    const hijriYear = new Intl.DateTimeFormat('ar-u-nu-arab', { calendar: 'islamic-umalqura', year: 'numeric' })
      .formatToParts(new Date())
      .find((part) => part.type === 'year')?.value as string;
    const monthText = (await hijriMonth.textContent()) ?? '';
    expect(monthText).toContain('هـ');
    expect(monthText).toContain(hijriYear);
    expect(await calendar.getByTestId('hijri-day').count()).toBe(42);

    expect(await calendar.locator('thead th').first().getAttribute('abbr')).toBe('السبت');
    const firstDay = await calendar.locator('tbody button').first().getAttribute('data-date');
    expect(new Date(`${firstDay}T12:00:00`).getDay()).toBe(6);

    const today = calendar.locator('button[data-today="true"]');
    // The Gregorian and the Hijri day of the month, both in Arabic-Indic digits.
    expect(await today.textContent()).toMatch(/^[\u0660-\u0669]+$/);
    expect(await today.getAttribute('aria-label')).toContain('هـ');

    // The next load is right from its first frame: with the server's answer held back, the
    // calendar already writes Arabic-Indic digits and the Hijri month (remembered from the last
    // answer), so numbers never show in Western digits first and then switch.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/v1/preferences/display', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    const firstToday = page.getByTestId('posts-calendar').locator('button[data-today="true"]');
    await firstToday.waitFor({ timeout: 30_000 });
    expect(await firstToday.textContent()).toMatch(/^[\u0660-\u0669]+$/);
    expect(await page.getByTestId('calendar-hijri-month').count()).toBe(1);
    release();
    await page.context().close();
  });
});
