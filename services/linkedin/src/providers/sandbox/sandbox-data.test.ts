import { describe, expect, it } from 'vitest';
import { sandboxPostDay, sandboxPostDays } from './sandbox-data.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const published = new Date('2026-10-01T09:30:00Z');
const total = (days: { impressions: number }[]) => days.reduce((sum, day) => sum + day.impressions, 0);

describe("the sandbox's daily post figures", () => {
  it('are drawn from the post id and the day alone: the same answer every time, another for another post', () => {
    const now = new Date('2026-10-20T15:00:00Z');
    expect(sandboxPostDay('7100', published, '2026-10-03', now)).toEqual(
      sandboxPostDay('7100', published, '2026-10-03', new Date('2026-11-20T01:00:00Z')),
    );
    expect(sandboxPostDays('7100', published, now)).toEqual(sandboxPostDays('7100', published, now));
    expect(sandboxPostDay('7101', published, '2026-10-03', now)).not.toEqual(
      sandboxPostDay('7100', published, '2026-10-03', now),
    );
  });

  it('are nothing before the post existed or after now, and one entry a day from the publishing day', () => {
    const now = new Date('2026-10-05T10:00:00Z');
    expect(sandboxPostDay('7100', published, '2026-09-30', now).impressions).toBe(0);
    expect(sandboxPostDay('7100', published, '2026-10-06', now).impressions).toBe(0);
    const days = sandboxPostDays('7100', published, now);
    expect(days.map((d) => d.date)).toEqual(['2026-10-01', '2026-10-02', '2026-10-03', '2026-10-04', '2026-10-05']);
    expect(days.every((d) => d.impressions > 0)).toBe(true);
  });

  it('grow with time: past days stay, the day under way grows hour by hour, the total never falls', () => {
    let previous = 0;
    let previousDays = sandboxPostDays('7100', published, published);
    for (let at = published.getTime() + HOUR; at < published.getTime() + 20 * DAY; at += 5 * HOUR) {
      const days = sandboxPostDays('7100', published, new Date(at));
      expect(total(days)).toBeGreaterThanOrEqual(previous);
      // Every complete day keeps its figures.
      for (const day of previousDays.slice(0, -1)) expect(days.find((d) => d.date === day.date)).toEqual(day);
      previous = total(days);
      previousDays = days;
    }
    expect(previous).toBeGreaterThan(0);
    // Within the hour, the same answer.
    const at = new Date('2026-10-04T13:05:00Z');
    expect(sandboxPostDays('7100', published, at)).toEqual(
      sandboxPostDays('7100', published, new Date(at.getTime() + 40 * 60_000)),
    );
  });

  it('look like a post: most in its first days, engagement a few percent of impressions', () => {
    const now = new Date('2026-12-30T00:00:00Z');
    const days = sandboxPostDays('7100', published, now);
    const firstWeek = total(days.slice(0, 7));
    expect(firstWeek / total(days)).toBeGreaterThan(0.6);
    for (const day of days.filter((d) => d.impressions > 0)) {
      expect(day.reactions + day.comments + day.reposts).toBeLessThanOrEqual(day.impressions * 0.1);
      expect(day.membersReached).toBeLessThanOrEqual(day.impressions);
      expect(day.saves).toBeLessThanOrEqual(day.impressions);
    }
    expect(days.some((d) => d.reactions > 0)).toBe(true);
  });
});
