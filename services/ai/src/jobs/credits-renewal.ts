/**
 * The hourly sweep that renews paid plans whose period ended without billing announcing the next
 * one. Hourly rather than at each period's end: a renewal is keyed by user and period, so extra
 * runs are harmless, and a run missed while Redis was down is made up within the hour.
 */
export const CREDITS_RENEWAL_SCHEDULE = { id: 'credits-renewal-sweep', pattern: '7 * * * *', tz: 'UTC' } as const;

/** The monthly reset this sweep replaces: its scheduler is removed when the worker starts. */
export const RETIRED_SCHEDULERS = ['credits-monthly-reset'] as const;
