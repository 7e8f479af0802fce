import { Clock, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEntitlement } from '../../lib/api/billing';
import { calendarDate } from '../../lib/time-zone';
import { PlansLink } from './plans-link';

const DAY_MS = 24 * 3600 * 1000;
const DISMISSED_KEY = 'trialBannerDismissed';

/** The day as the browser sees it (YYYY-MM-DD): a dismissal lasts until it changes. */
function today(now = calendarDate()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function dismissedToday(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === today();
  } catch {
    return false;
  }
}

/** Whole days left until `end`, at least 0. */
export function trialDaysLeft(end: string | null, now = Date.now()): number {
  return end ? Math.max(0, Math.ceil((new Date(end).getTime() - now) / DAY_MS)) : 0;
}

/**
 * The trial's last two days: how many days are left and a way to the plan picker, above every
 * screen of the protected area. Dismissed, it stays away until the next day.
 */
export function TrialBanner() {
  const { t } = useTranslation('billing');
  const entitlement = useEntitlement();
  const [dismissed, setDismissed] = useState(dismissedToday);
  const data = entitlement.data;
  if (dismissed || !data || data.status !== 'trialing' || !data.trialEndsAt) return null;
  const left = trialDaysLeft(data.trialEndsAt);
  if (new Date(data.trialEndsAt).getTime() <= Date.now() || left > 2) return null;

  const dismiss = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, today());
    } catch {
      // It then stays away for this visit only.
    }
    setDismissed(true);
  };

  return (
    <section
      aria-labelledby="trial-banner-text"
      className="flex flex-wrap items-center gap-3 border-b border-amber-200 bg-amber-50 px-4 py-2.5 text-sm text-amber-900 sm:px-6"
      data-testid="trial-banner"
    >
      <Clock aria-hidden="true" className="size-4 shrink-0" />
      <p id="trial-banner-text" className="flex-1 font-medium">
        {t('banner.trial', { count: left })}
      </p>
      <PlansLink
        className="rounded-lg bg-amber-500 px-3 py-1.5 font-semibold text-white hover:bg-amber-600"
        testId="trial-banner-choose"
      >
        {t('banner.choose')}
      </PlansLink>
      <button
        type="button"
        onClick={dismiss}
        aria-label={t('banner.dismiss')}
        title={t('banner.dismiss')}
        className="flex size-8 items-center justify-center rounded-lg hover:bg-amber-100"
        data-testid="trial-banner-dismiss"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </section>
  );
}
