import { describe, expect, it } from 'vitest';
import { MEMBER_COUNT_MIN, memberCountShown } from './client-config.js';

describe('memberCountShown', () => {
  it('says nothing below the threshold', () => {
    expect(memberCountShown(0)).toBeNull();
    expect(memberCountShown(MEMBER_COUNT_MIN - 1)).toBeNull();
    expect(memberCountShown(5, 10)).toBeNull();
    // A threshold of 0 still never says "at least 0 people".
    expect(memberCountShown(0, 0)).toBeNull();
  });

  it('rounds down to two significant digits, so "at least" stays true', () => {
    expect(memberCountShown(MEMBER_COUNT_MIN)).toBe(100);
    expect(memberCountShown(187)).toBe(180);
    expect(memberCountShown(999)).toBe(990);
    expect(memberCountShown(1_000)).toBe(1_000);
    expect(memberCountShown(1_234)).toBe(1_200);
    expect(memberCountShown(98_765)).toBe(98_000);
    expect(memberCountShown(7, 1)).toBe(7);
    expect(memberCountShown(42, 1)).toBe(42);
    for (const total of [100, 101, 555, 9_999, 10_001, 123_456_789]) {
      const shown = memberCountShown(total) ?? Number.NaN;
      expect(shown).toBeLessThanOrEqual(total);
      expect(shown).toBeGreaterThan(total * 0.9 - 1);
    }
  });
});
