import { POST_MESSAGES } from '@nashr/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instantToLocal, localToInstant } from './local-time.js';
import { resolveSchedule } from './resolve-schedule.js';

const ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Riyadh', 'Australia/Lord_Howe', 'America/Sao_Paulo', 'UTC'];

describe('local time to instant', () => {
  it('finds the instant of a wall-clock time in a zone', () => {
    expect(
      localToInstant({ year: 2026, month: 6, day: 1 }, { hours: 9, minutes: 0 }, 'Asia/Riyadh')?.toISOString(),
    ).toBe('2026-06-01T06:00:00.000Z');
    expect(
      localToInstant({ year: 2027, month: 3, day: 28 }, { hours: 3, minutes: 30 }, 'Europe/Berlin')?.toISOString(),
    ).toBe('2027-03-28T01:30:00.000Z');
  });

  it('says a time skipped by daylight saving does not exist', () => {
    expect(localToInstant({ year: 2027, month: 3, day: 28 }, { hours: 2, minutes: 30 }, 'Europe/Berlin')).toBeNull();
    expect(localToInstant({ year: 2027, month: 3, day: 14 }, { hours: 2, minutes: 0 }, 'America/New_York')).toBeNull();
  });

  it('takes the first of a time that happens twice', () => {
    expect(
      localToInstant({ year: 2027, month: 10, day: 31 }, { hours: 2, minutes: 30 }, 'Europe/Berlin')?.toISOString(),
    ).toBe('2027-10-31T00:30:00.000Z');
  });

  it('round-trips every minute of every zone it tries', () => {
    const start = Date.UTC(2026, 0, 1);
    const end = Date.UTC(2031, 0, 1);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: (end - start) / 60_000 }), fc.constantFrom(...ZONES), (minute, zone) => {
        const instant = new Date(start + minute * 60_000);
        const local = instantToLocal(instant, zone);
        const [year, month, day] = local.date.split('-').map(Number) as [number, number, number];
        const match = /^(\d+):(\d+) (AM|PM)$/.exec(local.time)!;
        const hours = (Number(match[1]) % 12) + (match[3] === 'PM' ? 12 : 0);
        const back = localToInstant({ year, month, day }, { hours, minutes: Number(match[2]) }, zone);
        // A repeated hour maps back to its first occurrence; every other minute to itself.
        expect(back).not.toBeNull();
        expect(back!.getTime()).toBeLessThanOrEqual(instant.getTime());
        expect(instantToLocal(back!, zone)).toEqual(local);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('resolving what the user typed', () => {
  const now = new Date('2026-05-01T10:00:00Z');
  const resolve =
    (date: string, time: string, timeZone = 'Europe/Berlin') =>
    () =>
      resolveSchedule({ date, time, timeZone }, now);

  it('accepts 12-hour and 24-hour times in the given zone', () => {
    expect(resolve('2026-05-02', '3:30 PM')().instant.toISOString()).toBe('2026-05-02T13:30:00.000Z');
    expect(resolve('2026-05-02', '15:30')().instant.toISOString()).toBe('2026-05-02T13:30:00.000Z');
    expect(resolve('2026-05-02', '15:30', 'asia/riyadh')().timeZone).toBe('Asia/Riyadh');
  });

  it('refuses each kind of bad input with its own message', () => {
    expect(resolve('2026-02-30', '10:00 AM')).toThrow(POST_MESSAGES.impossibleDate('2026-02-30'));
    expect(resolve('02/05/2026', '10:00 AM')).toThrow(POST_MESSAGES.badDateFormat);
    expect(resolve('2026-05-02', '25:00')).toThrow(POST_MESSAGES.badTimeFormat);
    expect(resolve('2026-05-02', '10:00 AM', 'Nowhere/City')).toThrow(POST_MESSAGES.badTimeZone('Nowhere/City'));
    expect(resolve('2027-03-28', '2:30 AM')).toThrow(
      POST_MESSAGES.nonexistentLocalTime('2027-03-28', '2:30 AM', 'Europe/Berlin'),
    );
    expect(resolve('2026-05-01', '11:59 AM')).toThrow(POST_MESSAGES.timeInPast);
    expect(resolve('2027-06-01', '10:00 AM')).toThrow(POST_MESSAGES.tooFarAhead);
  });

  it('treats the present minute as the past and the next as the future', () => {
    // 10:00 UTC is 12:00 in Berlin.
    expect(resolve('2026-05-01', '12:00 PM')).toThrow(POST_MESSAGES.timeInPast);
    expect(resolve('2026-05-01', '12:01 PM')().instant.toISOString()).toBe('2026-05-01T10:01:00.000Z');
  });
});
