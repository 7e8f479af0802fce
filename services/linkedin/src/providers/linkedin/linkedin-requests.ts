/**
 * The shapes of the official API's analytics requests, in one place: the provider sends them, the
 * local network server (`testing/fake-linkedin.ts`) reads them back with the same helpers.
 *
 * Followed:
 * - "Member Post Analytics API" (Community Management, `GET /rest/memberCreatorPostAnalytics`):
 *   `q=entity` for one post (`entity=(share:{urn})` or `(ugc:{urn})`), `q=me` for all of the
 *   member's posts; one `queryType` a call (IMPRESSION, MEMBERS_REACHED, REACTION, COMMENT, RESHARE,
 *   POST_SAVE, POST_SEND); `aggregation` DAILY or TOTAL; an optional `dateRange`; scope
 *   `r_member_postAnalytics`.
 * - "Rest.li protocol 2.0" (Protocol Version 2.0.0): a record in a query is `(key:value,…)`, a list
 *   is `List(a,b)`, and reserved characters inside a value (URNs' colons, commas, parentheses)
 *   are percent-encoded, the query string itself left as the encoding wrote it.
 * - "LinkedIn API Versioning": every REST call carries `LinkedIn-Version: YYYYMM`.
 * - "Organization Access Control by Role" (`GET /rest/organizationAcls?q=roleAssignee`): the
 *   pages the member holds a role on, with `role` and `state`; scope `r_organization_admin` (or
 *   `rw_organization_admin`).
 * - "Organization Lookup API" (`GET /rest/organizations?ids=List(…)`, a batch get): each page's
 *   `localizedName`, under `results` by id.
 * - "Posts API": a post whose `author` is `urn:li:organization:{id}` goes out as the page; scope
 *   `w_organization_social`, and the member must administer the page.
 * - "Organization Share Statistics" (`GET /rest/organizationalEntityShareStatistics?q=organizationalEntity`):
 *   a page's impressions, clicks, reactions (`likeCount`), comments and shares, time-bound with
 *   `timeIntervals=(timeRange:(start:…,end:…),timeGranularityType:DAY)` in epoch milliseconds, one
 *   element a day, over the last 12 months at most; scope `r_organization_admin` (or
 *   `rw_organization_admin`).
 *   Without `timeIntervals` and with `shares=List(…)` / `ugcPosts=List(…)`, each of those posts'
 *   lifetime figures, one element a post naming it.
 * - "Organization Follower Statistics" (`GET /rest/organizationalEntityFollowerStatistics`, the
 *   same finder and intervals): each day's `followerGains` (organic and paid).
 * - "Organization Follower Count" (`GET /rest/networkSizes/{organization URN}?edgeType=COMPANY_FOLLOWED_BY_MEMBER`):
 *   the page's followers now, as `firstDegreeSize`.
 */

/** The scope the "Member Post Analytics API" needs. */
export const POST_ANALYTICS_SCOPE = 'r_member_postAnalytics';

/** The metrics of the "Member Post Analytics API", in the order they are read. */
export const POST_ANALYTICS_METRICS = [
  'IMPRESSION',
  'MEMBERS_REACHED',
  'REACTION',
  'COMMENT',
  'RESHARE',
  'POST_SAVE',
  'POST_SEND',
] as const;
export type PostAnalyticsMetric = (typeof POST_ANALYTICS_METRICS)[number];

export type Aggregation = 'DAILY' | 'TOTAL';

/** The scopes listing a member's pages and posting as them need ("Organization Access Control by Role", "Posts API"). */
export const PAGE_SCOPES = ['r_organization_admin', 'w_organization_social'] as const;

export const ORGANIZATION_PREFIX = 'urn:li:organization:';

/** A calendar day as Rest.li dates are written (UTC). */
export interface RestliDate {
  year: number;
  month: number;
  day: number;
}

export type RestliValue = string | number | boolean | RestliValue[] | { [key: string]: RestliValue };

/** Rest.li 2.0 escapes these inside a value, besides what a URL query escapes anyway. */
const encodeLeaf = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** A value in Rest.li 2.0 query syntax: records `(k:v)`, lists `List(a,b)`, leaves escaped. */
export function restli(value: RestliValue): string {
  if (Array.isArray(value)) return `List(${value.map(restli).join(',')})`;
  if (typeof value === 'object') {
    return `(${Object.entries(value)
      .map(([key, inner]) => `${encodeLeaf(key)}:${restli(inner)}`)
      .join(',')})`;
  }
  return encodeLeaf(String(value));
}

/** Reads a Rest.li 2.0 query value back (what the local network server receives). */
export function parseRestli(text: string): RestliValue {
  let at = 0;
  const value = (): RestliValue => {
    if (text.startsWith('List(', at)) {
      at += 5;
      const items: RestliValue[] = [];
      if (text[at] === ')') {
        at++;
        return items;
      }
      for (;;) {
        items.push(value());
        const c = text[at++];
        if (c === ')') return items;
        if (c !== ',') throw new Error(`Rest.li: expected , or ) at ${at - 1}`);
      }
    }
    if (text[at] === '(') {
      at++;
      const record: Record<string, RestliValue> = {};
      if (text[at] === ')') {
        at++;
        return record;
      }
      for (;;) {
        const colon = text.indexOf(':', at);
        if (colon < 0) throw new Error('Rest.li: a record key without a value');
        const key = decodeURIComponent(text.slice(at, colon));
        at = colon + 1;
        record[key] = value();
        const c = text[at++];
        if (c === ')') return record;
        if (c !== ',') throw new Error(`Rest.li: expected , or ) at ${at - 1}`);
      }
    }
    const end = text.slice(at).search(/[,()]/);
    const raw = end < 0 ? text.slice(at) : text.slice(at, at + end);
    at += raw.length;
    return decodeURIComponent(raw);
  };
  const parsed = value();
  if (at !== text.length) throw new Error(`Rest.li: unexpected ${text.slice(at, at + 10)}`);
  return parsed;
}

/** The `entity` of a `q=entity` call: a share or a UGC post, as its URN says. */
export function postEntity(urn: string): RestliValue {
  return urn.startsWith('urn:li:ugcPost:') ? { ugc: urn } : { share: urn };
}

export const restliDate = (at: Date): RestliDate => ({
  year: at.getUTCFullYear(),
  month: at.getUTCMonth() + 1,
  day: at.getUTCDate(),
});

/** A request, the query already in Rest.li form: the provider appends it to the path as is. */
export interface RestRequest {
  method: 'GET';
  path: string;
  /** Already encoded; not to be encoded again. */
  query: string;
}

const queryOf = (parts: [string, string][]) => parts.map(([key, value]) => `${key}=${value}`).join('&');

/** "Member Post Analytics API", one post: one metric, in total or by day. */
export function postAnalyticsRequest(
  postUrn: string,
  metric: PostAnalyticsMetric,
  aggregation: Aggregation = 'TOTAL',
): RestRequest {
  return {
    method: 'GET',
    path: '/rest/memberCreatorPostAnalytics',
    query: queryOf([
      ['q', 'entity'],
      ['entity', restli(postEntity(postUrn))],
      ['queryType', metric],
      ['aggregation', aggregation],
    ]),
  };
}

/**
 * "Member Post Analytics API", all of the member's posts: one metric, in total or by day, over
 * `range` when given (the network's default period otherwise), a page at `start`.
 */
export function memberAnalyticsRequest(
  metric: PostAnalyticsMetric,
  aggregation: Aggregation,
  range?: { start: Date; end: Date },
  page: { start?: number; count?: number } = {},
): RestRequest {
  const parts: [string, string][] = [
    ['q', 'me'],
    ['queryType', metric],
    ['aggregation', aggregation],
  ];
  if (range) {
    parts.push([
      'dateRange',
      restli({
        start: { ...restliDate(range.start) },
        end: { ...restliDate(range.end) },
      }),
    ]);
  }
  if (page.start !== undefined) parts.push(['start', String(page.start)]);
  if (page.count !== undefined) parts.push(['count', String(page.count)]);
  return { method: 'GET', path: '/rest/memberCreatorPostAnalytics', query: queryOf(parts) };
}

/** "Organization Access Control by Role": the member's approved roles, a page of them at `start`. */
export function organizationAclsRequest(page: { start?: number; count?: number } = {}): RestRequest {
  const parts: [string, string][] = [
    ['q', 'roleAssignee'],
    ['state', 'APPROVED'],
  ];
  if (page.start !== undefined) parts.push(['start', String(page.start)]);
  if (page.count !== undefined) parts.push(['count', String(page.count)]);
  return { method: 'GET', path: '/rest/organizationAcls', query: queryOf(parts) };
}

/** "Organization Lookup API", a batch get: the pages named by their numbers (the URNs' last part). */
export function organizationsRequest(ids: readonly string[]): RestRequest {
  return { method: 'GET', path: '/rest/organizations', query: queryOf([['ids', restli([...ids])]]) };
}

/** The statistics of a page one of its time-bound finders reads ("Organization Share/Follower Statistics"). */
export type PageStatistics = 'share' | 'follower';

const PAGE_STATISTICS_PATHS: Record<PageStatistics, string> = {
  share: '/rest/organizationalEntityShareStatistics',
  follower: '/rest/organizationalEntityFollowerStatistics',
};

/** The longest time-bound window the page statistics give: the last 12 months. */
export const PAGE_STATISTICS_MAX_DAYS = 365;

/**
 * "Organization Share Statistics" or "Organization Follower Statistics", time-bound: the page's
 * figures a UTC day at a time from `range.start`'s day through `range.end`'s.
 */
export function pageStatisticsRequest(
  statistics: PageStatistics,
  organization: string,
  range: { start: Date; end: Date },
): RestRequest {
  const startOfDay = (at: Date) => Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  return {
    method: 'GET',
    path: PAGE_STATISTICS_PATHS[statistics],
    query: queryOf([
      ['q', 'organizationalEntity'],
      ['organizationalEntity', restli(organization)],
      [
        'timeIntervals',
        restli({
          timeRange: { start: startOfDay(range.start), end: startOfDay(range.end) + 86_400_000 },
          timeGranularityType: 'DAY',
        }),
      ],
    ]),
  };
}

/** "Organization Share Statistics", lifetime, of some of the page's posts (shares and UGC posts by their URNs). */
export function pagePostStatisticsRequest(organization: string, postUrns: readonly string[]): RestRequest {
  const ugc = postUrns.filter((urn) => urn.startsWith('urn:li:ugcPost:'));
  const shares = postUrns.filter((urn) => !urn.startsWith('urn:li:ugcPost:'));
  const parts: [string, string][] = [
    ['q', 'organizationalEntity'],
    ['organizationalEntity', restli(organization)],
  ];
  if (shares.length) parts.push(['shares', restli(shares)]);
  if (ugc.length) parts.push(['ugcPosts', restli(ugc)]);
  return { method: 'GET', path: PAGE_STATISTICS_PATHS.share, query: queryOf(parts) };
}

/** "Organization Follower Count": the page's followers now. */
export function pageFollowerCountRequest(organization: string): RestRequest {
  return {
    method: 'GET',
    path: `/rest/networkSizes/${restli(organization)}`,
    query: queryOf([['edgeType', 'COMPANY_FOLLOWED_BY_MEMBER']]),
  };
}

/** The key an answer's element names its metric under ("Member Post Analytics API" responses). */
export const METRIC_TYPE_KEY = 'com.linkedin.adsexternalapi.memberanalytics.v1.CreatorPostAnalyticsMetricTypeV1';

/** The scopes asked at consent: what publishing needs, and the analytics when the app has them. */
export function consentScopes(base: readonly string[], extra: readonly string[]): string[] {
  return [...new Set([...base, ...extra])];
}

/** The scopes a token answer granted (space- or comma-separated, as the network writes them). */
export function grantedScopes(scope: string | null | undefined): Set<string> {
  return new Set((scope ?? '').split(/[\s,]+/).filter(Boolean));
}
