import type { PlanId, PlanInfo, PurchasablePlanId } from '@nashr/contracts';

/**
 * The plans on offer: the one place prices and limits are set. The landing page's pricing block
 * and the plan picker read them from `GET /api/v1/billing/plans`; the posts service learns a
 * user's limits from the entitlement events. Prices are in US cents.
 */
export const PLANS: Record<PlanId, PlanInfo> = {
  trial: {
    id: 'trial',
    name: 'Trial',
    price: { amountMinor: 0, currency: 'USD', interval: 'month' },
    limits: { weeklyPosts: 10, aiCredits: 100, commentingCredits: 0, engage: false, library: 30 },
    purchasable: false,
    highlighted: false,
  },
  basic: {
    id: 'basic',
    name: 'Basic',
    price: { amountMinor: 2499, currency: 'USD', interval: 'month' },
    limits: { weeklyPosts: 10, aiCredits: 100, commentingCredits: 0, engage: false, library: 10 },
    purchasable: true,
    highlighted: false,
  },
  starter: {
    id: 'starter',
    name: 'Starter',
    price: { amountMinor: 3499, currency: 'USD', interval: 'month' },
    limits: { weeklyPosts: null, aiCredits: 500, commentingCredits: 100, engage: true, library: 100 },
    purchasable: true,
    highlighted: true,
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    price: { amountMinor: 4499, currency: 'USD', interval: 'month' },
    limits: { weeklyPosts: null, aiCredits: 5000, commentingCredits: 1500, engage: true, library: null },
    purchasable: true,
    highlighted: false,
  },
};

export const PLAN_LIST: readonly PlanInfo[] = [PLANS.trial, PLANS.basic, PLANS.starter, PLANS.pro];

export const isPurchasable = (id: string): id is PurchasablePlanId =>
  id === 'basic' || id === 'starter' || id === 'pro';
