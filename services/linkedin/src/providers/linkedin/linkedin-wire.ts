import { z } from 'zod';

/**
 * The official API's answers, read tolerantly: unknown fields pass and optional ones may be
 * missing, so a field the network adds or drops does not break the product.
 */
const str = z.string().nullish();

/** `POST /oauth/v2/accessToken` (authorization code and refresh token grants). */
export const wireTokenSchema = z
  .object({
    access_token: z.string().min(1),
    expires_in: z.coerce.number().int().positive(),
    refresh_token: str,
    refresh_token_expires_in: z.coerce.number().int().positive().nullish(),
    scope: str,
  })
  .loose();

/** `GET /v2/userinfo` (OpenID Connect). */
export const wireUserinfoSchema = z
  .object({
    sub: z.string().min(1),
    name: str,
    given_name: str,
    family_name: str,
    picture: str,
    email: str,
    locale: z.union([z.string(), z.object({ country: str, language: str }).loose()]).nullish(),
  })
  .loose();
export type WireUserinfo = z.infer<typeof wireUserinfoSchema>;

/** Errors of the REST API and of the OAuth endpoints. */
export const wireErrorSchema = z
  .object({ status: z.number().nullish(), code: str, message: str, error: str, error_description: str })
  .loose();

/** `POST /rest/images?action=initializeUpload`. */
export const wireImageUploadSchema = z.object({
  value: z.object({ uploadUrl: z.string().url(), image: z.string().min(1) }).loose(),
});

/** `POST /rest/documents?action=initializeUpload`. */
export const wireDocumentUploadSchema = z.object({
  value: z.object({ uploadUrl: z.string().url(), document: z.string().min(1) }).loose(),
});

/** `GET /rest/posts?q=author` (needs more access than posting). */
export const wirePostListSchema = z
  .object({
    elements: z.array(
      z
        .object({
          id: z.string(),
          commentary: str,
          createdAt: z.number().nullish(),
          publishedAt: z.number().nullish(),
        })
        .loose(),
    ),
  })
  .loose();

/**
 * `GET /rest/socialActions/{urn}/comments`. *Unconfirmed*: whether a member token with only
 * `w_member_social` may read the comments of another member's post; a refusal leaves the lookup
 * unable to tell, and the comment is then never sent again blindly.
 */
export const wireCommentListSchema = z
  .object({
    elements: z.array(
      z
        .object({
          id: z.union([z.string(), z.number()]).nullish(),
          $URN: str,
          actor: str,
          message: z.object({ text: str }).loose().nullish(),
          created: z.object({ time: z.number().nullish() }).loose().nullish(),
        })
        .loose(),
    ),
    paging: z
      .object({ start: z.number().nullish(), count: z.number().nullish(), total: z.number().nullish() })
      .loose()
      .nullish(),
  })
  .loose();

const wireDateSchema = z.object({ year: z.number(), month: z.number(), day: z.number() }).loose();

/**
 * `GET /rest/memberCreatorPostAnalytics` ("Member Post Analytics API"): one element per day
 * (DAILY, each with its `dateRange`) or one in total (TOTAL), the metric named in `metricType`.
 */
export const wirePostAnalyticsSchema = z
  .object({
    elements: z.array(
      z
        .object({
          count: z.coerce.number().nullish(),
          metricType: z.record(z.string(), z.string()).nullish(),
          dateRange: z.object({ start: wireDateSchema, end: wireDateSchema.nullish() }).loose().nullish(),
        })
        .loose(),
    ),
    paging: z
      .object({ start: z.number().nullish(), count: z.number().nullish(), total: z.number().nullish() })
      .loose()
      .nullish(),
  })
  .loose();

/** `GET /rest/organizationAcls?q=roleAssignee` ("Organization Access Control by Role"). */
export const wireOrganizationAclsSchema = z
  .object({
    elements: z.array(
      z.object({ organization: z.string().nullish(), role: str, state: str, roleAssignee: str }).loose(),
    ),
    paging: z
      .object({ start: z.number().nullish(), count: z.number().nullish(), total: z.number().nullish() })
      .loose()
      .nullish(),
  })
  .loose();

/** `GET /rest/organizations?ids=List(…)` ("Organization Lookup API", a batch get by id). */
export const wireOrganizationsSchema = z
  .object({
    results: z.record(z.string(), z.object({ id: z.number().nullish(), localizedName: str, vanityName: str }).loose()),
  })
  .loose();

const wireTimeRangeSchema = z.object({ start: z.coerce.number(), end: z.coerce.number().nullish() }).loose();
const count = z.coerce.number().nullish();

/** `GET /rest/organizationalEntityShareStatistics` time-bound ("Organization Share Statistics"): one element a day. */
export const wirePageShareStatisticsSchema = z
  .object({
    elements: z.array(
      z
        .object({
          timeRange: wireTimeRangeSchema.nullish(),
          /** The post an element is of, when the call named posts. */
          share: z.string().nullish(),
          ugcPost: z.string().nullish(),
          totalShareStatistics: z
            .object({
              impressionCount: count,
              uniqueImpressionsCount: count,
              clickCount: count,
              likeCount: count,
              commentCount: count,
              shareCount: count,
            })
            .loose()
            .nullish(),
        })
        .loose(),
    ),
  })
  .loose();

/** `GET /rest/organizationalEntityFollowerStatistics` time-bound ("Organization Follower Statistics"). */
export const wirePageFollowerStatisticsSchema = z
  .object({
    elements: z.array(
      z
        .object({
          timeRange: wireTimeRangeSchema.nullish(),
          followerGains: z.object({ organicFollowerGain: count, paidFollowerGain: count }).loose().nullish(),
        })
        .loose(),
    ),
  })
  .loose();

/** `GET /rest/networkSizes/{organization}` ("Organization Follower Count"). */
export const wireNetworkSizeSchema = z.object({ firstDegreeSize: z.coerce.number() }).loose();
