import {
  ANALYTICS_ERROR_CODES,
  analyticsExportQuerySchema,
  analyticsPeriodQuerySchema,
  analyticsPostParamsSchema,
  analyticsPostResponseSchema,
  analyticsSummaryResponseSchema,
  bestTimesQuerySchema,
  bestTimesResponseSchema,
  pageAnalyticsQuerySchema,
  pageAnalyticsResponseSchema,
} from '../linkedin/analytics.js';
import { LINKEDIN_ERROR_CODES } from '../linkedin/errors.js';
import { defineEndpoint } from './define.js';
import { LINK_PATHS } from './link-paths.js';

const codes = ANALYTICS_ERROR_CODES;

/** Analytics over time, from the snapshots the linkedin service keeps. */
export const analyticsApi = {
  summary: defineEndpoint({
    method: 'GET',
    path: '/api/v1/analytics/summary',
    owner: 'linkedin',
    access: 'full-user',
    token: 'analytics:read',
    summary: "The dashboard's figures over a period, each against the period before",
    query: analyticsPeriodQuerySchema,
    responses: { 200: { description: 'The figures', schema: analyticsSummaryResponseSchema } },
    errors: { 400: [codes.badPeriod, codes.badTimeZone], 404: [LINKEDIN_ERROR_CODES.notConnected] },
  }),
  post: defineEndpoint({
    method: 'GET',
    path: '/api/v1/analytics/posts/{postId}',
    owner: 'linkedin',
    access: 'full-user',
    token: 'analytics:read',
    summary: "One network post's counters since it was published, against the user's median post",
    params: analyticsPostParamsSchema,
    responses: { 200: { description: 'The series', schema: analyticsPostResponseSchema } },
    errors: { 404: [codes.unknownPost, LINKEDIN_ERROR_CODES.notConnected] },
  }),
  page: defineEndpoint({
    method: 'GET',
    path: '/api/v1/analytics/page',
    owner: 'linkedin',
    access: 'full-user',
    token: 'analytics:read',
    summary: "An added company page's figures over a period, each against the period before, and its days",
    query: pageAnalyticsQuerySchema,
    responses: { 200: { description: 'The figures', schema: pageAnalyticsResponseSchema } },
    errors: { 400: [codes.badPeriod], 404: [codes.unknownPage, LINKEDIN_ERROR_CODES.notConnected] },
  }),
  bestTimes: defineEndpoint({
    method: 'GET',
    path: '/api/v1/analytics/best-times',
    owner: 'linkedin',
    access: 'full-user',
    token: 'analytics:read',
    summary: "Engagement by weekday and hour in the user's zone, with the best slots named",
    query: bestTimesQuerySchema,
    responses: { 200: { description: 'The heatmap', schema: bestTimesResponseSchema } },
    errors: { 400: [codes.badTimeZone], 404: [LINKEDIN_ERROR_CODES.notConnected] },
  }),
  export: defineEndpoint({
    method: 'GET',
    path: LINK_PATHS.analyticsExport,
    owner: 'linkedin',
    access: 'full-user',
    summary: 'CSV of the posts with their counters, or of every kept snapshot',
    query: analyticsExportQuerySchema,
    responses: { 200: { description: 'UTF-8 CSV with a byte-order mark, as a download', contentType: 'text/csv' } },
    errors: { 404: [LINKEDIN_ERROR_CODES.notConnected] },
  }),
} as const;
