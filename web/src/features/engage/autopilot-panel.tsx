import {
  type Autopilot,
  type EngagePerson,
  SUGGESTION_KINDS,
  type SuggestionKind,
  saveAutopilotRequestSchema,
} from '@nashr/contracts';
import { Bot, Pause, Play, ShieldAlert } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useEngageTargets } from '../../lib/api/engage';
import { codeText, errorText, schemaProblem } from '../../lib/error-text';
import { formatDateTime, formatWeekday } from '../../lib/format';
import { browserTimeZone } from '../../lib/time-zone';
import { Button } from '../../ui/button';
import { FieldProblem } from '../../ui/field-problem';
import { SkeletonStack } from '../../ui/skeleton';
import { TimeField } from '../../ui/time-field';
import { useAutopilot, usePauseAutopilot, useSaveAutopilot } from './engage-autopilot-api';

const field =
  'block w-full min-w-0 rounded-xl border border-slate-300 bg-white px-3 py-2 text-ink shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100';
const label = 'text-sm font-medium text-slate-700';

/** A Sunday, from which the weekday names are read in the interface language (0 = Sunday). */
const SUNDAY = new Date(Date.UTC(2026, 0, 4, 12));
const weekdayOf = (day: number) => new Date(SUNDAY.getTime() + day * 86_400_000);

function timeZones(saved: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([saved, browserTimeZone(), 'UTC', ...known])].sort();
}

interface Form {
  enabled: boolean;
  dailyCap: string;
  start: string;
  end: string;
  days: number[];
  timeZone: string;
  suggestion: SuggestionKind;
  personIds: string[];
}

const formOf = (autopilot: Autopilot): Form => ({
  enabled: autopilot.enabled,
  dailyCap: String(autopilot.dailyCap),
  start: autopilot.hours.start,
  end: autopilot.hours.end,
  days: autopilot.hours.days,
  // Never saved yet: the browser's own zone is the user's.
  timeZone: autopilot.enabled || autopilot.personIds.length > 0 ? autopilot.timeZone : browserTimeZone(),
  suggestion: autopilot.suggestion,
  personIds: autopilot.personIds,
});

/** What autopilot is doing now, in one sentence, with the way out of a stop. */
function AutopilotStatus({
  autopilot,
  onTurnOn,
  pending,
}: {
  autopilot: Autopilot;
  onTurnOn: () => void;
  pending: boolean;
}) {
  const { t, i18n } = useTranslation('engage');
  const when = (iso: string | null) => (iso ? formatDateTime(new Date(iso), i18n.language) : '');
  const tone =
    autopilot.status === 'stopped'
      ? 'border-red-200 bg-red-50 text-red-900'
      : autopilot.status === 'on'
        ? 'border-emerald-200 bg-emerald-50 text-emerald-900'
        : 'border-slate-200 bg-slate-50 text-slate-800';
  return (
    <div className={`mt-3 rounded-xl border p-3 text-sm ${tone}`} role="status" data-testid="autopilot-status">
      <p data-status={autopilot.status}>
        {t(`autopilot.status.${autopilot.status}`, { date: when(autopilot.nextAt), cap: autopilot.dailyCap })}
      </p>
      {autopilot.status === 'on' && autopilot.nextAt && (
        <p className="mt-1">{t('autopilot.status.next', { date: when(autopilot.nextAt) })}</p>
      )}
      {autopilot.enabled && (
        <p className="mt-1" data-testid="autopilot-sent-today">
          {t('autopilot.sentToday', { sent: autopilot.sentToday, cap: autopilot.dailyCap })}
        </p>
      )}
      {autopilot.stopped && (
        <div className="mt-2 space-y-2" data-testid="autopilot-stopped">
          <p>
            {t('autopilot.stoppedAt', { date: when(autopilot.stopped.at) })}{' '}
            {codeText(i18n, autopilot.stopped.code, autopilot.stopped.params)}
          </p>
          <p className="flex flex-wrap items-center gap-2">
            <a href="/billing" className="font-semibold underline">
              {t('autopilot.billing')}
            </a>
            <Button variant="secondary" onClick={onTurnOn} disabled={pending}>
              {t('autopilot.turnOnAgain')}
            </Button>
          </p>
        </div>
      )}
    </div>
  );
}

/** The limits autopilot keeps, and the warning about the network's terms. */
function AutopilotLimits({ autopilot }: { autopilot: Autopilot }) {
  const { t } = useTranslation('engage');
  return (
    <div
      className="mt-3 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="autopilot-warning"
    >
      <p className="flex gap-2 font-medium">
        <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>{t('autopilot.warning')}</span>
      </p>
      <ul className="mt-2 list-disc space-y-1 ps-5">
        <li>{t('autopilot.limits.daily', { count: autopilot.limits.maxDailyCap })}</li>
        <li>
          {t('autopilot.limits.spacing', {
            minutes: t('autopilot.minutes', { count: autopilot.spacing.minMinutes }),
          })}
        </li>
        <li>{t('autopilot.limits.hours')}</li>
        <li>{t('autopilot.limits.once')}</li>
        <li>{t('autopilot.limits.credits')}</li>
      </ul>
    </div>
  );
}

function AutopilotForm({ autopilot, people }: { autopilot: Autopilot; people: EngagePerson[] }) {
  const { t, i18n } = useTranslation('engage');
  const id = useId();
  const save = useSaveAutopilot();
  const pause = usePauseAutopilot();
  const [form, setForm] = useState<Form>(() => formOf(autopilot));
  const [error, setError] = useState<string | null>(null);
  const set = (change: Partial<Form>) => setForm((before) => ({ ...before, ...change }));

  const submit = (enabled = form.enabled) => {
    const request = {
      enabled,
      dailyCap: Number(form.dailyCap),
      hours: { start: form.start, end: form.end, days: form.days },
      timeZone: form.timeZone,
      suggestion: form.suggestion,
      personIds: form.personIds.filter((personId) => people.some((p) => p.id === personId)),
    };
    // The catalogue's rules, said before anything is sent and in the words the service would use:
    // a cap out of range, hours that end before they start, no day chosen.
    const found = schemaProblem(i18n, saveAutopilotRequestSchema, request);
    setError(found);
    if (found) return;
    save.mutate(request, {
      onSuccess: (saved) => {
        setForm(formOf(saved));
        toast.success(t('autopilot.saved'));
      },
      onError: (failure) => setError(errorText(failure)),
    });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  const togglePause = () => pause.mutate(!autopilot.paused, { onError: (failure) => toast.error(errorText(failure)) });

  return (
    <>
      <AutopilotStatus autopilot={autopilot} onTurnOn={() => submit(true)} pending={save.isPending} />
      {autopilot.enabled && autopilot.status !== 'stopped' && (
        <Button
          variant="secondary"
          className="mt-3 w-full"
          onClick={togglePause}
          disabled={pause.isPending}
          data-testid="autopilot-pause"
        >
          {autopilot.paused ? (
            <Play aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          ) : (
            <Pause aria-hidden="true" className="size-4" />
          )}
          {autopilot.paused ? t('autopilot.resume') : t('autopilot.pause')}
        </Button>
      )}
      <AutopilotLimits autopilot={autopilot} />
      <form onSubmit={onSubmit} className="mt-4 space-y-4" noValidate data-testid="autopilot-form">
        <label className="flex items-start gap-2 text-sm font-medium text-ink">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-brand-600"
            checked={form.enabled}
            onChange={(event) => set({ enabled: event.target.checked })}
            data-testid="autopilot-enabled"
          />
          {t('autopilot.enable')}
        </label>

        <fieldset>
          <legend className={label}>{t('autopilot.people')}</legend>
          {people.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600">{t('autopilot.peopleEmpty')}</p>
          ) : (
            <ul className="mt-1 max-h-48 space-y-1 overflow-y-auto pe-1" data-testid="autopilot-people">
              {people.map((person) => (
                <li key={person.id}>
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-4 accent-brand-600"
                      checked={form.personIds.includes(person.id)}
                      onChange={(event) =>
                        set({
                          personIds: event.target.checked
                            ? [...form.personIds, person.id]
                            : form.personIds.filter((personId) => personId !== person.id),
                        })
                      }
                    />
                    <span dir="auto" className="truncate">
                      {person.name}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>

        <div>
          <label htmlFor={`${id}-cap`} className={label}>
            {t('autopilot.cap', { max: autopilot.limits.maxDailyCap })}
          </label>
          <input
            id={`${id}-cap`}
            type="number"
            inputMode="numeric"
            min={autopilot.limits.minDailyCap}
            max={autopilot.limits.maxDailyCap}
            className={`${field} mt-1 w-24`}
            value={form.dailyCap}
            onChange={(event) => set({ dailyCap: event.target.value })}
            data-testid="autopilot-cap"
          />
        </div>

        <fieldset>
          <legend className={label}>{t('autopilot.hours')}</legend>
          <div className="mt-1 flex flex-wrap items-end gap-2">
            {(['start', 'end'] as const).map((edge) => (
              <div key={edge} className="text-xs text-slate-600">
                <label id={`${id}-${edge}-label`} htmlFor={`${id}-${edge}`}>
                  {t(edge === 'start' ? 'autopilot.from' : 'autopilot.to')}
                </label>
                {/* By the minute: the window must be able to end at 23:59. */}
                <TimeField
                  id={`${id}-${edge}`}
                  labelId={`${id}-${edge}-label`}
                  value={form[edge]}
                  onChange={(value) => set({ [edge]: value })}
                  testId={`autopilot-${edge}`}
                  selectClass={`${field} mt-0.5 w-auto`}
                  minuteStep={1}
                />
              </div>
            ))}
          </div>
          <fieldset className="mt-2">
            <legend className="text-xs text-slate-600">{t('autopilot.days')}</legend>
            {/* Each day a row 24 px high at least: small boxes stay far enough apart to press on a phone. */}
            <div className="mt-0.5 flex flex-wrap gap-x-1.5 gap-y-1">
              {[0, 1, 2, 3, 4, 5, 6].map((day) => (
                <label key={day} className="inline-flex min-h-6 items-center gap-1 text-xs">
                  <input
                    type="checkbox"
                    className="size-3.5 accent-brand-600"
                    checked={form.days.includes(day)}
                    onChange={(event) =>
                      set({
                        days: event.target.checked
                          ? [...form.days, day].sort((a, b) => a - b)
                          : form.days.filter((d) => d !== day),
                      })
                    }
                  />
                  {formatWeekday(weekdayOf(day), i18n.language, i18n.language === 'en' ? 'short' : 'long')}
                </label>
              ))}
            </div>
          </fieldset>
          <label htmlFor={`${id}-zone`} className="mt-2 block text-xs text-slate-600">
            {t('autopilot.timeZone')}
          </label>
          <select
            id={`${id}-zone`}
            dir="ltr"
            className={`${field} mt-0.5`}
            value={form.timeZone}
            onChange={(event) => set({ timeZone: event.target.value })}
            data-testid="autopilot-zone"
          >
            {timeZones(form.timeZone).map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        </fieldset>

        <fieldset>
          <legend className={label}>{t('autopilot.suggestion')}</legend>
          <div className="mt-1 flex flex-wrap gap-3">
            {SUGGESTION_KINDS.map((kind) => (
              <label key={kind} className="inline-flex items-center gap-1.5 text-sm">
                <input
                  type="radio"
                  name={`${id}-suggestion`}
                  className="size-4 accent-brand-600"
                  checked={form.suggestion === kind}
                  onChange={() => set({ suggestion: kind })}
                />
                {t(`suggestions.kind.${kind}`)}
              </label>
            ))}
          </div>
          <p className="mt-1 text-xs text-slate-600" data-testid="autopilot-rule">
            {t('autopilot.rule', { kind: t(`suggestions.kind.${form.suggestion}`) })}
          </p>
        </fieldset>

        <FieldProblem problem={error} data-testid="autopilot-error" />
        <Button
          type="submit"
          variant="primary"
          className="w-full"
          disabled={save.isPending}
          data-testid="autopilot-save"
        >
          {save.isPending ? t('autopilot.saving') : t('autopilot.save')}
        </Button>
      </form>
    </>
  );
}

/** Above the history: autopilot stopped by itself (no credits), why, and where to get more. */
export function AutopilotStopNotice() {
  const { t, i18n } = useTranslation('engage');
  const autopilot = useAutopilot();
  const stopped = autopilot.data?.enabled ? autopilot.data.stopped : null;
  if (!stopped) return null;
  return (
    <p
      role="status"
      className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900"
      data-testid="autopilot-stop-notice"
    >
      {t('autopilot.stoppedNotice', { date: formatDateTime(new Date(stopped.at), i18n.language) })}{' '}
      {codeText(i18n, stopped.code, stopped.params)}{' '}
      <a href="/billing" className="font-semibold underline">
        {t('autopilot.billing')}
      </a>
    </p>
  );
}

/**
 * Autopilot: off unless the user turns it on. It sends the chosen prepared suggestion on posts of
 * the chosen people, within the cap, spacing and working hours the panel states with the warning.
 */
export function AutopilotPanel() {
  const { t } = useTranslation('engage');
  const autopilot = useAutopilot();
  const targets = useEngageTargets();
  return (
    <section aria-labelledby="engage-autopilot" data-testid="autopilot">
      <h2 id="engage-autopilot" className="flex items-center gap-2 font-semibold">
        <Bot aria-hidden="true" className="size-4" />
        {t('autopilot.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('autopilot.intro')}</p>
      {autopilot.isPending || targets.isPending ? (
        <SkeletonStack className="mt-3 space-y-2" items={['h-10 w-full', 'h-24 w-full']} />
      ) : autopilot.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {errorText(autopilot.error)}
        </p>
      ) : (
        <AutopilotForm autopilot={autopilot.data} people={targets.data?.people ?? []} />
      )}
    </section>
  );
}
