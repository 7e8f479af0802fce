/** What other parts of the app may use from billing: the Premium link, the trial and failed-payment banners and how a plan's price reads. */

export { PaymentBanner } from './payment-banner';
export { formatPlanPrice } from './plan-price';
export { PLAN_PICKER_HASH, PremiumLink } from './premium-link';
export { TrialBanner, trialDaysLeft } from './trial-banner';
