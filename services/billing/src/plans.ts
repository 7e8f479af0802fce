import { PLAN_CATALOGUE, type PlanId, type PlanInfo, type PurchasablePlanId } from '@nashr/contracts';

/**
 * The plans on offer. Their prices and limits are set in one place, `PLAN_CATALOGUE` in
 * packages/contracts, so the ai service can read the trial's allowance for a user billing has not
 * announced yet; the landing page's pricing block and the plan picker read them from
 * `GET /api/v1/billing/plans`; the posts and ai services learn a user's limits from the
 * entitlement events.
 */
export const PLANS: Readonly<Record<PlanId, PlanInfo>> = PLAN_CATALOGUE;

export const PLAN_LIST: readonly PlanInfo[] = [PLANS.trial, PLANS.basic, PLANS.starter, PLANS.pro];

export const isPurchasable = (id: string): id is PurchasablePlanId =>
  id === 'basic' || id === 'starter' || id === 'pro';
