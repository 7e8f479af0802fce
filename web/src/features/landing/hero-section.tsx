import { type HeroBlock, TRIAL_DAYS } from '@nashr/contracts';
import { ArrowRight, Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useContentBlock } from '../../lib/api/content';
import { SectionLink } from './section-link';
import { SECTION_IDS } from './sections';
import { SignupLink } from './signup-link';
import { buttonStyles, containerClass } from './ui';

/**
 * The feature block's people badge beside a few testimonial faces: both written by the admins, so
 * a fresh installation (no badge, no testimonials) shows nothing here rather than an invented crowd.
 */
function SocialProof() {
  const testimonials = useContentBlock('testimonials');
  const feature = useContentBlock('feature');
  const faces = (testimonials.data?.testimonials ?? []).filter((item) => item.image).slice(0, 3);
  const badge = feature.data?.feature.peopleBadge;
  if (!badge) return null;
  return (
    <div className="mt-8 flex items-center justify-center gap-3" data-testid="hero-people-badge">
      <div className="flex -space-x-2 rtl:space-x-reverse">
        {faces.map((item) => (
          <img
            key={item.name}
            src={item.image}
            alt=""
            width={36}
            height={36}
            className="size-9 rounded-full bg-white object-cover ring-2 ring-white"
          />
        ))}
      </div>
      <p className="text-sm font-medium text-slate-600">{badge}</p>
    </div>
  );
}

export function HeroSection({ hero }: { hero: HeroBlock }) {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-[38rem] bg-[radial-gradient(60%_60%_at_50%_0%,var(--color-brand-100),transparent)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[linear-gradient(to_right,#e2e8f066_1px,transparent_1px),linear-gradient(to_bottom,#e2e8f066_1px,transparent_1px)] bg-[size:44px_44px] [mask-image:radial-gradient(ellipse_60%_50%_at_50%_0%,#000_60%,transparent_100%)]"
      />
      <div className={`${containerClass} pb-10 pt-14 text-center sm:pt-20`}>
        <h1
          id="hero-title"
          data-testid="hero-headline"
          className="mx-auto max-w-4xl text-balance text-[2.125rem] font-extrabold leading-tight tracking-tight text-ink sm:text-6xl sm:leading-[1.1]"
        >
          {hero.headline}
        </h1>
        {hero.subheadline ? (
          <p className="mx-auto mt-6 max-w-2xl text-pretty text-lg leading-relaxed text-slate-600 sm:text-xl">
            {hero.subheadline}
          </p>
        ) : null}
        <div className="mt-9 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <SignupLink className={`${buttonStyles.primary} px-7 py-3.5 text-base`} testId="hero-signup">
            {t('hero.primaryCta')}
            <ArrowRight aria-hidden="true" className="size-5 rtl:-scale-x-100" />
          </SignupLink>
          <SectionLink to={SECTION_IDS.features} className={`${buttonStyles.secondary} px-7 py-3.5 text-base`}>
            {t('hero.secondaryCta')}
          </SectionLink>
        </div>
        <p className="mt-5 inline-flex items-center gap-1.5 text-sm text-slate-500">
          <Check aria-hidden="true" className="size-4 text-emerald-600" />
          {t('hero.trialNote', { count: TRIAL_DAYS })}
        </p>
        <SocialProof />
      </div>
    </section>
  );
}
