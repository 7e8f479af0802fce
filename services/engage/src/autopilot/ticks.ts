import { engageAutopilotJob } from '@nashr/contracts';
import type { Queues } from '@nashr/platform';

/** The id of the tick due at `at`: two chains of one user that meet at the same time become one job. */
export const autopilotTickId = (userId: string, at: number) => `autopilot-${userId}-${at}`;

/**
 * Each user's autopilot runs as a chain of delayed BullMQ jobs: a tick sends at most one comment
 * and queues the next for when the next may go. Nothing waits in memory, so a restart loses
 * nothing; a lost Redis is made good by the worker's start, which queues a tick for every
 * autopilot that is on.
 */
export class AutopilotTicks {
  constructor(
    private readonly queues: Queues,
    private readonly clock: () => Date,
  ) {}

  /** Queues the user's tick due at `at` (now or later). */
  async at(userId: string, at: Date, requestId?: string): Promise<void> {
    const due = at.getTime();
    await this.queues.enqueue(
      engageAutopilotJob,
      { userId, at: due, requestId },
      {
        jobId: autopilotTickId(userId, due),
        delay: Math.max(0, due - this.clock().getTime()),
        removeOnComplete: { count: 200, age: 24 * 3600 },
        removeOnFail: { count: 200 },
      },
    );
  }

  /** A tick now: after the setting changed, or at the worker's start. */
  now(userId: string, requestId?: string): Promise<void> {
    return this.at(userId, this.clock(), requestId);
  }
}
