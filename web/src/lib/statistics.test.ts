import type { LinkedinPost } from '@nashr/contracts';
import { describe, expect, it } from 'vitest';
import { countersOf } from './statistics';

const post = (counters: Partial<LinkedinPost>): LinkedinPost => ({
  id: 'p1',
  social_id: null,
  share_url: null,
  text: 'text',
  date: null,
  parsed_datetime: '2026-06-20T12:00:00Z',
  reaction_counter: 100,
  comment_counter: 10,
  repost_counter: 5,
  impressions_counter: 4000,
  author: { name: 'A', headline: null },
  ...counters,
});

describe('a published post’s counters', () => {
  it('come in the order the cards show them, zeros included', () => {
    expect(countersOf(post({}))).toEqual([
      { key: 'reactions', value: 100 },
      { key: 'comments', value: 10 },
      { key: 'reposts', value: 5 },
      { key: 'impressions', value: 4000 },
    ]);
    expect(countersOf(post({ reaction_counter: 0 }))?.[0]).toEqual({ key: 'reactions', value: 0 });
  });

  it('are none at all when any is unknown, so no zero stands in for a figure never read', () => {
    expect(countersOf(post({ impressions_counter: null }))).toBeNull();
    expect(countersOf(post({ reaction_counter: null, comment_counter: null }))).toBeNull();
  });
});
