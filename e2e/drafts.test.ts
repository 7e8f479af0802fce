/**
 * Drafts, the feed preview and the first comment in a real browser against the whole stack: what
 * is typed in the composer survives a reload and is saved as a server draft, the preview folds
 * the text where the feed does, and a draft opened from the Drafts tab is scheduled with its first
 * comment (and is then gone from the drafts).
 */
import { randomUUID } from 'node:crypto';
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from './support/browser';
import { callAs, fullUser, type StackUser } from './support/full-user';
import { pickScheduleDate, pickScheduleTime } from './support/schedule-fields';

let stack: Stack;
let browser: Browser;

const OFFLINE_WRITER = { AI_PROVIDER: 'offline' };

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startStack({
      services: ['auth', 'linkedin', 'posts', 'content', 'ai'],
      workers: ['auth', 'linkedin', 'posts'],
      env: { ai: OFFLINE_WRITER },
    }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const open = (user: StackUser, path: string): Promise<Page> =>
  openPage(browser, `${stack.url}${path}`, { lang: 'en', viewport: 'desktop', cookies: [user.session.browserCookie] });

/** The browser's date some days from now, as a date input takes it. */
const browserDay = (page: Page, days: number) =>
  page.evaluate((offset) => {
    const d = new Date(Date.now() + offset * 86_400_000);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  }, days);

describe('drafts and the feed preview', () => {
  it('keeps the typed post across a reload, saves it as a draft, previews the fold, and schedules it from Drafts', async () => {
    const user = await fullUser(stack, 'drafter');
    const page = await open(user, '/generate-post');
    const composer = page.getByTestId('composer-page');
    await composer.waitFor();

    const marker = randomUUID().slice(0, 8);
    const text = [
      `Five things I learned hiring engineers ${marker}`,
      'First: write the job down before you look for people. #hiring',
      'Second: ask for work, not for words. More at https://example.com/hiring',
      'Third: decide fast, because the best people are gone in a week and the slow process loses them every time.',
    ].join('\n');
    await composer.getByTestId('composer-text').fill(text);
    await composer.getByTestId('first-comment').fill('Sources: https://example.com/sources');

    // The preview folds after three lines, styles hashtags and links, and keeps the direction of the text.
    const preview = composer.getByTestId('feed-preview');
    const previewText = preview.getByTestId('preview-text');
    await expect.poll(() => previewText.getAttribute('data-folded')).toBe('true');
    expect(await previewText.getAttribute('dir')).toBe('auto');
    expect(await previewText.textContent()).not.toContain('Third');
    expect(await preview.getByTestId('preview-hashtag').first().textContent()).toBe('#hiring');
    expect(await preview.getByTestId('preview-link').first().textContent()).toBe('https://example.com/hiring');
    await preview.getByTestId('preview-phone').click();
    expect(await preview.getAttribute('data-device')).toBe('phone');
    await preview.getByTestId('preview-see-more').click();
    expect(await previewText.getAttribute('data-folded')).toBe('false');
    expect(await previewText.textContent()).toContain('Third');
    expect(await preview.getByTestId('preview-first-comment').textContent()).toContain('Sources');

    // Saved on the server after a pause in typing, and said so.
    await expect
      .poll(() => composer.getByTestId('draft-save-state').getAttribute('data-state'), { timeout: 20_000 })
      .toBe('saved');
    const drafts = await callAs(stack, user, 'GET', '/api/v1/drafts');
    expect(drafts.body.data).toEqual([
      expect.objectContaining({ content: text, firstComment: 'Sources: https://example.com/sources' }),
    ]);
    await screenshot(page, 'drafts-composer-en-desktop', { fullPage: false });

    // A reload (or a closed tab) loses nothing, and says the text was kept.
    await page.reload({ waitUntil: 'domcontentloaded' });
    await composer.waitFor();
    await composer.getByTestId('composer-restored').waitFor();
    expect(await composer.getByTestId('composer-text').inputValue()).toBe(text);
    expect(await composer.getByTestId('first-comment').inputValue()).toBe('Sources: https://example.com/sources');

    // The draft is under Drafts; scheduling it keeps the first comment and consumes the draft.
    await page.goto(`${stack.url}/posts?tab=drafts`, { waitUntil: 'domcontentloaded' });
    const card = page.getByTestId('draft-card').filter({ hasText: marker });
    await card.waitFor();
    await screenshot(page, 'drafts-tab-en-desktop');
    await card.getByTestId('draft-schedule').click();
    const dialog = page.getByTestId('schedule-dialog');
    await dialog.waitFor();
    expect(await dialog.getByLabel('Post content').inputValue()).toBe(text);
    expect(await dialog.getByTestId('first-comment').inputValue()).toBe('Sources: https://example.com/sources');
    await dialog.getByTestId('feed-preview').waitFor();
    await pickScheduleDate(dialog, await browserDay(page, 2));
    await pickScheduleTime(dialog, '10:30');
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });

    await page.getByText('No drafts').waitFor();
    expect((await callAs(stack, user, 'GET', '/api/v1/drafts')).body.data).toEqual([]);
    const scheduled = await callAs(stack, user, 'GET', `/linkedln/getScheduledPosts/${user.userId}`);
    expect(scheduled.body.data).toEqual([expect.objectContaining({ content: text, status: 'scheduled' })]);
    const post = await callAs(stack, user, 'GET', `/api/v1/posts/${scheduled.body.data[0].id}`);
    expect(post.body.data).toMatchObject({
      firstComment: 'Sources: https://example.com/sources',
      firstCommentStatus: 'pending',
    });

    // The edit dialog keeps a half-made change across a reload, and saves the new first comment.
    await page.goto(`${stack.url}/posts?tab=scheduled`, { waitUntil: 'domcontentloaded' });
    const scheduledCard = page.getByTestId('scheduled-post').filter({ hasText: marker });
    await scheduledCard.getByTestId('edit-post').click();
    let edit = page.getByTestId('edit-post-dialog');
    expect(await edit.getByTestId('first-comment').inputValue()).toBe('Sources: https://example.com/sources');
    await edit.getByTestId('first-comment').fill('Sources, updated: https://example.com/v2');
    await page.reload({ waitUntil: 'domcontentloaded' });
    await scheduledCard.getByTestId('edit-post').click();
    edit = page.getByTestId('edit-post-dialog');
    expect(await edit.getByTestId('first-comment').inputValue()).toBe('Sources, updated: https://example.com/v2');
    await edit.getByRole('button', { name: 'Update', exact: true }).click();
    await edit.waitFor({ state: 'detached', timeout: 20_000 });
    const edited = await callAs(stack, user, 'GET', `/api/v1/posts/${scheduled.body.data[0].id}`);
    expect(edited.body.data.firstComment).toBe('Sources, updated: https://example.com/v2');
    await page.context().close();
  });

  it('never lets a second tab overwrite a draft silently: the stale save shows the notice, and each choice does what it says', async () => {
    const user = await fullUser(stack, 'two-tabs');
    const marker = randomUUID().slice(0, 8);
    const storedDrafts = async (): Promise<{ id: string; content: string }[]> =>
      (await callAs(stack, user, 'GET', '/api/v1/drafts')).body.data;
    const storedText = async () => (await storedDrafts()).map((d) => d.content).sort();

    // Tab A writes a post; it is saved as a draft.
    const pageA = await open(user, '/generate-post');
    const a = pageA.getByTestId('composer-page');
    await a.waitFor();
    await a.getByTestId('composer-text').fill(`Tab A, first ${marker}`);
    await expect.poll(storedText, { timeout: 20_000 }).toEqual([`Tab A, first ${marker}`]);

    // Tab B (another device) opens that draft from Drafts and changes it.
    const pageB = await open(user, '/posts?tab=drafts');
    await pageB.getByTestId('draft-card').filter({ hasText: marker }).getByTestId('draft-open').click();
    const b = pageB.getByTestId('composer-dialog');
    await b.getByTestId('composer-text').fill(`Tab B, first ${marker}`);
    await expect.poll(storedText, { timeout: 20_000 }).toEqual([`Tab B, first ${marker}`]);

    // Tab A saves from the version it saw: refused, said so, and nothing more is saved from it.
    await a.getByTestId('composer-text').fill(`Tab A, second ${marker}`);
    const notice = a.getByTestId('draft-conflict');
    await notice.waitFor({ timeout: 20_000 });
    expect(await notice.textContent()).toContain('This draft was changed in another tab or device');
    expect(await a.getByTestId('draft-save-state').getAttribute('data-state')).toBe('conflict');
    await a.getByTestId('composer-text').fill(`Tab A, typed on ${marker}`);
    await pageA.waitForTimeout(2_500);
    expect(await storedText()).toEqual([`Tab B, first ${marker}`]);
    await screenshot(pageA, 'drafts-conflict-en-desktop', { fullPage: false });

    // Keep theirs (from the keyboard): the stored text comes into tab A, which saves again from its version.
    await a.getByTestId('draft-conflict-theirs').focus();
    await pageA.keyboard.press('Enter');
    await notice.waitFor({ state: 'detached' });
    expect(await a.getByTestId('composer-text').inputValue()).toBe(`Tab B, first ${marker}`);
    await a.getByTestId('composer-text').fill(`Tab A, after theirs ${marker}`);
    await expect.poll(storedText, { timeout: 20_000 }).toEqual([`Tab A, after theirs ${marker}`]);

    // Now tab B is the stale one. Keep mine: its text is saved over the stored one.
    await b.getByTestId('composer-text').fill(`Tab B, second ${marker}`);
    const noticeB = b.getByTestId('draft-conflict');
    await noticeB.waitFor({ timeout: 20_000 });
    await noticeB.getByTestId('draft-conflict-mine').click();
    await noticeB.waitFor({ state: 'detached' });
    await expect.poll(storedText, { timeout: 20_000 }).toEqual([`Tab B, second ${marker}`]);
    expect(await b.getByTestId('composer-text').inputValue()).toBe(`Tab B, second ${marker}`);

    // Tab A is stale again. Keep both: the stored draft stays, tab A's text becomes a second draft.
    await a.getByTestId('composer-text').fill(`Tab A, third ${marker}`);
    await notice.waitFor({ timeout: 20_000 });
    await a.getByTestId('draft-conflict-both').click();
    await notice.waitFor({ state: 'detached' });
    await expect
      .poll(storedText, { timeout: 20_000 })
      .toEqual([`Tab A, third ${marker}`, `Tab B, second ${marker}`].sort());
    // Tab A goes on with its own new draft, without a conflict.
    await a.getByTestId('composer-text').fill(`Tab A, fourth ${marker}`);
    await expect
      .poll(storedText, { timeout: 20_000 })
      .toEqual([`Tab A, fourth ${marker}`, `Tab B, second ${marker}`].sort());
    expect(await a.getByTestId('draft-conflict').count()).toBe(0);

    await pageA.context().close();
    await pageB.context().close();
  });
});
