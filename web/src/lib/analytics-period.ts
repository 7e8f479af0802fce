import { ANALYTICS_PERIODS, type AnalyticsPeriod } from '@nashr/contracts';

/** The period the dashboard shows when the address names none. Apart, as the router reads it on every page. */
export const DEFAULT_PERIOD: AnalyticsPeriod = 30;

/** `?days=90` in the address, when it names one of the offered periods. */
export function periodOf(value: unknown): AnalyticsPeriod | undefined {
  const days = typeof value === 'string' ? Number(value) : value;
  return ANALYTICS_PERIODS.find((period) => period === days);
}
