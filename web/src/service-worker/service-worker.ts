/**
 * Nashr's service worker, served as /sw.js (built by vite.config.ts `serviceWorker()`).
 *
 * - Keeps the app's shell (index.html, the hashed scripts, styles and fonts of this build, the
 *   icons) so the installed app opens without a network; the build writes their list and a
 *   version into PRECACHE and VERSION.
 * - Never keeps an answer of the API or a page the server rendered for a user: those go to the
 *   network as they are, so nothing of one account outlives a sign-out on a shared phone. A page
 *   that cannot be reached offline gets the kept shell, which renders the app and its offline state.
 * - A new version waits until the app asks it to take over (the "new version ready" prompt), so a
 *   page never runs an old app against a newer API without being offered the reload.
 * - Shows the push notifications the server sends (services/auth) and opens their screen on a tap.
 */

declare const self: ServiceWorkerGlobalScope;
/** Written by the build: the shell's paths. */
declare const PRECACHE: string[];
/** Written by the build: changes whenever any file of the shell does. */
declare const VERSION: string;

const CACHE = `nashr-shell-${VERSION}`;
const SHELL = '/index.html';

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('nashr-shell-') && name !== CACHE) await caches.delete(name);
      }
    })(),
  );
});

/** The app's "reload" in the update prompt. */
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'skip-waiting') void self.skipWaiting();
});

const precached = new Set(PRECACHE);

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (precached.has(url.pathname) && url.pathname !== SHELL) {
    event.respondWith(caches.match(url.pathname, { cacheName: CACHE }).then((kept) => kept ?? fetch(request)));
    return;
  }
  // Pages: always the server's (rendered for this reader, never kept); the shell only offline.
  if (request.mode === 'navigate' && !url.pathname.startsWith('/api/')) {
    event.respondWith(
      fetch(request).catch(async () => (await caches.match(SHELL, { cacheName: CACHE })) ?? Response.error()),
    );
  }
});

/** What services/auth sends (no post text: a short title and the screen to open). */
interface PushMessage {
  title: string;
  body?: string;
  url?: string;
  kind?: string;
  lang?: string;
  dir?: 'rtl' | 'ltr';
}

function readPush(event: PushEvent): PushMessage | null {
  try {
    const message = event.data?.json() as Partial<PushMessage> | undefined;
    return message && typeof message.title === 'string' ? (message as PushMessage) : null;
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const message = readPush(event);
  if (!message) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/maskable-192.png',
      lang: message.lang,
      dir: message.dir ?? 'auto',
      // One notification per kind and screen: a second for the same post replaces the first.
      tag: `${message.kind ?? 'nashr'}:${message.url ?? '/'}`,
      data: { url: message.url ?? '/dashboard' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data as { url?: string } | null)?.url ?? '/dashboard';
  // Only a screen of this app: a payload can never send the reader elsewhere.
  const target = new URL(path.startsWith('/') && !path.startsWith('//') ? path : '/dashboard', self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === target.origin);
      if (open) {
        // navigate() is refused for a window this worker does not control yet: a new one then.
        const moved = await open.navigate(target.href).catch(() => null);
        if (moved) {
          await moved.focus();
          return;
        }
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});

export {};
