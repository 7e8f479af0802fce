import type { ContentIcon as IconName } from '@nashr/contracts';
import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useContentBlock } from '../../lib/api/content';
import { ContentIcon } from '../../ui/content-icon';
import { Skeleton } from '../../ui/skeleton';
import { BlockView } from './block-view';
import { SectionHeading } from './section-heading';
import { SECTION_IDS } from './sections';
import { SignupLink } from './signup-link';
import { buttonStyles, containerClass } from './ui';

interface StepProps {
  number: number;
  icon: IconName;
  title: string;
  description: string;
  image: string;
  reversed: boolean;
  /** Extra content under the description (the first step's stats and button). */
  extra?: ReactNode;
  /** Extra content over the picture (the first step's sample post). */
  overlay?: ReactNode;
}

function Step({ number, icon, title, description, image, reversed, extra, overlay }: StepProps) {
  const { t } = useTranslation('landing');
  return (
    <li className="grid items-center gap-10 lg:grid-cols-2 lg:gap-16" data-testid="feature-step">
      <div className={reversed ? 'lg:order-last' : ''}>
        <div className="flex items-center gap-3">
          <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-brand-600 text-white shadow-lg shadow-brand-600/25">
            <ContentIcon name={icon} />
          </span>
          <span className="text-sm font-semibold uppercase tracking-wider text-brand-600">
            {t('features.step', { number })}
          </span>
        </div>
        <h3 className="mt-5 text-2xl font-bold tracking-tight text-ink sm:text-3xl">{title}</h3>
        <p className="mt-4 text-pretty text-lg leading-relaxed text-slate-600">{description}</p>
        {extra}
      </div>
      <figure className="relative">
        {image ? (
          <img
            src={image}
            alt=""
            width={640}
            height={480}
            loading="lazy"
            className="aspect-[4/3] w-full rounded-3xl object-cover shadow-xl shadow-slate-900/10 ring-1 ring-slate-900/5"
          />
        ) : (
          <div className="flex aspect-[4/3] w-full items-center justify-center rounded-3xl bg-gradient-to-br from-brand-50 to-brand-100 text-brand-600">
            <ContentIcon name={icon} className="size-16" />
          </div>
        )}
        {overlay}
      </figure>
    </li>
  );
}

function FeaturesSkeleton() {
  return (
    <div className="space-y-16">
      <div className="mx-auto flex max-w-2xl flex-col items-center gap-4">
        <Skeleton className="h-6 w-24 rounded-full" />
        <Skeleton className="h-10 w-full" />
      </div>
      {[0, 1].map((row) => (
        <div key={row} className="grid items-center gap-10 lg:grid-cols-2">
          <div className="space-y-4">
            <Skeleton className="size-12 rounded-2xl" />
            <Skeleton className="h-8 w-2/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
          </div>
          <Skeleton className="aspect-[4/3] w-full rounded-3xl" />
        </div>
      ))}
    </div>
  );
}

export function FeaturesSection() {
  const { t } = useTranslation('landing');
  const query = useContentBlock('feature');
  return (
    <section
      id={SECTION_IDS.features}
      tabIndex={-1}
      aria-labelledby="features-title"
      className="scroll-mt-16 py-20 focus:outline-none sm:py-28"
    >
      <div className={containerClass}>
        <BlockView query={query} skeleton={<FeaturesSkeleton />}>
          {({ heading, feature, additionalFeatures }) => (
            <>
              <SectionHeading id="features-title" badge={heading.badge} title={heading.title} />
              <ol className="mt-16 space-y-24">
                <Step
                  number={1}
                  icon={feature.icon}
                  title={feature.title}
                  description={feature.description}
                  image={feature.image}
                  reversed={false}
                  extra={
                    <div className="mt-8 flex flex-col gap-6">
                      {feature.stats.count ? (
                        <p className="flex items-baseline gap-3">
                          <span className="text-4xl font-extrabold tracking-tight text-brand-600">
                            {feature.stats.count}
                          </span>
                          <span className="text-slate-600">{feature.stats.text}</span>
                        </p>
                      ) : null}
                      {feature.buttonText ? (
                        <SignupLink className={`${buttonStyles.primary} self-start`}>
                          {feature.buttonText}
                          <ArrowRight aria-hidden="true" className="size-5 rtl:-scale-x-100" />
                        </SignupLink>
                      ) : null}
                    </div>
                  }
                  overlay={
                    feature.demoText ? (
                      <figcaption className="relative -mt-16 ms-4 me-4 rounded-2xl border border-slate-200 bg-white/95 p-5 text-start text-sm leading-relaxed text-slate-700 shadow-xl backdrop-blur sm:-mt-24 sm:ms-10 sm:me-0">
                        <span className="mb-2 flex items-center gap-2 text-xs font-semibold text-brand-600">
                          <ContentIcon name="sparkles" className="size-4" />
                          {t('features.demoLabel')}
                        </span>
                        <span className="line-clamp-5">{feature.demoText}</span>
                      </figcaption>
                    ) : null
                  }
                />
                {additionalFeatures.map((item, index) => (
                  <Step
                    // biome-ignore lint/suspicious/noArrayIndexKey: admin-edited lists have no ids and never reorder on screen
                    key={`${item.title}-${index}`}
                    number={index + 2}
                    icon={item.icon}
                    title={item.title}
                    description={item.description}
                    image={item.image}
                    reversed={index % 2 === 0}
                  />
                ))}
              </ol>
            </>
          )}
        </BlockView>
      </div>
    </section>
  );
}
