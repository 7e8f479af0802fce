import { describe, expect, it } from 'vitest';
import { type PostView, pollInterval } from './posts';

const NOW = Date.parse('2026-11-25T10:00:00Z');
const post = (status: PostView['status'], overrides: Partial<PostView> = {}): PostView => ({
  id: '00000000-0000-4000-8000-000000000001',
  content: 'A post',
  status,
  scheduledAt: new Date(NOW - 60_000).toISOString(),
  timeZone: 'UTC',
  failureReason: null,
  failureCode: null,
  url: null,
  version: 1,
  ...overrides,
});

describe('how often the posts are looked at again', () => {
  it('watches a post going out closely, and one the network asked to wait for only as its retry time nears', () => {
    expect(pollInterval([post('publishing')], NOW)).toBe(4_000);
    const later = new Date(NOW + 2 * 3_600_000).toISOString();
    expect(pollInterval([post('publishing', { retryAt: later })], NOW)).toBe(60_000);
    const soon = new Date(NOW + 30_000).toISOString();
    expect(pollInterval([post('publishing', { retryAt: soon })], NOW)).toBe(4_000);
    expect(pollInterval([post('scheduled', { scheduledAt: later })], NOW)).toBe(60_000);
  });
});
