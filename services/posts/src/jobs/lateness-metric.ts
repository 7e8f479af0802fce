import { processMetrics } from '@nashr/platform';
import { Histogram } from 'prom-client';

const NAME = 'scheduled_post_lateness_seconds';

/**
 * Registered when the posts worker loads this module, so the family shows in its /metrics before
 * the first post is due. Looked up first: one process may load the module twice (tests, the stack).
 */
const lateness =
  (processMetrics().registry.getSingleMetric(NAME) as Histogram | undefined) ??
  new Histogram({
    name: NAME,
    help: 'How long after its scheduled time a post was picked up for publishing',
    buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300, 900],
    registers: [processMetrics().registry],
  });

/**
 * Called when a due post is claimed. An early pick-up counts as on time: the histogram measures
 * lateness, and negative values would land in every bucket.
 */
export function observeScheduledPostLateness(scheduledAt: Date, now: Date = new Date()): void {
  lateness.observe(Math.max(0, (now.getTime() - scheduledAt.getTime()) / 1000));
}
