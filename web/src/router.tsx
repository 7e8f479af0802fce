import {
  type AnalyticsPeriod,
  MAX_POST_LENGTH,
  OAUTH_OUTCOMES,
  type OauthOutcome,
  VERIFY_STATUSES,
} from '@nashr/contracts';
import { DirectionProvider } from '@radix-ui/react-direction';
import {
  type AsyncRouteComponent,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  ErrorComponent,
  type ErrorComponentProps,
  lazyRouteComponent,
  Outlet,
  type RouterHistory,
  redirect,
} from '@tanstack/react-router';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenLive } from './app-ssr/screen-data';
import { LANDING_BLOCKS, LandingPage } from './features/landing/landing-screen';
import { loadTranslations, storedLanguage, type TranslationNeeds } from './i18n';
import { periodOf } from './lib/analytics-period';
import { sessionQuery } from './lib/api/auth';
import { isOfflineError } from './lib/api/client';
import { contentBlockQuery } from './lib/api/content';
import { loadScreenData, type ScreenRead } from './lib/route-data';
import { checkSession, type RouterContext } from './session/route-guard';
import { AppUpdateBanner } from './ui/app-update-banner';
import { DeferredToaster } from './ui/deferred-toaster';
import { LoadingScreen } from './ui/loading-screen';
import { NotFound } from './ui/not-found';
import { OfflineScreen } from './ui/offline-screen';

/** The outcome the network's own sign-in page came back with, when it is one of ours. */
const oauthOutcomeOf = (value: unknown): OauthOutcome | undefined =>
  OAUTH_OUTCOMES.find((outcome) => outcome === value);
/**
 * The title, text and link another app shared, each once (a phone often repeats the link in the
 * text), as the start of a post; cut to a post's length.
 */
function sharedText(search: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const key of ['shared', 'title', 'text', 'url']) {
    const value = search[key];
    const part = typeof value === 'string' ? value.trim() : '';
    if (part && !parts.some((kept) => kept.includes(part))) parts.push(part);
  }
  return parts.join('\n\n').slice(0, MAX_POST_LENGTH);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A route's search parameter `name` kept when it holds an id, dropped otherwise: spread it into the search. */
function idParam<Name extends string>(search: Record<string, unknown>, name: Name): { [K in Name]?: string } {
  const value = search[name];
  return typeof value === 'string' && UUID.test(value) ? ({ [name]: value } as { [K in Name]?: string }) : {};
}

/**
 * Radix widgets (tabs, accordions) default to left-to-right and write it on their element, which
 * would lay out everything inside them left-to-right in the Arabic interface: they follow the
 * interface language instead.
 */
function RootLayout() {
  const { i18n } = useTranslation();
  return (
    <DirectionProvider dir={i18n.dir()}>
      <Outlet />
      <DeferredToaster />
      <AppUpdateBanner />
    </DirectionProvider>
  );
}

function RouteError({ error }: ErrorComponentProps) {
  return isOfflineError(error) ? <OfflineScreen /> : <ErrorComponent error={error} />;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
  // As in the browser, where the root's match always has its boundary: a screen the gateway
  // rendered (app-ssr/server.tsx) must have the same tree for the browser to take it over as is
  // (see SameBoundariesAsTheBrowser).
  wrapInSuspense: true,
  // The landing page's bundle holds only its own translations; every other screen waits for the
  // rest of its language's. (A screen rendered on the server has every translation already:
  // app-ssr/server.tsx.)
  beforeLoad: ({ location }) =>
    location.pathname === '/' || typeof document === 'undefined' ? undefined : loadTranslations(),
});

/** Marks a component made by `appScreen` (router.test.ts checks every screen the gateway may render has it). */
export const LIVE_SIGNAL = Symbol('screen lifts inert');

/**
 * A route's own screen (every route but the app shell's layout), which the gateway may have
 * rendered: loaded on demand, and once React has taken it over, the page is live (ScreenLive in
 * app-ssr/screen-data.tsx says why not before).
 */
function appScreen<T extends Record<string, unknown>, TKey extends keyof T & string>(
  importer: () => Promise<T>,
  exportName: TKey,
) {
  const Lazy = lazyRouteComponent(importer, exportName) as AsyncRouteComponent<Record<string, never>>;
  // biome-ignore lint/correctness/noComponentHookFactories: made once per route as the module loads, as lazyRouteComponent makes its own
  function Screen() {
    return (
      <>
        <Lazy />
        <ScreenLive />
      </>
    );
  }
  return Object.assign(Screen, { preload: Lazy.preload, [LIVE_SIGNAL]: true as const });
}

/**
 * What the app's screens read (screen-reads.ts), in a chunk of its own, asked for by the first
 * loader that needs it (or at once on a first load, `preloadFirstScreen`): with the query
 * functions of every screen it would weigh on the landing page's bundle, which holds the router.
 */
const screenReads = () => import('./screen-reads');

/** A route's loader: the reads `pick` chooses, started or awaited (lib/route-data.ts). */
const loadReads = (context: RouterContext, pick: (reads: Awaited<ReturnType<typeof screenReads>>) => ScreenRead[]) =>
  loadScreenData(context, screenReads().then(pick));

/** A sign-in link's token travels in the fragment; a page with a status already spent it. */
function spendsSignInLink(hash: string, status: string | undefined): boolean {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return Boolean(token) && !VERIFY_STATUSES.some((known) => known === status);
}

const landingRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: LandingPage });

// Sign-in and onboarding (spec sections 2 and 4). Each waits for the session check before it
// shows; /connect-linkedIn and /personalize also apply the onboarding rule.
const signupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signup',
  // The auth service sends a failed Google sign-in back as /signup?error=google.
  validateSearch: (search: Record<string, unknown>): { error?: 'google' } =>
    search.error === 'google' ? { error: 'google' } : {},
  staticData: { session: true, rendersOnServer: true },
  beforeLoad: ({ context }) => checkSession(context.queryClient),
  loader: ({ context }) => loadReads(context, (reads) => reads.signup(context)),
  component: appScreen(() => import('./features/onboarding/signup-screen'), 'SignupPage'),
});
// People type /login out of habit: signing in and signing up are the same screen here.
const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  beforeLoad: () => {
    throw redirect({ to: '/signup', replace: true });
  },
});
const verifyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/verify',
  validateSearch: (search: Record<string, unknown>): { status?: string } =>
    typeof search.status === 'string' ? { status: search.status } : {},
  // Opened from a sign-in link, the page spends the link first; the session is checked after (so
  // no `staticData.session`: the check must not start before the link is spent).
  beforeLoad: ({ context, location, search }) =>
    spendsSignInLink(location.hash, search.status) ? undefined : checkSession(context.queryClient),
  component: appScreen(() => import('./features/onboarding/verify-screen'), 'VerifyPage'),
});
const connectLinkedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/connect-linkedIn',
  // `connected=1`: back from the sign-in screen opened in this tab (the popup was blocked).
  // `oauth`: back from the network's own sign-in page opened in this tab, with its outcome.
  validateSearch: (search: Record<string, unknown>): { connected?: '1'; oauth?: OauthOutcome } => ({
    ...(search.connected === '1' || search.connected === 1 ? { connected: '1' as const } : {}),
    ...(oauthOutcomeOf(search.oauth) ? { oauth: oauthOutcomeOf(search.oauth) } : {}),
  }),
  staticData: { session: true, rendersOnServer: true },
  beforeLoad: ({ context }) => checkSession(context.queryClient, 'onboarding'),
  loader: ({ context }) => loadReads(context, (reads) => reads.connectLinkedIn()),
  component: appScreen(() => import('./features/connect/connect-linkedin-screen'), 'ConnectLinkedInPage'),
});
// The credential popup, spelled as the spec spells it; `return` names the page to go back to
// when it had to open in the tab instead of a popup.
const linkedinConnectScreenRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/linkedln-connect-screen',
  // `oauth` and `account`: the popup came back from the network's own sign-in page.
  validateSearch: (
    search: Record<string, unknown>,
  ): { return?: '/connect-linkedIn'; oauth?: OauthOutcome; account?: string } => ({
    ...(search.return === '/connect-linkedIn' ? { return: '/connect-linkedIn' as const } : {}),
    ...(oauthOutcomeOf(search.oauth) ? { oauth: oauthOutcomeOf(search.oauth) } : {}),
    ...idParam(search, 'account'),
  }),
  staticData: { session: true },
  // Back from the network's page the user may already count as connected: the popup must still
  // tell its opener instead of being sent on to the dashboard.
  beforeLoad: ({ context, search }) => (search.oauth ? undefined : checkSession(context.queryClient)),
  component: appScreen(() => import('./features/connect/linkedin-connect-screen'), 'LinkedInConnectScreen'),
});
// An e-mail's unsubscribe link: public (no sign-in), and it changes nothing until the button.
const unsubscribeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/unsubscribe',
  component: appScreen(() => import('./features/notifications/unsubscribe-screen'), 'UnsubscribePage'),
});
// A workspace invitation's e-mail link (WORKSPACE_ACCEPT_PATH): open to all, since the invited person
// may not be signed in yet; it changes nothing until the button.
const acceptInvitationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/workspaces/accept',
  component: appScreen(() => import('./features/workspaces/accept-invitation-screen'), 'AcceptInvitationPage'),
});
// Where a deleted account ends up: signed out, told what was deleted (and which plan was cancelled).
const accountDeletedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account-deleted',
  component: appScreen(() => import('./features/account/account-deleted-screen'), 'AccountDeletedPage'),
});
/**
 * A screen's own translations, loaded in the browser. The renderer on the server (app-ssr/server.tsx)
 * holds every translation already.
 */
const loadScreenTranslations = (needs: TranslationNeeds) => () =>
  typeof document === 'undefined' ? undefined : loadTranslations(needs);
// Rendered on the server for any visitor (the gateway's VISITOR_SCREENS). Their texts are their
// own modules (web/src/legal), in both languages, so they need no translations of their own.
const termsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/terms',
  staticData: { rendersOnServer: true },
  component: appScreen(() => import('./features/legal/terms-screen'), 'TermsPage'),
});
const privacyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/privacy',
  staticData: { rendersOnServer: true },
  component: appScreen(() => import('./features/legal/privacy-screen'), 'PrivacyPage'),
});
const personalizeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/personalize',
  staticData: { session: true, rendersOnServer: true },
  beforeLoad: ({ context }) => checkSession(context.queryClient, 'onboarding'),
  component: appScreen(() => import('./features/personalization/personalize-screen'), 'PersonalizePage'),
});

// Landing-content editors, for admins only (the screen checks the role itself). They edit the copy
// of both languages, so they wait for both languages' translations.
const ADMIN_TRANSLATIONS: TranslationNeeds = { bothLanguages: true, namespaces: ['admin'] };
const adminDashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/dashboard',
  staticData: { translations: ADMIN_TRANSLATIONS, rendersOnServer: true },
  beforeLoad: loadScreenTranslations(ADMIN_TRANSLATIONS),
  component: appScreen(() => import('./features/admin/admin-dashboard-screen'), 'AdminDashboard'),
});

// The protected area: one layout (sidebar, top bar) around every screen, shown to full users only
// (spec section 2); everyone else goes to /signup.
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  staticData: { session: true, rendersOnServer: true },
  beforeLoad: ({ context }) => checkSession(context.queryClient, 'protected'),
  loader: ({ context }) => loadReads(context, (reads) => reads.appShell()),
  component: lazyRouteComponent(() => import('./features/app-shell/app-shell'), 'AppShell'),
});
const appRoutes = [
  createRoute({
    getParentRoute: () => appRoute,
    path: '/personalization',
    loader: ({ context }) => loadReads(context, (reads) => reads.settings(context)),
    component: appScreen(
      () => import('./features/personalization/personalization-screen'),
      'PersonalizationSettingsPage',
    ),
  }),
  createRoute({
    getParentRoute: () => appRoute,
    path: '/dashboard',
    // `?days=7|30|90|365`: the period the figures cover, and `?as=` the company page they are of
    // (its identity; the profile without), so a reload or a shared link keeps them.
    validateSearch: (search: Record<string, unknown>): { days?: AnalyticsPeriod; as?: string } => {
      const days = periodOf(search.days);
      const as = typeof search.as === 'string' && /^[\w-]{1,64}$/.test(search.as) ? search.as : undefined;
      return { ...(days ? { days } : {}), ...(as ? { as } : {}) };
    },
    loaderDeps: ({ search }) => ({ days: search.days, as: search.as }),
    loader: ({ context, deps }) => loadReads(context, (reads) => reads.dashboard(context, deps.days, deps.as)),
    component: appScreen(() => import('./features/dashboard/dashboard-screen'), 'DashboardPage'),
  }),
  createRoute({
    getParentRoute: () => appRoute,
    path: '/generate-post',
    // What another app shared into the installed app (the manifest's share_target): the composer
    // starts from it.
    validateSearch: (search: Record<string, unknown>): { shared?: string } => {
      const shared = sharedText(search);
      return shared ? { shared } : {};
    },
    loader: ({ context }) => loadReads(context, (reads) => reads.composer()),
    component: appScreen(() => import('./features/composer/generate-post-screen'), 'GeneratePostPage'),
  }),
  createRoute({
    getParentRoute: () => appRoute,
    path: '/posts',
    // `?tab=scheduled|published|drafts|calendar`, so other screens (e.g. /profile's 'View Scheduled Posts') can link to a tab;
    // `?post=<id>` (a notification's link) brings that post into view, after moving to the shared
    // workspace `?workspace=<id>` names (see postPagePath).
    validateSearch: (
      search: Record<string, unknown>,
    ): { tab?: 'scheduled' | 'published' | 'drafts' | 'calendar'; post?: string; workspace?: string } => ({
      ...(search.tab === 'published' ||
      search.tab === 'scheduled' ||
      search.tab === 'drafts' ||
      search.tab === 'calendar'
        ? { tab: search.tab }
        : {}),
      ...idParam(search, 'post'),
      ...idParam(search, 'workspace'),
    }),
    loaderDeps: ({ search }) => ({ tab: search.tab }),
    loader: ({ context, deps }) => loadReads(context, (reads) => reads.posts(deps.tab)),
    component: appScreen(() => import('./features/posts/posts-screen'), 'PostsPage'),
  }),
  // One network post's counters since publication, against the user's median post.
  createRoute({
    getParentRoute: () => appRoute,
    path: '/posts/analytics/$postId',
    loader: ({ context, params }) => loadReads(context, (reads) => reads.postAnalytics(params.postId)),
    component: appScreen(() => import('./features/analytics/post-analytics-screen'), 'PostAnalyticsPage'),
  }),
  createRoute({
    getParentRoute: () => appRoute,
    path: '/profile',
    loader: ({ context }) => loadReads(context, (reads) => reads.profile(context)),
    component: appScreen(() => import('./features/profile/profile-screen'), 'ProfilePage'),
  }),
  createRoute({
    getParentRoute: () => appRoute,
    path: '/api-tokens',
    loader: ({ context }) => loadReads(context, (reads) => reads.apiTokens()),
    component: appScreen(() => import('./features/account/api-tokens-screen'), 'ApiTokensPage'),
  }),
  createRoute({
    getParentRoute: () => appRoute,
    path: '/webhooks',
    loader: ({ context }) => loadReads(context, (reads) => reads.webhooks()),
    component: appScreen(() => import('./features/account/webhooks-screen'), 'WebhooksPage'),
  }),
  createRoute({
    getParentRoute: () => appRoute,
    path: '/sessions',
    loader: ({ context }) => loadReads(context, (reads) => reads.sessions()),
    component: appScreen(() => import('./features/account/sessions-screen'), 'SessionsPage'),
  }),
  // The user's workspaces, their members and invitations (the invitation link itself opens /workspaces/accept).
  createRoute({
    getParentRoute: () => appRoute,
    path: '/workspaces',
    // `id`: the workspace to open, as the invitation's page links to the one just joined.
    validateSearch: (search: Record<string, unknown>): { id?: string } => idParam(search, 'id'),
    loaderDeps: ({ search }) => ({ id: search.id }),
    loader: ({ context, deps }) => loadReads(context, (reads) => reads.workspaces(deps.id)),
    component: appScreen(() => import('./features/workspaces/workspaces-screen'), 'WorkspacesPage'),
  }),
  // One draft's review (reviewPagePath, linked from the review e-mails): `?workspace=` names the
  // workspace the draft is in, which the page works in when the account belongs to it.
  createRoute({
    getParentRoute: () => appRoute,
    path: '/review/$draftId',
    validateSearch: (search: Record<string, unknown>): { workspace?: string } => idParam(search, 'workspace'),
    loaderDeps: ({ search }) => ({ workspace: search.workspace }),
    loader: ({ context, params, deps }) => loadReads(context, (reads) => reads.review(params.draftId, deps.workspace)),
    component: appScreen(() => import('./features/review/review-screen'), 'ReviewPage'),
  }),
  // The writing library: hooks and templates, and the inspiration library of strong posts.
  createRoute({
    getParentRoute: () => appRoute,
    path: '/hooks',
    loader: ({ context }) => loadReads(context, (reads) => reads.hooks(context)),
    component: appScreen(() => import('./features/hooks-library/hooks-screen'), 'HooksPage'),
  }),
  createRoute({
    getParentRoute: () => appRoute,
    path: '/ideas',
    loader: ({ context }) => loadReads(context, (reads) => reads.ideas()),
    component: appScreen(() => import('./features/ideas/ideas-screen'), 'IdeasPage'),
  }),
  createRoute({
    getParentRoute: () => appRoute,
    path: '/inspiration',
    loader: ({ context }) => loadReads(context, (reads) => reads.inspiration()),
    component: appScreen(() => import('./features/inspiration/inspiration-screen'), 'InspirationPage'),
  }),
  createRoute({
    getParentRoute: () => appRoute,
    path: '/billing',
    loader: ({ context }) => loadReads(context, (reads) => reads.billing()),
    component: appScreen(() => import('./features/billing/billing-screen'), 'BillingPage'),
  }),
  createRoute({
    getParentRoute: () => appRoute,
    path: '/engage',
    loader: ({ context }) => loadReads(context, (reads) => reads.engage(context)),
    component: appScreen(() => import('./features/engage/engage-screen'), 'EngagePage'),
  }),
] as const;

/**
 * Every screen of the spec's route table. Screens outside the landing page are loaded on demand
 * (lazyRouteComponent) so visitors of the landing page never download the app's code.
 */
const routeTree = rootRoute.addChildren([
  landingRoute,
  signupRoute,
  loginRoute,
  verifyRoute,
  connectLinkedInRoute,
  linkedinConnectScreenRoute,
  personalizeRoute,
  unsubscribeRoute,
  acceptInvitationRoute,
  accountDeletedRoute,
  termsRoute,
  privacyRoute,
  appRoute.addChildren(appRoutes),
  adminDashboardRoute,
]);

/**
 * The app's router over `history`: the browser's address when none is given (main.tsx), or one
 * request's URL when the gateway renders a screen (app-ssr/server.tsx).
 */
export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    // main.tsx hands the app's query client in through RouterProvider.
    context: { queryClient: undefined as unknown as RouterContext['queryClient'] },
    defaultPendingComponent: LoadingScreen,
    // Hovering or focusing a link starts its route: its code, its checks and its loader's reads.
    defaultPreload: 'intent',
    // The router keeps no data of its own (the loaders fill the query cache, which decides what is
    // fresh): a preload runs the loader again each time, and the query cache answers what it has.
    defaultPreloadStaleTime: 0,
    defaultNotFoundComponent: NotFound,
    // A route that could not load because the server cannot be reached (session/route-guard.ts).
    defaultErrorComponent: RouteError,
    // The browser's own: on the server it would write an inline script (which the page's CSP refuses).
    scrollRestoration: history === undefined,
    ...(history ? { InnerWrap: SameBoundariesAsTheBrowser } : {}),
  });
}

/**
 * The router leaves out on the server a boundary it puts around the matches in the browser: a
 * screen rendered on the server (app-ssr/server.tsx) gets it here, so its HTML has the browser's
 * tree exactly and the browser takes it over as it is (as for the root's, `wrapInSuspense`).
 */
function SameBoundariesAsTheBrowser({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingScreen />}>{children}</Suspense>;
}

export const router = createAppRouter();

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
  interface StaticDataRouteOption {
    /** The route's `beforeLoad` waits for the session check (`checkSession`). */
    session?: true;
    /**
     * The gateway may render the route's screen to HTML (app-ssr/server.tsx): for a signed-in
     * visitor, and for one without a session on sign-in and the legal pages (the gateway's
     * VISITOR_SCREENS).
     */
    rendersOnServer?: true;
    /** Translations the screen needs beyond its language's chunk (its route's `beforeLoad` loads them). */
    translations?: TranslationNeeds;
  }
}

/**
 * Starts, at start-up and all at once, what the first screen will wait for: its code (every lazy
 * component of the routes it matches), the translations of every screen but the landing page (in the
 * language shown, with the screen's own namespaces; both languages for the admin editors), the
 * session check of the routes that make one, the code of the loaders' reads and the landing page's
 * copy. The router would otherwise ask for them one after the other (root, then the session, then
 * each screen's code and reads), a round trip each on a phone's network. The routes' own
 * `beforeLoad`s and loaders then find them on their way or already in; the screen's data itself
 * is the loaders' (lib/route-data.ts), started once the session check lets the route load.
 */
export function preloadFirstScreen(queryClient: RouterContext['queryClient'], pathname: string): void {
  const [routes] = router.getMatchedRoutes(pathname);
  // The landing page's copy: asked for now rather than once React has rendered the page.
  if (pathname === '/') {
    const lang = storedLanguage();
    for (const block of LANDING_BLOCKS) void queryClient.prefetchQuery(contentBlockQuery(block, lang));
  }
  if (pathname !== '/') {
    const needs = routes.map((route) => route.options.staticData?.translations ?? {});
    void loadTranslations({
      bothLanguages: needs.some((need) => need.bothLanguages),
      namespaces: needs.flatMap((need) => need.namespaces ?? []),
    }).catch(() => {});
  }
  if (routes.some((route) => route.options.staticData?.session)) {
    void queryClient.prefetchQuery({ ...sessionQuery }).catch(() => {});
  }
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => {});
  if (routes.some((route) => route.options.loader)) void screenReads().catch(() => {});
}
