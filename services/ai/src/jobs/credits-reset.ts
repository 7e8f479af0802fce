import { defineJob, QUEUES } from '@nashr/contracts';
import { z } from 'zod';

/**
 * The ai worker's own repeatable job: grant Premium's monthly allowance. It travels on the ai
 * inbox because only the ai worker ever sees it.
 */
export const creditsResetJob = defineJob(QUEUES.aiInbox, 'credits-monthly-reset', z.object({}).passthrough());

/**
 * Hourly rather than once on the 1st: the reset only touches accounts not yet granted for the
 * current month, so extra runs are harmless and a run missed while Redis was down is made up
 * within the hour.
 */
export const CREDITS_RESET_SCHEDULE = { id: 'credits-monthly-reset', pattern: '7 * * * *', tz: 'UTC' } as const;
