import type { PlanInfo } from '@nashr/contracts';
import { intlLocale } from '../../lib/format';

/**
 * A plan's monthly price as the billing service sets it, in the interface language and the user's
 * digits, reading the same on every screen ('$34.99', '34.99 US$'). Intl marks the Arabic form with
 * a right-to-left mark, which makes the browser lay it out by its surroundings (a right-to-left
 * isolate shows '$US 34.99'): the price is one left-to-right run, isolated from what is around it.
 */
export function formatPlanPrice(plan: PlanInfo, lang: string): string {
  const price = new Intl.NumberFormat(intlLocale(lang === 'ar' ? 'ar' : 'en'), {
    style: 'currency',
    currency: plan.price.currency,
  }).format(plan.price.amountMinor / 100);
  return `\u2066${price.replace(/[\u200e\u200f\u061c]/g, '')}\u2069`;
}
