/**
 * Engage's autopilot as a user meets it, against the built stack with the sandbox network: on
 * Starter, following two sandbox creators, the user reads the warning about the network's terms
 * and the limits, turns autopilot on with a cap of 2 for both people, and sees exactly two
 * comments appear in the history marked as sent by autopilot, then the day's cap reached. The
 * same screen in Arabic on a phone, right to left. The spacing is shortened to 3 seconds.
 */
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser } from 'playwright-core';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from './support/browser';
import { callAs, fullUser } from './support/full-user';
import { startTrial, takeStarter } from './support/plans';
import { pickScheduleTime } from './support/schedule-fields';

let stack: Stack;
let browser: Browser;
const POLL = { timeout: 60_000, interval: 250 };
const SPACING = { ENGAGE_AUTOPILOT_MIN_SPACING_MINUTES: '0.05' };

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startStack({
      services: ['auth', 'linkedin', 'posts', 'billing', 'engage', 'content', 'ai'],
      workers: ['auth', 'posts', 'billing', 'engage', 'ai'],
      env: { engage: SPACING, 'engage-worker': SPACING },
    }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('engage autopilot', () => {
  it('sends exactly the cap of comments by itself, marked as autopilot, under the terms warning', async () => {
    const user = await fullUser(stack, 'autopilot');
    await startTrial(stack, user);
    await takeStarter(stack, user);
    for (const handle of ['emma-carter', 'liam-patel']) {
      const followed = await callAs(stack, user, 'POST', '/api/v1/engage/people', {
        profileUrl: `https://www.linkedin.com/in/${handle}/`,
      });
      expect(followed.status).toBe(201);
    }
    // Their posts and suggestions are prepared in the background.
    await expect
      .poll(async () => {
        const posts = (await callAs(stack, user, 'GET', '/api/v1/engage/feed?lang=en')).body.posts ?? [];
        return posts.length > 2 && posts.every((p: { suggestions: unknown }) => p.suggestions !== null);
      }, POLL)
      .toBe(true);

    const page = await openPage(browser, `${stack.url}/engage`, {
      lang: 'en',
      timezoneId: 'UTC',
      cookies: [user.session.browserCookie],
    });
    const panel = page.getByTestId('autopilot');
    await panel.getByRole('heading', { level: 2, name: 'Autopilot' }).waitFor();
    await panel.getByTestId('autopilot-status').getByText('Autopilot is off.', { exact: false }).waitFor();
    const warning = panel.getByTestId('autopilot-warning');
    await warning.getByText("Automated activity can break LinkedIn's User Agreement", { exact: false }).waitFor();
    await warning.getByText('No more than 25 comments a day', { exact: false }).waitFor();
    await warning.getByText('At least 0.05 minutes between two comments', { exact: false }).waitFor();
    await panel.getByTestId('autopilot-rule').getByText('“A question” suggestion', { exact: false }).waitFor();

    await panel.getByTestId('autopilot-enabled').check();
    await panel.getByLabel('Emma Carter').check();
    await panel.getByLabel('Liam Patel').check();
    // A cap over the limit is refused in the service's words before anything is sent.
    let saves = 0;
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().endsWith('/api/v1/engage/autopilot')) saves += 1;
    });
    await panel.getByTestId('autopilot-cap').fill('99');
    await panel.getByTestId('autopilot-save').click();
    await panel.getByTestId('autopilot-error').getByText('The daily cap must be between 1 and 25 comments.').waitFor();
    expect(saves).toBe(0);
    await panel.getByTestId('autopilot-cap').fill('2');
    // All day, so the test does not depend on the hour it runs at.
    await pickScheduleTime(panel, '00:00', 'autopilot-start');
    await pickScheduleTime(panel, '23:59', 'autopilot-end');
    expect(await panel.getByTestId('autopilot-zone').inputValue()).toBe('UTC');
    await panel.getByTestId('autopilot-save').click();

    const history = page.getByTestId('engage-history');
    await expect.poll(async () => history.getByTestId('engage-history-autopilot').count(), POLL).toBe(2);
    await history.getByText('Sent by autopilot').first().waitFor();
    await panel
      .getByTestId('autopilot-status')
      .getByText("Today's comments are all sent", { exact: false })
      .waitFor(POLL);
    await panel.getByTestId('autopilot-sent-today').getByText('Sent today: 2 of 2').waitFor();
    await screenshot(page, 'engage-autopilot-en-desktop');

    const sent = (await callAs(stack, user, 'GET', '/api/v1/engage/comments')).body.comments;
    expect(sent).toHaveLength(2);
    expect(sent.every((c: { origin: string; status: string }) => c.origin === 'autopilot' && c.status === 'sent')).toBe(
      true,
    );
    const sql = postgres(stack.databaseUrl, { max: 1 });
    try {
      const rows = await sql`select post_id from engage.sandbox_comments where user_id = ${user.userId}`;
      expect(rows).toHaveLength(2);
      expect(new Set(rows.map((r) => r.post_id)).size).toBe(2);
    } finally {
      await sql.end();
    }
    await page.context().close();

    // In Arabic on a phone: the same warning, limits and marks, right to left.
    const phone = await openPage(browser, `${stack.url}/engage`, {
      lang: 'ar',
      viewport: 'phone',
      timezoneId: 'UTC',
      cookies: [user.session.browserCookie],
    });
    await phone.getByRole('heading', { level: 2, name: 'الوضع التلقائي' }).waitFor();
    expect(await phone.locator('html').getAttribute('dir')).toBe('rtl');
    const arabic = phone.getByTestId('autopilot-warning');
    await arabic.getByText('قد يخالف النشاط الآلي اتفاقية مستخدم لينكدإن', { exact: false }).waitFor();
    await arabic.getByText('لا يتجاوز 25 تعليقًا في اليوم', { exact: false }).waitFor();
    await phone.getByTestId('autopilot-status').getByText('أُرسلت تعليقات اليوم كلها', { exact: false }).waitFor();
    await expect.poll(async () => phone.getByTestId('engage-history').getByText('أُرسل تلقائيًا').count(), POLL).toBe(2);
    await screenshot(phone, 'engage-autopilot-ar-phone');
    await phone.context().close();
  });
});
