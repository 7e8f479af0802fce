import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDisplayPreferences } from '../lib/api/preferences';
import { hourOptions, joinTime, minuteOptions, splitTime } from '../lib/date-picking';

interface TimeFieldProps {
  /** The id of the element naming the field: the pair is a group it names. */
  labelId: string;
  /** `HH:mm` on the 24-hour clock, or '' for no time yet. */
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  /** The hour list's id, for a `<label htmlFor>` naming the field. */
  id?: string;
  testId: string;
  selectClass: string;
  /** Minutes between two entries of the minute list; 1 where a window must reach 23:59. */
  minuteStep?: number;
}

/**
 * A time of day as two lists, hour and minute, in the app's language and digits (the browser's own
 * time field follows the browser's language: "--:-- --" inside an Arabic screen). Hours read as the
 * language tells time (9 AM, ٩ ص); minutes go by fives, and a time off that step keeps its minute.
 */
export function TimeField({
  labelId,
  value,
  onChange,
  disabled,
  invalid,
  id,
  testId,
  selectClass,
  minuteStep,
}: TimeFieldProps) {
  const { t, i18n } = useTranslation('common');
  const language = i18n.language;
  // Re-rendered when the user changes digits.
  useDisplayPreferences();
  const time = splitTime(value);
  // Until both halves are chosen the form's value stays empty; the half already chosen is kept here.
  const [partial, setPartial] = useState<{ hour?: number; minute?: number }>({});
  const hour = time?.hour ?? partial.hour;
  const minute = time?.minute ?? partial.minute;

  const choose = (next: { hour?: number; minute?: number }) => {
    const h = next.hour ?? hour;
    const m = next.minute ?? minute;
    if (h !== undefined && m !== undefined) {
      setPartial({});
      onChange(joinTime(h, m));
    } else {
      setPartial({ hour: h, minute: m });
    }
  };

  return (
    <fieldset
      aria-labelledby={labelId}
      className="flex min-w-0 items-center gap-2"
      data-testid={testId}
      data-value={value}
    >
      <select
        id={id}
        aria-label={t('timeField.hour')}
        value={hour ?? ''}
        disabled={disabled}
        aria-invalid={invalid}
        onChange={(event) => choose({ hour: Number(event.target.value) })}
        className={selectClass}
        data-testid={`${testId}-hour`}
      >
        {hour === undefined && <option value="">{t('timeField.hourPlaceholder')}</option>}
        {hourOptions(language).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <select
        aria-label={t('timeField.minute')}
        value={minute ?? ''}
        disabled={disabled}
        aria-invalid={invalid}
        onChange={(event) => choose({ minute: Number(event.target.value) })}
        className={selectClass}
        data-testid={`${testId}-minute`}
      >
        {minute === undefined && <option value="">{t('timeField.minutePlaceholder')}</option>}
        {minuteOptions(language, minute, minuteStep).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </fieldset>
  );
}
