/** What other parts of the app may use from billing: the link to the plans, the plans' offer and upsell, the trial and failed-payment banners and how a plan's price reads. */

export { PaymentBanner } from './payment-banner';
export { isSubscribed, nextPlan, planLimitLines, planOffer, trialSummary } from './plan-offer';
export { formatPlanPrice } from './plan-price';
export { PlanUpsell } from './plan-upsell';
export { PLAN_PICKER_HASH, PlansLink } from './plans-link';
export { TrialBanner, trialDaysLeft } from './trial-banner';
