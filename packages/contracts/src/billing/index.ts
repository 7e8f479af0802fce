import { z } from 'zod';

/**
 * Plans and entitlements, as the billing service tells them. The plans themselves (prices and
 * limits) are the billing service's configuration: other services learn a user's limits from the
 * `entitlement-changed` event and never price anything.
 */
export const PLAN_IDS = ['trial', 'basic', 'starter', 'pro'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
/** The plans a user can buy (the trial is given, never bought). */
export const PURCHASABLE_PLAN_IDS = ['basic', 'starter', 'pro'] as const;
export type PurchasablePlanId = (typeof PURCHASABLE_PLAN_IDS)[number];

export const ENTITLEMENT_STATUSES = ['trialing', 'active', 'past_due', 'canceled', 'expired'] as const;
export type EntitlementStatus = (typeof ENTITLEMENT_STATUSES)[number];

/** How long a new account's trial lasts. */
export const TRIAL_DAYS = 7;
/** The trial banner shows in the trial's last days. */
export const TRIAL_BANNER_DAYS = 2;

/** What a plan allows. Null means no limit. */
export const planLimitsSchema = z.object({
  /** Posts that may go out in one week (Monday to Sunday, UTC). */
  weeklyPosts: z.number().int().positive().nullable(),
  /** AI credits granted each billing period. */
  aiCredits: z.number().int().nonnegative(),
  /** Commenting (Engage) credits granted each billing period. */
  commentingCredits: z.number().int().nonnegative(),
  engage: z.boolean(),
  /** How many posts of the inspiration library the plan shows (the newest ones); null: all of them. */
  library: z.number().int().nonnegative().nullable(),
  /** How many workspaces the account may own, its personal one included. */
  workspaces: z.number().int().positive(),
  /** How many members each workspace the account owns may have, its owner included (a team of `seats`). */
  seats: z.number().int().positive(),
  /** How many LinkedIn company pages the account may add to write as, besides the member's own profile. */
  pages: z.number().int().nonnegative(),
});
export type PlanLimits = z.infer<typeof planLimitsSchema>;

export const planPriceSchema = z.object({
  /** In the currency's minor unit (cents), so no float ever carries money. */
  amountMinor: z.number().int().nonnegative(),
  /** ISO 4217, upper case. */
  currency: z.string().regex(/^[A-Z]{3}$/),
  interval: z.enum(['month']),
});
export type PlanPrice = z.infer<typeof planPriceSchema>;

export const planSchema = z.object({
  id: z.enum(PLAN_IDS),
  name: z.string(),
  price: planPriceSchema,
  limits: planLimitsSchema,
  purchasable: z.boolean(),
  highlighted: z.boolean(),
});
export type PlanInfo = z.infer<typeof planSchema>;

/**
 * The plans on offer: the one place prices and limits are set (prices in US cents). The billing
 * service sells them and announces each user's limits with `entitlement-changed`; the landing
 * page and the plan picker read them from `GET /api/v1/billing/plans`. Other services read the
 * catalogue only for a user billing has not told them about yet, which is the trial.
 */
export const PLAN_CATALOGUE: Readonly<Record<PlanId, PlanInfo>> = {
  trial: {
    id: 'trial',
    name: 'Trial',
    price: { amountMinor: 0, currency: 'USD', interval: 'month' },
    limits: {
      weeklyPosts: 10,
      aiCredits: 100,
      commentingCredits: 0,
      engage: false,
      library: 30,
      workspaces: 2,
      seats: 2,
      pages: 1,
    },
    purchasable: false,
    highlighted: false,
  },
  basic: {
    id: 'basic',
    name: 'Basic',
    price: { amountMinor: 2499, currency: 'USD', interval: 'month' },
    limits: {
      weeklyPosts: 10,
      aiCredits: 100,
      commentingCredits: 0,
      engage: false,
      library: 10,
      workspaces: 1,
      seats: 1,
      pages: 0,
    },
    purchasable: true,
    highlighted: false,
  },
  starter: {
    id: 'starter',
    name: 'Starter',
    price: { amountMinor: 3499, currency: 'USD', interval: 'month' },
    limits: {
      weeklyPosts: null,
      aiCredits: 500,
      commentingCredits: 100,
      engage: true,
      library: 100,
      workspaces: 3,
      seats: 3,
      pages: 1,
    },
    purchasable: true,
    highlighted: true,
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    price: { amountMinor: 4499, currency: 'USD', interval: 'month' },
    limits: {
      weeklyPosts: null,
      aiCredits: 5000,
      commentingCredits: 1500,
      engage: true,
      library: null,
      workspaces: 10,
      seats: 10,
      pages: 5,
    },
    purchasable: true,
    highlighted: false,
  },
};

export const plansResponseSchema = z.object({ success: z.literal(true), plans: z.array(planSchema) });

/** The caller's plan as the Billing page shows it. */
export const entitlementSchema = z.object({
  plan: z.enum(PLAN_IDS),
  status: z.enum(ENTITLEMENT_STATUSES),
  /** Whether the plan's features are available now (trialing, active, or past due within the grace period). */
  active: z.boolean(),
  limits: planLimitsSchema,
  trialEndsAt: z.string().datetime().nullable(),
  currentPeriodStart: z.string().datetime().nullable(),
  currentPeriodEnd: z.string().datetime().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** When a failed payment's grace period ends and the plan falls back (set while past due). */
  graceEndsAt: z.string().datetime().nullable(),
  /** Which payment provider manages the subscription, when one does. */
  provider: z.string().nullable(),
  version: z.number().int().nonnegative(),
  /**
   * True when this account started without a trial because the same person (the same normalized
   * e-mail address) had one before: the Billing page says so and offers the plans.
   */
  trialUsedBefore: z.boolean().optional(),
});
export type Entitlement = z.infer<typeof entitlementSchema>;
export const entitlementResponseSchema = z.object({ success: z.literal(true), entitlement: entitlementSchema });

export const checkoutRequestSchema = z.object({ planId: z.enum(PURCHASABLE_PLAN_IDS) }).strict();
export const redirectResponseSchema = z.object({ success: z.literal(true), url: z.string() });

export const BILLING_ERROR_CODES = {
  /** The subscription is managed already: change it in the portal. */
  alreadySubscribed: 'billing.already_subscribed',
  /** No subscription to manage yet. */
  noSubscription: 'billing.no_subscription',
  checkoutNotFound: 'billing.checkout_not_found',
  /** A checkout that is no longer the user's open one (another was opened, or it was paid) or that would be a second subscription. */
  checkoutStale: 'billing.checkout_stale',
  /** A webhook whose signature does not verify. */
  webhookInvalid: 'billing.webhook_invalid',
  /** The payment provider could not be reached. */
  providerUnavailable: 'billing.provider_unavailable',
} as const;

export const BILLING_ERROR_MESSAGES = {
  alreadySubscribed: 'You already have a subscription: change your plan from Manage subscription.',
  noSubscription: 'You have no subscription to manage yet: choose a plan first.',
  checkoutNotFound: 'This checkout has expired or does not exist. Choose your plan again.',
  checkoutStale:
    'This checkout is no longer open: a newer one replaced it or you are subscribed already. Nothing was charged.',
  webhookInvalid: 'The webhook signature does not verify.',
  providerUnavailable: 'The payment provider could not be reached. Please try again in a moment.',
} as const;

/** Refusals because of the user's plan: each names the limit and how to raise it (the Billing page). */
/** A plan's name as the English messages say it; an id the catalogue does not know, as it is. */
export const planName = (planId: string): string => PLAN_CATALOGUE[planId as PlanId]?.name ?? planId;

/** The English words of the plan limits' refusals (the web says them in the user's language from the code). */
export const PLAN_LIMIT_MESSAGES = {
  pages: (plan: string, pages: number) =>
    `Your ${planName(plan)} plan lets you add ${pages} company pages, and they are all added. Remove one to add another, or choose a larger plan on the Billing page.`,
} as const;

export const PLAN_LIMIT_ERROR_CODES = {
  /** params: limit, plan (the plan's id: the web says its name) */
  weeklyPosts: 'plan.weekly_posts_limit',
  /** Every company page the plan allows is added: params: limit, plan (the plan's id) */
  pages: 'plan.pages_limit',
  /** The trial or plan ended: params: plan (the plan's id) */
  inactive: 'plan.inactive',
} as const;
