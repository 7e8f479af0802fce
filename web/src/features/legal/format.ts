import type { Language } from '../../i18n';
import { contactEmail } from '../../lib/contact-email';
import { formatDay, formatNumber, intlLocale } from '../../lib/format';
import { lastUpdatedDate } from './facts';
import type { LegalFormat } from './types';

/**
 * Numbers and prices in the language shown and the user's digits (Western or Arabic-Indic), and
 * the installation's contact address.
 */
export function legalFormat(lang: Language, contact: string = contactEmail()): LegalFormat {
  const locale = intlLocale(lang);
  return {
    number: (value) => formatNumber(value, lang),
    plain: (value) => new Intl.NumberFormat(locale, { useGrouping: false }).format(value),
    price: (plan) =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: plan.price.currency,
        currencyDisplay: 'name',
      }).format(plan.price.amountMinor / 100),
    contact,
  };
}

/** The "last updated" day, written out in the language shown. */
export const formatLastUpdated = (lang: Language) => formatDay(lastUpdatedDate(), lang);
