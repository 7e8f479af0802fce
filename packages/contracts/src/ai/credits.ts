// Apart from the AI's schemas (responses.ts): every app screen's credit counter reads them as it starts.

/**
 * Spec section 6: a post costs 10 premium credits. How many credits a user has each billing period
 * is their plan's `aiCredits` limit (`PLAN_CATALOGUE`), as the billing service announces it.
 */
export const CREDITS = {
  costPerPost: 10,
  /** The most an administrator may grant at once. */
  maxGrant: 100_000,
} as const;

/** The premium balance counts as low at or below this share of the plan's grant (20 of the 100 to start). */
export const CREDITS_LOW_SHARE = 0.2;
