import { addDays, startOfDay, startOfWeek } from 'date-fns';
import type { PostView } from '../../lib/api/posts';
import { dateInputValue } from '../../lib/format';
import type { WeekStartsOn } from './calendar-grid';

export type TimelineView = 'week' | 'day';

/** The hours of a day, as the timeline's rows. */
export const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** The local days a week or day view shows, and the period to ask the server for. */
export function timelineDays(view: TimelineView, anchor: Date, weekStartsOn: WeekStartsOn): Date[] {
  const first = view === 'week' ? startOfWeek(anchor, { weekStartsOn }) : startOfDay(anchor);
  return Array.from({ length: view === 'week' ? 7 : 1 }, (_, i) => addDays(first, i));
}

/** The cell a post sits in: its local day (YYYY-MM-DD) and hour. */
export function cellOf(post: Pick<PostView, 'scheduledAt'>): { date: string; hour: number } {
  return { date: dateInputValue(post.scheduledAt), hour: new Date(post.scheduledAt).getHours() };
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
  const minutes = new Date(post.scheduledAt).getMinutes();
  return { date: dateInputValue(day), time: `${String(hour).padStart(2, '0')}:${String(minutes).padStart(2, '0')}` };
}
