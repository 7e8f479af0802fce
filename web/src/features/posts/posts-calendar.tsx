import { isDocumentType } from '@nashr/contracts';
import { addMonths, endOfMonth, isSameDay, isSameMonth, isToday, startOfMonth } from 'date-fns';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { thumbnailUrl } from '../../lib/api/media';
import type { PostView } from '../../lib/api/posts';
import { useDisplayPreferences } from '../../lib/api/preferences';
import {
  dateInputValue,
  formatDay,
  formatDayNumber,
  formatHijriDay,
  formatHijriDayNumber,
  formatHijriMonths,
  formatMonth,
} from '../../lib/format';
import { calendarDate } from '../../lib/time-zone';
import { Spinner } from '../../ui/spinner';
import { WeekdayHeader } from '../../ui/weekday-header';
import { calendarDays, dayMark } from './calendar-grid';
import { LoadError } from './list-states';
import { useMonthGrid, useWeekStartsOn } from './use-month-grid';

export interface PostsCalendarProps {
  month: Date;
  onMonthChange: (month: Date) => void;
  selected: Date | null;
  onSelect: (day: Date) => void;
  days: Map<string, PostView[]>;
  isFetching: boolean;
  error: unknown;
  onRetry: () => void;
}

const MARK_CLASS = {
  pending: 'bg-brand-600 font-semibold text-white hover:bg-brand-700',
  failed: 'bg-red-100 font-semibold text-red-700 hover:bg-red-200',
  published: 'text-ink hover:bg-slate-100',
} as const;

/**
 * A calendar day's names: the whole day's name with the Hijri date after it when shown, and a
 * day button's label (with its post count, or "today").
 */
export function useDayLabels() {
  const { t, i18n } = useTranslation('posts');
  const language = i18n.language;
  const display = useDisplayPreferences();
  const dayName = (day: Date) =>
    display.hijri
      ? `${formatDay(day, language, 'full')} (${formatHijriDay(day, language)})`
      : formatDay(day, language, 'full');
  const dayLabel = (day: Date, posts: number) =>
    posts
      ? t('calendar.postsOnDay', { date: dayName(day), count: posts })
      : isToday(day)
        ? t('calendar.todayLabel', { date: dayName(day) })
        : dayName(day);
  return { dayName, dayLabel };
}

/**
 * 'Upcoming Posts' (spec sections 2 and 9): a month of 42 days, Monday first unless the user
 * chose Saturday or Sunday, each with its Hijri day when the user asked for it; days with posts
 * highlighted and the selected day lightly highlighted. Arrow keys move between days (mirrored
 * in Arabic), Page Up and Page Down between months.
 */
export function PostsCalendar({
  month,
  onMonthChange,
  selected,
  onSelect,
  days,
  isFetching,
  error,
  onRetry,
}: PostsCalendarProps) {
  const { t, i18n } = useTranslation('posts');
  const language = i18n.language;
  const rtl = i18n.dir() === 'rtl';
  const display = useDisplayPreferences();
  const cells = calendarDays(month, useWeekStartsOn());
  const { weekStartsOn, weeks, setFocusDay, dayButtonProps } = useMonthGrid({
    month,
    days: cells,
    firstFocus: selected,
    onMonthChange,
  });
  const { dayName, dayLabel } = useDayLabels();

  const showToday = !isSameMonth(month, calendarDate());
  const Previous = rtl ? ChevronRight : ChevronLeft;
  const Next = rtl ? ChevronLeft : ChevronRight;
  const navButton =
    'flex size-8 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-ink disabled:opacity-40';

  return (
    <section
      aria-labelledby="upcoming-posts-title"
      data-testid="posts-calendar"
      data-month={dateInputValue(month).slice(0, 7)}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="upcoming-posts-title" className="font-semibold text-ink">
          {t('calendar.title')}
        </h2>
        {isFetching && <Spinner className="size-4 border-2" />}
      </div>
      <div className="mt-3 flex items-center gap-1">
        <button
          type="button"
          className={navButton}
          onClick={() => onMonthChange(addMonths(month, -1))}
          aria-label={t('calendar.previous')}
          title={t('calendar.previous')}
          data-testid="calendar-previous"
        >
          <Previous aria-hidden="true" className="size-5" />
        </button>
        <p
          className="flex-1 text-center text-sm font-semibold text-ink"
          aria-live="polite"
          data-testid="calendar-month"
        >
          {formatMonth(month, language, true)}
          {display.hijri && (
            <span className="block text-xs font-normal text-slate-500" data-testid="calendar-hijri-month">
              {formatHijriMonths(startOfMonth(month), endOfMonth(month), language)}
            </span>
          )}
        </p>
        <button
          type="button"
          className={navButton}
          onClick={() => onMonthChange(addMonths(month, 1))}
          aria-label={t('calendar.next')}
          title={t('calendar.next')}
          data-testid="calendar-next"
        >
          <Next aria-hidden="true" className="size-5" />
        </button>
      </div>
      <table
        aria-labelledby="upcoming-posts-title"
        className="mt-2 w-full table-fixed border-separate border-spacing-0.5"
      >
        <WeekdayHeader weekStartsOn={weekStartsOn} language={language} className="text-[0.7rem] uppercase" />
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.toISOString()}>
              {week.map((day) => {
                const key = dateInputValue(day);
                const posts = days.get(key);
                const mark = dayMark(posts);
                // The day's first post with media shows its first image or its document's first page, small, in the cell's corner.
                const image = posts?.find((post) => post.media?.length)?.media?.[0];
                const inMonth = isSameMonth(day, month);
                const isSelected = selected !== null && isSameDay(day, selected);
                const today = isToday(day);
                const label = dayLabel(day, posts?.length ?? 0);
                const look =
                  mark && mark !== 'published'
                    ? MARK_CLASS[mark]
                    : isSelected
                      ? 'bg-brand-50 text-brand-800 hover:bg-brand-100'
                      : `${inMonth ? 'text-slate-700' : 'text-slate-500'} hover:bg-slate-100`;
                return (
                  <td key={key} className="p-0">
                    <button
                      type="button"
                      {...dayButtonProps(day)}
                      onClick={() => {
                        setFocusDay(day);
                        onSelect(day);
                      }}
                      aria-label={label}
                      aria-current={today ? 'date' : undefined}
                      aria-pressed={isSelected}
                      data-date={key}
                      data-mark={mark ?? 'none'}
                      data-selected={isSelected}
                      data-today={today}
                      data-outside={!inMonth}
                      className={`relative mx-auto flex aspect-square w-full max-w-10 flex-col items-center justify-center rounded-lg text-sm tabular-nums transition ${look} ${
                        isSelected && mark && mark !== 'published' ? 'ring-2 ring-brand-300 ring-offset-1' : ''
                      } ${isSelected && !mark ? 'ring-1 ring-brand-200' : ''} ${today ? 'font-bold' : ''} ${
                        !inMonth && mark === 'pending' ? 'opacity-60' : ''
                      }`}
                    >
                      <span>{formatDayNumber(day, language)}</span>
                      {image && (
                        <img
                          src={thumbnailUrl(image.id)}
                          alt={
                            isDocumentType(image.contentType)
                              ? t('calendar.documentAlt', { date: dayName(day), title: image.title ?? '' })
                              : t('calendar.imageAlt', { date: dayName(day) })
                          }
                          loading="lazy"
                          decoding="async"
                          width={20}
                          height={20}
                          className="pointer-events-none absolute -top-0.5 -end-0.5 size-3.5 rounded-sm bg-slate-100 object-cover ring-1 ring-white sm:size-4.5"
                          data-testid="calendar-thumbnail"
                          data-media-id={image.id}
                        />
                      )}
                      {display.hijri && (
                        <span
                          aria-hidden="true"
                          className="text-[0.6rem] leading-none opacity-70"
                          data-testid="hijri-day"
                        >
                          {formatHijriDayNumber(day, language)}
                        </span>
                      )}
                      {(today || mark === 'published') && (
                        <span
                          aria-hidden="true"
                          data-testid="day-dot"
                          data-kind={mark === 'published' ? 'published' : 'today'}
                          // A post published today is the usual case: the legend's green wins over today's blue.
                          className={`absolute bottom-1 h-1 rounded-full ${today ? 'w-3' : 'w-1'} ${
                            mark === 'pending' || mark === 'failed'
                              ? 'bg-current'
                              : mark === 'published'
                                ? 'bg-emerald-500'
                                : 'bg-brand-600'
                          }`}
                        />
                      )}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-sm bg-brand-600" />
          {t('calendar.legendScheduled')}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-sm bg-red-200" />
          {t('calendar.legendFailed')}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-1.5 rounded-full bg-emerald-500" data-testid="legend-published" />
          {t('calendar.legendPublished')}
        </span>
        {showToday && (
          <button
            type="button"
            onClick={() => {
              onMonthChange(startOfMonth(calendarDate()));
              setFocusDay(calendarDate());
            }}
            className="ms-auto rounded-md px-2 py-1 font-semibold text-brand-700 hover:bg-brand-50"
          >
            {t('calendar.today')}
          </button>
        )}
      </div>
      {error ? (
        <div className="mt-3">
          <LoadError compact title={t('calendar.loadFailed')} error={error} onRetry={onRetry} />
        </div>
      ) : (
        <p className="mt-2 text-xs text-slate-500">{t('calendar.hint')}</p>
      )}
    </section>
  );
}
