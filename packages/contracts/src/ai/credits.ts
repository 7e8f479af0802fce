// Apart from the AI's schemas (responses.ts): every app screen's credit counter reads them as it starts.

/**
 * Spec section 6: a post costs 10 premium credits. How many credits a user has each billing period
 * is their plan's `aiCredits` limit (`PLAN_CATALOGUE`), as the billing service announces it.
 */
export const CREDITS = {
  costPerPost: 10,
  /** The most an administrator may grant at once. */
  maxGrant: 100_000,
  /**
   * Standard-model generations a user may have each UTC day once the premium credits are spent.
   * Each is still a paid call upstream, so free use has a ceiling (AI_FREE_DAILY_GENERATIONS).
   */
  freeDailyGenerations: 15,
} as const;

/** The day's free generations are used up: asked again tomorrow, or with credits. params: limit, count. */
export const AI_LIMIT_ERROR_CODES = {
  freeDailyLimit: 'ai.free_daily_limit',
} as const;

/** The premium balance counts as low at or below this share of the plan's grant (20 of the 100 to start). */
export const CREDITS_LOW_SHARE = 0.2;
