import type { PlanInfo } from '@nashr/contracts';

/** A plan's monthly price as the billing service sets it, written for the interface language. */
export function formatPlanPrice(plan: PlanInfo, lang: string): string {
  return new Intl.NumberFormat(lang === 'ar' ? 'ar' : 'en', {
    style: 'currency',
    currency: plan.price.currency,
  }).format(plan.price.amountMinor / 100);
}
