import { type AnalyticsPeriod, LINK_PATHS, urlOf } from '@nashr/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { browserTimeZone } from '../time-zone';
import { analyticsApi } from './catalogue';
import { ApiError, call } from './client';

/** While the first snapshots are being taken, the figures are asked for again this often. */
const IMPORTING_REFRESH_MS = 3_000;

/** A refusal (bad period, unknown post) answers the same the second time: only failures to reach the server are tried again. */
const retryOnce = (failures: number, error: Error) =>
  failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export const analyticsKeys = {
  all: ['analytics'] as const,
  summary: (days: AnalyticsPeriod, zone: string) => ['analytics', 'summary', days, zone] as const,
  post: (postId: string) => ['analytics', 'post', postId] as const,
  bestTimes: (zone: string) => ['analytics', 'best-times', zone] as const,
  page: (organization: string, days: AnalyticsPeriod) => ['analytics', 'page', organization, days] as const,
};

/** `GET /api/v1/analytics/summary`: the dashboard's figures over the period, days counted in `zone`. */
export const analyticsSummaryQuery = (days: AnalyticsPeriod, zone: string) =>
  queryOptions({
    queryKey: analyticsKeys.summary(days, zone),
    queryFn: () => call(analyticsApi.summary, { query: { days, timeZone: zone } }),
    staleTime: 60_000,
    retry: retryOnce,
  });

/**
 * The dashboard's figures over the period, days counted in the browser's zone. The previous
 * period's answer stays on screen while another period loads.
 */
export function useAnalyticsSummary(days: AnalyticsPeriod, enabled = true) {
  return useQuery({
    ...analyticsSummaryQuery(days, browserTimeZone()),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.history.importing ? IMPORTING_REFRESH_MS : false),
  });
}

/** `GET /api/v1/analytics/posts/{postId}`: one network post's counters since publication, and the median post's. */
export const postAnalyticsQuery = (postId: string) =>
  queryOptions({
    queryKey: analyticsKeys.post(postId),
    queryFn: () => call(analyticsApi.post, { params: { postId } }),
    staleTime: 60_000,
    retry: retryOnce,
  });

export function usePostAnalytics(postId: string) {
  return useQuery(postAnalyticsQuery(postId));
}

/** `GET /api/v1/analytics/page`: an added company page's figures over the period (UTC days). */
export const pageAnalyticsQuery = (organization: string, days: AnalyticsPeriod) =>
  queryOptions({
    queryKey: analyticsKeys.page(organization, days),
    queryFn: () => call(analyticsApi.page, { query: { organization, days } }),
    staleTime: 60_000,
    retry: retryOnce,
  });

/** An added company page's figures; the previous period's answer stays on screen while another period loads. */
export function usePageAnalytics(organization: string, days: AnalyticsPeriod) {
  return useQuery({
    ...pageAnalyticsQuery(organization, days),
    placeholderData: keepPreviousData,
    // A page just added is read by the snapshot its adding started: asked again until it is.
    refetchInterval: (query) => (query.state.data?.state === 'waiting' ? IMPORTING_REFRESH_MS : false),
  });
}

/** `GET /api/v1/analytics/best-times`: engagement by weekday and hour in `zone`. */
export const bestTimesQuery = (zone: string) =>
  queryOptions({
    queryKey: analyticsKeys.bestTimes(zone),
    queryFn: () => call(analyticsApi.bestTimes, { query: { timeZone: zone } }),
    staleTime: 5 * 60_000,
    retry: retryOnce,
  });

/** Engagement by weekday and hour in the browser's zone. */
export function useBestTimes() {
  return useQuery(bestTimesQuery(browserTimeZone()));
}

export type AnalyticsExportKind = 'posts' | 'snapshots';

/** Where a CSV export downloads from: a plain link, so the browser saves the file itself. */
export const analyticsExportUrl = (kind: AnalyticsExportKind): string =>
  urlOf({ path: LINK_PATHS.analyticsExport }, undefined, { kind });
