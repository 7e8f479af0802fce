// Apart from the analytics schemas (analytics.ts): the app's router reads the periods as it starts.

/** The periods the dashboard offers, in days. */
export const ANALYTICS_PERIODS = [7, 30, 90, 365] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
