import { engageAutopilotJob, engageAutopilotStoppedEvent } from '@nashr/contracts';
import { handleJob, type Queues } from '@nashr/platform';
import type { AutopilotRunner } from '../autopilot/runner.js';
import type { AutopilotTicks } from '../autopilot/ticks.js';

/**
 * A tick of a user's autopilot: at most one comment, then the next tick queued for when the next
 * may go. A stop is told to the user (the bell), after the tick's transaction holds it.
 */
export function engageAutopilot(runner: AutopilotRunner, ticks: AutopilotTicks, queues: Queues) {
  return [
    handleJob(engageAutopilotJob, async ({ userId, at, requestId }, _job, log) => {
      const result = await runner.tick(userId, log);
      if (result.stopped) {
        // Keyed by the stop: a tick run again (or a late one) tells the same stop once.
        await queues.publish(
          engageAutopilotStoppedEvent,
          { userId, reason: result.stopped.code, stoppedAt: result.stopped.at.toISOString(), requestId },
          { id: `${userId}-${result.stopped.at.getTime()}` },
        );
      }
      let next = result.next;
      // A tick never queues itself again (its id would be its own): a clock a little behind Redis's moves on.
      if (next && next.getTime() <= at) next = new Date(at + 1000);
      if (next) await ticks.at(userId, next, requestId);
      log.info({ userId, status: result.status, next }, 'autopilot tick');
      return { status: result.status, next: next?.toISOString() ?? null, postId: result.postId ?? null };
    }),
  ];
}
