import { createRootRoute, createRoute, createRouter, Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { LoadingScreen } from './components/loading-screen';
import { NotFound } from './components/not-found';
import { LandingPage } from './routes/landing';

function RootLayout() {
  const { i18n } = useTranslation();
  return (
    <>
      <Outlet />
      <Toaster position="top-right" duration={5000} richColors closeButton dir={i18n.dir()} />
    </>
  );
}

export const rootRoute = createRootRoute({ component: RootLayout, notFoundComponent: NotFound });

const landingRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: LandingPage });

/**
 * Every screen of the spec's route table. Screens outside the landing page are loaded on demand
 * (lazyRouteComponent) so visitors of the landing page never download the app's code.
 */
const routeTree = rootRoute.addChildren([landingRoute]);

export const router = createRouter({
  routeTree,
  defaultPendingComponent: LoadingScreen,
  defaultNotFoundComponent: NotFound,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
