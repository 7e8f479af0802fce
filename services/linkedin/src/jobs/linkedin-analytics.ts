import { analyticsRetentionJob, analyticsSnapshotJob, FINE_SNAPSHOT_DAYS, QUEUES } from '@nashr/contracts';
import { createWorker, handleJob, type Logger, NetworkRateBusy, putOff, type QueueContext } from '@nashr/platform';
import type { SnapshotCollector } from '../analytics/collector.js';
import type { SnapshotStore } from '../analytics/snapshot-store.js';

const DAY_MS = 86_400_000;
/** The longest a snapshot is put off (a member's daily limit resets within a day). */
const MAX_WAIT_MS = DAY_MS;

export interface AnalyticsJobDeps {
  collector: SnapshotCollector;
  snapshots: SnapshotStore;
  clock?: () => Date;
}

/** Snapshots older than this are folded: the start of the UTC day FINE_SNAPSHOT_DAYS ago, so whole days fold. */
export function fineSnapshotCutoff(now: Date): Date {
  const day = new Date(now.getTime() - FINE_SNAPSHOT_DAYS * DAY_MS);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
}

/** The linkedin-analytics queue: each account's snapshot, and the daily retention. */
export function linkedinAnalytics(deps: AnalyticsJobDeps) {
  const now = deps.clock ?? (() => new Date());
  return [
    handleJob(analyticsSnapshotJob, async ({ userId, requestId }, job, log) => {
      try {
        const outcome = await deps.collector.take(userId, requestId);
        log.info({ userId, ...outcome }, 'analytics snapshot');
        return outcome;
      } catch (error) {
        // The account's calls are limited (its budget, shared with Engage, or the network's 429): the snapshot waits
        // without using up a try, and other accounts' snapshots go on meanwhile.
        if (!(error instanceof NetworkRateBusy) || !job.token) throw error;
        const at = Date.now() + Math.min(error.waitMs, MAX_WAIT_MS);
        const putOffError = await putOff(job, at);
        log.info({ userId, retryAt: new Date(at).toISOString() }, 'analytics snapshot put off: account rate limited');
        throw putOffError;
      }
    }),
    handleJob(analyticsRetentionJob, async (_payload, _job, log) => {
      const cutoff = fineSnapshotCutoff(now());
      const folded = await deps.snapshots.fold(cutoff);
      log.info({ cutoff: cutoff.toISOString(), ...folded }, 'analytics snapshots folded into days');
      return folded;
    }),
  ];
}

export function startAnalyticsWorker(
  deps: AnalyticsJobDeps,
  context: QueueContext,
  options: { logger: Logger; concurrency: number },
): ReturnType<typeof createWorker> {
  return createWorker(QUEUES.linkedinAnalytics, linkedinAnalytics(deps), context, options);
}
