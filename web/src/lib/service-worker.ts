import { useSyncExternalStore } from 'react';

/**
 * The installable app's service worker (src/service-worker/service-worker.ts, built as /sw.js):
 * registered once the page has loaded, so it never competes with the first screen. A new build
 * installs a new worker that waits; the app shows the "new version ready" prompt, and only the
 * reader's Reload lets it take over (then the page reloads once, on the new version).
 */

/** The new version waiting to take over, or null. */
let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();

function setWaiting(worker: ServiceWorker | null) {
  waiting = worker;
  for (const listener of listeners) listener();
}

/** How often an open app asks whether a new version was deployed (also when it comes back to view). */
const UPDATE_CHECK_MS = 60 * 60_000;

function watch(registration: ServiceWorkerRegistration) {
  // A worker waiting already (a version installed while no page of ours was open to ask).
  if (registration.waiting && navigator.serviceWorker.controller) setWaiting(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      // The first install (no controller yet) is not an update: nothing to offer.
      if (installing.state === 'installed' && navigator.serviceWorker.controller) setWaiting(installing);
    });
  });
  const check = () => void registration.update().catch(() => undefined);
  setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}

/** Registers /sw.js in a built app (the dev server has none), after the page's load. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(
      // No registration (a browser that stubs workers out) or a refusal (a private window, a
      // browser that refuses them): the app works as a web page.
      (registration) => registration && watch(registration),
      () => undefined,
    );
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}

/** Lets the waiting version take over; the page reloads when it has. */
export function applyUpdate(): void {
  if (!waiting) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage({ type: 'skip-waiting' });
}

/** True while a new version waits for the reader's Reload. */
export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting !== null,
    () => false,
  );
}
