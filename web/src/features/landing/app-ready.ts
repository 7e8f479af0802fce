/**
 * Said once the landing page's React is running (hydrated over the server's HTML, or rendered):
 * `public/landing-boot.js` then presses again a button pressed before it was, and browser tests
 * wait for it before using the page's buttons.
 */
export const APP_READY_EVENT = 'nashr:app-ready';

export function markAppReady(): void {
  document.documentElement.dataset.app = 'ready';
  window.dispatchEvent(new Event(APP_READY_EVENT));
}
