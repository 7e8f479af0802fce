import { useTranslation } from 'react-i18next';
import { useDisplayPreferences } from '../lib/api/preferences';
import { formatHijriDay } from '../lib/format';

/** The Hijri (Umm al-Qura) date of a moment, shown beside its Gregorian date when the user asked for it. */
export function HijriDate({ instant, className = '' }: { instant: Date | string; className?: string }) {
  const { i18n } = useTranslation();
  const { hijri } = useDisplayPreferences();
  const date = new Date(instant);
  if (!hijri || Number.isNaN(date.getTime())) return null;
  return (
    <span className={`block text-xs font-normal text-slate-500 ${className}`} data-testid="hijri-date">
      {formatHijriDay(date, i18n.language)}
    </span>
  );
}
