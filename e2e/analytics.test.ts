/**
 * Analytics over time in a real browser against the whole stack, in both languages: a full user
 * whose sandbox account brings its post history sees it on the dashboard as soon as it is
 * imported, changes the period (kept in the address), reads the best-times heatmap in the week
 * they chose, opens a post's page with its chart against the median post, and downloads a CSV.
 * Every number the screens show is compared with the API's own answer.
 */
import { readFile } from 'node:fs/promises';
import type { AnalyticsPostResponse, AnalyticsSummaryResponse, BestTimesResponse } from '@nashr/contracts';
import type { Stack } from '@nashr/tools/process-stack';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Language, openPage, screenshot, type ViewportName } from './support/browser';
import { callAs, fullUser, type StackUser } from './support/full-user';
import { startWithBrowser, stopWithBrowser, WRITING_STACK } from './support/stack';

let stack: Stack;
let browser: Browser;
const ZONE = 'Asia/Riyadh';

beforeAll(async () => {
  ({ stack, browser } = await startWithBrowser(WRITING_STACK));
});
afterAll(() => stopWithBrowser(stack, browser));

const WEEKDAYS: Record<Language, string[]> = {
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  ar: ['الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة', 'السبت'],
};

/** What a reader sees: ICU's direction marks and no-break spaces left out. */
const visible = (text: string | null) =>
  (text ?? '').replace(/[\u200e\u200f\u061c\u2066-\u2069]/g, '').replace(/[\u00a0\u202f]/g, ' ');

async function summary(user: StackUser, days: number): Promise<AnalyticsSummaryResponse> {
  const answer = await callAs(stack, user, 'GET', `/api/v1/analytics/summary?days=${days}&timeZone=${ZONE}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as AnalyticsSummaryResponse;
}

/** The figures on screen, card by card, as the page holds them. */
async function expectFigures(page: Page, expected: AnalyticsSummaryResponse) {
  const figures = page.getByTestId('period-figures');
  await expect.poll(() => figures.getAttribute('data-days')).toBe(String(expected.period.days));
  await expect.poll(() => figures.getAttribute('aria-busy')).toBe('false');
  for (const [id, metric] of Object.entries(expected.cards)) {
    const card = page.getByTestId(`stat-${id}`);
    expect(await card.getAttribute('data-value'), id).toBe(String(metric.value));
    // The sandbox invented every figure, so 'Sample data' shows on each, whatever the API's flag.
    expect(await card.getAttribute('data-sample'), id).toBe('true');
    expect(await card.getByTestId('sample-badge').count(), id).toBe(1);
  }
  const impressions = expected.days.reduce((sum, day) => sum + day.impressions, 0);
  expect(visible(await page.getByTestId('chart-total').textContent()).replace(/\D/g, '')).toBe(String(impressions));
  expect(await page.getByTestId('top-post').count()).toBe(expected.topPosts.length);
}

async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(widths[0], 'the page scrolls sideways').toBe(widths[1]);
}

const CASES: { lang: Language; viewport: ViewportName; weekStart: 'saturday' | 'monday' }[] = [
  { lang: 'en', viewport: 'desktop', weekStart: 'monday' },
  { lang: 'ar', viewport: 'phone', weekStart: 'saturday' },
];

describe('analytics over time', () => {
  for (const { lang, viewport, weekStart } of CASES) {
    it(`shows the imported history, periods, best times, a post's page and a CSV (${lang}, ${viewport})`, async () => {
      const user = await fullUser(stack, `analyst-${lang}`);
      const display = await callAs(stack, user, 'PUT', '/api/v1/preferences/display', { weekStart });
      expect(display.status, JSON.stringify(display.body)).toBe(200);
      const page = await openPage(browser, `${stack.url}/dashboard`, {
        lang,
        viewport,
        cookies: [user.session.browserCookie],
        timezoneId: ZONE,
      });

      // The history the account came with is on the dashboard once imported, without a reload.
      await page.getByTestId('dashboard-greeting').waitFor();
      await page.getByTestId('period-figures').waitFor({ timeout: 30_000 });
      await expect
        .poll(() => page.getByTestId('history-importing').count(), { timeout: 30_000, interval: 500 })
        .toBe(0);
      const year = await summary(user, 365);
      expect(year.history.importing).toBe(false);
      expect(year.history.firstSnapshotAt).not.toBeNull();
      expect(year.topPosts.length, 'the sandbox account brings posts from the last months').toBeGreaterThan(0);
      await expectFigures(page, await summary(user, 30));
      expect(new URL(page.url()).searchParams.get('days')).toBeNull();

      // Another period, by keyboard: the radio group moves with the arrow keys and the address keeps it.
      await page.getByTestId('period-picker').locator('input[data-value="30"]').focus();
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => new URL(page.url()).searchParams.get('days')).toBe('90');
      // The address changes first; the choice shows it once the router has rendered the new search.
      await expect
        .poll(() => page.getByTestId('period-picker').locator('input[data-value="90"]').isChecked())
        .toBe(true);
      await expectFigures(page, await summary(user, 90));
      await page
        .getByTestId('period-picker')
        .locator('label', { has: page.locator('input[data-value="365"]') })
        .click();
      await expect.poll(() => new URL(page.url()).searchParams.get('days')).toBe('365');
      await expectFigures(page, year);
      await page.reload();
      await page.getByTestId('period-figures').waitFor();
      await expectFigures(page, year);
      await screenshot(page, `analytics-dashboard-${lang}-${viewport}`);
      await expectNoSidewaysScroll(page);

      // The heatmap: the user's week, each cell in words, the best slots named.
      const times = (await callAs(stack, user, 'GET', `/api/v1/analytics/best-times?timeZone=${ZONE}`))
        .body as BestTimesResponse;
      expect(times.timeZone).toBe(ZONE);
      const section = page.getByTestId('best-times');
      await section.getByTestId('best-times-content').waitFor();
      expect(await section.getByTestId('best-times-content').getAttribute('data-basis')).toBe(times.basis);
      const rows = section.getByTestId('heatmap-row');
      expect(await rows.count()).toBe(7);
      expect(await rows.first().getAttribute('data-weekday')).toBe(weekStart === 'saturday' ? '6' : '1');
      expect(await rows.first().getByTestId('heatmap-cell').count()).toBe(24);
      expect(visible(await rows.first().locator('th').textContent())).toContain(
        WEEKDAYS[lang][weekStart === 'saturday' ? 6 : 1],
      );
      const best = times.best[0];
      expect(best, 'the answer names at least one best slot').toBeDefined();
      if (best) {
        const hour = `${String(best.hour).padStart(2, '0')}:00`;
        expect(visible(await section.getByTestId('best-slot').first().textContent())).toContain(
          `${WEEKDAYS[lang][best.weekday]} ${hour}`,
        );
        const cell = section.locator(
          `[data-testid="heatmap-row"][data-weekday="${best.weekday}"] [data-testid="heatmap-cell"][data-hour="${best.hour}"]`,
        );
        expect(await cell.getAttribute('data-rank')).toBe('1');
        // The cell says what it holds in words, not by its shade alone.
        expect(visible(await cell.textContent()).length).toBeGreaterThan(3);
      }
      const defaults = section.getByTestId('best-times-defaults');
      expect(await defaults.count()).toBe(times.basis === 'defaults' ? 1 : 0);
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, `analytics-best-times-${lang}-${viewport}`, { fullPage: false });

      // A CSV of the posts with their counters, downloaded as a file.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-posts').click()]);
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      const csv = await readFile(await download.path(), 'utf8');
      const lines = csv
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(lines.length, csv.slice(0, 300)).toBeGreaterThan(1);

      // A top post's own page: its text in its own direction and its chart against the median post.
      const top = year.topPosts[0];
      if (!top) throw new Error('no top post');
      await page.getByTestId('top-post').first().getByTestId('top-post-link').click();
      await expect.poll(() => decodeURIComponent(new URL(page.url()).pathname)).toBe(`/posts/analytics/${top.id}`);
      const expected = (await callAs(stack, user, 'GET', `/api/v1/analytics/posts/${encodeURIComponent(top.id)}`))
        .body as AnalyticsPostResponse;
      const text = page.getByTestId('post-analytics-text');
      await text.waitFor();
      expect(await text.getAttribute('dir')).toBe('auto');
      expect(await text.textContent()).toBe(expected.post.text);
      expect(await page.getByTestId('post-counter-impressions').getAttribute('data-value')).toBe(
        String(expected.post.impressions),
      );
      const chart = page.getByTestId('post-chart');
      expect(Number(await chart.getAttribute('data-points'))).toBeGreaterThan(0);
      expect(await chart.getAttribute('data-median')).toBe(String(expected.median.length > 0));
      await chart.locator('.recharts-line-curve, .recharts-line-dot').first().waitFor();
      // The figure shown changes by keyboard too.
      await chart.getByTestId('post-metric').locator('input[data-value="impressions"]').focus();
      await page.keyboard.press('ArrowDown');
      expect(await chart.getByTestId('post-metric').locator('input[data-value="reactions"]').isChecked()).toBe(true);
      await screenshot(page, `analytics-post-${lang}-${viewport}`);
      await expectNoSidewaysScroll(page);
      await page.context().close();
    });
  }

  it("says an unknown post's error in the interface language, with a way to try again", async () => {
    const user = await fullUser(stack, 'analyst-missing');
    const page = await openPage(browser, `${stack.url}/posts/analytics/no-such-post`, {
      lang: 'ar',
      cookies: [user.session.browserCookie],
      timezoneId: ZONE,
    });
    const error = page.getByTestId('load-error-text');
    await error.waitFor();
    expect(await error.textContent()).toContain('لم نجد هذا المنشور');
    await page.getByTestId('load-error').getByRole('button').waitFor();
    await page.context().close();
  });

  it("shows the sandbox company page's own figures once it is added, each marked as invented", async () => {
    const user = await fullUser(stack, 'page-analyst');
    const listed = await callAs(stack, user, 'GET', '/api/v1/linkedin/pages');
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const [companyPage] = listed.body.data.pages as { organization: string; name: string }[];
    if (!companyPage) throw new Error('the sandbox member administers no page');
    const added = await callAs(stack, user, 'POST', '/api/v1/linkedin/pages', {
      organization: companyPage.organization,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);

    const page = await openPage(browser, `${stack.url}/dashboard?days=30`, {
      lang: 'en',
      cookies: [user.session.browserCookie],
      timezoneId: ZONE,
    });
    await page.getByTestId('analytics-identity').getByText(companyPage.name, { exact: true }).click();
    const figures = page.getByTestId('page-figures');
    await figures.waitFor({ timeout: 30_000 });
    const answer = await callAs(
      stack,
      user,
      'GET',
      `/api/v1/analytics/page?organization=${encodeURIComponent(companyPage.organization)}&days=30`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.state).toBe('read');
    for (const id of ['impressions', 'clicks', 'engagement', 'followers', 'followerGrowth']) {
      const card = figures.getByTestId(`stat-page-${id}`);
      expect(await card.getAttribute('data-value'), id).toBe(String(answer.body.cards[id].value));
      expect(await card.getAttribute('data-sample'), id).toBe('true');
    }
    expect(await page.getByTestId('activity-chart').getByTestId('sample-badge').count()).toBe(1);
    await screenshot(page, 'sandbox-page-analytics-en-desktop');
    await page.context().close();
  });
});
