/**
 * A signed-in screen of the app rendered to HTML, for the gateway (services/gateway/src/
 * app-screen.ts), built with the landing page's renderer into `dist-ssr/` (vite.ssr.config.ts).
 *
 * The screen is rendered with the same router, components and queries as in the browser. Its
 * data comes through `request.get`, the gateway answering its own API with the visitor's cookie:
 * the matched routes' loaders fetch what they name first; a render then finds any query the screen
 * asks for that no loader named, it is fetched, and the screen is rendered again with the answers
 * until it asks for nothing new. The answers go into the page
 * beside the HTML (`dehydrate`), so the browser's first render has them and asks for none again.
 * Anything the renderer cannot do (a redirect, an error, a screen outside the app) answers
 * `undefined`: the gateway then serves `index.html` and the browser does it all, as before.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import { API, type Locale } from '@nashr/contracts';
import { type DehydratedState, dehydrate, type Query, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { createInstance, type i18n as I18n } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import arabicCore from '../fonts/noto-sans-arabic-arabic-core-wght-normal.woff2?url';
import { addCountFormat } from '../i18n/count-format';
import { resources } from '../i18n/resources';
import { sendCallsBy } from '../lib/api/client';
import { renderWithContactEmail } from '../lib/contact-email';
import { renderZoneBy } from '../lib/time-zone';
import { createAppRouter } from '../router';
import { renderWorkspaceBy, workspaceFromCookie } from '../session/current-workspace';
import { renderingZone } from './rendering-zone';

export interface AppScreenRequest {
  /** The path and query the browser asked for, e.g. `/dashboard?days=30`. */
  url: string;
  lang: Locale;
  /** The browser's time zone (its `tz` cookie): the screen shows times as the browser would. */
  timeZone: string;
  /**
   * The request's `Cookie` header, for the workspace the browser works in (its `ws` cookie): the
   * screen's reads name it as the app's would (session/current-workspace.ts).
   */
  cookie?: string;
  /** A read of the gateway's own API as the visitor: status and JSON text. */
  read: (call: ApiRead) => Promise<{ status: number; body: string }>;
  /** The installation's contact address (the gateway's CONTACT_EMAIL): the legal pages name it. */
  contactEmail?: string;
}

export interface ApiRead {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface RenderedAppScreen {
  /** What goes inside `#root`. */
  html: string;
  /**
   * The font files the screen's text is mostly set in, for the page to ask for at once: text
   * painted in a fallback font and set again when the font comes would move the screen.
   */
  fonts: string[];
  dir: 'rtl' | 'ltr';
  /** The workspace it was rendered in (null: the personal one), for the browser to check it works in the same. */
  workspace: string | null;
  /** The query cache's answers, for the browser's first render (main.tsx). */
  state: DehydratedState;
  /** Renders after the first, each for reads no route's loader named (or code not loaded yet): 0 at best. */
  dataRounds: number;
}

/** The main face of each language (the same files the web build's styles name: same content, same name). */
const FONTS: Record<Locale, string[]> = { ar: [arabicCore], en: [interLatin] };

/** How React marks a boundary it left to the browser, and how long its code is given to load. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';
const CODE_LOAD_WAIT_MS = 20;

/**
 * Renders after the first one, each after fetching what the one before asked for: the safety net
 * for reads no route's loader names (router.tsx, screen-reads.ts). The app's screens take none
 * (e2e/server-screens.test.ts reads it in the `Server-Timing` header), the landing editors theirs
 * (each reads its block fresh), and a screen whose code this process had not loaded yet one more.
 */
const MAX_DATA_ROUNDS = 4;

const requests = new AsyncLocalStorage<AppScreenRequest>();

/** Each render works in its own request's workspace (the app's calls add its header themselves). */
renderWorkspaceBy(() => workspaceFromCookie(requests.getStore()?.cookie));
/** And in its browser's zone: its loaders and renders work out days and hours there (lib/time-zone.ts). */
renderZoneBy(() => {
  const request = requests.getStore();
  return request && renderingZone(request.timeZone);
});

/** The network account's reads, which the spec has the app send as POSTs (with the account in the body). */
const READS_SENT_AS_POST = new Set<string>(
  [API.linkedin.getUserInfo, API.linkedin.getUserProfile, API.linkedin.getPosts, API.linkedin.getUserProfileData].map(
    (endpoint) => endpoint.path,
  ),
);

/**
 * The app's calls (lib/api/client.ts) are same-origin paths: while a screen renders here they
 * reach the gateway as the visitor. Only reads are made (a render never changes anything).
 */
sendCallsBy(async (url, init) => {
  const request = requests.getStore();
  if (!request || !url.startsWith('/')) throw new Error(`a call to ${url} was made outside a screen's render`);
  const method = init.method ?? 'GET';
  const path = url.split('?')[0] ?? url;
  if (method !== 'GET' && !(method === 'POST' && READS_SENT_AS_POST.has(path))) {
    throw new Error(`a screen rendered on the server sent ${method} ${path}`);
  }
  const answer = await request.read({
    method: method as ApiRead['method'],
    path: url,
    headers: Object.fromEntries(new Headers(init.headers).entries()),
    body: typeof init.body === 'string' ? init.body : undefined,
  });
  return new Response(answer.body, { status: answer.status, headers: { 'content-type': 'application/json' } });
});

const translations = new Map<Locale, I18n>();

/** One i18next per language, with every namespace: nothing to load while rendering. */
function translationsFor(lang: Locale): I18n {
  let instance = translations.get(lang);
  if (!instance) {
    instance = createInstance();
    void instance.use(initReactI18next).init({
      resources,
      ns: Object.keys(resources.ar),
      lng: lang,
      fallbackLng: 'ar',
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
      showSupportNotice: false,
    });
    addCountFormat(instance);
    translations.set(lang, instance);
  }
  return instance;
}

/** A query the screen asked for that has no answer yet and may be fetched now. */
function waiting(query: Query): boolean {
  const enabled = query.options as { enabled?: unknown };
  if (enabled.enabled === false || typeof enabled.enabled === 'function') return false;
  return query.state.status === 'pending' && query.state.fetchStatus === 'idle' && Boolean(query.options.queryFn);
}

export async function renderAppScreen(request: AppScreenRequest): Promise<RenderedAppScreen | undefined> {
  // One address per gateway, the same for every render: kept for the module, not per request.
  renderWithContactEmail(request.contactEmail);
  return requests.run(request, async () => {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
    });
    try {
      const router = createAppRouter(createMemoryHistory({ initialEntries: [request.url] }));
      // The matched routes' loaders wait for their reads here (lib/route-data.ts), in the browser's
      // zone and language, so the first render already has most of the screen's data.
      const serverRender = { timeZone: request.timeZone, lang: request.lang };
      router.update({ ...router.options, context: { queryClient, serverRender } });
      await router.load();
      // Sent elsewhere (no match is loaded), not found or failed (a match holds the error):
      // the browser's router says so itself.
      const matches = router.state.matches;
      if (!matches.every((match) => match.status === 'success' && match.error === undefined)) return undefined;
      if (!matches.some((match) => match.staticData?.rendersOnServer)) return undefined;

      const i18n = translationsFor(request.lang);
      const screen = () =>
        renderToString(
          <I18nextProvider i18n={i18n}>
            <QueryClientProvider client={queryClient}>
              <RouterProvider router={router} context={{ queryClient }} />
            </QueryClientProvider>
          </I18nextProvider>,
        );
      let html = screen();
      let dataRounds = 0;
      for (; dataRounds < MAX_DATA_ROUNDS; dataRounds++) {
        const asked = queryClient.getQueryCache().getAll().filter(waiting);
        // A part whose code was not loaded yet in this process (a lazy component's first render)
        // is left to the browser (`<!--$!-->`); it is loaded by then, so one more render has it.
        const codeLoading = html.includes(CLIENT_RENDERED_BOUNDARY);
        if (asked.length === 0 && !codeLoading) break;
        // A failed query stays failed in the cache (not sent to the browser, which asks again).
        await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
        if (codeLoading) await new Promise((resolve) => setTimeout(resolve, CODE_LOAD_WAIT_MS));
        html = screen();
      }
      return {
        html,
        fonts: FONTS[request.lang],
        dir: i18n.dir(request.lang) === 'rtl' ? 'rtl' : 'ltr',
        workspace: workspaceFromCookie(request.cookie),
        state: dehydrate(queryClient),
        dataRounds,
      };
    } finally {
      queryClient.clear();
    }
  });
}
