import { addDays, startOfMonth, startOfWeek } from 'date-fns';
import type { PostView } from '../../lib/api/posts';
import { dateInputValue } from '../../lib/format';

/** Spec section 9: 6 weeks of 7 days, Monday first unless the user chose Saturday or Sunday. */
export const CALENDAR_CELLS = 42;

/** date-fns' first day of the week: 0 Sunday, 1 Monday, 6 Saturday. */
export type WeekStartsOn = 0 | 1 | 6;

/** The 42 local days shown for `month`, from the first day of the week on or before its first day. */
export function calendarDays(month: Date, weekStartsOn: WeekStartsOn = 1): Date[] {
  const start = startOfWeek(startOfMonth(month), { weekStartsOn });
  return Array.from({ length: CALENDAR_CELLS }, (_, i) => addDays(start, i));
}

/** The period the grid covers, as instants: its first midnight to the midnight after its last day. */
export function calendarRange(month: Date, weekStartsOn: WeekStartsOn = 1): { from: Date; to: Date } {
  const days = calendarDays(month, weekStartsOn);
  const first = days[0] as Date;
  return { from: first, to: addDays(first, CALENDAR_CELLS) };
}

/** Posts by the local day (YYYY-MM-DD) they are due on. */
export function postsByDay(posts: readonly PostView[]): Map<string, PostView[]> {
  const days = new Map<string, PostView[]>();
  for (const post of posts) {
    const key = dateInputValue(post.scheduledAt);
    const list = days.get(key);
    if (list) list.push(post);
    else days.set(key, [post]);
  }
  return days;
}

export type DayMark = 'pending' | 'failed' | 'published' | null;

/** What a day's highlight says: something still to go out, something that failed, or only history. */
export function dayMark(posts: readonly PostView[] | undefined): DayMark {
  if (!posts?.length) return null;
  // A post that cannot go out as it stands is the day's news, before everything still to come.
  if (posts.some((post) => post.status === 'scheduled' && post.attention)) return 'failed';
  if (posts.some((post) => post.status === 'scheduled' || post.status === 'publishing')) return 'pending';
  if (posts.some((post) => post.status === 'failed')) return 'failed';
  if (posts.some((post) => post.status === 'published')) return 'published';
  return null;
}
