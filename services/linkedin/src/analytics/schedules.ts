import { createHash } from 'node:crypto';
import { analyticsRetentionJob, analyticsSnapshotJob, QUEUES } from '@nashr/contracts';
import type { Logger, Queues } from '@nashr/platform';
import type { AccountStore } from '../accounts/account-store.js';

/** One scheduler per user, its id known from the user alone. */
export const snapshotSchedulerId = (userId: string) => `analytics-snapshot-${userId}`;

/** The daily fold of old snapshots, as a job scheduler (one across every worker). */
export const RETENTION_SCHEDULE = { id: 'analytics-retention', pattern: '41 3 * * *' } as const;

const SNAPSHOT_JOB_OPTIONS = {
  removeOnComplete: { count: 5 },
  removeOnFail: { count: 20 },
  attempts: 3,
  backoff: { type: 'exponential', delay: 60_000 },
} as const;

/**
 * Which accounts have their snapshots taken: a repeatable job per connected account, every
 * ANALYTICS_SNAPSHOT_HOURS, its start within the period taken from the user id so the accounts'
 * snapshots are spread over the period rather than all at once.
 */
export class AnalyticsSchedules {
  constructor(
    private readonly deps: { queues: Queues; accounts: AccountStore; logger: Logger },
    private readonly everyMs: number,
  ) {}

  private get queue() {
    return this.deps.queues.get(QUEUES.linkedinAnalytics);
  }

  /** Where in the period this user's snapshots fall. */
  offsetOf(userId: string): number {
    return createHash('sha256').update(userId).digest().readUInt32BE(0) % this.everyMs;
  }

  async keep(userId: string): Promise<void> {
    await this.queue.upsertJobScheduler(
      snapshotSchedulerId(userId),
      { every: this.everyMs, offset: this.offsetOf(userId) },
      { name: analyticsSnapshotJob.name, data: { userId }, opts: SNAPSHOT_JOB_OPTIONS },
    );
  }

  async stop(userId: string): Promise<void> {
    await this.queue.removeJobScheduler(snapshotSchedulerId(userId));
  }

  /**
   * After the account's connection changed: a connected account keeps its schedule and gets a
   * snapshot at once (the first one imports its history); any other stops. Decided from the
   * stored account, not the event, so events arriving late or twice change nothing.
   */
  async sync(userId: string, stamp: number, requestId?: string): Promise<'started' | 'stopped'> {
    const row = await this.deps.accounts.findByUser(userId);
    if (row?.status !== 'connected') {
      await this.stop(userId);
      return 'stopped';
    }
    await this.keep(userId);
    await this.deps.queues.enqueue(
      analyticsSnapshotJob,
      { userId, requestId },
      { jobId: `analytics-first-${userId}-${stamp}`, ...SNAPSHOT_JOB_OPTIONS },
    );
    return 'started';
  }

  /**
   * At worker start: every connected account has its scheduler (Redis may have lost them, and
   * accounts connected before analytics existed get theirs), and the retention is scheduled.
   */
  async reconcile(): Promise<number> {
    await this.queue.upsertJobScheduler(
      RETENTION_SCHEDULE.id,
      { pattern: RETENTION_SCHEDULE.pattern },
      {
        name: analyticsRetentionJob.name,
        data: {},
        opts: { removeOnComplete: { count: 30 }, removeOnFail: { count: 30 } },
      },
    );
    let kept = 0;
    let after: string | null = null;
    for (;;) {
      const page = await this.deps.accounts.connectedUserIds(after, 500);
      for (const userId of page) await this.keep(userId);
      kept += page.length;
      if (page.length < 500) return kept;
      after = page.at(-1) ?? null;
    }
  }
}
