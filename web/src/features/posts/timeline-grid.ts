import { addDays, addMonths, endOfMonth, endOfWeek, isBefore, startOfDay, startOfMonth, startOfWeek } from 'date-fns';
import type { PostView } from '../../lib/api/posts';
import { dateInputValue } from '../../lib/format';
import { calendarDate } from '../../lib/time-zone';
import type { WeekStartsOn } from './calendar-grid';

export type TimelineView = 'month' | 'week' | 'day';

/** The hours of a day, as the timeline's rows. */
export const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** The local days a month, week or day view shows, and the period to ask the server for. */
export function timelineDays(view: TimelineView, anchor: Date, weekStartsOn: WeekStartsOn): Date[] {
  if (view === 'month') return monthGridDays(anchor, weekStartsOn);
  const first = view === 'week' ? startOfWeek(anchor, { weekStartsOn }) : startOfDay(anchor);
  return Array.from({ length: view === 'week' ? 7 : 1 }, (_, i) => addDays(first, i));
}

/** The cell a post sits in: its local day (YYYY-MM-DD) and hour. */
export function cellOf(post: Pick<PostView, 'scheduledAt'>): { date: string; hour: number } {
  return { date: dateInputValue(post.scheduledAt), hour: calendarDate(post.scheduledAt).getHours() };
}

/** Posts by cell (`YYYY-MM-DD@H`). */
export function postsByCell(posts: readonly PostView[]): Map<string, PostView[]> {
  const cells = new Map<string, PostView[]>();
  for (const post of posts) {
    const { date, hour } = cellOf(post);
    const key = `${date}@${hour}`;
    cells.set(key, [...(cells.get(key) ?? []), post]);
  }
  return cells;
}

/** Only a post still waiting to go out can be moved. */
export const canMove = (post: PostView) => post.status === 'scheduled';

/** The cell a key moves a picked-up post to; arrows follow the reading direction. Null for other keys. */
export function cellAfterKey(
  key: string,
  cell: { day: Date; hour: number },
  rtl: boolean,
): { day: Date; hour: number } | null {
  const forward = rtl ? -1 : 1;
  switch (key) {
    case 'ArrowUp':
      return cell.hour > 0 ? { ...cell, hour: cell.hour - 1 } : null;
    case 'ArrowDown':
      return cell.hour < 23 ? { ...cell, hour: cell.hour + 1 } : null;
    case 'ArrowRight':
      return { ...cell, day: addDays(cell.day, forward) };
    case 'ArrowLeft':
      return { ...cell, day: addDays(cell.day, -forward) };
    default:
      return null;
  }
}

/** The date and 24-hour time a post moved to `day` at `hour` is rescheduled for; it keeps its minutes. */
export function movedTime(
  post: Pick<PostView, 'scheduledAt'>,
  day: Date,
  hour: number,
): { date: string; time: string } {
  const minutes = calendarDate(post.scheduledAt).getMinutes();
  return { date: dateInputValue(day), time: `${String(hour).padStart(2, '0')}:${String(minutes).padStart(2, '0')}` };
}

/**
 * The month view's days: whole weeks from the user's first day of the week, from the week of the
 * month's first day to the week of its last (four to six weeks; the neighbours' days fill the edges).
 */
export function monthGridDays(anchor: Date, weekStartsOn: WeekStartsOn): Date[] {
  const first = startOfWeek(startOfMonth(anchor), { weekStartsOn });
  const last = endOfWeek(endOfMonth(anchor), { weekStartsOn });
  const days: Date[] = [];
  for (let day = first; !isBefore(last, day); day = addDays(day, 1)) days.push(day);
  return days;
}

/** The day a view shows after (`direction` 1) or before (-1) the one at `anchor`: a month, a week or a day on. */
export function stepAnchor(view: TimelineView, anchor: Date, direction: 1 | -1): Date {
  if (view === 'month') return addMonths(startOfMonth(anchor), direction);
  return addDays(anchor, direction * (view === 'week' ? 7 : 1));
}

/** A day before today: no post can be moved onto it. */
export const isPastDay = (day: Date, now: Date = calendarDate()) => isBefore(startOfDay(day), startOfDay(now));

/** The date and time a post dragged to `day` is rescheduled for: the same time of day. */
export const movedToDay = (post: Pick<PostView, 'scheduledAt'>, day: Date) => movedTime(post, day, cellOf(post).hour);

/**
 * The day a phone's calendar opens on: the day of the next post still waiting to go out, or today
 * when none is waiting.
 */
export function nextPostDay(
  posts: readonly Pick<PostView, 'scheduledAt' | 'status'>[],
  now: Date = calendarDate(),
): Date {
  const waiting = posts
    .filter((post) => post.status === 'scheduled' && new Date(post.scheduledAt).getTime() >= now.getTime())
    .map((post) => new Date(post.scheduledAt).getTime());
  return startOfDay(waiting.length ? calendarDate(Math.min(...waiting)) : now);
}

/** How many posts a month's day shows before the rest are summed up as "+N more". */
export const MONTH_DAY_POSTS = 3;

/** A day's posts as the month shows them: all when they fit, else one less and how many more. */
export function crowded<T>(posts: readonly T[], room: number = MONTH_DAY_POSTS): { shown: T[]; more: number } {
  if (posts.length <= room) return { shown: [...posts], more: 0 };
  return { shown: posts.slice(0, room - 1), more: posts.length - (room - 1) };
}
