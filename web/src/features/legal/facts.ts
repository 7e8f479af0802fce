import {
  API_TOKEN_RATE_PER_MINUTE,
  AUTOPILOT_LIMITS,
  FINE_SNAPSHOT_DAYS,
  MAX_API_TOKENS,
  MAX_PUSH_SUBSCRIPTIONS,
  MAX_WEBHOOK_ENDPOINTS,
  PLAN_CATALOGUE,
  type PlanInfo,
  TRIAL_DAYS,
  VOICE_MIN_POSTS,
  VOICE_REMEASURE_POSTS,
  WEBHOOK_DELIVERIES_KEPT,
} from '@nashr/contracts';

/**
 * What the legal pages say in numbers, in one place. Where the value is the contracts' own, it is
 * read from there; where it is a service's setting, this is its default and
 * test/legal-facts.test.ts fails when the service's default changes without this file.
 */

/** When the legal texts last changed (year, month, day): shown at the top of both pages. */
export const LEGAL_LAST_UPDATED = { year: 2026, month: 12, day: 6 } as const;

/** The date as `<time dateTime>` wants it: 2026-12-02. */
export const lastUpdatedIso = () =>
  [LEGAL_LAST_UPDATED.year, LEGAL_LAST_UPDATED.month, LEGAL_LAST_UPDATED.day]
    .map((part) => String(part).padStart(2, '0'))
    .join('-');

/** The date as a Date at noon, so every time zone shows the same day. */
export const lastUpdatedDate = () =>
  new Date(LEGAL_LAST_UPDATED.year, LEGAL_LAST_UPDATED.month - 1, LEGAL_LAST_UPDATED.day, 12);

export const LEGAL_FACTS = {
  /** A sign-in link's life (auth `MAGIC_LINK_TTL_SECONDS`). */
  signInLinkMinutes: 15,
  /** A session ends after this many days unused (platform `SESSION_IDLE_SECONDS`). */
  sessionIdleDays: 7,
  /** ...and this many days after sign-in, however used (platform `SESSION_MAX_AGE_SECONDS`). */
  sessionMaxDays: 30,
  /** How often analytics read the network (platform `ANALYTICS_SNAPSHOT_HOURS`). */
  analyticsEveryHours: 6,
  /** Every analytics reading is kept this long, then one a day (contracts). */
  analyticsFineDays: FINE_SNAPSHOT_DAYS,
  /** An uploaded file no post or draft uses is deleted past this age (posts `MEDIA_UNUSED_AFTER_MS`). */
  unusedUploadHours: 24,
  /** Engage's feed holds posts this recent (engage `ENGAGE_FEED_DAYS`). */
  engageFeedDays: 7,
  /** The LinkedIn profile is held this long, never stored (linkedin `PROFILE_CACHE_SECONDS`). */
  profileCacheMinutes: 1,
  autopilotMaxDailyComments: AUTOPILOT_LIMITS.maxDailyCap,
  trialDays: TRIAL_DAYS,
  voiceMinPosts: VOICE_MIN_POSTS,
  voiceRemeasurePosts: VOICE_REMEASURE_POSTS,
  /** The voice's recurring words kept at most (contracts' `voiceMeasuresSchema.themes`). */
  voiceThemes: 10,
  maxApiTokens: MAX_API_TOKENS,
  /** Requests a minute one access token may make (the gateway's `API_TOKEN_RATE_PER_MINUTE` default). */
  apiTokenRatePerMinute: API_TOKEN_RATE_PER_MINUTE,
  maxWebhooks: MAX_WEBHOOK_ENDPOINTS,
  webhookDeliveriesKept: WEBHOOK_DELIVERIES_KEPT,
  maxPushDevices: MAX_PUSH_SUBSCRIPTIONS,
} as const;

export const TRIAL_PLAN: PlanInfo = PLAN_CATALOGUE.trial;
/** The plans sold, in the order the plan picker shows them. */
export const PAID_PLANS: readonly PlanInfo[] = [PLAN_CATALOGUE.basic, PLAN_CATALOGUE.starter, PLAN_CATALOGUE.pro];
