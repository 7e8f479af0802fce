import { dailyIdeasJob, dailyIdeasJobId, ideasDailyTickJob } from '@nashr/contracts';
import { handleJob, type Queues } from '@nashr/platform';
import type { IdeasService } from '../advice/ideas.js';
import { dayOf, type IdeasStore } from '../advice/ideas-store.js';

/** The daily run starts at 02:00 UTC (before the working day in the Gulf and Europe). */
export const IDEAS_DAILY_SCHEDULE = { id: 'ideas-daily-tick', pattern: '0 2 * * *', tz: 'UTC' } as const;
/** Each writer's job is delayed by a stable share of this window, so the provider is not asked all at once. */
export const IDEAS_SPREAD_MS = 4 * 3600_000;
const PAGE = 500;

/** A stable delay within the window for this writer (the same every day). */
export function spreadDelay(userId: string, windowMs = IDEAS_SPREAD_MS): number {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash % windowMs;
}

export interface DailyIdeasDeps {
  /** Writes a user's day. */
  writer: IdeasService;
  ideas: IdeasStore;
  queues: Queues;
  clock: () => Date;
}

/** The daily tick enqueues every writer's day, spread; each day is prepared once (job id and table key). */
export function dailyIdeasHandlers({ writer, ideas, queues, clock }: DailyIdeasDeps) {
  return [
    handleJob(ideasDailyTickJob, async (_payload, _job, log) => {
      const day = dayOf(clock());
      let enqueued = 0;
      for (let after: string | null = null; ; ) {
        const writers = await ideas.writers(after, PAGE);
        for (const userId of writers) {
          await queues.enqueue(
            dailyIdeasJob,
            { userId, day },
            { jobId: dailyIdeasJobId(userId, day), delay: spreadDelay(userId) },
          );
        }
        enqueued += writers.length;
        if (writers.length < PAGE) break;
        after = writers.at(-1) ?? null;
      }
      log.info({ day, enqueued }, 'daily ideas asked for every writer');
      return { enqueued };
    }),
    handleJob(dailyIdeasJob, async ({ userId, day }, _job, log) => {
      const prepared = await writer.prepare(userId, day);
      log.info({ userId, day, prepared }, prepared ? 'daily ideas ready' : 'daily ideas were ready already');
      return { prepared };
    }),
  ];
}
