import { LINKEDIN_ERROR_CODES, type Locale } from '@nashr/contracts';
import { hashKey, type QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { sessionQuery } from '../lib/api/auth';
import { ApiError, isOfflineError } from '../lib/api/client';
import { whenRefused } from '../lib/api/when-refused';
import { type GateRule, redirectFor, type SessionUser } from './rules';

/** What every route's `beforeLoad` receives from the router: see `createRootRouteWithContext` in router.tsx. */
export interface RouterContext {
  queryClient: QueryClient;
  /**
   * Set while the gateway renders the screen (app-ssr/server.tsx), with the time zone and language
   * of the browser it renders for: there the routes' loaders wait for their data, where in the
   * browser they only start it (lib/route-data.ts).
   */
  serverRender?: { timeZone: string; lang: Locale };
}

/**
 * The visitor as the session rules see them: a failed check counts as signed out, so a broken
 * check never lets anyone into the protected area (spec section 4). A check that could not reach
 * the server says nothing new: the last answer stands (none: checkSession shows the app offline).
 */
function ruleUser(queryClient: QueryClient): SessionUser {
  const state = queryClient.getQueryState(sessionQuery.queryKey);
  return state?.status === 'error' && !isOfflineError(state.error) ? null : (state?.data ?? null);
}

/**
 * A route's `beforeLoad`: waits for the session check (the router shows the loading screen
 * meanwhile, spec section 2), then sends the visitor where the route's rule says, if anywhere.
 * Without a rule the screen only waits for the check, so it never shows a signed-in visitor as
 * signed out. A stale answer is used at once and checked again in the background, as a screen
 * reading the session would; `recheckRoutesOnSessionChange` applies what that check finds.
 */
export async function checkSession(queryClient: QueryClient, rule?: GateRule): Promise<void> {
  try {
    await queryClient.ensureQueryData({ ...sessionQuery, revalidateIfStale: true });
  } catch (error) {
    // Without a network and no earlier answer, signed in or out cannot be told: the root route's
    // error screen says the app is offline (ui/offline-screen.tsx). Any other failure counts as
    // signed out below.
    if (isOfflineError(error) && queryClient.getQueryData(sessionQuery.queryKey) === undefined) throw error;
  }
  const target = rule ? redirectFor(rule, ruleUser(queryClient)) : null;
  if (target) throw redirect({ to: target, replace: true });
}

/** The part of the session the rules read, as one comparable value. */
function ruleKey(user: SessionUser): string {
  if (!user) return 'visitor';
  return [user.email, user.linkedinConnected, Boolean(user.personalization), Boolean(user.teamMember)].join('|');
}

/**
 * The rules run when a route loads; a session that changes while a screen shows (signed out,
 * connected in the popup, personalization saved, a failed re-check) must move the visitor too.
 * Whenever what the rules read changes, the router runs the current routes' checks again.
 * Returns the unsubscribe function.
 */
export function recheckRoutesOnSessionChange(queryClient: QueryClient, recheck: () => void): () => void {
  let seen: string | undefined;
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryHash !== hashKey(sessionQuery.queryKey)) return;
    const state = queryClient.getQueryState(sessionQuery.queryKey);
    // Until the first answer there is nothing to compare with: the routes are still waiting for it.
    if (!state || state.status === 'pending') return;
    const key = ruleKey(ruleUser(queryClient));
    if (seen !== undefined && key !== seen) recheck();
    seen = key;
  });
}

/**
 * A call refused because the network dropped the account's connection (`linkedin.reconnect`): the
 * session is read again at once (the refusal made `/me` wait for auth's copy to know of it), so
 * the app's banner says what happened and offers to reconnect (`ConnectionLostBanner`). Returns
 * the unsubscribe function.
 */
export function readSessionAgainWhenConnectionLost(queryClient: QueryClient): () => void {
  return whenRefused(
    queryClient,
    (error) => error instanceof ApiError && error.code === LINKEDIN_ERROR_CODES.reconnect,
    () => void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }),
  );
}
