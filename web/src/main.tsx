import './zod-config';
import '@fontsource-variable/inter';
import './fonts/noto-sans-arabic.css';
import './styles.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hasServerScreen, keepTimeZoneForServer, liftInert, serverScreen, WhenLive } from './app-ssr/screen-data';
import { serverLanding } from './features/landing/hydrate';
import { initI18n, keepLanguageCookie, loadAllNamespaces } from './i18n';
import { registerServiceWorker } from './lib/service-worker';
import { preloadFirstScreen, router } from './router';
import { readSessionAgainWhenConnectionLost, recheckRoutesOnSessionChange } from './session/route-guard';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    // An action asked for offline fails at once with words saying so (the API client refuses it),
    // instead of waiting, spinning, for the network and then running unseen when it returns.
    mutations: { networkMode: 'always' },
  },
});

const i18nReady = initI18n();
// The landing page as the gateway rendered it comes with its data: nothing to preload.
const served = serverLanding(queryClient);
// So does a signed-in screen it rendered (taken over below).
const screenServed = !served && hasServerScreen();
if (!served && !screenServed) preloadFirstScreen(queryClient, window.location.pathname);
// For the gateway, which renders the next visit's screens by them (app-ssr/server.tsx). A task of
// its own, queued before the translations are awaited: kept even when they are slow to come.
setTimeout(() => {
  keepLanguageCookie();
  keepTimeZoneForServer();
}, 0);
// The installable app's worker, once the page has loaded (lib/service-worker.ts).
registerServiceWorker();
await i18nReady;
recheckRoutesOnSessionChange(queryClient, () => void router.invalidate());
readSessionAgainWhenConnectionLost(queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// A screen the gateway rendered is `inert` until React has it (nothing pressed or typed is lost on
// a screen not yet live). Taken over as it is (hydrated), the screen itself lifts it once live
// (ScreenLive); rendered anew, the whole page is React's once it has committed.
const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} context={{ queryClient }} />
    </QueryClientProvider>
  </StrictMode>
);
/** Lets the browser paint and answer input before the next piece of start-up work. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * React takes the server's screen over as it is (hydrates its elements), with the screen's
 * answers in the query cache and its code, translations and route checks (on those answers) all in
 * first, and in a transition: in slices that leave the main thread free between them. Each step
 * is a task of its own, so a phone's main thread is never held long while the screen shows. Not
 * awaited at the top of this module: the chunks it waits for import this module's own chunk,
 * which must finish evaluating first.
 */
async function takeOverServerScreen(root: HTMLElement) {
  await nextTask();
  if (!serverScreen(queryClient)) {
    // Rendered for another state of this browser (its language changed meanwhile, say).
    preloadFirstScreen(queryClient, window.location.pathname);
    renderApp(root);
    return;
  }
  await nextTask();
  preloadFirstScreen(queryClient, window.location.pathname);
  await nextTask();
  router.update({ ...router.options, context: { queryClient } });
  await Promise.all([loadAllNamespaces(), router.load()]);
  await nextTask();
  startTransition(() => {
    hydrateRoot(root, app, {
      // A part that differs from the server's (a time that turned a minute, a choice kept in this
      // browser only) is rendered here instead: expected now and then, not an error.
      onRecoverableError: (error) => console.warn('screen taken over with a difference:', error),
    });
  });
}

/**
 * A transition: React renders the first screen in slices, giving the browser the main thread
 * between them, instead of one long task (a phone's first load stays responsive). Until it
 * commits, index.html's logo and spinner (or the server's screen) stay on screen.
 */
const renderApp = (root: HTMLElement) =>
  startTransition(() => createRoot(root).render(<WhenLive then={liftInert}>{app}</WhenLive>));

if (served) served.hydrate(root);
// Its code or translations failed to arrive (offline for a moment): the app renders as without a
// server's screen, and its router tries again and says what failed.
else if (screenServed) takeOverServerScreen(root).catch(() => renderApp(root));
else renderApp(root);
