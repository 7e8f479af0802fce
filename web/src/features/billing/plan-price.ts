import type { PlanInfo } from '@nashr/contracts';
import { intlLocale } from '../../lib/format';

/** A plan's monthly price as the billing service sets it, in the interface language and the user's digits. */
export function formatPlanPrice(plan: PlanInfo, lang: string): string {
  return new Intl.NumberFormat(intlLocale(lang === 'ar' ? 'ar' : 'en'), {
    style: 'currency',
    currency: plan.price.currency,
  }).format(plan.price.amountMinor / 100);
}
