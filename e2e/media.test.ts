/**
 * Images on a post in a real browser against the whole stack: three images attached in the
 * composer show in the feed preview's grid, are reordered by keyboard and by dragging, go out with
 * the post, and the sandbox network shows them in its published post, in the order chosen; the
 * schedule dialog opened on its own takes images too (reordered by keyboard in Arabic, the
 * calendar then shows the first one's thumbnail), and the edit dialog changes them.
 */
import { randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { API } from '@nashr/contracts';
import type { Stack } from '@nashr/tools/process-stack';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, screenshot } from './support/browser';
import { callEndpointAs, fullUser, sandboxPostsWith, uploadMedia } from './support/full-user';
import { pickScheduleDate, pickScheduleTime } from './support/schedule-fields';
import { startWithBrowser, stopWithBrowser, WRITING_STACK } from './support/stack';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  ({ stack, browser } = await startWithBrowser(WRITING_STACK));
});

afterAll(() => stopWithBrowser(stack, browser));

/** A small PNG of one colour, written by hand (the browser gets it as a file from disk would). */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('images on a post', () => {
  it('attaches three images, previews them in the feed grid, publishes them, and the sandbox shows them', async () => {
    const user = await fullUser(stack, 'photographer');
    const page = await openPage(browser, `${stack.url}/generate-post`, {
      lang: 'en',
      viewport: 'desktop',
      cookies: [user.session.browserCookie],
    });
    const composer = page.getByTestId('composer-page');
    await composer.waitFor();
    const marker = randomUUID().slice(0, 8);
    await composer.getByTestId('composer-text').fill(`Three pictures from the launch ${marker}`);

    await composer.getByTestId('media-input').setInputFiles([
      { name: 'red.png', mimeType: 'image/png', buffer: png(64, 48, [220, 30, 30]) },
      { name: 'green.png', mimeType: 'image/png', buffer: png(48, 48, [30, 200, 60]) },
      { name: 'blue.png', mimeType: 'image/png', buffer: png(40, 60, [30, 60, 220]) },
    ]);
    const items = composer.getByTestId('media-item');
    await expect.poll(() => items.count(), { timeout: 20_000 }).toBe(3);
    const order = () => items.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-media-id')));
    const uploaded = await order();
    expect(uploaded).toHaveLength(3);

    // The preview lays three images out as the feed does: one large above two.
    const grid = composer.getByTestId('feed-preview').getByTestId('preview-images');
    expect(await grid.getAttribute('data-layout')).toBe('3');
    await expect.poll(() => grid.getByTestId('preview-image').count()).toBe(3);
    await expect
      .poll(() =>
        grid
          .getByTestId('preview-image')
          .evaluateAll((imgs) =>
            imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
          ),
      )
      .toBe(true);

    // The preview shows them in the picker's order (each image's address names its id).
    const previewOrder = () =>
      grid
        .getByTestId('preview-image')
        .evaluateAll((imgs) => imgs.map((img) => /\/media\/([^/]+)/.exec(img.getAttribute('src') ?? '')?.[1]));
    expect(await previewOrder()).toEqual(uploaded);

    // Reordered by keyboard: the first image picked up with Space, moved one place on with the
    // arrow pointing that way (right, in English), dropped with Space; each step is announced.
    const handles = composer.getByTestId('media-handle');
    const announced = page.locator('[id^="DndLiveRegion"]');
    await handles.first().focus();
    await page.keyboard.press('Space');
    await expect.poll(() => announced.textContent()).toContain('Picked up image 1. It is in position 1 of 3.');
    // The sensor starts listening for arrows a moment after the pick-up is announced: on a busy
    // machine the first press can come before it, so press again while nothing has moved (at most
    // once a second, so that a slow announcement is not taken for a lost press).
    let pressedAt = 0;
    await expect
      .poll(
        async () => {
          const said = (await announced.textContent()) ?? '';
          if (said.includes('Picked up image 1') && Date.now() - pressedAt > 1000) {
            pressedAt = Date.now();
            await page.keyboard.press('ArrowRight');
          }
          return said;
        },
        { timeout: 20_000 },
      )
      .toContain('Image 1 is over position 2 of 3.');
    await page.keyboard.press('Space');
    await expect.poll(() => announced.textContent()).toContain('Image 1 dropped in position 2 of 3.');
    await expect.poll(order).toEqual([uploaded[1], uploaded[0], uploaded[2]]);
    await expect.poll(previewOrder).toEqual([uploaded[1], uploaded[0], uploaded[2]]);

    // And by mouse: the last image dragged onto the first one's place.
    const centre = async (index: number) => {
      const box = await handles.nth(index).boundingBox();
      if (!box) throw new Error(`image ${index + 1} is not on the screen`);
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    };
    const [from, to] = [await centre(2), await centre(0)];
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x - 10, from.y, { steps: 3 });
    await expect.poll(() => items.nth(2).getAttribute('data-dragging')).toBe('true');
    await page.mouse.move(to.x, to.y, { steps: 12 });
    await page.mouse.up();
    await expect.poll(order).toEqual([uploaded[2], uploaded[1], uploaded[0]]);
    await expect.poll(previewOrder).toEqual([uploaded[2], uploaded[1], uploaded[0]]);

    // A file that is not an image is refused with its reason, beside the others.
    await composer
      .getByTestId('media-input')
      .setInputFiles([
        { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text, not a picture at all') },
      ]);
    const refused = composer.getByTestId('media-error');
    await refused.waitFor();
    expect(await refused.textContent()).toContain('not a JPEG, PNG, GIF or WebP image');
    expect(await items.count()).toBe(3);

    await screenshot(page, 'media-composer-en-desktop');
    await composer.getByTestId('composer-post').click();
    await page.getByTestId('publish-confirm-post').click();

    // Published once, with the images in the chosen order, on the sandbox network.
    await expect.poll(() => sandboxPostsWith(stack, user, marker), { timeout: 30_000, interval: 250 }).toHaveLength(1);

    await page.goto(`${stack.url}/posts?tab=published`, { waitUntil: 'domcontentloaded' });
    const card = page.getByTestId('published-post').filter({ hasText: marker });
    await card.waitFor({ timeout: 20_000 });
    const images = card.getByTestId('post-image');
    await expect.poll(() => images.count()).toBe(3);
    await expect
      .poll(() =>
        images.evaluateAll((imgs) =>
          imgs.map((img) => {
            const image = img as HTMLImageElement;
            return image.complete ? `${image.naturalWidth}x${image.naturalHeight}` : 'loading';
          }),
        ),
      )
      // The blue one first now, then the green one, then the red one, as their sizes say.
      .toEqual(['40x60', '48x48', '64x48']);
    await screenshot(page, 'media-published-en-desktop', { fullPage: false });
    await page.context().close();
  });

  it('shows a scheduled post’s images on its card, and the edit dialog removes one', async () => {
    const user = await fullUser(stack, 'editor');
    const upload = (buffer: Buffer) => uploadMedia(stack, user, buffer, 'image/png');
    const ids = [await upload(png(30, 30, [200, 0, 0])), await upload(png(30, 30, [0, 0, 200]))];
    const marker = randomUUID().slice(0, 8);
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const scheduled = await callEndpointAs(stack, user, API.posts.schedule, {
      body: {
        userId: user.userId,
        content: `Two pictures, later ${marker}`,
        date: day,
        time: '10:00 AM',
        status: 'scheduled',
        timeZone: 'UTC',
        mediaIds: ids,
      },
    });
    expect(scheduled.status).toBe(201);
    const postId = scheduled.body.data.id as string;

    const page = await openPage(browser, `${stack.url}/posts?tab=scheduled`, {
      lang: 'en',
      viewport: 'desktop',
      cookies: [user.session.browserCookie],
    });
    const card = page.getByTestId('scheduled-post').filter({ hasText: marker });
    await card.waitFor({ timeout: 20_000 });
    await expect.poll(() => card.getByTestId('post-image').count()).toBe(2);

    await card.getByTestId('edit-post').click();
    const edit = page.getByTestId('edit-post-dialog');
    await expect.poll(() => edit.getByTestId('media-item').count()).toBe(2);
    expect(await edit.getByTestId('preview-images').getAttribute('data-layout')).toBe('2');
    await edit.getByRole('button', { name: 'Remove image 1' }).click();
    await expect.poll(() => edit.getByTestId('media-item').count()).toBe(1);
    await edit.getByRole('button', { name: 'Update', exact: true }).click();
    await edit.waitFor({ state: 'detached', timeout: 20_000 });
    await expect
      .poll(async () =>
        (await callEndpointAs(stack, user, API.posts.get, { params: { id: postId } })).body.data.media.map(
          (m: { id: string }) => m.id,
        ),
      )
      .toEqual([ids[1]]);
    await expect.poll(() => card.getByTestId('post-image').count()).toBe(1);
    await page.context().close();
  });
  it('schedules a post with an image from the schedule dialog opened on its own (Arabic, phone)', async () => {
    const user = await fullUser(stack, 'planner');
    const page = await openPage(browser, `${stack.url}/posts`, {
      lang: 'ar',
      viewport: 'phone',
      cookies: [user.session.browserCookie],
    });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('button', { name: 'جدولة منشور', exact: true }).click();
    const dialog = page.getByTestId('schedule-dialog');
    await dialog.waitFor();
    const marker = randomUUID().slice(0, 8);
    await dialog.getByLabel('نص المنشور').fill(`صورة من ورشة العمل ${marker}`);
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await pickScheduleDate(dialog, day);
    await pickScheduleTime(dialog, '10:00');
    await dialog.getByTestId('media-input').setInputFiles([
      { name: 'workshop.png', mimeType: 'image/png', buffer: png(50, 40, [240, 160, 20]) },
      { name: 'team.png', mimeType: 'image/png', buffer: png(30, 36, [20, 120, 200]) },
    ]);
    const items = dialog.getByTestId('media-item');
    await expect.poll(() => items.count(), { timeout: 20_000 }).toBe(2);
    expect(await dialog.getByTestId('preview-images').getAttribute('data-layout')).toBe('2');
    const order = () => items.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-media-id')));
    const uploaded = await order();

    // Right to left: the arrow pointing left moves the first image to the second place, as drawn.
    const announced = page.locator('[id^="DndLiveRegion"]');
    await dialog.getByTestId('media-handle').first().focus();
    await page.keyboard.press('Space');
    await expect.poll(() => announced.textContent()).toMatch(/التُقطت الصورة [1١]، وهي في الموضع [1١] من [2٢]\./);
    // The sensor starts listening for arrows a moment after the pick-up is announced: on a busy
    // machine the first press can come before it, so press again until the move is announced
    // (with two images, a further press leaves the image in the last place).
    const moved = /الصورة [1١] الآن فوق الموضع [2٢] من [2٢]\./;
    await expect
      .poll(async () => {
        const said = (await announced.textContent()) ?? '';
        if (!moved.test(said)) await page.keyboard.press('ArrowLeft');
        return said;
      })
      .toMatch(moved);
    await page.keyboard.press('Space');
    await expect.poll(() => announced.textContent()).toMatch(/أُفلتت الصورة [1١] في الموضع [2٢] من [2٢]\./);
    await expect.poll(order).toEqual([uploaded[1], uploaded[0]]);
    const schedule = dialog.getByRole('button', { name: 'جدولة', exact: true });
    await expect.poll(() => schedule.isEnabled()).toBe(true);
    await schedule.click();
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });

    const card = page.getByTestId('scheduled-post').filter({ hasText: marker });
    await card.waitFor({ timeout: 20_000 });
    await expect.poll(() => card.getByTestId('post-image').count()).toBe(2);
    const listed = await callEndpointAs(stack, user, API.posts.list, { query: { status: 'scheduled' } });
    const post = listed.body.data.find((p: { content: string }) => p.content.includes(marker));
    expect(post?.media.map((m: { id: string }) => m.id)).toEqual([uploaded[1], uploaded[0]]);
    expect(post?.media[0]).toMatchObject({ contentType: 'image/png', width: 30, height: 36 });

    // The calendar's cell for that day shows the first image's thumbnail, loaded, inside the cell.
    const calendar = page.getByTestId('posts-calendar');
    if ((await calendar.getAttribute('data-month')) !== day.slice(0, 7)) {
      await page.getByTestId('calendar-next').click();
    }
    const cell = calendar.locator(`button[data-date="${day}"]`);
    const thumbnail = cell.getByTestId('calendar-thumbnail');
    await thumbnail.scrollIntoViewIfNeeded();
    await expect.poll(() => thumbnail.getAttribute('data-media-id'), { timeout: 20_000 }).toBe(uploaded[1]);
    expect(await thumbnail.getAttribute('alt')).toContain('الصورة الأولى لمنشور يوم');
    await expect
      .poll(() =>
        thumbnail.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    const [cellBox, imageBox] = [await cell.boundingBox(), await thumbnail.boundingBox()];
    expect(imageBox && cellBox && imageBox.width < cellBox.width / 2).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'media-calendar-ar-phone', { fullPage: false });
    await page.context().close();
  });
});
