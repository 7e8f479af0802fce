import {
  type Entitlement,
  PLAN_CATALOGUE,
  type PlanId,
  type PlanInfo,
  PURCHASABLE_PLAN_IDS,
  type PurchasablePlanId,
} from '@nashr/contracts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * What a plan allows, in the words every plan card uses (the landing page's cards, the plan
 * picker, the upsells): read from the plan itself, so no screen describes a plan differently
 * from what billing sells. `prefix` is the namespace and group holding the words
 * (`landing:pricing.limits`, `billing:feature`): the landing page has its own copy of them.
 */
export function planLimitLines(plan: PlanInfo, t: Translate, prefix: string): string[] {
  const { weeklyPosts, aiCredits, commentingCredits, engage, library, seats, workspaces, pages } = plan.limits;
  // The trial's credits are given once for the whole trial; a plan's renew each month.
  const aiCreditsLine = () =>
    plan.id === 'trial'
      ? t(`${prefix}.aiCreditsTrial`, { count: aiCredits })
      : t(`${prefix}.aiCredits`, { count: aiCredits });
  return [
    weeklyPosts === null ? t(`${prefix}.unlimitedPosts`) : t(`${prefix}.weeklyPosts`, { count: weeklyPosts }),
    ...(aiCredits > 0 ? [aiCreditsLine()] : []),
    ...(engage ? [t(`${prefix}.engage`)] : []),
    ...(commentingCredits > 0 ? [t(`${prefix}.commentingCredits`, { count: commentingCredits })] : []),
    library === null ? t(`${prefix}.wholeLibrary`) : t(`${prefix}.library`, { count: library }),
    t(`${prefix}.seats`, { count: seats }),
    t(`${prefix}.workspaces`, { count: workspaces }),
    // Whom posts go out as: the member's profile, and the company pages the plan lets them add.
    t(`${prefix}.pages`, { count: pages }),
  ];
}

/**
 * What the trial gives, in one sentence every screen that offers it uses (the Billing page's plan
 * picker, the landing page under its plan cards): its days and its limits read from the trial plan,
 * saying so when Engage is not part of it. `prefix` holds `trialNote`, `noEngage` and
 * `listSeparator` beside the limit words of `planLimitLines`.
 */
export function trialSummary(trial: PlanInfo, days: number, t: Translate, prefix: string): string {
  // Inside a sentence: the card's lines start with a capital ('The library's 30 newest posts').
  const limits = [...planLimitLines(trial, t, prefix), ...(trial.limits.engage ? [] : [t(`${prefix}.noEngage`)])].map(
    (line) => line.charAt(0).toLowerCase() + line.slice(1),
  );
  return t(`${prefix}.trialNote`, { count: days, limits: limits.join(t(`${prefix}.listSeparator`)) });
}

/** Whether the caller pays for a plan now: such a plan is changed from the provider's page, not bought again. */
export const isSubscribed = (entitlement: Entitlement | undefined | null): boolean =>
  Boolean(entitlement?.provider && entitlement.status !== 'expired');

/**
 * The plan to offer next: the one above the caller's plan (Basic, Starter, Pro, in the order
 * billing sells them), or the highlighted plan for someone on the trial or not known yet. None
 * above Pro.
 */
export function nextPlan(current: PlanId | undefined): PlanInfo | null {
  const ladder: readonly PurchasablePlanId[] = PURCHASABLE_PLAN_IDS;
  const index = ladder.indexOf(current as PurchasablePlanId);
  if (index < 0) return Object.values(PLAN_CATALOGUE).find((plan) => plan.highlighted) ?? PLAN_CATALOGUE.starter;
  const above = ladder[index + 1];
  return above ? PLAN_CATALOGUE[above] : null;
}

/**
 * What a 'get more' button offers: to change the plan (someone who pays already changes it from
 * the provider's page), to upgrade to the next plan, or to choose one (also while the caller's
 * plan is not known).
 */
export type PlanOffer = { kind: 'change' } | { kind: 'upgrade'; plan: PlanInfo } | { kind: 'choose' };

export function planOffer(entitlement: Entitlement | undefined | null): PlanOffer {
  // Not known yet (or billing did not answer): no plan is guessed.
  if (!entitlement) return { kind: 'choose' };
  if (isSubscribed(entitlement)) return { kind: 'change' };
  const plan = nextPlan(entitlement?.plan);
  return plan ? { kind: 'upgrade', plan } : { kind: 'choose' };
}
