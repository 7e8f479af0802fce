import { TZDate } from '@date-fns/tz';
import { setRenderingTimeZone } from '../lib/time-zone';

/**
 * Dates on the server read `timeZone` (lib/time-zone.ts) until `undefined` is passed: the server
 * renderer's, kept out of the browser's code, which reads its own zone with plain dates.
 */
export function renderInTimeZone(timeZone: string | undefined): void {
  setRenderingTimeZone(timeZone ? { timeZone, dateAt: (time) => new TZDate(time, timeZone) } : undefined);
}
