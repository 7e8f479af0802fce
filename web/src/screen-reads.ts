/**
 * What each screen of the app reads as it opens, for its route's loader (router.tsx): the same
 * query options its components ask with, so the loader and the screen share one cache entry.
 * Loaded as a chunk of its own (lib/route-data.ts says why).
 */
import type { AnalyticsPeriod } from '@nashr/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { startOfMonth } from 'date-fns';
import { apiTokensQuery } from './features/account/api-tokens-api';
import { activeSessionsQuery } from './features/account/sessions-api';
import { voiceQuery } from './features/account/voice-api';
import { webhooksQuery } from './features/account/webhooks-api';
import { autopilotQuery } from './features/engage/engage-autopilot-api';
import { engageNetworkQuery } from './features/engage/engage-network-api';
import { writingLibraryQuery } from './features/hooks-library/writing-library-query';
import {
  notificationPreferencesQuery,
  notificationsQuery,
  pushDeviceQuery,
  pushDevicesQuery,
} from './features/notifications/notifications-api';
import { calendarRange } from './features/posts/calendar-grid';
import { workspacesQuery, workspaceTeamQuery } from './features/workspaces/workspaces-api';
import { DEFAULT_PERIOD } from './lib/analytics-period';
import { dailyIdeasQuery } from './lib/api/advice';
import { composerChoicesQuery, creditsQuery } from './lib/api/ai';
import { analyticsSummaryQuery, bestTimesQuery, pageAnalyticsQuery, postAnalyticsQuery } from './lib/api/analytics';
import { authClientConfigQuery, sessionQuery } from './lib/api/auth';
import { entitlementQuery, plansQuery } from './lib/api/billing';
import { contentBlockQuery } from './lib/api/content';
import { draftsQuery } from './lib/api/drafts';
import {
  engageAllowanceQuery,
  engageCreatorsQuery,
  engageFeedQuery,
  engageHistoryQuery,
  engageTargetsQuery,
  followedPostsQuery,
} from './lib/api/engage';
import { librarySearchQuery } from './lib/api/library';
import {
  connectMethodsQuery,
  dashboardQuery,
  readAddedPages,
  readOwnIdentity,
  readPosts,
  readProfileData,
} from './lib/api/linkedin';
import { calendarPostsQuery, readScheduledTab } from './lib/api/posts';
import { displayPreferencesQuery, readDisplayPreferences } from './lib/api/preferences';
import { queueQuery } from './lib/api/queue';
import { draftReviewQuery, reviewSettingsQuery } from './lib/api/review';
import { WEEK_STARTS_ON } from './lib/format';
import { type ScreenRead, screenLanguage, screenTimeZone } from './lib/route-data';
import { ENGAGEMENT_WINDOW_DAYS } from './lib/statistics';
import { calendarDate } from './lib/time-zone';
import { currentWorkspace } from './session/current-workspace';
import type { RouterContext } from './session/route-guard';

/** The commenting credits of the sidebar, read only for a plan that has them (useCommentingCredits). */
async function readCommentingCredits(client: QueryClient): Promise<void> {
  const { limits } = await client.ensureQueryData(entitlementQuery);
  if (limits.engage && limits.commentingCredits > 0) await client.prefetchQuery(engageAllowanceQuery);
}

/**
 * The app's frame around every signed-in screen: the account's name and picture, the plan and
 * credits, the workspaces, the bell and its choices, the display preferences.
 */
export function appShell(): ScreenRead[] {
  return [
    async (client) => {
      const user = await client.ensureQueryData(sessionQuery);
      if (user?.linkedinConnected) await readOwnIdentity(client);
    },
    entitlementQuery,
    readCommentingCredits,
    creditsQuery,
    workspacesQuery,
    notificationsQuery,
    notificationPreferencesQuery,
    readDisplayPreferences,
  ];
}

/**
 * /dashboard: the greeting and recent posts, and the figures of the period and identity the
 * address names (`?days=`, `?as=`: the profile's without), with the best times to post.
 */
export function dashboard(
  context: RouterContext,
  days: AnalyticsPeriod | undefined,
  as: string | undefined,
): ScreenRead[] {
  const period = days ?? DEFAULT_PERIOD;
  const zone = screenTimeZone(context);
  return [
    dashboardQuery,
    readAddedPages,
    as
      ? async (client) => {
          const page = (await readAddedPages(client)).find((added) => added.identity === as);
          if (page) await client.prefetchQuery(pageAnalyticsQuery(page.organization, period));
        }
      : analyticsSummaryQuery(period, zone),
    bestTimesQuery(zone),
  ];
}

/** The posts calendar's month: this month's weeks from the user's first day of the week, in the user's zone. */
async function readCalendarMonth(client: QueryClient): Promise<void> {
  const user = await client.ensureQueryData(sessionQuery);
  const display = await client.ensureQueryData(displayPreferencesQuery(user?.id));
  const range = calendarRange(startOfMonth(calendarDate()), WEEK_STARTS_ON[display.weekStart]);
  await client.prefetchQuery(calendarPostsQuery(range.from, range.to));
}

/**
 * /posts: the Scheduled tab, its calendar's month and the pages posts may be written as; the
 * Published and Drafts tabs when the address opens them.
 */
export function posts(tab: string | undefined): ScreenRead[] {
  return [
    readScheduledTab,
    readCalendarMonth,
    readAddedPages,
    ...(tab === 'published' ? [(client: QueryClient) => readPosts(client)] : []),
    ...(tab === 'drafts' ? [draftsQuery] : []),
  ];
}

/** /posts/analytics/$postId: the post's counters. */
export function postAnalytics(postId: string): ScreenRead[] {
  return [postAnalyticsQuery(postId)];
}

/** /profile: the full profile, the posts, the last weeks' figures and the company pages. */
export function profile(context: RouterContext): ScreenRead[] {
  return [
    readProfileData,
    readAddedPages,
    (client) => readPosts(client),
    analyticsSummaryQuery(ENGAGEMENT_WINDOW_DAYS, screenTimeZone(context)),
  ];
}

/** /ideas: today's ideas. */
export function ideas(): ScreenRead[] {
  return [dailyIdeasQuery];
}

/** /inspiration: the best posts of the people followed, and the library's first page, unfiltered. */
export function inspiration(): ScreenRead[] {
  return [followedPostsQuery, librarySearchQuery({ q: '', favourites: false })];
}

/**
 * /engage: whom the user follows and the creators suggested, the allowance, what the network
 * allows, the feed (with suggestions in the interface language), the autopilot and the comments sent.
 */
export function engage(context: RouterContext): ScreenRead[] {
  return [
    engageTargetsQuery,
    engageCreatorsQuery,
    engageAllowanceQuery,
    engageNetworkQuery,
    engageFeedQuery(screenLanguage(context)),
    autopilotQuery,
    engageHistoryQuery,
  ];
}

/**
 * /generate-post: the choices the composer starts from, the approval rule and drafts it checks,
 * the pages to post as and the profile the preview shows the post under.
 */
export function composer(): ScreenRead[] {
  return [
    composerChoicesQuery,
    reviewSettingsQuery(null, currentWorkspace()),
    draftsQuery,
    readAddedPages,
    readProfileData,
  ];
}

/** /personalization, the settings: the voice, the posting queue and its best times, this browser's notifications. */
export function settings(context: RouterContext): ScreenRead[] {
  const zone = screenTimeZone(context);
  return [voiceQuery, queueQuery(zone), bestTimesQuery(zone), pushDeviceQuery, pushDevicesQuery];
}

/** /billing: the plans, and what the current one allows and has left. */
export function billing(): ScreenRead[] {
  return [plansQuery, engageAllowanceQuery];
}

/** /api-tokens: the live tokens. */
export function apiTokens(): ScreenRead[] {
  return [apiTokensQuery];
}

/** /webhooks: the endpoints. */
export function webhooks(): ScreenRead[] {
  return [webhooksQuery];
}

/** /sessions: the signed-in sessions. */
export function sessions(): ScreenRead[] {
  return [activeSessionsQuery];
}

/** /hooks: the writing library in the interface language (its own chunk). */
export function hooks(context: RouterContext): ScreenRead[] {
  return [writingLibraryQuery(screenLanguage(context))];
}

/**
 * /workspaces: the team and approval rule of the workspace the screen opens (the one the address
 * names, else the first).
 */
export function workspaces(linked: string | undefined): ScreenRead[] {
  return [
    async (client) => {
      const list = await client.ensureQueryData(workspacesQuery);
      const opened = list.find((workspace) => workspace.id === linked) ?? list[0];
      if (!opened) return;
      await Promise.all([
        client.prefetchQuery(workspaceTeamQuery(opened.id)),
        client.prefetchQuery(reviewSettingsQuery(opened.id, currentWorkspace())),
      ]);
    },
  ];
}

/**
 * /review/$draftId: the draft and its review, when the tab already works in the workspace the
 * address names (else the page first moves there, and reads it then), with that workspace's team.
 */
export function review(draftId: string, workspace: string | undefined): ScreenRead[] {
  const current = currentWorkspace();
  if (workspace && workspace !== current) return [];
  return [
    draftReviewQuery(draftId),
    async (client) => {
      const id = current ?? (await client.ensureQueryData(sessionQuery))?.id;
      if (id) await client.prefetchQuery(workspaceTeamQuery(id));
    },
  ];
}

/** /connect-linkedIn: the ways this installation offers to connect (and whether the password one is the sandbox). */
export function connectLinkedIn(): ScreenRead[] {
  return [connectMethodsQuery];
}

/** /signup: the panel's copy in the interface language, and how many members the installation has. */
export function signup(context: RouterContext): ScreenRead[] {
  return [contentBlockQuery('signup', screenLanguage(context)), authClientConfigQuery];
}
