/**
 * A scheduled post's time, without waiting for it: the schedule call's date for tomorrow, and the
 * post's delayed job made due now.
 *
 *   const date = tomorrowIn('Asia/Riyadh');
 *   await makeDue(stack, postId);
 */
import { QUEUES } from '@nashr/contracts';
import { createLogger, createRedis, Queues } from '@nashr/platform';
import type { Stack } from '@nashr/tools/process-stack';
import { expect } from 'vitest';

/** Tomorrow in the zone (YYYY-MM-DD), as the schedule call takes it. */
export function tomorrowIn(zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(Date.now() + 86_400_000));
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
