import './zod-config';
import '@fontsource-variable/inter';
import './fonts/noto-sans-arabic.css';
import './styles.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './i18n';
import { serverLanding } from './landing/hydrate';
import { preloadFirstScreen, router } from './router';
import { recheckRoutesOnSessionChange } from './session/route-guard';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
  },
});

const i18nReady = initI18n();
// The landing page as the gateway rendered it comes with its data: nothing to preload.
const served = serverLanding(queryClient);
if (!served) preloadFirstScreen(queryClient, window.location.pathname);
await i18nReady;
recheckRoutesOnSessionChange(queryClient, () => void router.invalidate());

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
if (served) served.hydrate(root);
else {
  // A transition: React renders the first screen in slices, giving the browser the main thread
  // between them, instead of one long task (a phone's first load stays responsive). Until it
  // commits, index.html's own logo and spinner stay on screen.
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} context={{ queryClient }} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}
