import { z } from 'zod';
import { ANALYTICS_PERIODS } from './analytics-periods.js';

/**
 * Analytics over time: snapshots of each connected account's post counters and profile, taken by
 * a repeatable job and kept in PostgreSQL (every snapshot for 90 days, one a day after that).
 * The dashboard, a post's page, the best-time heatmap and the CSV exports read them.
 */

/** Snapshots younger than this keep every point; older ones are folded into one a day. */
export const FINE_SNAPSHOT_DAYS = 90;

/** Below this many posts with counters, the heatmap says it knows too little and offers defaults. */
export const MIN_POSTS_FOR_BEST_TIMES = 10;

export const ANALYTICS_MESSAGES = {
  badPeriod: `The period must be one of ${ANALYTICS_PERIODS.join(', ')} days`,
  unknownPost: 'No post with that id among your network posts',
  unknownPage: 'No company page with that URN among the pages you added',
  badTimeZone: (zone: string) => `"${zone}" is not a known time zone: use a name such as Asia/Riyadh or Europe/Berlin`,
} as const;

/** The stable code of each analytics refusal. */
export const ANALYTICS_ERROR_CODES = {
  /** params: periods */
  badPeriod: 'analytics.bad_period',
  unknownPost: 'analytics.unknown_post',
  unknownPage: 'analytics.unknown_page',
  /** params: zone */
  badTimeZone: 'analytics.bad_time_zone',
} as const;

const periodDays = z.coerce
  .number()
  .int()
  .refine((days) => (ANALYTICS_PERIODS as readonly number[]).includes(days), {
    message: ANALYTICS_MESSAGES.badPeriod,
    params: { answerCode: ANALYTICS_ERROR_CODES.badPeriod },
  });

/** `?days=30&timeZone=Asia/Riyadh`: the period ending now, days counted in the zone (default UTC). */
export const analyticsPeriodQuerySchema = z.object({
  days: periodDays.default(30),
  timeZone: z.string().min(1).max(100).optional(),
});
export type AnalyticsPeriodQuery = z.infer<typeof analyticsPeriodQuerySchema>;

/** A figure over the period and its change against the period before it. */
export const analyticsMetricSchema = z.object({
  value: z.number(),
  /** The same figure over the previous period of the same length; null when nothing was known then. */
  previous: z.number().nullable(),
  /** Percent change from `previous` to `value`, rounded; null when `previous` is null or 0. */
  changePercent: z.number().nullable(),
  /** True when the provider gives nothing for this figure, so the value is sample data (and says so). */
  sample: z.boolean(),
});
export type AnalyticsMetric = z.infer<typeof analyticsMetricSchema>;

/** One day (the zone's calendar day) of the period, oldest first. */
export const analyticsDaySchema = z.object({
  /** YYYY-MM-DD in the requested zone. */
  date: z.string(),
  impressions: z.number().int(),
  /** Reactions + comments + reposts gained that day. */
  engagement: z.number().int(),
  /** Followers at the end of that day; null when no snapshot knew them. */
  followers: z.number().int().nullable(),
  /** Posts published that day. */
  posts: z.number().int(),
});
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;

/** A network post with its latest counters. */
export const analyticsPostSchema = z.object({
  /** The network's post id (as in `/api/v1/linkedln/posts`). */
  id: z.string(),
  text: z.string(),
  publishedAt: z.string(),
  shareUrl: z.string().nullable(),
  /**
   * Null while no snapshot read them: LinkedIn's official post list carries no figures, and they
   * are read from its post analytics only where the member allowed it. Never zeros in their place.
   */
  reactions: z.number().int().nullable(),
  comments: z.number().int().nullable(),
  reposts: z.number().int().nullable(),
  impressions: z.number().int().nullable(),
  /** Times saved, and sent in a message; null where the connection does not give them. */
  saves: z.number().int().nullable(),
  sends: z.number().int().nullable(),
  /** (reactions + comments + reposts) / impressions, 0–1; null without impressions. */
  engagementRate: z.number().nullable(),
  /**
   * When a snapshot found the post deleted on the network; null while it is there. A deleted post
   * keeps the figures it had, and they are no longer read.
   */
  deletedAt: z.string().nullable(),
});
export type AnalyticsPost = z.infer<typeof analyticsPostSchema>;

export const analyticsSummaryResponseSchema = z.object({
  period: z.object({ days: z.number().int(), from: z.string(), to: z.string(), timeZone: z.string() }),
  /** When snapshots began (history imported at the first one) and the latest; null before the first. */
  history: z.object({
    firstSnapshotAt: z.string().nullable(),
    lastSnapshotAt: z.string().nullable(),
    /** Snapshots are being taken for the first time (history import in progress). */
    importing: z.boolean(),
  }),
  cards: z.object({
    profileViews: analyticsMetricSchema,
    /** Reactions + comments + reposts gained over the period. */
    postEngagement: analyticsMetricSchema,
    /** Followers where the provider gives them, else connections. */
    networkSize: analyticsMetricSchema,
    impressions: analyticsMetricSchema,
    /** Mean engagement rate of the period's posts (0–1). */
    engagementRate: analyticsMetricSchema,
    /** Followers gained over the period. */
    followerGrowth: analyticsMetricSchema,
  }),
  days: z.array(analyticsDaySchema),
  /** The period's posts by engagement, at most 5. */
  topPosts: z.array(analyticsPostSchema),
  /** Posting consistency: weeks of the period with at least one post, and the posts per week. */
  consistency: z.object({
    weeks: z.number().int(),
    weeksWithPosts: z.number().int(),
    postsPerWeek: z.number(),
    /** Consecutive weeks up to this one with a post. */
    currentStreakWeeks: z.number().int(),
  }),
});
export type AnalyticsSummaryResponse = z.infer<typeof analyticsSummaryResponseSchema>;

export const analyticsPostParamsSchema = z.object({ postId: z.string().min(1).max(200) });

/** One point of a post's counters: hour by hour for its first 48 hours, then a day apart. */
export const analyticsPointSchema = z.object({
  at: z.string(),
  /** Hours since the post was published. */
  hoursSincePublished: z.number(),
  reactions: z.number().int(),
  comments: z.number().int(),
  reposts: z.number().int(),
  impressions: z.number().int(),
});
export type AnalyticsPoint = z.infer<typeof analyticsPointSchema>;

export const analyticsPostResponseSchema = z.object({
  post: analyticsPostSchema,
  points: z.array(analyticsPointSchema),
  /** The user's median post at the same hours since publishing (their other posts); empty without any. */
  median: z.array(analyticsPointSchema.pick({ hoursSincePublished: true, reactions: true, impressions: true })),
});
export type AnalyticsPostResponse = z.infer<typeof analyticsPostResponseSchema>;

export const bestTimesQuerySchema = z.object({ timeZone: z.string().min(1).max(100).optional() });

/** One weekday-and-hour cell in the user's zone. Weekday 0 is Sunday. */
export const bestTimeCellSchema = z.object({
  weekday: z.number().int().min(0).max(6),
  hour: z.number().int().min(0).max(23),
  posts: z.number().int(),
  /** Mean engagement per post published in that cell; 0 when none. */
  engagement: z.number(),
});

export const bestTimesResponseSchema = z.object({
  timeZone: z.string(),
  /** Posts with counters the heatmap is built from. */
  postsConsidered: z.number().int(),
  /** `history` when there were at least MIN_POSTS_FOR_BEST_TIMES posts, else `defaults` for the region. */
  basis: z.enum(['history', 'defaults']),
  /** The region's work week the defaults follow. */
  workWeek: z.enum(['sunday-thursday', 'monday-friday']),
  cells: z.array(bestTimeCellSchema),
  /** The best slots, best first (at most 3): from history, or the defaults for the region. */
  best: z.array(z.object({ weekday: z.number().int().min(0).max(6), hour: z.number().int().min(0).max(23) })),
});
export type BestTimesResponse = z.infer<typeof bestTimesResponseSchema>;

export const analyticsExportQuerySchema = z.object({
  /** `posts`: each post with its latest counters; `snapshots`: every kept snapshot. */
  kind: z.enum(['posts', 'snapshots']),
});

/** `?organization=urn:li:organization:…&days=30`: one added company page over the period ending today (UTC days). */
export const pageAnalyticsQuerySchema = z.object({
  organization: z.string().min(1).max(200),
  days: periodDays.default(30),
});
export type PageAnalyticsQuery = z.infer<typeof pageAnalyticsQuerySchema>;

/** One UTC day of a company page's figures, oldest first. */
export const pageAnalyticsDaySchema = z.object({
  date: z.string(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  /** Reactions + comments + shares of the page's posts that day. */
  engagement: z.number().int(),
  followersGained: z.number().int(),
  /** Followers at the end of that day; null after the last read of them, or before any. */
  followers: z.number().int().nullable(),
});
export type PageAnalyticsDay = z.infer<typeof pageAnalyticsDaySchema>;

/**
 * Whether the page's figures were read: `waiting` before the first snapshot that read them,
 * `read` once one did, `refused` when the network refused the latest read (the member no longer
 * holds a role on the page); the figures read before are kept and shown.
 */
export const PAGE_FIGURES_STATES = ['waiting', 'read', 'refused'] as const;

export const pageAnalyticsResponseSchema = z.object({
  page: z.object({ organization: z.string(), name: z.string(), identity: z.string() }),
  period: z.object({ days: z.number().int(), from: z.string(), to: z.string() }),
  state: z.enum(PAGE_FIGURES_STATES),
  /** When a snapshot last read the page's figures; null before the first. */
  readAt: z.string().nullable(),
  cards: z.object({
    impressions: analyticsMetricSchema,
    clicks: analyticsMetricSchema,
    /** Reactions + comments + shares over the period. */
    engagement: analyticsMetricSchema,
    /** Followers at the end of the period. */
    followers: analyticsMetricSchema,
    /** Followers gained over the period. */
    followerGrowth: analyticsMetricSchema,
  }),
  days: z.array(pageAnalyticsDaySchema),
});
export type PageAnalyticsResponse = z.infer<typeof pageAnalyticsResponseSchema>;
