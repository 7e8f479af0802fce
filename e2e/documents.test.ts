/**
 * A PDF document on a post in a real browser against the whole stack: picked in the composer,
 * given its title, previewed as the feed's carousel (first page, title, page count, pages turned
 * by button and by arrow key), published, and shown once by the sandbox network.
 */
import { randomUUID } from 'node:crypto';
import { API } from '@nashr/contracts';
import type { Stack } from '@nashr/tools/process-stack';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, screenshot } from './support/browser';
import { callEndpointAs, fullUser, sandboxPostsWith, uploadMedia } from './support/full-user';
import { startWithBrowser, stopWithBrowser, WRITING_STACK } from './support/stack';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  ({ stack, browser } = await startWithBrowser(WRITING_STACK));
});

afterAll(() => stopWithBrowser(stack, browser));

/** A three-slide carousel, each slide its own colour and number. */
async function slides(): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.HelveticaBold);
  const colours = [rgb(0.8, 0.1, 0.1), rgb(0.1, 0.6, 0.2), rgb(0.1, 0.2, 0.8)];
  for (const [index, colour] of colours.entries()) {
    const page = document.addPage([540, 675]);
    page.drawRectangle({ x: 0, y: 0, width: 540, height: 675, color: colour });
    page.drawText(`Slide ${index + 1}`, { x: 40, y: 580, size: 56, font, color: rgb(1, 1, 1) });
  }
  return Buffer.from(await document.save());
}

describe('a document on a post', () => {
  it('attaches a PDF with its title, pages through it in the preview, publishes it once to the sandbox', async () => {
    const user = await fullUser(stack, 'carousel');
    const page = await openPage(browser, `${stack.url}/generate-post`, {
      lang: 'en',
      viewport: 'desktop',
      cookies: [user.session.browserCookie],
    });
    const composer = page.getByTestId('composer-page');
    await composer.waitFor();
    const marker = randomUUID().slice(0, 8);
    await composer.getByTestId('composer-text').fill(`Our hiring guide, slide by slide ${marker}`);

    await composer
      .getByTestId('media-input')
      .setInputFiles([{ name: 'hiring-guide.pdf', mimeType: 'application/pdf', buffer: await slides() }]);
    // The title starts as the file's name, and the writer makes it the feed's.
    const title = composer.getByTestId('document-title-input');
    await title.waitFor();
    expect(await title.inputValue()).toBe('hiring guide');
    await title.fill('How we hire');
    await composer.getByTestId('document-title-submit').click();
    const attached = composer.getByTestId('document-attached');
    await attached.waitFor({ timeout: 20_000 });
    expect(await attached.getByTestId('document-pages').textContent()).toBe('3 pages');
    // Images cannot join a document.
    expect(await composer.getByTestId('media-add').isDisabled()).toBe(true);

    // The preview shows the document as the feed does: its title, its page count, page one drawn.
    const carousel = composer.getByTestId('feed-preview').getByTestId('document-carousel');
    await carousel.waitFor();
    expect(await carousel.getByTestId('document-carousel-title').textContent()).toBe('How we hire');
    expect(await carousel.getByTestId('document-carousel-pages').textContent()).toBe('3 pages');
    const drawn = () => carousel.getByTestId('document-page').getAttribute('data-page');
    await expect.poll(drawn, { timeout: 20_000 }).toBe('1');
    const status = carousel.getByTestId('document-page-status');
    expect(await status.textContent()).toBe('Page 1 of 3');
    await carousel.getByTestId('document-next').click();
    await expect.poll(drawn, { timeout: 10_000 }).toBe('2');
    // The arrow keys turn the pages of the focused carousel.
    await carousel.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(drawn, { timeout: 10_000 }).toBe('3');
    expect(await status.textContent()).toBe('Page 3 of 3');
    await page.keyboard.press('Home');
    await expect.poll(drawn, { timeout: 10_000 }).toBe('1');
    // Page one is red, as the slide is.
    const pixel = await carousel
      .getByTestId('document-page')
      .evaluate((canvas) =>
        Array.from((canvas as HTMLCanvasElement).getContext('2d')?.getImageData(5, 5, 1, 1).data ?? []),
      );
    expect(pixel[0]).toBeGreaterThan(150);
    expect(pixel[2]).toBeLessThan(80);
    await screenshot(page, 'document-composer-en-desktop');

    await composer.getByTestId('composer-post').click();
    await page.getByTestId('publish-confirm-post').click();

    // Published once, with its document, on the sandbox network.
    await expect.poll(() => sandboxPostsWith(stack, user, marker), { timeout: 30_000, interval: 250 }).toHaveLength(1);

    await page.goto(`${stack.url}/posts?tab=published`, { waitUntil: 'domcontentloaded' });
    const card = page.getByTestId('published-post').filter({ hasText: marker });
    await card.waitFor({ timeout: 20_000 });
    const shown = card.getByTestId('document-carousel');
    await shown.waitFor();
    expect(await shown.getByTestId('document-carousel-title').textContent()).toBe('How we hire');
    await expect
      .poll(() => shown.getByTestId('document-page').getAttribute('data-page'), { timeout: 20_000 })
      .toBe('1');
    expect(await shown.getByTestId('document-carousel-pages').textContent()).toBe('3 pages');
    await screenshot(page, 'document-published-en-desktop', { fullPage: false });
    await page.context().close();
  });

  it('reads in Arabic on a phone: the left arrow key turns to the next page', async () => {
    const user = await fullUser(stack, 'carousel-ar');
    const page = await openPage(browser, `${stack.url}/generate-post`, {
      lang: 'ar',
      viewport: 'phone',
      cookies: [user.session.browserCookie],
    });
    const composer = page.getByTestId('composer-page');
    await composer.waitFor();
    await composer.getByTestId('composer-text').fill('دليل التوظيف، شريحة شريحة');
    await composer
      .getByTestId('media-input')
      .setInputFiles([{ name: 'guide.pdf', mimeType: 'application/pdf', buffer: await slides() }]);
    await composer.getByTestId('document-title-input').fill('كيف نوظّف');
    await composer.getByTestId('document-title-submit').click();
    await composer.getByTestId('document-attached').waitFor({ timeout: 20_000 });
    expect(await composer.getByTestId('document-attached').getByTestId('document-pages').textContent()).toBe('3 صفحات');
    const carousel = composer.getByTestId('feed-preview').getByTestId('document-carousel');
    const drawn = () => carousel.getByTestId('document-page').getAttribute('data-page');
    await expect.poll(drawn, { timeout: 20_000 }).toBe('1');
    await carousel.focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(drawn, { timeout: 10_000 }).toBe('2');
    expect(await carousel.getByTestId('document-page-status').textContent()).toBe('الصفحة 2 من 3');
    await screenshot(page, 'document-composer-ar-phone');
    await page.context().close();
  });

  it('shows a scheduled post’s document on its card, in the calendar and in its edit dialog', async () => {
    const user = await fullUser(stack, 'carousel-later');
    const documentId = await uploadMedia(stack, user, await slides(), 'application/pdf', 'Quarterly review');
    const marker = randomUUID().slice(0, 8);
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const scheduled = await callEndpointAs(stack, user, API.posts.schedule, {
      body: {
        userId: user.userId,
        content: `The quarter in slides ${marker}`,
        date: day,
        time: '10:00 AM',
        status: 'scheduled',
        timeZone: 'UTC',
        mediaIds: [documentId],
      },
    });
    expect(scheduled.status).toBe(201);

    const page = await openPage(browser, `${stack.url}/posts?tab=scheduled`, {
      lang: 'en',
      viewport: 'desktop',
      cookies: [user.session.browserCookie],
    });
    const card = page.getByTestId('scheduled-post').filter({ hasText: marker });
    await card.waitFor({ timeout: 20_000 });
    const shown = card.getByTestId('post-document');
    await shown.waitFor();
    expect(await shown.getByTestId('document-title').textContent()).toBe('Quarterly review');
    expect(await shown.getByTestId('document-pages').textContent()).toBe('3 pages');
    await expect
      .poll(() => shown.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);

    // The calendar's cell for that day shows the document's first page, named as such.
    const calendar = page.getByTestId('posts-calendar');
    if ((await calendar.getAttribute('data-month')) !== day.slice(0, 7)) {
      await page.getByTestId('calendar-next').click();
    }
    const thumbnail = calendar.locator(`button[data-date="${day}"]`).getByTestId('calendar-thumbnail');
    await expect.poll(() => thumbnail.getAttribute('data-media-id'), { timeout: 20_000 }).toBe(documentId);
    expect(await thumbnail.getAttribute('alt')).toContain('First page of the document “Quarterly review”');
    await expect
      .poll(() =>
        thumbnail.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);

    await card.getByTestId('edit-post').click();
    const edit = page.getByTestId('edit-post-dialog');
    await edit.getByTestId('document-attached').waitFor();
    await edit.getByTestId('document-carousel').waitFor();
    await screenshot(page, 'document-scheduled-en-desktop', { fullPage: false });
    await page.context().close();
  });
});
