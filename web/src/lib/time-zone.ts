/**
 * The zone the user reads times in, and dates on the user's calendar.
 *
 * In the browser that is the browser's own zone, and a plain `Date` already reads it. While the
 * server renders a screen (app-ssr/server.tsx) it is the zone of the browser it renders for, which
 * the process's own zone is not: there `calendarDate` gives a date that reads that zone (date-fns'
 * `TZDate`, handed in by the renderer so the browser's code never carries it), and date-fns' day
 * and month arithmetic keeps it. So every "today", "this month" and "the day a post goes out" the
 * screens work out comes from `calendarDate` or `calendarDay`, never from `new Date()` alone.
 */
export interface RenderingZone {
  timeZone: string;
  /** A moment as a date that reads `timeZone`. */
  dateAt: (time: number) => Date;
}

/** The zone of the render under way; none in the browser. */
let renderingZone: () => RenderingZone | undefined = () => undefined;

/**
 * For the server renderer: how to tell the zone of the render under way (each request's own, its
 * loaders' reads included). Never called in the browser.
 */
export function renderZoneBy(zone: () => RenderingZone | undefined): void {
  renderingZone = zone;
}

/** The zone a server render shows times in; undefined in the browser, whose formatters use its own. */
export function renderingTimeZone(): string | undefined {
  return renderingZone()?.timeZone;
}

/** The zone the browser runs in: the one the user reads times in. */
export function browserTimeZone(): string {
  const rendering = renderingZone();
  if (rendering) return rendering.timeZone;
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** A moment (now when omitted) as a date on the user's calendar: its day, hour and month are the user's. */
export function calendarDate(moment: Date | string | number = Date.now()): Date {
  const time = moment instanceof Date ? moment.getTime() : new Date(moment).getTime();
  const rendering = renderingZone();
  return rendering ? rendering.dateAt(time) : new Date(time);
}

/** A time on the user's calendar by its parts (the month from 0), as `new Date(year, month, day, ...)` in the user's zone. */
export function calendarDay(year: number, month: number, day: number, hours = 0, minutes = 0): Date {
  const date = calendarDate();
  date.setFullYear(year, month, day);
  date.setHours(hours, minutes, 0, 0);
  return date;
}
