import * as Popover from '@radix-ui/react-popover';
import { addMonths, isSameDay, isSameMonth, startOfMonth } from 'date-fns';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDisplayPreferences } from '../lib/api/preferences';
import { clampDay, dayAfterKey, dayLabel, dayValue, isDayOutside, monthWeeks, parseDay } from '../lib/date-picking';
import { formatDay, formatDayNumber, formatMonth, WEEK_STARTS_ON } from '../lib/format';
import { calendarDate } from '../lib/time-zone';
import { fieldClass } from './dialog-frame';
import { WeekdayHeader } from './weekday-header';

interface DateFieldProps {
  /** The button's id, for a `<label htmlFor>`. */
  id: string;
  /** The id of the element naming the field: the button reads it, then the chosen day. */
  labelId: string;
  /** `YYYY-MM-DD`, or '' for no day yet. */
  value: string;
  onChange: (value: string) => void;
  /** Inclusive bounds, `YYYY-MM-DD`; days outside them cannot be chosen. */
  min?: string;
  max?: string;
  disabled?: boolean;
  invalid?: boolean;
  /** What else describes the field: its problem's line while it has one (`fieldProblemProps`). */
  describedBy?: string | undefined;
  testId: string;
}

/**
 * A day, shown and chosen in the app's language and digits (the browser's own picker follows the
 * browser's language). The button opens a month: arrow keys move a day or a week (mirrored in
 * Arabic), Page Up and Page Down a month, Home and End to the week's ends, Enter or Space
 * chooses, Escape closes and gives the focus back to the button.
 */
export function DateField({
  id,
  labelId,
  value,
  onChange,
  min,
  max,
  disabled,
  invalid,
  describedBy,
  testId,
}: DateFieldProps) {
  const { t, i18n } = useTranslation('common');
  const language = i18n.language;
  const [open, setOpen] = useState(false);
  const shown = dayLabel(value, language);
  const valueId = `${id}-value`;

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        id={id}
        type="button"
        disabled={disabled}
        aria-labelledby={`${labelId} ${valueId}`}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        data-testid={testId}
        data-value={value}
        className={`${fieldClass} flex items-center gap-2 text-start`}
      >
        <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
        <span id={valueId} className={`flex-1 truncate ${shown ? '' : 'text-slate-500'}`}>
          {shown || t('dateField.choose')}
        </span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="bottom"
          align="start"
          sideOffset={6}
          collisionPadding={12}
          // The focus goes to the chosen (or nearest allowed) day, not to the first button. Done here,
          // not when the grid mounts: until now the dialog around the field holds the focus in itself.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)
              ?.querySelector<HTMLButtonElement>('button[data-date][tabindex="0"]')
              ?.focus();
          }}
          aria-labelledby={labelId}
          className="z-[70] w-[min(20rem,calc(100vw-1.5rem))] rounded-2xl border border-slate-200 bg-white p-3 shadow-xl"
          data-testid={`${testId}-calendar`}
        >
          <MonthGrid
            value={value}
            min={min}
            max={max}
            testId={testId}
            onChoose={(day) => {
              onChange(dayValue(day));
              setOpen(false);
            }}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

interface MonthGridProps {
  value: string;
  min?: string;
  max?: string;
  testId: string;
  onChoose: (day: Date) => void;
}

function MonthGrid({ value, min, max, testId, onChoose }: MonthGridProps) {
  const { t, i18n } = useTranslation('common');
  const language = i18n.language;
  const rtl = i18n.dir() === 'rtl';
  const display = useDisplayPreferences();
  const weekStartsOn = WEEK_STARTS_ON[display.weekStart];
  const chosen = parseDay(value);
  const [focusDay, setFocusDay] = useState<Date>(() => clampDay(chosen ?? calendarDate(), min, max));
  const [month, setMonth] = useState<Date>(() => startOfMonth(focusDay));
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  // The grid takes the focus after each key that moves it (on opening: the popover's onOpenAutoFocus).
  const moveFocus = useRef(false);
  const titleId = `${testId}-calendar-title`;

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    buttons.current.get(dayValue(focusDay))?.focus();
  });

  const goTo = (day: Date) => {
    const allowed = clampDay(day, min, max);
    setFocusDay(allowed);
    moveFocus.current = true;
    if (!isSameMonth(allowed, month)) setMonth(startOfMonth(allowed));
  };

  const onKeyDown = (event: KeyboardEvent, day: Date) => {
    const next = dayAfterKey(event.key, day, rtl, weekStartsOn);
    if (!next) return;
    event.preventDefault();
    goTo(next);
  };

  // Paging shows the month and keeps a day of it in the tab order.
  const showMonth = (next: Date) => {
    setMonth(next);
    setFocusDay(clampDay(isSameMonth(focusDay, next) ? focusDay : startOfMonth(next), min, max));
  };

  const minDay = parseDay(min);
  const maxDay = parseDay(max);
  const canGoBack = !minDay || startOfMonth(month) > startOfMonth(minDay);
  const canGoOn = !maxDay || startOfMonth(month) < startOfMonth(maxDay);
  const Previous = rtl ? ChevronRight : ChevronLeft;
  const Next = rtl ? ChevronLeft : ChevronRight;
  const navButton =
    'flex size-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-ink disabled:opacity-40 disabled:hover:bg-transparent';
  const today = calendarDate();

  return (
    <div data-month={dayValue(month).slice(0, 7)} data-testid={`${testId}-month`}>
      <div className="flex items-center gap-1">
        <button
          type="button"
          className={navButton}
          disabled={!canGoBack}
          onClick={() => showMonth(addMonths(month, -1))}
          aria-label={t('dateField.previousMonth')}
          title={t('dateField.previousMonth')}
          data-testid={`${testId}-previous`}
        >
          <Previous aria-hidden="true" className="size-5" />
        </button>
        <p id={titleId} className="flex-1 text-center text-sm font-semibold text-ink" aria-live="polite">
          {formatMonth(month, language, true)}
        </p>
        <button
          type="button"
          className={navButton}
          disabled={!canGoOn}
          onClick={() => showMonth(addMonths(month, 1))}
          aria-label={t('dateField.nextMonth')}
          title={t('dateField.nextMonth')}
          data-testid={`${testId}-next`}
        >
          <Next aria-hidden="true" className="size-5" />
        </button>
      </div>
      <table
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a month of choosable days is the ARIA date grid pattern.
        role="grid"
        aria-labelledby={titleId}
        className="mt-2 w-full table-fixed border-separate border-spacing-0.5"
      >
        <WeekdayHeader weekStartsOn={weekStartsOn} language={language} />
        <tbody>
          {monthWeeks(month, weekStartsOn).map((week, w) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a month's weeks are its rows, in order.
            <tr key={w}>
              {week.map((day, d) => {
                // biome-ignore lint/suspicious/noArrayIndexKey: an empty cell stands for its column.
                if (!day) return <td key={`empty-${d}`} aria-hidden="true" />;
                const key = dayValue(day);
                const selected = chosen !== null && isSameDay(day, chosen);
                const isToday = isSameDay(day, today);
                const outside = isDayOutside(day, min, max);
                const name = formatDay(day, language, 'full');
                return (
                  // biome-ignore lint/a11y/useFocusableInteractive: the button inside is what is focused, one day at a time.
                  <td
                    key={key}
                    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the grid's cell carries the day's selection; its button takes the focus.
                    role="gridcell"
                    className="p-0"
                    aria-selected={selected}
                  >
                    <button
                      type="button"
                      ref={(element) => {
                        if (element) buttons.current.set(key, element);
                        else buttons.current.delete(key);
                      }}
                      tabIndex={isSameDay(day, focusDay) ? 0 : -1}
                      disabled={outside}
                      onClick={() => onChoose(day)}
                      onKeyDown={(event) => onKeyDown(event, day)}
                      aria-label={isToday ? t('dateField.todayLabel', { date: name }) : name}
                      aria-current={isToday ? 'date' : undefined}
                      data-date={key}
                      data-selected={selected}
                      data-today={isToday}
                      className={`mx-auto flex aspect-square w-full max-w-10 items-center justify-center rounded-lg text-sm tabular-nums transition focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent ${
                        selected
                          ? 'bg-brand-600 font-semibold text-white hover:bg-brand-700'
                          : 'text-slate-700 hover:bg-slate-100'
                      } ${isToday && !selected ? 'font-bold text-brand-700 ring-1 ring-brand-300' : ''}`}
                    >
                      {formatDayNumber(day, language)}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
