import { createHash, randomBytes } from 'node:crypto';
import { type FullProfile, isDocumentType, type OwnProfile, PAGE_ROLES } from '@nashr/contracts';
import type { z } from 'zod';
import type {
  AnalyticsCapabilities,
  Attachment,
  CommentPage,
  CommentResult,
  ConnectOutcome,
  MemberDay,
  NetworkPage,
  NetworkPages,
  NetworkPost,
  NetworkProvider,
  PageDay,
  PageFigures,
  PostMetrics,
  PostPage,
  PostToPublish,
  PublishResult,
} from '../network-provider.js';
import { PROVIDER_MESSAGES, ProviderError, type ProviderErrorKind } from '../provider-error.js';
import {
  type Aggregation,
  consentScopes,
  grantedScopes,
  METRIC_TYPE_KEY,
  memberAnalyticsRequest,
  ORGANIZATION_PREFIX,
  organizationAclsRequest,
  organizationsRequest,
  PAGE_SCOPES,
  POST_ANALYTICS_METRICS,
  POST_ANALYTICS_SCOPE,
  type PostAnalyticsMetric,
  pageFollowerCountRequest,
  pagePostStatisticsRequest,
  pageStatisticsRequest,
  postAnalyticsRequest,
  type RestRequest,
} from './linkedin-requests.js';
import {
  wireCommentListSchema,
  wireDocumentUploadSchema,
  wireErrorSchema,
  wireImageUploadSchema,
  wireNetworkSizeSchema,
  wireOrganizationAclsSchema,
  wireOrganizationsSchema,
  wirePageFollowerStatisticsSchema,
  wirePageShareStatisticsSchema,
  wirePostAnalyticsSchema,
  wirePostListSchema,
  wireTokenSchema,
  wireUserinfoSchema,
} from './linkedin-wire.js';
import { escapeLittleText, renderLittleText } from './little-text.js';
import type { MemberTokens, TokenVault } from './token-vault.js';

/** What posting as the member needs, and the OpenID sign-in that says who the member is. */
export const LINKEDIN_SCOPES = ['openid', 'profile', 'email', 'w_member_social'] as const;

/** The analytics scopes a network app may have been granted ("Member Post Analytics API"). */
export const LINKEDIN_ANALYTICS_SCOPES = [POST_ANALYTICS_SCOPE] as const;

export const AUTHOR_PREFIX = 'urn:li:person:';

/** The operator's words when the configured API version is retired (the network answers 426). */
export const VERSION_RETIRED_DETAIL =
  'version_retired: LinkedIn no longer serves the configured LINKEDIN_API_VERSION; set a current version (YYYYMM)';

/** A token this close to its end is refreshed (or treated as expired) before a call. */
const EXPIRY_MARGIN_MS = 60_000;

export interface LinkedinOptions {
  /** The REST API (`https://api.linkedin.com`). */
  apiUrl: string;
  /** The OAuth pages and token endpoint (`https://www.linkedin.com`). */
  authUrl: string;
  clientId: string;
  clientSecret: string;
  /** Registered with the network app: where the member comes back after consenting. */
  redirectUri: string;
  /** The `LinkedIn-Version` header (YYYYMM). */
  version: string;
  /**
   * Scopes asked besides LINKEDIN_SCOPES: those the network app was granted (e.g.
   * `r_member_postAnalytics`). What the member grants is kept with their tokens.
   */
  extraScopes?: readonly string[];
  tokens: TokenVault;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface AuthorizationRequest {
  /** Where to send the browser. */
  url: string;
  state: string;
  /** Kept by the caller (never sent to the browser) and given back to `completeAuthorization`. */
  codeVerifier: string;
}

export interface AuthorizedMember {
  /** The author URN (`urn:li:person:{sub}`): the account id this provider knows the member by. */
  accountId: string;
  name: string | null;
  expiresAt: Date;
}

interface RequestOptions {
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  form?: Record<string, string>;
  body?: Uint8Array;
  contentType?: string;
  token?: string;
  rest?: boolean;
  write?: boolean;
  /** An absolute URL (the upload URL the network handed out). */
  absolute?: boolean;
  /** A query already in Rest.li form (`linkedin-requests.ts`), appended as is. */
  restliQuery?: string;
}

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

function causeCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}

/** `Retry-After` as seconds or an HTTP date, in milliseconds; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Page roles read per call, and how many calls one listing may take. */
const ACL_PAGE = 100;
const ACL_MAX_PAGES = 5;

/** Comments read per page when looking for one whose answer was lost. */
const COMMENT_PAGE = 100;

/** Days a page of the member's daily figures holds, and how many pages one metric may take. */
const MEMBER_ANALYTICS_PAGE = 100;
const MEMBER_ANALYTICS_MAX_PAGES = 20;

const metricsOf = (totals: Map<string, number>): PostMetrics => ({
  impressions: totals.get('IMPRESSION') ?? 0,
  membersReached: totals.get('MEMBERS_REACHED') ?? 0,
  reactions: totals.get('REACTION') ?? 0,
  comments: totals.get('COMMENT') ?? 0,
  reposts: totals.get('RESHARE') ?? 0,
  saves: totals.get('POST_SAVE') ?? 0,
  sends: totals.get('POST_SEND') ?? 0,
});

const postUrl = (urn: string) => `https://www.linkedin.com/feed/update/${urn}/`;

/**
 * The professional network's official REST API: OAuth 2.0 (authorization code, state, PKCE),
 * OpenID userinfo, and the versioned Posts, Images and Social Actions APIs. The account id is
 * the member's author URN; the member's tokens live sealed in the token vault.
 */
export class LinkedinProvider implements NetworkProvider {
  readonly name = 'linkedin' as const;
  private readonly apiUrl: string;
  private readonly authUrl: string;
  private readonly timeoutMs: number;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: LinkedinOptions) {
    this.apiUrl = options.apiUrl.replace(/\/+$/, '');
    this.authUrl = options.authUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.fetch = options.fetch ?? fetch;
  }

  /** Starts the consent flow: a fresh `state` and PKCE verifier (S256) for one sign-in. */
  authorization(): AuthorizationRequest {
    const state = randomBytes(24).toString('base64url');
    const codeVerifier = randomBytes(48).toString('base64url');
    const challenge = createHash('sha256').update(codeVerifier).digest('base64url');
    const url = new URL(`${this.authUrl}/oauth/v2/authorization`);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', this.options.clientId);
    url.searchParams.set('redirect_uri', this.options.redirectUri);
    url.searchParams.set('state', state);
    url.searchParams.set('scope', consentScopes(LINKEDIN_SCOPES, this.options.extraScopes ?? []).join(' '));
    url.searchParams.set('code_challenge', challenge);
    url.searchParams.set('code_challenge_method', 'S256');
    return { url: url.toString(), state, codeVerifier };
  }

  /** Trades the code for tokens, learns who the member is, and keeps the tokens sealed. */
  async completeAuthorization(code: string, codeVerifier: string): Promise<AuthorizedMember> {
    const tokens = await this.token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: this.options.redirectUri,
      code_verifier: codeVerifier,
    });
    const info = await this.userinfo(tokens.accessToken);
    const accountId = `${AUTHOR_PREFIX}${info.sub}`;
    await this.options.tokens.put(accountId, tokens);
    return { accountId, name: info.name ?? null, expiresAt: tokens.expiresAt };
  }

  /** When the member's access ends unless they reconnect (null when no token is kept). */
  async accessExpiresAt(accountId: string): Promise<Date | null> {
    const tokens = await this.options.tokens.get(accountId);
    if (!tokens) return null;
    return tokens.refreshToken && tokens.refreshExpiresAt ? tokens.refreshExpiresAt : tokens.expiresAt;
  }

  private async request(method: string, path: string, options: RequestOptions = {}): Promise<Answer> {
    const url = new URL(options.absolute ? path : `${path.startsWith('/oauth/') ? this.authUrl : this.apiUrl}${path}`);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    // Rest.li's own escaping must reach the network untouched: URLSearchParams would encode it again.
    if (options.restliQuery) url.search = url.search ? `${url.search}&${options.restliQuery}` : options.restliQuery;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.rest) {
      headers['linkedin-version'] = this.options.version;
      headers['x-restli-protocol-version'] = '2.0.0';
    }
    let body: string | Uint8Array | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    } else if (options.body) {
      headers['content-type'] = options.contentType ?? 'application/octet-stream';
      body = options.body;
    }
    let response: Response;
    let raw: string;
    try {
      response = await this.fetch(url, {
        method,
        headers,
        body: body as RequestInit['body'],
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      raw = await response.text();
    } catch (error) {
      const unknown = options.write && causeCode(error) !== 'ECONNREFUSED';
      const detail = error instanceof Error ? `${error.message} (${causeCode(error) ?? 'no code'})` : String(error);
      throw new ProviderError(unknown ? 'outcome_unknown' : 'unavailable', undefined, { detail });
    }
    let parsed: unknown = null;
    if (raw) {
      try {
        parsed = JSON.parse(raw);
      } catch {
        parsed = null;
      }
    }
    if (response.status < 200 || response.status >= 300) throw this.toError(response, parsed, options);
    return { status: response.status, headers: response.headers, body: parsed };
  }

  private toError(response: Response, body: unknown, options: RequestOptions): ProviderError {
    const status = response.status;
    const wire = wireErrorSchema.safeParse(body);
    const error = wire.success ? wire.data : {};
    const words = error.message ?? error.error_description ?? `HTTP ${status}`;
    const detail = `${error.code ?? error.error ?? 'no code'}: ${words}`;
    let kind: ProviderErrorKind;
    if (status === 401) kind = options.token ? 'credentials_expired' : 'misconfigured';
    else if (status === 403) kind = 'insufficient_privileges';
    else if (status === 404) kind = 'not_found';
    else if (status === 426) {
      return new ProviderError('misconfigured', PROVIDER_MESSAGES.misconfigured, {
        detail: `${VERSION_RETIRED_DETAIL} (${this.options.version}): ${words}`,
        status,
      });
    } else if (status === 429) {
      return new ProviderError('rate_limited', PROVIDER_MESSAGES.rate_limited, {
        detail,
        status,
        retryAfterMs: retryAfterMs(response.headers.get('retry-after')) ?? undefined,
      });
    } else if (status >= 500) kind = options.write && status === 504 ? 'outcome_unknown' : 'unavailable';
    else kind = 'rejected';
    const message =
      kind === 'rejected' && error.message ? `LinkedIn refused this request: ${error.message}` : undefined;
    return new ProviderError(kind, message ?? PROVIDER_MESSAGES[kind], { detail, status });
  }

  private parse<S extends z.ZodType>(schema: S, body: unknown, what: string): z.infer<S> {
    const result = schema.safeParse(body);
    if (!result.success) {
      throw new ProviderError('unavailable', 'LinkedIn answered in an unexpected way. Please try again.', {
        detail: `${what}: ${result.error.issues[0]?.message ?? 'invalid'}`,
      });
    }
    return result.data;
  }

  private async token(grant: Record<string, string>): Promise<MemberTokens> {
    let answer: Answer;
    try {
      answer = await this.request('POST', '/oauth/v2/accessToken', {
        form: { ...grant, client_id: this.options.clientId, client_secret: this.options.clientSecret },
      });
    } catch (error) {
      // A code or refresh token the network no longer takes: the member must consent again.
      if (error instanceof ProviderError && error.status === 400) {
        throw new ProviderError('credentials_expired', undefined, { detail: error.detail, status: 400 });
      }
      throw error;
    }
    const wire = this.parse(wireTokenSchema, answer.body, 'token');
    const now = Date.now();
    return {
      accessToken: wire.access_token,
      refreshToken: wire.refresh_token ?? null,
      expiresAt: new Date(now + wire.expires_in * 1000),
      refreshExpiresAt: wire.refresh_token_expires_in ? new Date(now + wire.refresh_token_expires_in * 1000) : null,
      scope: wire.scope ?? null,
    };
  }

  private async userinfo(accessToken: string) {
    const answer = await this.request('GET', '/v2/userinfo', { token: accessToken });
    return this.parse(wireUserinfoSchema, answer.body, 'userinfo');
  }

  /** A live access token for the member, refreshed when it is about to end and the network allows. */
  private async accessToken(accountId: string): Promise<string> {
    const tokens = await this.options.tokens.get(accountId);
    if (!tokens) throw new ProviderError('account_disconnected', undefined, { detail: 'no token kept for the member' });
    if (tokens.expiresAt.getTime() - EXPIRY_MARGIN_MS > Date.now()) return tokens.accessToken;
    const refreshUsable =
      tokens.refreshToken && (!tokens.refreshExpiresAt || tokens.refreshExpiresAt.getTime() > Date.now());
    if (!tokens.refreshToken || !refreshUsable) {
      throw new ProviderError('credentials_expired', undefined, { detail: 'the access token expired' });
    }
    const fresh = await this.token({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken });
    await this.options.tokens.put(accountId, {
      ...fresh,
      refreshToken: fresh.refreshToken ?? tokens.refreshToken,
      refreshExpiresAt: fresh.refreshToken ? fresh.refreshExpiresAt : tokens.refreshExpiresAt,
    });
    return fresh.accessToken;
  }

  private notHere(): never {
    throw new ProviderError(
      'rejected',
      'This connection uses the "Continue with LinkedIn" page, not a password or verification code.',
    );
  }

  async connect(): Promise<ConnectOutcome> {
    this.notHere();
  }

  async solveCheckpoint(): Promise<ConnectOutcome> {
    this.notHere();
  }

  async resendCheckpoint(): Promise<void> {
    this.notHere();
  }

  async checkInAppValidation(): Promise<ConnectOutcome> {
    this.notHere();
  }

  async disconnect(accountId: string): Promise<void> {
    await this.options.tokens.delete(accountId);
  }

  async getOwnProfile(accountId: string): Promise<OwnProfile> {
    const info = await this.userinfo(await this.accessToken(accountId));
    const [first, ...rest] = (info.name ?? '').split(' ');
    return {
      first_name: info.given_name ?? first ?? '',
      last_name: info.family_name ?? rest.join(' '),
      profile_picture_url: info.picture ?? null,
      // The headline, location and public profile address need access the member-posting products do not grant.
      headline: null,
      location: null,
      public_identifier: null,
      provider_id: info.sub,
      email: info.email ?? null,
      premium: false,
      limited_access: true,
    };
  }

  async getFullProfile(accountId: string): Promise<FullProfile> {
    const own = await this.getOwnProfile(accountId);
    return {
      ...own,
      summary: null,
      background_picture_url: null,
      websites: [],
      education: [],
      skills: [],
      // Not zero: unknown without more access.
      follower_count: null,
      connections_count: null,
    };
  }

  /** The scopes the member granted, as their token answer said (empty when no token is kept). */
  async grantedScopes(accountId: string): Promise<Set<string>> {
    return grantedScopes((await this.options.tokens.get(accountId))?.scope);
  }

  /**
   * Posts' counters come from the "Member Post Analytics API" when the member granted
   * `r_member_postAnalytics`; without it they, like the audience, need more access than posting,
   * and those cards show sample data instead.
   */
  async analyticsCapabilities(accountId: string): Promise<AnalyticsCapabilities> {
    const analytics = (await this.grantedScopes(accountId)).has(POST_ANALYTICS_SCOPE);
    return {
      postCounters: analytics,
      followers: false,
      connections: false,
      profileViews: false,
      perPostAnalytics: analytics,
      memberDaily: analytics,
    };
  }

  private async analyticsCall(token: string, request: RestRequest) {
    const answer = await this.request(request.method, request.path, { token, rest: true, restliQuery: request.query });
    return this.parse(wirePostAnalyticsSchema, answer.body, 'post analytics');
  }

  private static metricOf(element: { metricType?: Record<string, string> | null }, asked: PostAnalyticsMetric) {
    return element.metricType?.[METRIC_TYPE_KEY] ?? asked;
  }

  /**
   * One post's figures in total ("Member Post Analytics API", `q=entity`): one call a metric, as
   * the API takes one `queryType` a call. A post deleted on the network answers 404 (`not_found`).
   */
  async postAnalytics(accountId: string, postId: string): Promise<PostMetrics> {
    const token = await this.accessToken(accountId);
    const totals = new Map<string, number>();
    for (const metric of POST_ANALYTICS_METRICS) {
      const list = await this.analyticsCall(token, postAnalyticsRequest(postId, metric, 'TOTAL'));
      for (const element of list.elements) {
        const name = LinkedinProvider.metricOf(element, metric);
        totals.set(name, (totals.get(name) ?? 0) + Math.max(0, element.count ?? 0));
      }
    }
    return metricsOf(totals);
  }

  /**
   * The member's figures by day over all of their posts ("Member Post Analytics API", `q=me`,
   * DAILY), every page of each metric: what the history import keeps for the days before connecting.
   */
  async memberDailyAnalytics(accountId: string, range: { start: Date; end: Date }): Promise<MemberDay[]> {
    const token = await this.accessToken(accountId);
    const days = new Map<string, Map<string, number>>();
    const aggregation: Aggregation = 'DAILY';
    for (const metric of POST_ANALYTICS_METRICS) {
      for (let start = 0, pages = 0; pages < MEMBER_ANALYTICS_MAX_PAGES; pages++) {
        const list = await this.analyticsCall(
          token,
          memberAnalyticsRequest(metric, aggregation, range, { start, count: MEMBER_ANALYTICS_PAGE }),
        );
        for (const element of list.elements) {
          const day = element.dateRange?.start;
          if (!day) continue;
          const date = `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;
          const totals = days.get(date) ?? new Map<string, number>();
          const name = LinkedinProvider.metricOf(element, metric);
          totals.set(name, (totals.get(name) ?? 0) + Math.max(0, element.count ?? 0));
          days.set(date, totals);
        }
        start += list.elements.length;
        const total = list.paging?.total;
        const more = total == null ? list.elements.length === MEMBER_ANALYTICS_PAGE : start < total;
        if (!more || list.elements.length === 0) break;
      }
    }
    return [...days.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, totals]) => ({ date, ...metricsOf(totals) }));
  }

  /**
   * A company page's figures by UTC day ("Organization Share Statistics" and "Organization
   * Follower Statistics", time-bound) and its followers now ("Organization Follower Count"):
   * three calls. A day neither statistic names is left out, not read as zeros.
   */
  async pageAnalytics(
    accountId: string,
    organization: string,
    range: { start: Date; end: Date },
  ): Promise<PageFigures> {
    const token = await this.accessToken(accountId);
    const get = async (request: RestRequest) =>
      (await this.request(request.method, request.path, { token, rest: true, restliQuery: request.query })).body;
    const shares = this.parse(
      wirePageShareStatisticsSchema,
      await get(pageStatisticsRequest('share', organization, range)),
      'page share statistics',
    );
    const followers = this.parse(
      wirePageFollowerStatisticsSchema,
      await get(pageStatisticsRequest('follower', organization, range)),
      'page follower statistics',
    );
    const size = this.parse(wireNetworkSizeSchema, await get(pageFollowerCountRequest(organization)), 'page followers');
    const days = new Map<string, PageDay>();
    const dayAt = (start: number): PageDay => {
      const date = new Date(start).toISOString().slice(0, 10);
      const known = days.get(date) ?? {
        date,
        impressions: 0,
        clicks: 0,
        reactions: 0,
        comments: 0,
        shares: 0,
        followersGained: 0,
      };
      days.set(date, known);
      return known;
    };
    const whole = (value: number | null | undefined) => Math.max(0, Math.round(value ?? 0));
    for (const element of shares.elements) {
      const figures = element.totalShareStatistics;
      if (!element.timeRange || !figures) continue;
      const day = dayAt(element.timeRange.start);
      day.impressions += whole(figures.impressionCount);
      day.clicks += whole(figures.clickCount);
      day.reactions += whole(figures.likeCount);
      day.comments += whole(figures.commentCount);
      day.shares += whole(figures.shareCount);
    }
    for (const element of followers.elements) {
      const gains = element.followerGains;
      if (!element.timeRange || !gains) continue;
      dayAt(element.timeRange.start).followersGained +=
        whole(gains.organicFollowerGain) + whole(gains.paidFollowerGain);
    }
    return {
      days: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)),
      followers: whole(size.firstDegreeSize),
    };
  }

  /**
   * The company pages the member may publish as: their approved ADMINISTRATOR and
   * CONTENT_ADMINISTRATOR roles ("Organization Access Control by Role"), named by a batch
   * lookup ("Organization Lookup API"). Without the page scopes nothing is asked of the network.
   */
  async listPages(accountId: string): Promise<NetworkPages> {
    const granted = await this.grantedScopes(accountId);
    if (!PAGE_SCOPES.every((scope) => granted.has(scope))) return { granted: false, pages: [] };
    const token = await this.accessToken(accountId);
    const roles = new Map<string, NetworkPage['role']>();
    for (let start = 0, calls = 0; calls < ACL_MAX_PAGES; calls++) {
      const request = organizationAclsRequest({ start, count: ACL_PAGE });
      const answer = await this.request(request.method, request.path, {
        token,
        rest: true,
        restliQuery: request.query,
      });
      const list = this.parse(wireOrganizationAclsSchema, answer.body, 'organization roles');
      for (const acl of list.elements) {
        const role = PAGE_ROLES.find((known) => known === acl.role);
        const organization = acl.organization ?? '';
        if (!role || acl.state !== 'APPROVED' || !organization.startsWith(ORGANIZATION_PREFIX)) continue;
        // The stronger role wins when a member holds both.
        if (roles.get(organization) !== 'ADMINISTRATOR') roles.set(organization, role);
      }
      start += list.elements.length;
      const total = list.paging?.total;
      if (list.elements.length === 0 || (total == null ? list.elements.length < ACL_PAGE : start >= total)) break;
    }
    if (roles.size === 0) return { granted: true, pages: [] };
    const ids = [...roles.keys()].map((urn) => urn.slice(ORGANIZATION_PREFIX.length));
    const lookup = organizationsRequest(ids);
    const answer = await this.request(lookup.method, lookup.path, { token, rest: true, restliQuery: lookup.query });
    const { results } = this.parse(wireOrganizationsSchema, answer.body, 'organizations');
    const pages = [...roles.entries()].map(([organization, role]) => {
      const id = organization.slice(ORGANIZATION_PREFIX.length);
      return { organization, role, name: results[id]?.localizedName?.trim() || results[id]?.vanityName || id };
    });
    return { granted: true, pages: pages.sort((a, b) => a.name.localeCompare(b.name)) };
  }

  /**
   * The member's (or a page's) recent posts (`GET /rest/posts?q=author`, which needs more access
   * than posting). The list carries no figures: the counters are null, not zero.
   */
  async listPosts(
    accountId: string,
    page: { limit?: number; cursor?: string | null; author?: string } = {},
  ): Promise<PostPage> {
    const token = await this.accessToken(accountId);
    const start = page.cursor ? Number(page.cursor) || 0 : 0;
    const count = Math.min(Math.max(page.limit ?? 10, 1), 100);
    const answer = await this.request('GET', '/rest/posts', {
      token,
      rest: true,
      query: { q: 'author', author: page.author ?? accountId, count, start },
    });
    const list = this.parse(wirePostListSchema, answer.body, 'post list');
    const listed: NetworkPost[] = list.elements.map((post) => ({
      id: post.id,
      social_id: post.id,
      share_url: postUrl(post.id),
      text: renderLittleText(post.commentary ?? ''),
      date: null,
      parsed_datetime: new Date(post.publishedAt ?? post.createdAt ?? Date.now()).toISOString(),
      reaction_counter: null,
      comment_counter: null,
      repost_counter: null,
      impressions_counter: null,
      author: { name: '', public_identifier: null },
    }));
    const items = page.author ? await this.withPageFigures(token, page.author, listed) : listed;
    return { items, cursor: items.length === count ? String(start + count) : null };
  }

  /**
   * A company page's posts with their lifetime figures ("Organization Share Statistics", one call
   * for the list). Where the network refuses them (a role that may post but not read figures),
   * or leaves a post out, its counters stay unknown.
   */
  private async withPageFigures(token: string, organization: string, posts: NetworkPost[]): Promise<NetworkPost[]> {
    if (posts.length === 0) return posts;
    const request = pagePostStatisticsRequest(
      organization,
      posts.map((post) => post.id),
    );
    let figures: z.infer<typeof wirePageShareStatisticsSchema>;
    try {
      const answer = await this.request(request.method, request.path, {
        token,
        rest: true,
        restliQuery: request.query,
      });
      figures = this.parse(wirePageShareStatisticsSchema, answer.body, 'page post statistics');
    } catch (error) {
      if (error instanceof ProviderError && error.kind === 'insufficient_privileges') return posts;
      throw error;
    }
    const byPost = new Map(
      figures.elements.flatMap((element) => {
        const urn = element.share ?? element.ugcPost;
        return urn && element.totalShareStatistics ? [[urn, element.totalShareStatistics] as const] : [];
      }),
    );
    const whole = (value: number | null | undefined) => Math.max(0, Math.round(value ?? 0));
    return posts.map((post) => {
      const read = byPost.get(post.id);
      return read
        ? {
            ...post,
            reaction_counter: whole(read.likeCount),
            comment_counter: whole(read.commentCount),
            repost_counter: whole(read.shareCount),
            impressions_counter: whole(read.impressionCount),
          }
        : post;
    });
  }

  private async uploadImage(accountId: string, token: string, image: Attachment): Promise<string> {
    const init = await this.request('POST', '/rest/images', {
      token,
      rest: true,
      query: { action: 'initializeUpload' },
      json: { initializeUploadRequest: { owner: accountId } },
    });
    const { value } = this.parse(wireImageUploadSchema, init.body, 'image upload');
    await this.request('PUT', value.uploadUrl, {
      absolute: true,
      token,
      body: image.data,
      contentType: image.contentType,
    });
    return value.image;
  }

  /** A PDF goes up through `/rest/documents`, as images do through `/rest/images`. */
  private async uploadDocument(accountId: string, token: string, document: Attachment): Promise<string> {
    const init = await this.request('POST', '/rest/documents', {
      token,
      rest: true,
      query: { action: 'initializeUpload' },
      json: { initializeUploadRequest: { owner: accountId } },
    });
    const { value } = this.parse(wireDocumentUploadSchema, init.body, 'document upload');
    await this.request('PUT', value.uploadUrl, {
      absolute: true,
      token,
      body: document.data,
      contentType: document.contentType,
    });
    return value.document;
  }

  /**
   * Not idempotent: a lost answer throws `outcome_unknown`. The images (or the one document) go up
   * first; nothing is posted if one fails, and an upload alone shows nothing on the network.
   */
  async publish(accountId: string, post: PostToPublish): Promise<PublishResult> {
    const token = await this.accessToken(accountId);
    // A page's post, its images and its document are the page's ("Posts API", "Images API").
    const author = post.author ?? accountId;
    const pdf = post.attachments?.find((attachment) => isDocumentType(attachment.contentType));
    const images: string[] = [];
    if (!pdf) {
      for (const attachment of post.attachments ?? []) images.push(await this.uploadImage(author, token, attachment));
    }
    const document = pdf
      ? { id: await this.uploadDocument(author, token, pdf), title: pdf.title?.trim() || pdf.filename }
      : null;
    const body: Record<string, unknown> = {
      author,
      commentary: escapeLittleText(post.text),
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
    };
    const [only] = images;
    if (document) body.content = { media: { title: document.title, id: document.id } };
    else if (images.length === 1 && only) body.content = { media: { id: only } };
    else if (images.length > 1) body.content = { multiImage: { images: images.map((id) => ({ id })) } };
    let answer: Answer;
    try {
      answer = await this.request('POST', '/rest/posts', { token, rest: true, json: body, write: true });
    } catch (error) {
      if (error instanceof ProviderError && error.kind === 'rejected') {
        throw new ProviderError('rejected', error.message.replace('this request', 'this post'), {
          detail: error.detail,
          status: error.status,
        });
      }
      throw error;
    }
    const urn = answer.headers.get('x-restli-id') ?? answer.headers.get('x-linkedin-id');
    return { postId: urn, url: urn ? postUrl(urn) : null };
  }

  /** Comments as the member under a post (its URN as `publish` returned it). */
  async comment(accountId: string, postId: string, text: string, author?: string): Promise<CommentResult> {
    const token = await this.accessToken(accountId);
    let answer: Answer;
    try {
      answer = await this.request('POST', `/rest/socialActions/${encodeURIComponent(postId)}/comments`, {
        token,
        rest: true,
        json: { actor: author ?? accountId, object: postId, message: { text: escapeLittleText(text) } },
        write: true,
      });
    } catch (error) {
      if (error instanceof ProviderError && error.kind === 'rejected') {
        throw new ProviderError('rejected', error.message.replace('this request', 'this comment'), {
          detail: error.detail,
          status: error.status,
        });
      }
      throw error;
    }
    return { commentId: answer.headers.get('x-restli-id') };
  }

  /**
   * A page of the comments under a post (`GET /rest/socialActions/{urn}/comments`), as the network
   * orders them, their words shown as the network shows them (little text unescaped).
   */
  async listComments(accountId: string, postId: string, page: { cursor?: string | null } = {}): Promise<CommentPage> {
    const token = await this.accessToken(accountId);
    const start = page.cursor ? Number(page.cursor) || 0 : 0;
    const count = COMMENT_PAGE;
    const answer = await this.request('GET', `/rest/socialActions/${encodeURIComponent(postId)}/comments`, {
      token,
      rest: true,
      query: { start, count },
    });
    const list = this.parse(wireCommentListSchema, answer.body, 'comment list');
    const items = list.elements.map((comment) => ({
      id: comment.$URN ?? String(comment.id ?? ''),
      actor: comment.actor ?? '',
      text: renderLittleText(comment.message?.text ?? ''),
      createdAt: comment.created?.time ?? null,
    }));
    const total = list.paging?.total;
    const more = total == null ? items.length === count : start + items.length < total;
    return { items, cursor: more && items.length > 0 ? String(start + items.length) : null };
  }
}
