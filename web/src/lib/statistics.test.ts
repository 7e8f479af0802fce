import type { LinkedinPost } from '@nashr/contracts';
import { describe, expect, it } from 'vitest';
import { engagementOf } from './statistics';

const post = (reactions: number, comments: number, reposts: number, impressions: number): LinkedinPost => ({
  id: 'p1',
  social_id: null,
  share_url: null,
  text: 'text',
  date: null,
  parsed_datetime: '2026-06-20T12:00:00Z',
  reaction_counter: reactions,
  comment_counter: comments,
  repost_counter: reposts,
  impressions_counter: impressions,
  author: { name: 'A', headline: null },
});

describe('a post’s engagement', () => {
  it('counts reactions, comments and reposts, never impressions', () => {
    expect(engagementOf(post(100, 10, 5, 4000))).toBe(115);
    expect(engagementOf(post(0, 0, 0, 900))).toBe(0);
  });
});
