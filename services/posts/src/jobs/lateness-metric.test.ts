import { processMetrics } from '@nashr/platform';
import { metricSample as sample } from '@nashr/platform/testing';
import { describe, expect, it } from 'vitest';
import { observeScheduledPostLateness } from './lateness-metric.js';

describe('scheduled post lateness', () => {
  it('records how late a scheduled post was picked up, early ones as on time', async () => {
    const before = await processMetrics().registry.metrics();
    const now = new Date();
    observeScheduledPostLateness(new Date(now.getTime() - 3_000), now);
    observeScheduledPostLateness(new Date(now.getTime() + 500), now);
    const after = await processMetrics().registry.metrics();
    const delta = (name: string, labels: Record<string, string> = {}) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(delta('scheduled_post_lateness_seconds_count')).toBe(2);
    expect(delta('scheduled_post_lateness_seconds_sum')).toBeCloseTo(3, 5);
    expect(delta('scheduled_post_lateness_seconds_bucket', { le: '2' })).toBe(1);
    expect(delta('scheduled_post_lateness_seconds_bucket', { le: '5' })).toBe(2);
  });

  it('is part of the process metrics a worker serves', async () => {
    expect(await processMetrics().registry.metrics()).toContain('# TYPE scheduled_post_lateness_seconds histogram');
  });
});
