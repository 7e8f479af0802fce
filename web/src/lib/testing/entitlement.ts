import { type Entitlement, PLAN_CATALOGUE } from '@nashr/contracts';

/** An entitlement to `plan` as billing answers it, with the plan's own limits. */
export const entitlementOf = (
  plan: Entitlement['plan'],
  status: Entitlement['status'] = 'active',
  provider: string | null = null,
): Entitlement => ({
  plan,
  status,
  active: status !== 'expired',
  limits: PLAN_CATALOGUE[plan].limits,
  trialEndsAt: null,
  currentPeriodStart: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  graceEndsAt: null,
  provider,
  version: 1,
});
