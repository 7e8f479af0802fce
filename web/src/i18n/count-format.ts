import type { i18n as I18n } from 'i18next';
import { formatNumber } from '../lib/format';

/**
 * `{{count, num}}` in a string writes the count in the user's digits (Western or Arabic-Indic).
 * i18next's own `number` format takes the bare language and ignores that preference. The plural
 * form itself is picked by i18next from `count` with Intl.PluralRules: Arabic has six forms
 * (zero, one, two, few, many, other), English two.
 */
export function addCountFormat(i18n: I18n): void {
  i18n.services.formatter?.add('num', (value, language) => formatNumber(Number(value), language ?? 'ar'));
}
