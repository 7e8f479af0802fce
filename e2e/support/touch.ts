/** Touch on a phone-sized page, as a finger sends it: for the calendar's drags. */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** A finger on the page: touch events sent as the phone's screen sends them (CDP), one point at a time. */
export async function fingerOn(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const send = (type: 'touchStart' | 'touchMove' | 'touchEnd', point?: { x: number; y: number }) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: point ? [{ x: point.x, y: point.y }] : [] });
  return {
    down: (point: { x: number; y: number }) => send('touchStart', point),
    /** Moves in small steps, as a finger does (a jump would skip the cells between). */
    async move(from: { x: number; y: number }, to: { x: number; y: number }, steps = 8) {
      for (let i = 1; i <= steps; i++) {
        await send('touchMove', {
          x: from.x + ((to.x - from.x) * i) / steps,
          y: from.y + ((to.y - from.y) * i) / steps,
        });
      }
    },
    up: () => send('touchEnd'),
    /** Down, along and up in one go, as a quick swipe (sent without waiting in between, so no hold comes of it). */
    swipe: (from: { x: number; y: number }, to: { x: number; y: number }, steps = 4) =>
      Promise.all([
        send('touchStart', from),
        ...Array.from({ length: steps }, (_, i) =>
          send('touchMove', {
            x: from.x + ((to.x - from.x) * (i + 1)) / steps,
            y: from.y + ((to.y - from.y) * (i + 1)) / steps,
          }),
        ),
        send('touchEnd'),
      ]),
    detach: () => cdp.detach(),
  };
}

/** The centre of an element, which must be on the screen for a finger to reach it. */
export async function centreOf(page: Page, locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  const screen = page.viewportSize();
  expect(box, 'the element is laid out').not.toBeNull();
  const point = { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 };
  expect(point.y, 'the element is on the screen').toBeGreaterThan(0);
  expect(point.y, 'the element is on the screen').toBeLessThan(screen!.height);
  return point;
}
