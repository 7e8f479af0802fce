import { addDays, startOfWeek } from 'date-fns';
import type { WeekStartsOn } from '../lib/date-picking';
import { formatWeekday } from '../lib/format';
import { calendarDate } from '../lib/time-zone';

/**
 * The weekday names over a month grid, from the user's first day of the week: short in the cell,
 * the whole name for screen readers (`abbr`). `className` sets the text size and case.
 */
export function WeekdayHeader({
  weekStartsOn,
  language,
  className = 'text-xs',
}: {
  weekStartsOn: WeekStartsOn;
  language: string;
  className?: string;
}) {
  const weekStart = startOfWeek(calendarDate(), { weekStartsOn });
  const weekdays = Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
  return (
    <thead>
      <tr>
        {weekdays.map((day) => (
          <th
            key={day.toISOString()}
            scope="col"
            abbr={formatWeekday(day, language, 'long')}
            className={`pb-1 text-center font-medium text-slate-500 ${className}`}
          >
            {formatWeekday(day, language)}
          </th>
        ))}
      </tr>
    </thead>
  );
}
