import { createRootRoute, createRoute, createRouter, lazyRouteComponent, Outlet } from '@tanstack/react-router';
import { DeferredToaster } from './components/deferred-toaster';
import { LoadingScreen } from './components/loading-screen';
import { NotFound } from './components/not-found';
import { loadAllNamespaces } from './i18n';
import { LandingPage } from './routes/landing';

function RootLayout() {
  return (
    <>
      <Outlet />
      <DeferredToaster />
    </>
  );
}

export const rootRoute = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFound,
  // The landing page's bundle holds only its own translations; every other screen waits for the rest.
  beforeLoad: ({ location }) => (location.pathname === '/' ? undefined : loadAllNamespaces()),
});

const landingRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: LandingPage });

// Sign-in and onboarding (spec sections 2 and 4). Each screen checks the session itself.
const signupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signup',
  // The auth service sends a failed Google sign-in back as /signup?error=google.
  validateSearch: (search: Record<string, unknown>): { error?: 'google' } =>
    search.error === 'google' ? { error: 'google' } : {},
  component: lazyRouteComponent(() => import('./routes/signup'), 'SignupPage'),
});
const verifyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/verify',
  validateSearch: (search: Record<string, unknown>): { status?: string } =>
    typeof search.status === 'string' ? { status: search.status } : {},
  component: lazyRouteComponent(() => import('./routes/verify'), 'VerifyPage'),
});
const connectLinkedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/connect-linkedIn',
  // `connected=1`: back from the sign-in screen opened in this tab (the popup was blocked).
  validateSearch: (search: Record<string, unknown>): { connected?: '1' } =>
    search.connected === '1' || search.connected === 1 ? { connected: '1' } : {},
  component: lazyRouteComponent(() => import('./routes/connect-linkedin'), 'ConnectLinkedInPage'),
});
// The credential popup, spelled as the spec spells it; `return` names the page to go back to
// when it had to open in the tab instead of a popup.
const linkedinConnectScreenRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/linkedln-connect-screen',
  validateSearch: (search: Record<string, unknown>): { return?: '/connect-linkedIn' } =>
    search.return === '/connect-linkedIn' ? { return: '/connect-linkedIn' } : {},
  component: lazyRouteComponent(() => import('./routes/linkedin-connect-screen'), 'LinkedInConnectScreen'),
});
const personalizeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/personalize',
  component: lazyRouteComponent(() => import('./routes/personalize'), 'PersonalizePage'),
});

// Landing-content editors, for admins only (the screen checks the role itself).
const adminDashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/dashboard',
  component: lazyRouteComponent(() => import('./routes/admin-dashboard'), 'AdminDashboard'),
});

// The protected area: one layout (sidebar, top bar, session rule) around every screen.
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  component: lazyRouteComponent(() => import('./components/app-shell/app-shell'), 'AppShell'),
});
const placeholders = () => import('./components/app-shell/placeholder-screens');
const appRoutes = [
  createRoute({
    getParentRoute: () => appRoute,
    path: '/personalization',
    component: lazyRouteComponent(() => import('./routes/personalization'), 'PersonalizationSettingsPage'),
  }),
  createRoute({
    getParentRoute: () => appRoute,
    path: '/dashboard',
    component: lazyRouteComponent(() => import('./routes/dashboard'), 'DashboardPage'),
  }),
  createRoute({
    getParentRoute: () => appRoute,
    path: '/generate-post',
    component: lazyRouteComponent(() => import('./routes/generate-post'), 'GeneratePostPage'),
  }),
  createRoute({
    getParentRoute: () => appRoute,
    path: '/posts',
    // `?tab=scheduled|published`, so other screens (e.g. /profile's 'View Scheduled Posts') can link to a tab.
    validateSearch: (search: Record<string, unknown>): { tab?: 'scheduled' | 'published' } =>
      search.tab === 'published' || search.tab === 'scheduled' ? { tab: search.tab } : {},
    component: lazyRouteComponent(() => import('./routes/posts'), 'PostsPage'),
  }),
  createRoute({
    getParentRoute: () => appRoute,
    path: '/profile',
    component: lazyRouteComponent(() => import('./routes/profile'), 'ProfilePage'),
  }),
  createRoute({
    getParentRoute: () => appRoute,
    path: '/engage',
    component: lazyRouteComponent(placeholders, 'EngageScreen'),
  }),
] as const;

/**
 * Every screen of the spec's route table. Screens outside the landing page are loaded on demand
 * (lazyRouteComponent) so visitors of the landing page never download the app's code.
 */
const routeTree = rootRoute.addChildren([
  landingRoute,
  signupRoute,
  verifyRoute,
  connectLinkedInRoute,
  linkedinConnectScreenRoute,
  personalizeRoute,
  appRoute.addChildren(appRoutes),
  adminDashboardRoute,
]);

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
