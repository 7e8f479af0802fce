import { DndContext } from '@dnd-kit/core';
import { isSameDay, isSameMonth, isToday } from 'date-fns';
import { type DragEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PostView } from '../../lib/api/posts';
import { useDisplayPreferences } from '../../lib/api/preferences';
import {
  dateInputValue,
  formatClock,
  formatDay,
  formatDayNumber,
  formatHijriDayNumber,
  formatNumber,
} from '../../lib/format';
import { calendarDate } from '../../lib/time-zone';
import { WeekdayHeader } from '../../ui/weekday-header';
import { postsByDay } from './calendar-grid';
import { useDayLabels } from './posts-calendar';
import { canMove, crowded, isPastDay } from './timeline-grid';
import {
  type DragEndEvent,
  type DragStartEvent,
  silentAnnouncements,
  TOUCH_DRAG_CLASSES,
  TouchDraggable,
  TouchDroppable,
  TouchOverlay,
  timelineCollision,
  useTimelineTouchSensors,
} from './timeline-touch';
import { useMonthGrid } from './use-month-grid';
import { nativeDragProps } from './use-move-post';

export interface PostsMonthProps {
  /** A day of the month shown. */
  month: Date;
  /** The grid's days: whole weeks (monthGridDays). */
  days: Date[];
  posts: readonly PostView[];
  /** Another month's day was reached by keyboard. */
  onMonthChange: (day: Date) => void;
  onOpenDay: (day: Date) => void;
  onEdit: (post: PostView) => void;
  onMove: (post: PostView, day: Date) => void;
  /** Words for the calendar's live region (a drag refused, picked up or cancelled). */
  onAnnounce: (text: string) => void;
}

/** A click this soon after a finger put a post down is the end of that touch, not a tap on the post. */
const CLICK_AFTER_DROP_MS = 500;

const chipLook = (post: PostView) =>
  post.status === 'failed' || (post.status === 'scheduled' && post.attention)
    ? 'bg-red-100 text-red-800'
    : post.status === 'published'
      ? 'bg-emerald-50 text-emerald-800'
      : 'bg-brand-600 text-white';

/**
 * The calendar's month: its weeks from the user's first day of the week, each day with its posts
 * (time and the text's start; on a phone the time only), "+N more" when they do not fit. A
 * waiting post dragged to another day (mouse, or a finger held on it) keeps its time of day; a
 * past day refuses it. The days are one tab stop: arrows move between them (mirrored in Arabic),
 * Page Up and Page Down between months, Enter opens the day, whose list offers "Move to…" for the
 * keyboard.
 */
export function PostsMonth({
  month,
  days,
  posts,
  onMonthChange,
  onOpenDay,
  onEdit,
  onMove,
  onAnnounce,
}: PostsMonthProps) {
  const { t, i18n } = useTranslation('posts');
  const language = i18n.language;
  const display = useDisplayPreferences();
  const { weekStartsOn, weeks, focusDay, setFocusDay, dayButtonProps } = useMonthGrid({ month, days, onMonthChange });
  const byDay = postsByDay(posts);
  const { dayName, dayLabel } = useDayLabels();

  const [over, setOver] = useState<string | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [touched, setTouched] = useState<PostView | null>(null);
  const droppedAt = useRef(0);
  const touchSensors = useTimelineTouchSensors();
  const postById = (id: unknown) => posts.find((post) => post.id === id);

  const putDown = (post: PostView | undefined, day: Date) => {
    if (!post || !canMove(post)) return;
    onMove(post, day);
  };
  const dropOn = (event: DragEvent, day: Date) => {
    event.preventDefault();
    const id = event.dataTransfer.getData('text/plain') || dragging;
    setDragging(null);
    setOver(null);
    putDown(postById(id), day);
  };
  const touchPickUp = ({ active }: DragStartEvent) => {
    const post = postById(active.id);
    if (!post) return;
    setDragging(post.id);
    setTouched(post);
    onAnnounce(t('month.touchPickedUp', { date: formatDay(post.scheduledAt, language, 'full') }));
  };
  const endTouch = () => {
    droppedAt.current = Date.now();
    setDragging(null);
    setTouched(null);
    setOver(null);
  };
  const touchDrop = ({ active, over: cell }: DragEndEvent) => {
    endTouch();
    const target = cell?.data.current as { day: Date } | undefined;
    if (target) putDown(postById(active.id), target.day);
  };

  const anyPosts = posts.some((post) =>
    days.some((day) => isSameMonth(day, month) && isSameDay(day, calendarDate(post.scheduledAt))),
  );

  return (
    <DndContext
      sensors={touchSensors}
      collisionDetection={timelineCollision}
      accessibility={{ announcements: silentAnnouncements }}
      onDragStart={touchPickUp}
      onDragOver={({ over: cell }) => setOver(cell ? String(cell.id) : null)}
      onDragEnd={touchDrop}
      onDragCancel={() => {
        endTouch();
        onAnnounce(t('timeline.cancelled'));
      }}
    >
      <table
        aria-labelledby="timeline-title"
        className="mt-3 w-full table-fixed border-collapse text-xs"
        data-testid="month-grid"
      >
        <WeekdayHeader weekStartsOn={weekStartsOn} language={language} className="text-[0.7rem]" />
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.toISOString()}>
              {week.map((day) => {
                const key = dateInputValue(day);
                const here = byDay.get(key) ?? [];
                const { shown, more } = crowded(here);
                const inMonth = isSameMonth(day, month);
                const today = isToday(day);
                const past = isPastDay(day);
                const target = over === key;
                return (
                  <TouchDroppable key={key} id={key} day={day}>
                    {(dropRef) => (
                      <td
                        ref={dropRef}
                        className={`h-20 border border-slate-100 p-0.5 align-top sm:h-28 sm:p-1 ${
                          inMonth ? '' : 'bg-slate-50/70'
                        } ${target ? (past ? 'bg-red-50 ring-2 ring-inset ring-red-300' : 'bg-brand-50 ring-2 ring-inset ring-brand-400') : ''}`}
                        data-testid="month-day"
                        data-date={key}
                        data-outside={!inMonth}
                        data-past={past}
                        data-target={target ? 'true' : undefined}
                        onDragOver={(event) => {
                          event.preventDefault();
                          // A past day takes the drop, to say why it refuses it.
                          event.dataTransfer.dropEffect = 'move';
                          if (over !== key) setOver(key);
                        }}
                        onDragLeave={() => over === key && setOver(null)}
                        onDrop={(event) => dropOn(event, day)}
                      >
                        <button
                          type="button"
                          {...dayButtonProps(day)}
                          onFocus={() => !isSameDay(day, focusDay) && setFocusDay(day)}
                          onClick={() => onOpenDay(day)}
                          aria-label={dayLabel(day, here.length)}
                          aria-current={today ? 'date' : undefined}
                          data-testid="month-day-button"
                          data-date={key}
                          className={`flex w-full items-baseline gap-1 rounded-md px-1 py-0.5 text-start tabular-nums hover:bg-slate-100 ${
                            today ? 'font-bold text-brand-700' : inMonth ? 'text-slate-700' : 'text-slate-500'
                          }`}
                        >
                          <span
                            className={today ? 'rounded-full bg-brand-600 px-1.5 text-white' : ''}
                            data-testid="month-day-number"
                          >
                            {formatDayNumber(day, language)}
                          </span>
                          {display.hijri && (
                            <span aria-hidden="true" className="text-[0.6rem] opacity-70" data-testid="hijri-day">
                              {formatHijriDayNumber(day, language)}
                            </span>
                          )}
                        </button>
                        <ul className="mt-0.5 space-y-0.5">
                          {shown.map((post) => {
                            const movable = canMove(post);
                            return (
                              <li key={post.id}>
                                <TouchDraggable id={post.id} disabled={!movable}>
                                  {(drag) => (
                                    <button
                                      type="button"
                                      ref={drag.ref}
                                      {...drag.listeners}
                                      // The keyboard reaches posts through the day (Enter), with "Move to…" there.
                                      tabIndex={-1}
                                      {...nativeDragProps(post, movable, { setDragging, setOver })}
                                      onClick={() =>
                                        Date.now() - droppedAt.current > CLICK_AFTER_DROP_MS && onEdit(post)
                                      }
                                      aria-label={t('timeline.post', {
                                        text: post.content.slice(0, 60),
                                        when: formatClock(post.scheduledAt, language),
                                      })}
                                      className={`block w-full overflow-hidden rounded px-0.5 py-0.5 text-start text-[0.65rem] leading-tight sm:truncate sm:px-1 sm:text-xs ${chipLook(post)} ${
                                        movable ? `cursor-grab ${TOUCH_DRAG_CLASSES}` : ''
                                      } ${touched?.id === post.id ? 'opacity-50' : ''}`}
                                      data-testid="month-post"
                                      data-post-id={post.id}
                                      data-status={post.status}
                                    >
                                      {/* On a phone the time alone, on two short lines if it must: never cut. */}
                                      <span className="tabular-nums">{formatClock(post.scheduledAt, language)}</span>
                                      <span dir="auto" className="hidden sm:inline">
                                        {' '}
                                        {post.content}
                                      </span>
                                    </button>
                                  )}
                                </TouchDraggable>
                              </li>
                            );
                          })}
                        </ul>
                        {more > 0 && (
                          <button
                            type="button"
                            tabIndex={-1}
                            onClick={() => onOpenDay(day)}
                            aria-label={t('month.moreLabel', { count: more, date: dayName(day) })}
                            className="mt-0.5 block w-full truncate rounded px-1 text-start text-[0.65rem] font-semibold text-brand-700 hover:bg-brand-50 sm:text-xs"
                            data-testid="month-more"
                          >
                            {/* A phone's narrow day has room for the number only. */}
                            <span className="sm:hidden">+{formatNumber(more, language)}</span>
                            <span className="hidden sm:inline">{t('month.more', { count: more })}</span>
                          </button>
                        )}
                      </td>
                    )}
                  </TouchDroppable>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {!anyPosts && (
        <p className="mt-3 text-center text-sm text-slate-500" data-testid="month-empty">
          {t('month.empty')}
        </p>
      )}
      <TouchOverlay post={touched} language={language} className="rounded" testId="month-drag-overlay" />
    </DndContext>
  );
}
