import { Check, Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PremiumLink } from '../billing';

const FEATURES = ['unlimitedPosts', 'profileOptimization', 'keywords', 'support'] as const;

/** The Premium upsell (spec section 2); 'Join Premium' opens the plan picker. */
export function PremiumCard() {
  const { t } = useTranslation('profile');
  return (
    <section
      aria-labelledby="premium-title"
      className="rounded-3xl bg-gradient-to-br from-brand-700 to-brand-900 p-5 text-white shadow-sm"
      data-testid="premium-card"
    >
      <span className="flex size-10 items-center justify-center rounded-xl bg-white/15">
        <Crown aria-hidden="true" className="size-5 text-amber-300" />
      </span>
      <h2 id="premium-title" className="mt-4 text-lg font-semibold">
        {t('premium.title')}
      </h2>
      <ul className="mt-3 space-y-2 text-sm text-white/90">
        {FEATURES.map((feature) => (
          <li key={feature} className="flex items-center gap-2">
            <Check aria-hidden="true" className="size-4 shrink-0 text-emerald-300" />
            {t(`premium.features.${feature}`)}
          </li>
        ))}
      </ul>
      <PremiumLink
        className="mt-5 flex w-full items-center justify-center rounded-xl bg-white px-4 py-2.5 font-semibold text-brand-800 shadow-sm transition hover:bg-brand-50"
        testId="join-premium"
      >
        {t('premium.join')}
      </PremiumLink>
    </section>
  );
}
