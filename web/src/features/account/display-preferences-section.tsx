import { DIGITS_OPTIONS, type DisplayPreferencesUpdate, WEEK_START_OPTIONS } from '@nashr/contracts';
import { addDays, startOfWeek } from 'date-fns';
import { CalendarDays } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useDisplayPreferencesQuery, useSaveDisplayPreferences } from '../../lib/api/preferences';
import { errorText } from '../../lib/error-text';
import { formatDay, formatHijriDay, formatWeekday, WEEK_STARTS_ON } from '../../lib/format';
import { calendarDate } from '../../lib/time-zone';
import { Spinner } from '../../ui/spinner';

/** The settings page's display choices: Hijri beside Gregorian, the calendar's first day, the digits. */
export function DisplayPreferencesSection() {
  const { t, i18n } = useTranslation('onboarding');
  const language = i18n.language;
  const id = useId();
  const preferences = useDisplayPreferencesQuery();
  const save = useSaveDisplayPreferences();
  const current = preferences.data;
  const today = calendarDate();
  // Any week will do: the names of its days are what the choice shows.
  const sunday = startOfWeek(today, { weekStartsOn: 0 });

  const change = async (update: DisplayPreferencesUpdate) => {
    try {
      await save.mutateAsync(update);
      toast.success(t('display.saved'));
    } catch (error) {
      toast.error(`${t('display.saveFailed')} ${errorText(error)}`);
    }
  };

  const choice = 'flex cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm';

  return (
    <section
      id="display"
      aria-labelledby={`${id}-title`}
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      data-testid="display-preferences"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold text-ink">
        <CalendarDays aria-hidden="true" className="size-5 text-brand-600" />
        {t('display.title')}
        {save.isPending && <Spinner className="size-4 border-2" />}
      </h2>
      <p className="mt-1 text-sm leading-6 text-slate-600">{t('display.description')}</p>
      {preferences.isError ? (
        <p className="mt-4 text-sm text-red-700">{t('display.loadFailed')}</p>
      ) : !current ? (
        <div className="mt-6 flex justify-center">
          <Spinner />
        </div>
      ) : (
        <div className="mt-4 flex flex-col gap-5">
          <div>
            <label className="flex items-start gap-2.5 text-sm font-medium text-slate-800">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-brand-600"
                checked={current.hijri}
                disabled={save.isPending}
                onChange={(event) => void change({ hijri: event.target.checked })}
                data-testid="display-hijri"
              />
              {t('display.hijri')}
            </label>
            <p className="mt-1 ps-6.5 text-xs text-slate-500" data-testid="display-today">
              {current.hijri
                ? t('display.todayHijri', {
                    gregorian: formatDay(today, language),
                    hijri: formatHijriDay(today, language),
                  })
                : t('display.today', { gregorian: formatDay(today, language) })}
            </p>
          </div>
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">{t('display.weekStart')}</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {WEEK_START_OPTIONS.map((day) => (
                <label key={day} className={choice}>
                  <input
                    type="radio"
                    name={`${id}-week-start`}
                    value={day}
                    className="accent-brand-600"
                    checked={current.weekStart === day}
                    disabled={save.isPending}
                    onChange={() => void change({ weekStart: day })}
                    data-testid={`display-week-${day}`}
                  />
                  {formatWeekday(addDays(sunday, WEEK_STARTS_ON[day]), language, 'long')}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">{t('display.digits')}</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {DIGITS_OPTIONS.map((digits) => (
                <label key={digits} className={choice}>
                  <input
                    type="radio"
                    name={`${id}-digits`}
                    value={digits}
                    className="accent-brand-600"
                    checked={current.digits === digits}
                    disabled={save.isPending}
                    onChange={() => void change({ digits })}
                    data-testid={`display-digits-${digits}`}
                  />
                  {t(`display.digitOptions.${digits}`)}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
      )}
    </section>
  );
}
