import { Check, Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useEntitlement } from '../../lib/api/billing';
import { nextPlan, planLimitLines, planOffer } from './plan-offer';
import { PlansLink } from './plans-link';

/**
 * 'Get more with Starter': the plan above the caller's, what it allows (read from the plan
 * itself), and a way to the plan picker. Nothing for someone on the top plan, nor before the
 * caller's plan is known. The posts sidebar
 * and the profile show it, each in its own frame (`variant`).
 */
export function PlanUpsell({ variant }: { variant: 'sidebar' | 'card' }) {
  const { t } = useTranslation(['posts', 'billing']);
  const entitlement = useEntitlement();
  // Offered once the caller's plan is known: never a plan they have already, nor one below it.
  const plan = entitlement.data ? nextPlan(entitlement.data.plan) : null;
  if (!plan) return null;
  const name = t(`billing:plans.${plan.id}`);
  const offer = planOffer(entitlement.data);
  const lines = planLimitLines(plan, t, 'billing:feature');
  const card = variant === 'card';
  return (
    <section
      aria-labelledby="upsell-title"
      data-testid="plan-upsell"
      data-plan={plan.id}
      className={
        card
          ? 'rounded-3xl bg-gradient-to-br from-brand-700 to-brand-900 p-5 text-white shadow-sm'
          : 'relative overflow-hidden rounded-2xl bg-gradient-to-br from-brand-700 via-brand-600 to-brand-500 p-5 text-white shadow-sm'
      }
    >
      {card ? (
        <span className="flex size-10 items-center justify-center rounded-xl bg-white/15">
          <Crown aria-hidden="true" className="size-5 text-amber-300" />
        </span>
      ) : (
        <Crown aria-hidden="true" className="absolute -end-3 -top-3 size-20 rotate-12 text-white/10" />
      )}
      <h2 id="upsell-title" className={card ? 'mt-4 text-lg font-semibold' : 'flex items-center gap-2 font-semibold'}>
        {card ? null : <Crown aria-hidden="true" className="size-5 text-amber-300" />}
        {t('posts:upsell.title', { plan: name })}
      </h2>
      <p className="mt-1 text-sm text-white/80">{t('posts:upsell.text', { plan: name })}</p>
      <ul className="mt-3 space-y-2 text-sm text-white/90">
        {lines.map((line) => (
          <li key={line} className="flex items-center gap-2">
            <Check aria-hidden="true" className="size-4 shrink-0 text-emerald-300" />
            {line}
          </li>
        ))}
      </ul>
      <PlansLink
        className="mt-5 flex w-full items-center justify-center rounded-xl bg-white px-4 py-2.5 text-sm font-semibold text-brand-800 shadow-sm transition hover:bg-brand-50"
        testId="upsell-plans"
      >
        {offer.kind === 'change' ? t('posts:upsell.change') : t('posts:upsell.join', { plan: name })}
      </PlansLink>
    </section>
  );
}
