import { describe, expect, it } from 'vitest';
import { covers, formatStamps, mergeStamps, parseStamps } from './consistency.js';

describe('change stamps', () => {
  it('round-trip through their text form', () => {
    const stamps = { personalization: 7, connection: 1_764_000_000_000 };
    expect(parseStamps(formatStamps(stamps))).toEqual(stamps);
  });

  it('leave out what is unknown or malformed, and keep the highest of a repeated state', () => {
    expect(parseStamps('personalization=3,bogus=9,personalization=5,connection=-1')).toEqual({
      personalization: 5,
    });
    expect(parseStamps(undefined)).toEqual({});
  });

  it('merge to the higher stamp of each state, and say whether one set holds another', () => {
    const merged = mergeStamps({ personalization: 3, connection: 10 }, { personalization: 4 });
    expect(merged).toEqual({ personalization: 4, connection: 10 });
    expect(covers(merged, { personalization: 4 })).toBe(true);
    expect(covers(merged, { personalization: 5 })).toBe(false);
    expect(covers({}, {})).toBe(true);
    expect(covers({}, { connection: 1 })).toBe(false);
  });
});
