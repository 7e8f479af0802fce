/**
 * The writing library in a real browser against the whole stack: in Arabic, a hook found by a word
 * of it fills the composer when used; in English, the templates filtered by type are the ones of
 * that type, a search that finds nothing says so, and a used template fills the composer. The
 * inspiration library (its seeded posts): in Arabic, a post found by another form of its word is
 * saved among the favourites and 'Write a post like this' asks for the user's topic, then has the AI
 * write on it in the post's structure, never putting an instruction in the post box. The admin's
 * editor of the inspiration library says beside each field what is missing, in both languages, and
 * sends nothing until it is written.
 */
import type { Stack } from '@nashr/tools/process-stack';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage } from './support/browser';
import { fullUser, signedInUser } from './support/full-user';
import { startWithBrowser, stopWithBrowser, WRITING_STACK } from './support/stack';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  ({ stack, browser } = await startWithBrowser(WRITING_STACK));
});

afterAll(() => stopWithBrowser(stack, browser));

describe('hooks and templates', () => {
  it('in Arabic: finds a hook by a word and fills the composer with it', async () => {
    const user = await fullUser(stack, 'hooks-ar');
    const page = await openPage(browser, `${stack.url}/hooks`, { lang: 'ar', cookies: [user.session.browserCookie] });
    await page.getByTestId('screen-hooks').waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await expect.poll(() => page.getByTestId('hook-item').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(100);

    // Typed without the hamza the hook's text has: the search forgives it.
    await page.getByTestId('writing-search').fill('اغلقت مشروعي');
    const found = page.getByTestId('hook-item');
    await expect.poll(() => found.count()).toBe(1);
    const text = (await found.first().locator('p').first().textContent())?.trim() ?? '';
    expect(text).toContain('أغلقتُ مشروعي الأول');
    await found.first().getByTestId('writing-use').click();

    const dialog = page.getByTestId('composer-dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.getByTestId('composer-text').inputValue()).toBe(text);
  });

  it('in English: filters templates by type, says when nothing matches, and fills the composer with one', async () => {
    const user = await fullUser(stack, 'hooks-en');
    const page = await openPage(browser, `${stack.url}/hooks`, { lang: 'en', cookies: [user.session.browserCookie] });
    await page.getByTestId('screen-hooks').waitFor();
    await page.getByTestId('writing-tab-templates').click();
    await expect.poll(() => page.getByTestId('template-item').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(30);

    await page.getByTestId('writing-kind').selectOption('contrarian');
    const items = page.getByTestId('template-item');
    await expect.poll(() => items.count()).toBe(3);
    const tags = await items.evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ''));
    for (const tag of tags) expect(tag).toContain('Contrarian take');

    await page.getByTestId('writing-search').fill('zzzz-nothing-like-this');
    await page.getByTestId('empty-state').waitFor();
    await page.getByTestId('empty-state').getByRole('button').click();
    await expect.poll(() => items.count()).toBeGreaterThanOrEqual(30);

    await page.getByTestId('writing-kind').selectOption('milestone');
    await page.getByTestId('writing-search').fill('anniversary');
    await expect.poll(() => items.count()).toBe(1);
    await items.first().getByTestId('writing-use').click();
    const dialog = page.getByTestId('composer-dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.getByTestId('composer-text').inputValue()).toContain('years ago today');
  });
});

describe('the inspiration library', () => {
  it('in Arabic: finds a post by another form of a word, saves it, and writes a post like it', async () => {
    const user = await fullUser(stack, 'inspiration-ar');
    const page = await openPage(browser, `${stack.url}/inspiration`, {
      lang: 'ar',
      cookies: [user.session.browserCookie],
    });
    await page.getByTestId('screen-inspiration').waitFor();
    const posts = page.getByTestId('library-post');
    await expect.poll(() => posts.count(), { timeout: 20_000 }).toBeGreaterThan(10);

    // «المشروع» appears nowhere in the post: it says «مشروعنا» and «المشاريع».
    await page.getByTestId('library-search').fill('المشروع');
    const found = posts.filter({ hasText: 'بدأنا مشروعنا' });
    await expect.poll(() => found.count(), { timeout: 15_000 }).toBe(1);
    expect(await found.getByTestId('library-post-body').textContent()).not.toContain('المشروع');

    const heart = found.getByTestId('library-favourite');
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('library-search').fill('');
    await page.getByTestId('library-favourites-only').check();
    await expect.poll(() => posts.count()).toBe(1);
    expect(await posts.first().textContent()).toContain('بدأنا مشروعنا');

    // It asks for the user's topic first; nothing typed, it says so and opens nothing.
    await posts.first().getByTestId('library-like-this').click();
    const ask = page.getByTestId('like-this-dialog');
    await ask.waitFor();
    const topicField = ask.getByTestId('like-this-topic');
    await topicField.press('Enter');
    await ask.getByRole('alert').waitFor();
    expect(await page.getByTestId('composer-dialog').count()).toBe(0);
    await topicField.fill('ما تعلمته من وظيفتي الأولى');
    await topicField.press('Enter');

    // The AI writes on that topic; the post box never holds an instruction to the AI, only
    // nothing (while it writes) and then the AI's post.
    const dialog = page.getByTestId('composer-dialog');
    await dialog.waitFor();
    const composer = dialog.getByTestId('composer');
    const box = dialog.getByTestId('composer-text');
    const seen = [await box.inputValue()];
    await expect
      .poll(
        async () => {
          seen.push(await box.inputValue());
          return (
            (await composer.getAttribute('data-mode')) === 'draft' &&
            (await composer.getAttribute('aria-busy')) !== 'true'
          );
        },
        { timeout: 20_000, interval: 50 },
      )
      .toBe(true);
    for (const text of seen) {
      expect(text).not.toMatch(/بنية|البنية|اكتب منشورًا/);
      expect(text).not.toContain('مشروعنا');
    }
    expect(seen.at(-1)).toContain('ما تعلمته من وظيفتي الأولى');
    expect(await composer.getAttribute('data-mode')).toBe('draft');
  });

  it('says so when a search finds nothing, and answers operators and long searches without failing', async () => {
    const user = await fullUser(stack, 'inspiration-en');
    const page = await openPage(browser, `${stack.url}/inspiration`, {
      lang: 'en',
      cookies: [user.session.browserCookie],
    });
    await page.getByTestId('screen-inspiration').waitFor();
    await page.getByTestId('library-search').fill('"hiring" -!:* & (');
    await expect.poll(() => page.getByTestId('library-post').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.getByTestId('library-search').fill('qwertyuiopasdf');
    await page.getByTestId('empty-state').waitFor();
  });
});

describe("the inspiration library's editor", () => {
  it('says beside each field what is missing, in Arabic and English, and sends nothing until it is written', async () => {
    const admin = await signedInUser(stack, 'library-admin', ['user', 'admin']);
    const sent: string[] = [];
    for (const lang of ['ar', 'en'] as const) {
      const page = await openPage(browser, `${stack.url}/admin/dashboard`, {
        lang,
        cookies: [admin.session.browserCookie],
      });
      page.on('request', (request) => {
        if (request.method() !== 'GET' && request.url().includes('/api/v1/library/admin/posts')) sent.push(lang);
      });
      const editor = page.getByTestId('library-editor');
      await editor.getByTestId('library-editor-add').click();
      const form = editor.getByTestId('library-editor-form');
      // Only spaces: the service would refuse them once trimmed.
      await form.getByTestId('library-editor-author').fill('   ');
      await form.getByTestId('library-editor-body').fill('   ');
      await form.getByTestId('library-editor-save').click();

      const authorProblem = form.getByTestId('library-editor-author-problem');
      const bodyProblem = form.getByTestId('library-editor-body-problem');
      await authorProblem.waitFor();
      expect(await authorProblem.textContent()).toBe(lang === 'ar' ? 'يلزم اسم الكاتب.' : "Type the author's name.");
      expect(await bodyProblem.textContent()).toBe(lang === 'ar' ? 'يلزم نص المنشور.' : "Type the post's text.");
      const author = form.getByTestId('library-editor-author');
      expect(await author.getAttribute('aria-invalid')).toBe('true');
      expect(await author.getAttribute('aria-describedby')).toBe(await authorProblem.getAttribute('id'));
      expect(await form.getByTestId('library-editor-body').getAttribute('aria-invalid')).toBe('true');
      expect(sent).toEqual([]);
      await page.close();
    }
  });
});
