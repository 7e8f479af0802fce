import { isSameDay, isSameMonth, isToday, startOfMonth } from 'date-fns';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDisplayPreferences } from '../../lib/api/preferences';
import { dayAfterKey } from '../../lib/date-picking';
import { dateInputValue, WEEK_STARTS_ON } from '../../lib/format';
import { calendarDate } from '../../lib/time-zone';

/** The user's first day of the week, as date-fns counts it. */
export function useWeekStartsOn() {
  return WEEK_STARTS_ON[useDisplayPreferences().weekStart];
}

/**
 * A month grid's weeks and its roving focus, shared by the calendar's month and the posts
 * screen's small calendar. One day is in the tab order: the one last reached, else today, else
 * the 1st. Arrows move it (mirrored in Arabic), Page Up and Page Down between months; reaching
 * another month's day asks for that month. `days` are whole weeks.
 */
export function useMonthGrid({
  month,
  days,
  firstFocus,
  onMonthChange,
}: {
  month: Date;
  days: readonly Date[];
  /** The day in the tab order before any is reached (today when not given). */
  firstFocus?: Date | null;
  onMonthChange: (month: Date) => void;
}) {
  const { i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  const weekStartsOn = useWeekStartsOn();
  const weeks = Array.from({ length: days.length / 7 }, (_, w) => days.slice(w * 7, w * 7 + 7));

  const [focusDay, setFocusDay] = useState<Date>(() => firstFocus ?? calendarDate());
  const moveFocus = useRef(false);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const focusable =
    days.find((day) => isSameDay(day, focusDay) && isSameMonth(day, month)) ??
    days.find((day) => isToday(day) && isSameMonth(day, month)) ??
    startOfMonth(month);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    buttons.current.get(dateInputValue(focusDay))?.focus();
  });

  /** A day button's part in the roving focus: spread it on the button. */
  const dayButtonProps = (day: Date) => ({
    ref: (element: HTMLButtonElement | null) => {
      const key = dateInputValue(day);
      if (element) buttons.current.set(key, element);
      else buttons.current.delete(key);
    },
    tabIndex: isSameDay(day, focusable) ? 0 : -1,
    onKeyDown: (event: KeyboardEvent) => {
      const next = dayAfterKey(event.key, day, rtl, weekStartsOn);
      if (!next) return;
      event.preventDefault();
      setFocusDay(next);
      moveFocus.current = true;
      if (!isSameMonth(next, month)) onMonthChange(startOfMonth(next));
    },
  });

  return { weekStartsOn, weeks, focusDay, setFocusDay, dayButtonProps };
}
