import { engageAutopilotJob } from '@nashr/contracts';
import { handleJob } from '@nashr/platform';
import type { AutopilotRunner } from '../autopilot/runner.js';
import type { AutopilotTicks } from '../autopilot/ticks.js';

/** A tick of a user's autopilot: at most one comment, then the next tick queued for when the next may go. */
export function engageAutopilot(runner: AutopilotRunner, ticks: AutopilotTicks) {
  return [
    handleJob(engageAutopilotJob, async ({ userId, at, requestId }, _job, log) => {
      const result = await runner.tick(userId, log);
      let next = result.next;
      // A tick never queues itself again (its id would be its own): a clock a little behind Redis's moves on.
      if (next && next.getTime() <= at) next = new Date(at + 1000);
      if (next) await ticks.at(userId, next, requestId);
      log.info({ userId, status: result.status, next }, 'autopilot tick');
      return { status: result.status, next: next?.toISOString() ?? null, postId: result.postId ?? null };
    }),
  ];
}
