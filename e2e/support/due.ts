/**
 * A scheduled post's time, without waiting for it: a time two hours ahead in the user's zone, and
 * the post's delayed job made due now.
 *
 *   const { date, time } = soonIn('Asia/Riyadh');
 *   await makeDue(stack, postId);
 */
import { QUEUES } from '@nashr/contracts';
import { createLogger, createRedis, Queues } from '@nashr/platform';
import type { Stack } from '@nashr/tools/process-stack';
import { expect } from 'vitest';

/** How far ahead `soonIn` schedules: well inside the posts service's schedule horizon (a day). */
const AHEAD_MS = 2 * 3_600_000;

/**
 * The date (YYYY-MM-DD) and 12-hour time ('9:30 AM') in `zone` two hours from now, on a whole
 * minute, as the schedule call takes them. Within the horizon at any hour, so the post gets its
 * delayed job at once ("tomorrow at 9:30" is more than a day ahead from midnight to 9:30 there).
 */
export function soonIn(zone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    })
      .formatToParts(new Date(Date.now() + AHEAD_MS))
      .map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute} ${parts.dayPeriod}`,
  };
}

/** Lets the post's due time come now: its delayed job is moved to the front, as time passing would. */
export async function makeDue(stack: Stack, postId: string): Promise<void> {
  const queues = new Queues(
    { connection: createRedis(stack.redisUrl, 'worker'), prefix: stack.redisPrefix },
    createLogger('e2e', { NODE_ENV: 'test', LOG_LEVEL: 'silent', LOG_PRETTY: false }),
  );
  try {
    const due = (await queues.get(QUEUES.postsDue).getDelayed()).filter((job) => job.data.postId === postId);
    expect(due).toHaveLength(1);
    await due[0]?.promote();
  } finally {
    await queues.close();
  }
}
