import { Check, Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PremiumLink } from '../billing';

const FEATURES = ['unlimited', 'optimization', 'keywords', 'support'] as const;

/** 'Get more with Premium' (spec section 2); 'Join Premium' opens the plan picker. */
export function PremiumBox() {
  const { t } = useTranslation('posts');
  return (
    <section
      aria-labelledby="premium-title"
      data-testid="premium-box"
      className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-brand-700 via-brand-600 to-brand-500 p-5 text-white shadow-sm"
    >
      <Crown aria-hidden="true" className="absolute -end-3 -top-3 size-20 rotate-12 text-white/10" />
      <h2 id="premium-title" className="flex items-center gap-2 font-semibold">
        <Crown aria-hidden="true" className="size-5 text-amber-300" />
        {t('premium.title')}
      </h2>
      <p className="mt-1 text-sm text-brand-100">{t('premium.text')}</p>
      <ul className="mt-4 space-y-2 text-sm">
        {FEATURES.map((feature) => (
          <li key={feature} className="flex items-center gap-2">
            <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-white/15">
              <Check aria-hidden="true" className="size-3.5" />
            </span>
            {t(`premium.${feature}`)}
          </li>
        ))}
      </ul>
      <PremiumLink
        className="mt-5 flex w-full justify-center rounded-xl bg-white px-4 py-2.5 text-sm font-semibold text-brand-700 shadow-sm transition hover:bg-brand-50"
        testId="join-premium"
      >
        {t('premium.join')}
      </PremiumLink>
    </section>
  );
}
