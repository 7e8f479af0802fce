import { MAX_SCHEDULE_AHEAD_DAYS, type QueueSlot, sortQueueSlots } from '@nashr/contracts';
import { localToInstant, wallClockDate } from '../schedule/local-time.js';

const DAY = 24 * 3_600_000;
/** A slot closer than this is not offered: the post would be due before the answer reaches the user. */
export const MIN_LEAD_MS = 60_000;

/**
 * The instant a weekly slot denotes on one local day. On the day clocks move forward, a time that
 * does not exist there is read one hour later (02:30 becomes 03:30), as a wall clock would show it.
 */
export function slotInstant(day: { year: number; month: number; day: number }, time: string, zone: string): Date {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return (
    localToInstant(day, { hours, minutes }, zone) ??
    localToInstant(day, { hours: Math.min(hours + 1, 23), minutes }, zone) ??
    new Date(Date.UTC(day.year, day.month - 1, day.day, hours, minutes))
  );
}

/**
 * The instants of the weekly slots from `now` on, soonest first, read in `zone` day by day (so a
 * 09:00 slot stays 09:00 on the clock across daylight saving changes), up to `days` ahead.
 */
export function* slotInstants(
  slots: readonly QueueSlot[],
  zone: string,
  now: Date,
  days = MAX_SCHEDULE_AHEAD_DAYS,
): Generator<Date> {
  if (!slots.length) return;
  const sorted = sortQueueSlots(slots);
  const today = wallClockDate(now, zone);
  const end = now.getTime() + days * DAY;
  for (let offset = 0; offset <= days + 1; offset++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    const day = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
    const weekday = date.getUTCDay();
    for (const slot of sorted) {
      if (slot.weekday !== weekday) continue;
      const instant = slotInstant(day, slot.time, zone);
      if (instant.getTime() < now.getTime() + MIN_LEAD_MS) continue;
      if (instant.getTime() > end) return;
      yield instant;
    }
  }
}

/** The first slot instant no scheduled post holds (`taken`: their instants in ms), or null. */
export function nextFreeSlot(
  slots: readonly QueueSlot[],
  zone: string,
  taken: ReadonlySet<number>,
  now: Date,
): Date | null {
  return freeSlots(slots, zone, taken, now, 1)[0] ?? null;
}

/** The first `count` slot instants no scheduled post holds, soonest first (fewer when the year runs out). */
export function freeSlots(
  slots: readonly QueueSlot[],
  zone: string,
  taken: ReadonlySet<number>,
  now: Date,
  count: number,
): Date[] {
  const found: Date[] = [];
  if (count <= 0) return found;
  for (const instant of slotInstants(slots, zone, now)) {
    if (taken.has(instant.getTime())) continue;
    found.push(instant);
    if (found.length === count) break;
  }
  return found;
}

/**
 * The order in which to move posts (given soonest first, their targets in the same order) so that
 * none is ever put on a time another queued post still holds: two queued posts may not share a
 * time even for a moment. Those moving earlier go first, soonest first (the time each takes was
 * left by one already moved); then those moving later, latest first. Posts already at their
 * target are left out.
 */
export function moveOrder<T extends { at: Date; target: Date }>(moves: readonly T[]): T[] {
  const earlier = moves.filter((m) => m.target.getTime() < m.at.getTime());
  const later = moves.filter((m) => m.target.getTime() > m.at.getTime());
  return [...earlier, ...later.reverse()];
}
