import { DndContext } from '@dnd-kit/core';
import { addDays, endOfMonth, isSameDay, isToday, startOfMonth } from 'date-fns';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type DragEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PostView, useCalendarPosts } from '../../lib/api/posts';
import { useDisplayPreferences } from '../../lib/api/preferences';
import {
  dateInputValue,
  formatClock,
  formatDay,
  formatDayNumber,
  formatHijriMonths,
  formatHour,
  formatMonth,
  formatWeekday,
  WEEK_STARTS_ON,
} from '../../lib/format';
import { calendarDate } from '../../lib/time-zone';
import { useMediaQuery } from '../../lib/use-media-query';
import { Spinner } from '../../ui/spinner';
import { LoadError } from './list-states';
import { PostsMonth } from './posts-month';
import {
  canMove,
  cellAfterKey,
  cellOf,
  HOURS,
  nextPostDay,
  postsByCell,
  stepAnchor,
  type TimelineView,
  timelineDays,
} from './timeline-grid';
import {
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  silentAnnouncements,
  TOUCH_DRAG_CLASSES,
  TouchDraggable,
  TouchDroppable,
  TouchOverlay,
  timelineCollision,
  useTimelineTouchSensors,
} from './timeline-touch';
import { nativeDragProps, useMovePost } from './use-move-post';

/** Below this width (a phone) the calendar opens on one day: a week there would need scrolling sideways. */
const NARROW_SCREEN = '(max-width: 39.99rem)';

/** The Previous and Next buttons' names in each view. */
const NAVIGATION = {
  month: { previous: 'timeline.previousMonth', next: 'timeline.nextMonth' },
  week: { previous: 'timeline.previousWeek', next: 'timeline.nextWeek' },
  day: { previous: 'timeline.previousDay', next: 'timeline.nextDay' },
} as const;

/** The working day starts here when no earlier post is on show. */
const WORKDAY_START = 8;

/** The hour a period opens on: the working day's start, or the earliest post's hour when earlier. */
function firstHourToShow(posts: readonly PostView[]): number {
  return Math.min(WORKDAY_START, ...posts.map((post) => cellOf(post).hour));
}

/** A click this soon after a finger put a post down is the end of that touch, not a tap on the post. */
const CLICK_AFTER_DROP_MS = 500;

/**
 * The calendar's week and day views: the hours of each day with its posts. A waiting post can be
 * dragged to another day or hour (with a mouse, or a finger held on it a moment: timeline-touch),
 * or moved by keyboard (Space picks it up, arrows move it, Enter puts it down, Escape cancels);
 * either way it is rescheduled through the edit endpoint, with the same checks as editing. Its
 * minutes are kept.
 */
export function PostsTimeline({
  onEdit,
  onOpenDay,
  upcoming,
  shown = () => true,
}: {
  onEdit: (post: PostView) => void;
  /** A month's day opened (Enter, a click on its number, "+N more"): its posts in a list. */
  onOpenDay: (day: Date) => void;
  /** The posts waiting to go out, once loaded: a phone opens on the first one's day. */
  upcoming: readonly PostView[] | null;
  /** The posts of the identity chosen above the calendar. */
  shown?: (post: PostView) => boolean;
}) {
  const { t, i18n } = useTranslation('posts');
  const language = i18n.language;
  const rtl = i18n.dir() === 'rtl';
  const display = useDisplayPreferences();
  // A phone shows a day, a wider screen a week, until one is chosen. The server sends the week:
  // a phone turns to its day once the app has taken the screen over, never a different screen.
  const narrow = useMediaQuery(NARROW_SCREEN);
  const [chosenView, setView] = useState<TimelineView | null>(null);
  const view = chosenView ?? (narrow ? 'day' : 'week');
  const [anchor, setAnchorState] = useState(() => calendarDate());
  /** A phone opens on one day: the next with a post, once the waiting posts are known, unless someone has moved already. */
  const opening = useRef(true);
  const setAnchor = (day: Date) => {
    opening.current = false;
    setAnchorState(day);
  };
  useEffect(() => {
    if (!opening.current || !upcoming || view !== 'day') return;
    opening.current = false;
    setAnchorState(nextPostDay(upcoming));
  }, [upcoming, view]);
  const showView = (next: TimelineView) => {
    opening.current = false;
    setView(next);
  };
  const days = timelineDays(view, anchor, WEEK_STARTS_ON[display.weekStart]);
  const from = days[0] as Date;
  const posts = useCalendarPosts(from, addDays(from, days.length));
  const inView = posts.data?.filter(shown);
  const cells = postsByCell(inView ?? []);
  const mover = useMovePost();
  const whenText = mover.whenText;
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  /** A post picked up by keyboard, and the cell it would be put down in. */
  const [picked, setPicked] = useState<{ post: PostView; day: Date; hour: number } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const chips = useRef(new Map<string, HTMLButtonElement>());
  const refocus = useRef<string | null>(null);
  const grid = useRef<HTMLDivElement>(null);
  const touchSensors = useTimelineTouchSensors();
  /** The post a finger holds, shown under the finger while it moves. */
  const [touched, setTouched] = useState<PostView | null>(null);
  const droppedAt = useRef(0);
  const shownHour = firstHourToShow(inView ?? []);
  const loaded = Boolean(posts.data);

  // Each period opens on the working day (or its earliest post), not at midnight.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per period shown, not on every refetch
  useEffect(() => {
    const box = grid.current;
    const row = box?.querySelector<HTMLElement>(`[data-hour-row="${shownHour}"]`);
    const header = box?.querySelector('thead');
    if (box && row) box.scrollTop = row.offsetTop - (header?.offsetHeight ?? 0);
  }, [loaded, view, dateInputValue(from)]);

  useEffect(() => {
    if (!refocus.current) return;
    const chip = chips.current.get(refocus.current);
    if (chip) {
      chip.focus();
      refocus.current = null;
    }
  });

  const move = async (post: PostView, day: Date, hour?: number) => {
    refocus.current = post.id;
    const outcome = await mover.move(post, day, hour);
    if (outcome) setAnnouncement(outcome.said);
  };

  const onChipKeyDown = (event: KeyboardEvent, post: PostView) => {
    if (!canMove(post)) return;
    if (!picked || picked.post.id !== post.id) {
      if (event.key === ' ') {
        event.preventDefault();
        const { hour } = cellOf(post);
        const day = calendarDate(post.scheduledAt);
        setPicked({ post, day, hour });
        setAnnouncement(t('timeline.pickedUp', { when: whenText(day, hour, post) }));
      }
      return;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      setPicked(null);
      setAnnouncement(t('timeline.cancelled'));
      return;
    }
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const target = picked;
      setPicked(null);
      void move(target.post, target.day, target.hour);
      return;
    }
    const next = cellAfterKey(event.key, picked, rtl);
    if (!next) return;
    event.preventDefault();
    // It stays within the days on show: another week is a click on Next away.
    if (!days.some((day) => isSameDay(day, next.day))) {
      setAnnouncement(t('timeline.onlyDaysShown'));
      return;
    }
    setPicked({ ...picked, ...next });
    setAnnouncement(whenText(next.day, next.hour, post));
  };

  const dropOn = (event: DragEvent, day: Date, hour: number) => {
    event.preventDefault();
    const id = event.dataTransfer.getData('text/plain') || dragging;
    setDragging(null);
    setOver(null);
    const post = (inView ?? []).find((p) => p.id === id);
    if (post && canMove(post)) void move(post, day, hour);
  };

  const postById = (id: unknown) => (inView ?? []).find((p) => p.id === id);

  const touchPickUp = ({ active }: DragStartEvent) => {
    const post = postById(active.id);
    if (!post) return;
    setDragging(post.id);
    setTouched(post);
    const { hour } = cellOf(post);
    setAnnouncement(t('timeline.touchPickedUp', { when: whenText(calendarDate(post.scheduledAt), hour, post) }));
  };
  const touchOver = ({ over: cell }: DragOverEvent) => setOver(cell ? String(cell.id) : null);
  const endTouch = () => {
    droppedAt.current = Date.now();
    setDragging(null);
    setTouched(null);
    setOver(null);
  };
  const touchDrop = ({ active, over: cell }: DragEndEvent) => {
    endTouch();
    const post = postById(active.id);
    const target = cell?.data.current as { day: Date; hour: number } | undefined;
    if (post && canMove(post) && target) void move(post, target.day, target.hour);
  };
  const touchCancel = () => {
    endTouch();
    setAnnouncement(t('timeline.cancelled'));
  };

  const Previous = rtl ? ChevronRight : ChevronLeft;
  const Next = rtl ? ChevronLeft : ChevronRight;
  const navButton =
    'flex size-8 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-ink disabled:opacity-40';
  const viewButton = (value: TimelineView) =>
    `rounded-md px-3 py-1 text-sm font-semibold ${view === value ? 'bg-white text-brand-700 shadow-sm' : 'text-slate-600 hover:text-ink'}`;
  const title =
    view === 'month'
      ? formatMonth(anchor, language, true)
      : view === 'week'
        ? t('timeline.weekOf', {
            first: formatDay(days[0] as Date, language),
            last: formatDay(days[6] as Date, language),
          })
        : formatDay(days[0] as Date, language, 'full');

  return (
    <section
      aria-labelledby="timeline-title"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="posts-timeline"
      data-view={view}
      data-first-day={dateInputValue(from)}
      data-month={view === 'month' ? dateInputValue(anchor).slice(0, 7) : undefined}
    >
      <div className="flex flex-wrap items-center gap-2">
        <fieldset className="flex rounded-lg bg-slate-100 p-0.5">
          <legend className="sr-only">{t('timeline.viewLabel')}</legend>
          <button
            type="button"
            className={viewButton('month')}
            aria-pressed={view === 'month'}
            onClick={() => showView('month')}
            data-testid="timeline-month"
          >
            {t('timeline.month')}
          </button>
          <button
            type="button"
            className={viewButton('week')}
            aria-pressed={view === 'week'}
            onClick={() => showView('week')}
            data-testid="timeline-week"
          >
            {t('timeline.week')}
          </button>
          <button
            type="button"
            className={viewButton('day')}
            aria-pressed={view === 'day'}
            onClick={() => showView('day')}
            data-testid="timeline-day"
          >
            {t('timeline.day')}
          </button>
        </fieldset>
        <button
          type="button"
          className={navButton}
          onClick={() => setAnchor(stepAnchor(view, anchor, -1))}
          aria-label={t(NAVIGATION[view].previous)}
          data-testid="timeline-previous"
        >
          <Previous aria-hidden="true" className="size-5" />
        </button>
        <h2 id="timeline-title" className="text-sm font-semibold text-ink" aria-live="polite">
          {title}
          {view === 'month' && display.hijri && (
            <span className="block text-xs font-normal text-slate-500" data-testid="month-hijri">
              {formatHijriMonths(startOfMonth(anchor), endOfMonth(anchor), language)}
            </span>
          )}
        </h2>
        <button
          type="button"
          className={navButton}
          onClick={() => setAnchor(stepAnchor(view, anchor, 1))}
          aria-label={t(NAVIGATION[view].next)}
          data-testid="timeline-next"
        >
          <Next aria-hidden="true" className="size-5" />
        </button>
        <button
          type="button"
          className="rounded-md px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          onClick={() => setAnchor(calendarDate())}
        >
          {t('calendar.today')}
        </button>
        {(posts.isFetching || mover.isPending) && <Spinner className="size-4 border-2" />}
      </div>
      <p className="mt-2 text-xs text-slate-500">{t(view === 'month' ? 'month.hint' : 'timeline.hint')}</p>
      <p className="sr-only" aria-live="assertive" data-testid="timeline-announcement">
        {announcement}
      </p>
      {posts.error ? (
        <div className="mt-3">
          <LoadError
            compact
            title={t('calendar.loadFailed')}
            error={posts.error}
            onRetry={() => void posts.refetch()}
          />
        </div>
      ) : !posts.data ? (
        <div className="mt-6 flex justify-center">
          <Spinner />
        </div>
      ) : view === 'month' ? (
        <PostsMonth
          month={anchor}
          days={days}
          posts={inView ?? []}
          onMonthChange={setAnchor}
          onOpenDay={onOpenDay}
          onEdit={onEdit}
          onMove={(post, day) => void move(post, day)}
          onAnnounce={setAnnouncement}
        />
      ) : (
        <DndContext
          sensors={touchSensors}
          collisionDetection={timelineCollision}
          accessibility={{
            announcements: silentAnnouncements,
            screenReaderInstructions: { draggable: t('timeline.keyboardHint') },
          }}
          onDragStart={touchPickUp}
          onDragOver={touchOver}
          onDragEnd={touchDrop}
          onDragCancel={touchCancel}
        >
          {/* A container: the week fits its box from 32rem on (a 1280-pixel window beside both
            sidebars); in a narrower box it keeps a readable width and scrolls inside the box. */}
          <div
            ref={grid}
            className="@container mt-3 max-h-[36rem] overflow-auto rounded-lg border border-slate-100"
            data-testid="timeline-grid"
          >
            <table
              className={`w-full table-fixed border-collapse text-xs ${view === 'week' ? 'min-w-[36rem] @lg:min-w-0' : ''}`}
            >
              <thead className="sticky top-0 z-10 bg-white">
                <tr>
                  <th scope="col" className="w-14">
                    <span className="sr-only">{t('timeline.hour')}</span>
                  </th>
                  {days.map((day) => (
                    <th
                      key={day.toISOString()}
                      scope="col"
                      className={`py-2 text-center font-medium ${isToday(day) ? 'text-brand-700' : 'text-slate-600'}`}
                    >
                      <span className="block truncate">
                        {/* Arabic's short weekdays are single letters; its full names are short enough. */}
                        {formatWeekday(day, language, view === 'week' && language === 'en' ? 'short' : 'long')}
                      </span>
                      <span className="block text-[0.7rem] font-normal text-slate-500">
                        {formatDayNumber(day, language)}
                      </span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {HOURS.map((hour) => (
                  <tr key={hour} className="border-t border-slate-100" data-hour-row={hour}>
                    <th
                      scope="row"
                      className="whitespace-nowrap px-1 py-1 text-end align-top font-normal text-slate-500 tabular-nums"
                    >
                      {formatHour(hour, language)}
                    </th>
                    {days.map((day) => {
                      const date = dateInputValue(day);
                      const key = `${date}@${hour}`;
                      const here = cells.get(key) ?? [];
                      const target =
                        over === key || (picked && dateInputValue(picked.day) === date && picked.hour === hour);
                      return (
                        <TouchDroppable key={key} id={key} day={day} hour={hour}>
                          {(dropRef) => (
                            <td
                              ref={dropRef}
                              className={`h-10 border-s border-slate-100 p-0.5 align-top ${target ? 'bg-brand-50 ring-2 ring-inset ring-brand-400' : ''}`}
                              data-testid="timeline-cell"
                              data-date={date}
                              data-hour={hour}
                              data-target={target ? 'true' : undefined}
                              onDragOver={(event) => {
                                event.preventDefault();
                                event.dataTransfer.dropEffect = 'move';
                                if (over !== key) setOver(key);
                              }}
                              onDragLeave={() => over === key && setOver(null)}
                              onDrop={(event) => dropOn(event, day, hour)}
                            >
                              {here.map((post) => {
                                const movable = canMove(post);
                                const isPicked = picked?.post.id === post.id;
                                return (
                                  <TouchDraggable key={post.id} id={post.id} disabled={!movable}>
                                    {(drag) => (
                                      <button
                                        type="button"
                                        ref={(element) => {
                                          drag.ref(element);
                                          if (element) chips.current.set(post.id, element);
                                          else chips.current.delete(post.id);
                                        }}
                                        {...drag.listeners}
                                        {...nativeDragProps(post, movable, { setDragging, setOver })}
                                        onClick={() =>
                                          !isPicked &&
                                          Date.now() - droppedAt.current > CLICK_AFTER_DROP_MS &&
                                          onEdit(post)
                                        }
                                        onKeyDown={(event) => onChipKeyDown(event, post)}
                                        onBlur={() => isPicked && setPicked(null)}
                                        aria-describedby={movable ? 'timeline-move-hint' : undefined}
                                        aria-label={t('timeline.post', {
                                          text: post.content.slice(0, 60),
                                          when: formatClock(post.scheduledAt, language),
                                        })}
                                        className={`mb-0.5 block w-full truncate rounded-md px-1.5 py-1 text-start ${
                                          post.status === 'failed'
                                            ? 'bg-red-100 text-red-800'
                                            : post.status === 'published'
                                              ? 'bg-emerald-50 text-emerald-800'
                                              : 'bg-brand-600 text-white'
                                        } ${movable ? `cursor-grab ${TOUCH_DRAG_CLASSES}` : ''} ${isPicked ? 'ring-2 ring-amber-400' : ''} ${
                                          touched?.id === post.id ? 'opacity-50' : ''
                                        }`}
                                        data-testid="timeline-post"
                                        data-post-id={post.id}
                                        data-picked={isPicked ? 'true' : undefined}
                                        data-touch-dragging={touched?.id === post.id ? 'true' : undefined}
                                      >
                                        {/* In a week's narrow columns the time has a line of its own. */}
                                        <span className={`tabular-nums ${view === 'week' ? 'block truncate' : ''}`}>
                                          {formatClock(post.scheduledAt, language)}
                                        </span>{' '}
                                        <span dir="auto" className={view === 'week' ? 'block truncate' : ''}>
                                          {post.content}
                                        </span>
                                      </button>
                                    )}
                                  </TouchDraggable>
                                );
                              })}
                            </td>
                          )}
                        </TouchDroppable>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <TouchOverlay
            post={touched}
            language={language}
            className="size-full rounded-md"
            testId="timeline-drag-overlay"
          />
        </DndContext>
      )}
      <p id="timeline-move-hint" className="sr-only">
        {t('timeline.keyboardHint')}
      </p>
    </section>
  );
}
