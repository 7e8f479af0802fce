import { type Entitlement, PLAN_CATALOGUE, type PurchasablePlanId, TRIAL_DAYS } from '@nashr/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { Check, CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { creditsQuery } from '../../lib/api/ai';
import { useCheckout, useEntitlement, usePlans, usePortal } from '../../lib/api/billing';
import { useEngageAllowance } from '../../lib/api/engage';
import { codeText, errorText } from '../../lib/error-text';
import { formatDateTime, formatDay, formatNumber } from '../../lib/format';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { formatPlanPrice, isSubscribed, PLAN_PICKER_HASH, planLimitLines, trialDaysLeft, trialSummary } from './';

function Status({ entitlement }: { entitlement: Entitlement }) {
  const { t, i18n } = useTranslation('billing');
  const portal = usePortal();
  // The ai service learns the plan from billing's event, a moment after billing: until its balance
  // follows the plan shown here (just subscribed, say), ask again.
  const credits = useQuery({
    ...creditsQuery,
    refetchInterval: (query) => (query.state.data && query.state.data.plan !== entitlement.plan ? 1500 : false),
  });
  // Engage keeps its own count of sent comments, learnt from the same event: until it follows the
  // plan shown here, ask again; when it cannot be reached, the plan's allowance is what is known.
  const engage = useEngageAllowance((allowance) => allowance.plan !== entitlement.plan);
  const commenting =
    engage.data && engage.data.plan === entitlement.plan
      ? engage.data.credits
      : { remaining: entitlement.limits.commentingCredits, total: entitlement.limits.commentingCredits };
  const number = (value: number) => formatNumber(value, i18n.language);
  const end = entitlement.currentPeriodEnd;
  const when = end ? formatDateTime(new Date(end), i18n.language) : '';
  return (
    <section aria-labelledby="billing-plan" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="billing-plan" className="flex items-center gap-2 font-semibold">
        <CreditCard aria-hidden="true" className="size-5 text-brand-600" />
        {t('current', { plan: t(`plans.${entitlement.plan}`) })}
      </h2>
      <p className="mt-2 text-sm text-slate-600" data-testid="billing-status">
        {entitlement.status === 'trialing' && t('trialLeft', { count: trialDaysLeft(entitlement.trialEndsAt) })}
        {entitlement.status === 'active' && t('renews', { date: when })}
        {entitlement.status === 'canceled' && t('ends', { date: when })}
        {entitlement.status === 'past_due' &&
          t('pastDue', { date: entitlement.graceEndsAt ? formatDay(entitlement.graceEndsAt, i18n.language) : '' })}
        {entitlement.status === 'expired' && (entitlement.trialUsedBefore ? t('trialUsedBefore') : t('expired'))}
      </p>
      <dl className="mt-4 grid grid-cols-1 gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-slate-500">{t('limits.weeklyPosts')}</dt>
          <dd className="font-medium" data-testid="billing-weekly-posts">
            {entitlement.limits.weeklyPosts === null ? t('unlimited') : number(entitlement.limits.weeklyPosts)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('left.aiCredits')}</dt>
          <dd className="font-medium" data-testid="billing-ai-credits">
            {credits.data
              ? t('left.count', { remaining: number(credits.data.remaining), total: number(credits.data.total) })
              : credits.isError
                ? t('left.unknown', { total: number(entitlement.limits.aiCredits) })
                : t('left.loading')}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('left.commentingCredits')}</dt>
          <dd className="font-medium" data-testid="billing-commenting-credits">
            {t('left.count', { remaining: number(commenting.remaining), total: number(commenting.total) })}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('limits.team')}</dt>
          <dd className="font-medium" data-testid="billing-team">
            {t('limits.teamValue', {
              seats: t('feature.seats', { count: entitlement.limits.seats }),
              workspaces: t('feature.workspaces', { count: entitlement.limits.workspaces }),
            })}
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-sm text-slate-600" data-testid="billing-credits-renewal">
        {entitlement.status === 'active' && end
          ? t('left.renew', { date: when })
          : entitlement.status === 'trialing'
            ? t('left.trial')
            : t('left.noRenewal')}
      </p>
      {entitlement.provider && entitlement.status !== 'expired' && (
        <Button
          variant="secondary"
          className="mt-5"
          disabled={portal.isPending}
          onClick={() => portal.mutate(undefined, { onError: (error) => toast.error(errorText(error)) })}
          data-testid="billing-manage"
        >
          {t('manage')}
        </Button>
      )}
    </section>
  );
}

/**
 * The plan picker: every plan that can be bought, its price and what it allows, in the words the
 * landing page's cards use (planLimitLines), and under it what the trial gives. A button that
 * cannot be used says why: someone who pays already changes the plan from the provider's page.
 */
export function PlanPicker({ current }: { current: Entitlement | undefined }) {
  const { t, i18n } = useTranslation('billing');
  const plans = usePlans();
  const checkout = useCheckout();
  if (plans.isPending) return <Spinner />;
  if (plans.isError) return <p role="alert">{errorText(plans.error)}</p>;
  const subscribed = isSubscribed(current);
  const trial = plans.data.find((plan) => plan.id === 'trial') ?? PLAN_CATALOGUE.trial;
  return (
    <section id={PLAN_PICKER_HASH} aria-labelledby="billing-picker" className="scroll-mt-20" data-testid="plan-picker">
      <h2 id="billing-picker" className="font-semibold">
        {t('choose')}
      </h2>
      <ul className="mt-3 grid grid-cols-1 gap-4 md:grid-cols-3">
        {plans.data
          .filter((plan) => plan.purchasable)
          .map((plan) => {
            const isCurrent = current?.plan === plan.id && subscribed;
            const reason = subscribed && !isCurrent ? t('disabled.subscribed') : null;
            return (
              <li
                key={plan.id}
                className={`flex flex-col rounded-2xl border bg-white p-5 shadow-sm ${plan.highlighted ? 'border-brand-500' : 'border-slate-200'}`}
                data-testid={`plan-${plan.id}`}
              >
                <h3 className="font-semibold">{t(`plans.${plan.id}`)}</h3>
                <p className="mt-1 text-2xl font-bold">
                  <bdi data-testid="plan-price">{formatPlanPrice(plan, i18n.language)}</bdi>{' '}
                  <span className="text-sm font-normal">{t('perMonth')}</span>
                </p>
                <ul className="mt-3 flex-1 space-y-1 text-sm">
                  {planLimitLines(plan, t, 'feature').map((line) => (
                    <li key={line} className="flex items-center gap-2">
                      <Check aria-hidden="true" className="size-4 text-brand-600" />
                      {line}
                    </li>
                  ))}
                </ul>
                <Button
                  variant="primary"
                  className="mt-4"
                  disabled={subscribed || checkout.isPending}
                  aria-describedby={reason ? `plan-${plan.id}-why` : undefined}
                  title={reason ?? (checkout.isPending ? t('disabled.pending') : undefined)}
                  onClick={() =>
                    checkout.mutate(plan.id as PurchasablePlanId, { onError: (error) => toast.error(errorText(error)) })
                  }
                  data-testid={`choose-${plan.id}`}
                >
                  {isCurrent ? t('currentPlan') : t('select', { plan: t(`plans.${plan.id}`) })}
                </Button>
                {reason && (
                  <p
                    id={`plan-${plan.id}-why`}
                    className="mt-2 text-xs text-slate-500"
                    data-testid="plan-disabled-reason"
                  >
                    {reason}
                  </p>
                )}
              </li>
            );
          })}
      </ul>
      <p className="mt-3 text-sm text-slate-600" data-testid="plan-trial-note">
        {trialSummary(trial, TRIAL_DAYS, t, 'feature')}
      </p>
    </section>
  );
}

/**
 * Why a checkout was not completed, from the provider's page sending the browser back
 * (`?checkout=refused&code=billing.checkout_stale`): the code's words, never the raw answer.
 */
function CheckoutRefused() {
  const { t, i18n } = useTranslation('billing');
  const search = useSearch({ strict: false }) as { checkout?: unknown; code?: unknown };
  if (search.checkout !== 'refused') return null;
  const words = codeText(i18n, typeof search.code === 'string' ? search.code : null) ?? t('checkoutRefused');
  return (
    <p role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
      {words}
    </p>
  );
}

/** /billing: the caller's plan, trial days left, next renewal or end, limits, and the plan picker. */
export function BillingPage() {
  const { t } = useTranslation('billing');
  const entitlement = useEntitlement();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 p-4 sm:p-6">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <CheckoutRefused />
      {entitlement.isPending && <Spinner />}
      {entitlement.isError && <p role="alert">{errorText(entitlement.error)}</p>}
      {entitlement.data && <Status entitlement={entitlement.data} />}
      <PlanPicker current={entitlement.data} />
    </div>
  );
}
