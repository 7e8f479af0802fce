/**
 * Numbers and dates in the interface language. Arabic keeps Latin digits, as every other screen
 * of the product does.
 */
export function localeOf(language: string): string {
  return language === 'en' ? 'en' : 'ar-u-nu-latn';
}

export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language)).format(value);
}

export function formatCompact(value: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language), { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

/** A change in percent: +70%, -6%, 0%. */
export function formatChange(percent: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language), {
    style: 'percent',
    signDisplay: 'exceptZero',
    maximumFractionDigits: 0,
  }).format(percent / 100);
}

export function formatPercent(ratio: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language), { style: 'percent', maximumFractionDigits: 1 }).format(ratio);
}

export function formatMonth(date: Date, language: string, withYear = false): string {
  return new Intl.DateTimeFormat(
    localeOf(language),
    withYear ? { month: 'long', year: 'numeric' } : { month: 'short' },
  ).format(date);
}

export function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
