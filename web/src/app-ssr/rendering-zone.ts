import { TZDate } from '@date-fns/tz';
import type { RenderingZone } from '../lib/time-zone';

const zones = new Map<string, RenderingZone>();

/**
 * Dates that read `timeZone` (lib/time-zone.ts), for the server renderer: kept out of the browser's
 * code, which reads its own zone with plain dates.
 */
export function renderingZone(timeZone: string): RenderingZone {
  let zone = zones.get(timeZone);
  if (!zone) {
    zone = { timeZone, dateAt: (time) => new TZDate(time, timeZone) };
    zones.set(timeZone, zone);
  }
  return zone;
}
