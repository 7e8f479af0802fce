import type { PurchasablePlanId } from '@nashr/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingApi } from './catalogue';
import { call } from './client';
import { useMutation } from './mutation';

const plansKey = ['billing', 'plans'] as const;
const entitlementKey = ['billing', 'me'] as const;

/** The plans on offer with their prices and limits, as the billing service sets them. */
export const plansQuery = queryOptions({
  queryKey: plansKey,
  queryFn: async () => (await call(billingApi.plans)).plans,
  staleTime: 10 * 60_000,
});

export function usePlans() {
  return useQuery(plansQuery);
}

/** The caller's plan, its status and period. */
export const entitlementQuery = queryOptions({
  queryKey: entitlementKey,
  queryFn: async () => (await call(billingApi.me)).entitlement,
});

/** The caller's plan, asked only while `enabled`: a visitor has none. */
export function useEntitlement({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...entitlementQuery, enabled });
}

/** Starts paying for a plan: the browser goes to the provider's checkout page. */
export function useCheckout() {
  return useMutation({
    mutationFn: async (planId: PurchasablePlanId) => (await call(billingApi.checkout, { body: { planId } })).url,
    onSuccess: (url) => window.location.assign(url),
  });
}

/** Opens the page where the subscription is managed. */
export function usePortal() {
  return useMutation({
    mutationFn: async () => (await call(billingApi.portal)).url,
    onSuccess: (url) => window.location.assign(url),
  });
}
