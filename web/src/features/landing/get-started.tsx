import { TRIAL_DAYS } from '@nashr/contracts';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SignupLink } from './signup-link';
import { buttonStyles, containerClass } from './ui';

/** The closing call to action. */
export function GetStarted() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="cta-title" className={`${containerClass} pb-20 sm:pb-28`}>
      <div className="relative isolate overflow-hidden rounded-[2rem] bg-gradient-to-br from-brand-600 via-brand-700 to-brand-900 px-6 py-16 text-center shadow-2xl shadow-brand-900/20 sm:px-16 sm:py-20">
        <div
          aria-hidden="true"
          className="absolute -bottom-24 -end-24 -z-10 size-80 rounded-full bg-brand-400/30 blur-3xl"
        />
        <div
          aria-hidden="true"
          className="absolute -top-24 -start-24 -z-10 size-72 rounded-full bg-white/10 blur-3xl"
        />
        <h2
          id="cta-title"
          className="mx-auto max-w-2xl text-balance text-3xl font-bold tracking-tight text-white sm:text-4xl"
        >
          {t('cta.title')}
        </h2>
        <p className="mx-auto mt-5 max-w-xl text-pretty text-lg leading-relaxed text-brand-100">{t('cta.text')}</p>
        <div className="mt-9 flex flex-col items-center gap-4">
          <SignupLink className={`${buttonStyles.light} px-8 py-3.5 text-base`} testId="cta-signup">
            {t('cta.button')}
            <ArrowRight aria-hidden="true" className="size-5 rtl:-scale-x-100" />
          </SignupLink>
          <p className="text-sm text-brand-200">{t('cta.note', { count: TRIAL_DAYS })}</p>
        </div>
      </div>
    </section>
  );
}
