import { SCREEN_DATA_ELEMENT_ID, TIME_ZONE_COOKIE } from '@nashr/contracts';
import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { storedLanguage } from '../i18n';
import { sessionQuery } from '../lib/api/auth';
import { keepAccountFrom } from '../lib/api/linkedin';
import { keepDisplayPreferencesFrom } from '../lib/api/preferences';
import { browserTimeZone } from '../lib/time-zone';
import { currentWorkspace } from '../session/current-workspace';
import { noteSession } from '../session/session-broadcast';

/** What the gateway writes beside a screen it rendered (services/gateway/src/app-screen.ts). */
interface ScreenData {
  url: string;
  lang: string;
  timeZone: string;
  /** The workspace it was rendered in (null: the personal one). */
  workspace?: string | null;
  state: DehydratedState;
}

/**
 * The browser's time zone as a cookie, for the gateway to render screens in
 * (server.tsx). The language has its cookie already (i18n/index.ts).
 */
export function keepTimeZoneForServer(): void {
  const zone = browserTimeZone();
  if (document.cookie.split('; ').includes(`${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}`)) return;
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: one plain value, no Cookie Store API in every browser we support
  document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax${secure}`;
}

/** Whether this page is a screen the gateway rendered (see `serverScreen`). */
export function hasServerScreen(): boolean {
  return document.getElementById(SCREEN_DATA_ELEMENT_ID) !== null;
}

/**
 * Whether this page is a screen the gateway rendered for this very browser state (its address,
 * language, time zone and workspace). If so its answers go into the query cache, so the app's first render
 * shows the same screen with nothing fetched again; if not (the language was just changed in
 * another tab, say), the app loads the screen itself and its render replaces the server's.
 */
export function serverScreen(queryClient: QueryClient): boolean {
  const element = document.getElementById(SCREEN_DATA_ELEMENT_ID);
  if (!element?.textContent) return false;
  let data: ScreenData;
  try {
    data = JSON.parse(element.textContent) as ScreenData;
  } catch {
    return false;
  }
  const here = window.location.pathname + window.location.search;
  if (data.url !== here || data.lang !== storedLanguage() || data.timeZone !== browserTimeZone()) return false;
  if ((data.workspace ?? null) !== currentWorkspace()) return false;
  hydrate(queryClient, data.state);
  // What the same answers keep in the browser when fetched here (the spec's stored account and
  // profile, the remembered display preferences, other tabs told of the session).
  const user = queryClient.getQueryData(sessionQuery.queryKey) ?? null;
  noteSession(user);
  if (user) keepDisplayPreferencesFrom(queryClient, user.id);
  keepAccountFrom(queryClient);
  return true;
}

/** Calls `then` once its children are on screen and live (React has committed them). */
export function WhenLive({ then, children }: { then: () => void; children: ReactNode }) {
  useEffect(() => then(), [then]);
  return children;
}

/** The page the gateway rendered is the app's now: what is pressed or typed reaches it. */
export function liftInert(): void {
  document.getElementById('root')?.removeAttribute('inert');
}

/**
 * Rendered by each screen the gateway may render (router.tsx `appScreen`), and lifts `inert` once
 * that screen is live. Taking a server's screen over hydrates each Suspense boundary in a pass of
 * its own, outer ones first, after the root has committed: an effect at the root would lift
 * `inert` while the screen's fields and buttons are still the server's HTML, and text typed into
 * them then could be lost.
 */
export function ScreenLive(): null {
  useEffect(liftInert, []);
  return null;
}
