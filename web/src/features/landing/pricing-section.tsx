import { PLAN_CATALOGUE, type PlanInfo, type PricingBlock, TRIAL_DAYS } from '@nashr/contracts';
import { Check, Crown, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/api/auth';
import { useEntitlement, usePlans } from '../../lib/api/billing';
import { useContentBlock } from '../../lib/api/content';
import { Skeleton } from '../../ui/skeleton';
import { formatPlanPrice, isSubscribed, PlansLink, planLimitLines, trialSummary } from '../billing';
import { BlockView } from './block-view';
import { SectionHeading } from './section-heading';
import { SECTION_IDS } from './sections';
import { buttonStyles, containerClass } from './ui';

type Plan = PricingBlock['plans'][number];

/** `buttonClass` is a style name an admin picks; unknown names fall back to the outline look. */
function planButtonStyle(plan: Plan): string {
  const names = plan.buttonClass.split(' ');
  if (names.includes('primary') || (plan.highlighted && !names.includes('dark'))) return buttonStyles.primary;
  if (names.includes('dark')) return buttonStyles.dark;
  return buttonStyles.secondary;
}

/**
 * One plan card: the admin's copy (name, description, features, style). A card linked to a
 * billing plan (`planId`) shows that plan's price and limits, so the page and billing agree.
 */
function PlanCard({ plan, billing, yours }: { plan: Plan; billing?: PlanInfo; yours: boolean }) {
  const { t, i18n } = useTranslation('landing');
  const limits = billing ? planLimitLines(billing, t, 'pricing.limits') : [];
  return (
    <li
      data-testid="pricing-plan"
      data-highlighted={plan.highlighted}
      className={`relative flex flex-col rounded-3xl p-8 ${
        plan.highlighted
          ? 'bg-white shadow-2xl shadow-brand-600/20 ring-2 ring-brand-600 lg:-my-4 lg:py-12'
          : 'border border-slate-200 bg-white shadow-sm'
      }`}
    >
      {plan.highlighted ? (
        <p className="absolute -top-3.5 start-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-brand-600 px-4 py-1 text-xs font-semibold text-white shadow rtl:translate-x-1/2">
          {t('pricing.mostPopular')}
        </p>
      ) : null}
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-xl font-bold text-ink">{plan.name}</h3>
        {plan.isPremium ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2.5 py-1 text-xs font-semibold text-amber-700 ring-1 ring-amber-200">
            <Crown aria-hidden="true" className="size-3.5" />
            {t('pricing.premium')}
          </span>
        ) : null}
      </div>
      {plan.description ? (
        <p className="mt-3 min-h-12 text-sm leading-relaxed text-slate-600">{plan.description}</p>
      ) : null}
      <p className="mt-6 flex items-baseline gap-1">
        {/* Written by Intl: the gateway's (Node's) and the browser's ICU may differ in a space or a
            mark, and the page hydrated over the server's HTML keeps the server's then. */}
        <span
          dir="ltr"
          className="text-5xl font-extrabold tracking-tight text-ink"
          data-testid="plan-price"
          suppressHydrationWarning
        >
          {billing ? formatPlanPrice(billing, i18n.language) : plan.price}
        </span>
        <span className="text-sm font-medium text-slate-500">{t('pricing.perMonth')}</span>
      </p>
      {/* A visitor signs up first (the trial under the cards starts there); someone signed in picks
          the plan on Billing, where the plan they pay for already is changed. */}
      <PlansLink className={`${planButtonStyle(plan)} mt-8 w-full`} testId="plan-trial">
        {yours ? t('pricing.yourPlan', { plan: plan.name }) : t('pricing.choosePlan', { plan: plan.name })}
      </PlansLink>
      <ul className="mt-8 space-y-3 border-t border-slate-100 pt-8 text-sm">
        {limits.map((line) => (
          <li key={line} className="flex items-start gap-3" data-testid="plan-limit">
            <span className="mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
              <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
            </span>
            <span className="font-medium text-slate-800">{line}</span>
          </li>
        ))}
        {plan.features.map((feature, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: admin-edited lists have no ids and never reorder on screen
          <li key={`${feature.name}-${index}`} className="flex items-start gap-3">
            {feature.included ? (
              <span className="mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
                <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
              </span>
            ) : (
              <span className="mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-400">
                <X aria-hidden="true" className="size-3.5" strokeWidth={3} />
              </span>
            )}
            <span className={feature.included ? 'text-slate-700' : 'text-slate-400 line-through'}>
              <span className="sr-only">{t(feature.included ? 'pricing.included' : 'pricing.notIncluded')}: </span>
              {feature.name}
            </span>
          </li>
        ))}
      </ul>
    </li>
  );
}

function PricingSkeleton() {
  return (
    <div className="space-y-14">
      <div className="mx-auto flex max-w-2xl flex-col items-center gap-4">
        <Skeleton className="h-6 w-24 rounded-full" />
        <Skeleton className="h-10 w-full" />
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} className="h-[32rem] rounded-3xl" />
        ))}
      </div>
    </div>
  );
}

/**
 * What the trial gives, under the cards: the words the Billing page's plan picker uses, from the
 * trial plan itself, so no card reads as if its plan were the one on trial.
 */
function TrialNote({ trial }: { trial: PlanInfo }) {
  const { t } = useTranslation('landing');
  return (
    <p className="mx-auto mt-10 max-w-3xl text-center text-sm text-slate-600" data-testid="pricing-trial-note">
      {trialSummary(trial, TRIAL_DAYS, t, 'pricing.limits')}
    </p>
  );
}

/** The signed-in caller's entitlement; nothing is asked for a visitor. */
function useOwnEntitlement() {
  const { user } = useSession();
  const entitlement = useEntitlement({ enabled: Boolean(user) });
  return user ? entitlement.data : undefined;
}

export function PricingSection() {
  const query = useContentBlock('pricing');
  const billingPlans = usePlans();
  const billingPlan = (id: Plan['planId']) => (id ? billingPlans.data?.find((entry) => entry.id === id) : undefined);
  const entitlement = useOwnEntitlement();
  const paidPlan = isSubscribed(entitlement) ? entitlement?.plan : undefined;
  const trial = billingPlans.data?.find((entry) => entry.id === 'trial') ?? PLAN_CATALOGUE.trial;
  return (
    <section
      id={SECTION_IDS.pricing}
      tabIndex={-1}
      aria-labelledby="pricing-title"
      className="scroll-mt-16 bg-gradient-to-b from-white via-brand-50/60 to-white py-20 focus:outline-none sm:py-28"
    >
      <div className={containerClass}>
        <BlockView query={query} skeleton={<PricingSkeleton />}>
          {({ heading, plans }) => (
            <>
              <SectionHeading id="pricing-title" badge={heading.badge} title={heading.title} />
              <ul
                className={`mx-auto mt-16 grid max-w-md gap-8 lg:max-w-none ${
                  plans.length >= 3 ? 'lg:grid-cols-3' : plans.length === 2 ? 'lg:max-w-3xl lg:grid-cols-2' : ''
                }`}
              >
                {plans.map((plan, index) => (
                  <PlanCard
                    // biome-ignore lint/suspicious/noArrayIndexKey: admin-edited lists have no ids and never reorder on screen
                    key={`${plan.name}-${index}`}
                    plan={plan}
                    billing={billingPlan(plan.planId)}
                    yours={Boolean(paidPlan && plan.planId === paidPlan)}
                  />
                ))}
              </ul>
              <TrialNote trial={trial} />
            </>
          )}
        </BlockView>
      </div>
    </section>
  );
}
