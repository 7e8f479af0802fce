import {
  MAX_QUEUE_SLOTS,
  QUEUE_ERROR_CODES,
  type QueueSlot,
  queueSlotSchema,
  sortQueueSlots,
  WEEKDAYS,
} from '@nashr/contracts';
import { Link } from '@tanstack/react-router';
import { Clock, ListOrdered, Plus, Sparkles, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { BEST_TIMES_ANCHOR } from '../../lib/analytics';
import { useBestTimes } from '../../lib/api/analytics';
import { ApiError } from '../../lib/api/client';
import { useQueue, useSaveQueue } from '../../lib/api/queue';
import { errorText } from '../../lib/error-text';
import { formatClock, formatDay, formatWeekday } from '../../lib/format';
import { browserTimeZone } from '../../lib/time-zone';
import { useSchemaForm } from '../../lib/use-schema-form';
import { Button } from '../../ui/button';
import { FieldProblem } from '../../ui/field-problem';
import { Spinner } from '../../ui/spinner';
import { TimeField } from '../../ui/time-field';

/** 4 January 2026 was a Sunday: day `weekday` of that week names the weekday in any language. */
const dayOfWeek = (weekday: number, time = '00:00') => {
  const [hours, minutes] = time.split(':').map(Number);
  return new Date(2026, 0, 4 + weekday, hours ?? 0, minutes ?? 0);
};

const sameSlot = (a: QueueSlot, b: QueueSlot) => a.weekday === b.weekday && a.time === b.time;

function SlotLabel({ slot }: { slot: QueueSlot }) {
  const { i18n } = useTranslation();
  const at = dayOfWeek(slot.weekday, slot.time);
  return (
    <>
      <span className="font-medium text-ink">{formatWeekday(at, i18n.language, 'long')}</span>{' '}
      <span className="text-slate-600" dir="auto">
        {formatClock(at, i18n.language)}
      </span>
    </>
  );
}

/**
 * The posting queue's weekly times (settings): add and remove slots, or take the suggested ones.
 * 'Add to queue' in the composer puts a post in the next free one.
 */
export function PostingQueueSection() {
  const { t, i18n } = useTranslation('posts');
  const id = useId();
  const queue = useQueue();
  const save = useSaveQueue();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(queueSlotSchema, { defaultValues: { weekday: 0, time: '09:00' } });
  /** What the last change could not do: a time already in the queue, or the server's refusal. */
  const [refusal, setRefusal] = useState<string | null>(null);
  // The slot's rule in words: a time is whole (hour and minute) before it is added.
  const problem = errors.time ? t('queue.pickTime') : refusal;
  const data = queue.data;
  const slots = data?.slots ?? [];
  const zone = (data?.timeZone ?? browserTimeZone()).replaceAll('_', ' ');
  // The best times from the user's own history (or the region's defaults), as weekly slots on the hour.
  const bestTimes = useBestTimes();
  const bestSlots = (bestTimes.data?.best ?? [])
    .map((best) => ({ weekday: best.weekday, time: `${String(best.hour).padStart(2, '0')}:00` }))
    .filter((slot) => !slots.some((s) => sameSlot(s, slot)));
  // An empty queue already offers suggested times: the best ones are offered once it has some.
  const canAddBest = slots.length > 0 && bestSlots.length > 0 && slots.length + bestSlots.length <= MAX_QUEUE_SLOTS;

  const store = async (next: QueueSlot[], done: string) => {
    setRefusal(null);
    try {
      const saved = await save.mutateAsync(sortQueueSlots(next));
      toast.success(saved.rescheduled ? t('queue.savedMoved', { count: saved.rescheduled }) : done);
    } catch (error) {
      // Times too few for the posts already queued: say so here, not as 'the queue is full'.
      const queued = error instanceof ApiError && error.code === QUEUE_ERROR_CODES.full ? error.params.queued : null;
      setRefusal(typeof queued === 'number' ? t('queue.tooFew', { count: queued }) : errorText(error));
    }
  };

  const add = handleSubmit((slot) => {
    if (slots.some((s) => sameSlot(s, slot))) return setRefusal(t('queue.already'));
    void store([...slots, slot], t('queue.saved'));
  });

  return (
    <section
      id="queue"
      aria-labelledby={`${id}-title`}
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      data-testid="posting-queue"
      aria-busy={queue.isPending || save.isPending}
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold text-ink">
        <ListOrdered aria-hidden="true" className="size-5 text-brand-600" />
        {t('queue.title')}
        {save.isPending && <Spinner className="size-4 border-2" />}
      </h2>
      <p className="mt-1 text-sm leading-6 text-slate-600">{t('queue.description', { zone })}</p>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
        <Link
          to="/dashboard"
          hash={BEST_TIMES_ANCHOR}
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
          data-testid="posting-queue-best-times"
        >
          <Clock aria-hidden="true" className="size-4" />
          {t('queue.bestTimesLink')}
        </Link>
        {data && canAddBest && (
          <button
            type="button"
            className="inline-flex items-center gap-2 rounded-lg border border-brand-200 bg-brand-50 px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-100 disabled:opacity-50"
            disabled={save.isPending}
            onClick={() => void store([...slots, ...bestSlots], t('queue.saved'))}
            data-testid="posting-queue-add-best"
          >
            <Sparkles aria-hidden="true" className="size-4" />
            {t('queue.addBestTimes', { count: bestSlots.length })}
          </button>
        )}
      </div>

      {queue.isError ? (
        <div className="mt-4 flex flex-wrap items-center gap-3 text-sm text-red-700" role="alert">
          {t('queue.loadFailed')}
          <Button variant="secondary" size="sm" onClick={() => void queue.refetch()}>
            {t('queue.retry')}
          </Button>
        </div>
      ) : !data ? (
        <div className="mt-6 flex justify-center" data-testid="posting-queue-loading">
          <Spinner label={t('queue.loading')} />
        </div>
      ) : (
        <div className="mt-4 flex flex-col gap-5">
          {slots.length === 0 ? (
            <div className="rounded-xl border border-dashed border-slate-300 p-4" data-testid="posting-queue-empty">
              <p className="font-medium text-ink">{t('queue.empty')}</p>
              <p className="mt-1 text-sm text-slate-600">{t('queue.suggestedIntro')}</p>
              <ul className="mt-3 flex flex-wrap gap-2" aria-label={t('queue.suggestedLabel')}>
                {data.suggested.map((slot) => (
                  <li
                    key={`${slot.weekday}-${slot.time}`}
                    className="rounded-lg bg-slate-50 px-3 py-1.5 text-sm ring-1 ring-slate-200"
                  >
                    <SlotLabel slot={slot} />
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className="mt-3 inline-flex items-center gap-2 rounded-xl border border-brand-200 bg-brand-50 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-100 disabled:opacity-50"
                disabled={save.isPending}
                onClick={() => void store(data.suggested, t('queue.saved'))}
                data-testid="posting-queue-use-suggested"
              >
                <Sparkles aria-hidden="true" className="size-4" />
                {t('queue.useSuggested')}
              </button>
            </div>
          ) : (
            <>
              <ul className="flex flex-col divide-y divide-slate-100" data-testid="posting-queue-slots">
                {slots.map((slot) => (
                  <li
                    key={`${slot.weekday}-${slot.time}`}
                    className="flex items-center justify-between gap-3 py-2 text-sm"
                    data-testid="posting-queue-slot"
                    data-slot={`${slot.weekday}-${slot.time}`}
                  >
                    <span>
                      <SlotLabel slot={slot} />
                    </span>
                    <button
                      type="button"
                      className="rounded-lg p-1.5 text-slate-500 hover:bg-red-50 hover:text-red-700 disabled:opacity-50"
                      aria-label={t('queue.remove', {
                        day: formatWeekday(dayOfWeek(slot.weekday), i18n.language, 'long'),
                        time: formatClock(dayOfWeek(slot.weekday, slot.time), i18n.language),
                      })}
                      disabled={save.isPending}
                      onClick={() =>
                        void store(
                          slots.filter((s) => !sameSlot(s, slot)),
                          t('queue.removed'),
                        )
                      }
                      data-testid="posting-queue-remove"
                    >
                      <X aria-hidden="true" className="size-4" />
                    </button>
                  </li>
                ))}
              </ul>
              {data.nextFreeSlot && (
                <p className="text-sm text-slate-600" data-testid="posting-queue-next">
                  {t('queue.next', {
                    date: formatDay(data.nextFreeSlot, i18n.language, 'full'),
                    time: formatClock(data.nextFreeSlot, i18n.language),
                  })}
                </p>
              )}
            </>
          )}

          {slots.length < MAX_QUEUE_SLOTS ? (
            <form className="flex flex-wrap items-end gap-3" onSubmit={add} data-testid="posting-queue-add">
              <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
                {t('queue.day')}
                <select
                  className="rounded-lg border border-slate-300 bg-white px-3 py-2"
                  {...register('weekday', { valueAsNumber: true })}
                  data-testid="posting-queue-day"
                >
                  {WEEKDAYS.map((day) => (
                    <option key={day} value={day}>
                      {formatWeekday(dayOfWeek(day), i18n.language, 'long')}
                    </option>
                  ))}
                </select>
              </label>
              <div className="flex flex-col gap-1 text-sm font-medium text-slate-800">
                <label id={`${id}-time-label`} htmlFor={`${id}-time`}>
                  {t('queue.time')}
                </label>
                <Controller
                  control={control}
                  name="time"
                  render={({ field }) => (
                    <TimeField
                      id={`${id}-time`}
                      labelId={`${id}-time-label`}
                      value={field.value}
                      onChange={field.onChange}
                      testId="posting-queue-time"
                      selectClass="rounded-lg border border-slate-300 bg-white px-3 py-2 font-normal"
                    />
                  )}
                />
              </div>
              <Button type="submit" disabled={save.isPending} variant="primary" data-testid="posting-queue-add-slot">
                <Plus aria-hidden="true" className="size-4" />
                {t('queue.add')}
              </Button>
            </form>
          ) : (
            <p className="text-sm text-slate-600">{t('queue.fullWeek', { limit: MAX_QUEUE_SLOTS })}</p>
          )}
          <FieldProblem problem={problem} data-testid="posting-queue-problem" />
        </div>
      )}
    </section>
  );
}
