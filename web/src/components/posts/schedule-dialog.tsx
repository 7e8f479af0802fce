import { MAX_POST_LENGTH, type ScheduledPost } from '@nashr/contracts';
import { addDays } from 'date-fns';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { browserTimeZone, ScheduleRefused, useSchedulePost } from '../../api/posts';
import { Spinner } from '../spinner';
import { DialogFrame, fieldClass, primaryButtonClass, secondaryButtonClass } from './dialog-frame';
import { LengthCounter } from './length-counter';
import { dateInputValue } from './post-time';
import { translateServerMessage } from './server-message';

export interface ScheduleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Text to start from, e.g. the composer's draft ('Schedule for later'). */
  defaultContent?: string;
  /** Day to start from (YYYY-MM-DD), e.g. the day picked in the calendar. */
  defaultDate?: string;
  onScheduled?: (post: ScheduledPost) => void;
}

/** Most of a year: the posts service accepts posts up to 365 days ahead. */
const MAX_DAYS_AHEAD = 365;

/** 'Schedule New Post' (spec sections 2, 5 and 8): content, date and time, then Cancel or Schedule. */
export function ScheduleDialog(props: ScheduleDialogProps) {
  const { t } = useTranslation('posts');
  const [busy, setBusy] = useState(false);
  return (
    <DialogFrame
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={t('schedule.title')}
      description={t('schedule.description', { zone: browserTimeZone().replaceAll('_', ' ') })}
      closeLabel={t('schedule.close')}
      testId="schedule-dialog"
      busy={busy}
    >
      {/* Mounted only while open, so every opening starts from the given defaults. */}
      <ScheduleForm {...props} onBusyChange={setBusy} />
    </DialogFrame>
  );
}

function ScheduleForm({
  onOpenChange,
  defaultContent = '',
  defaultDate = '',
  onScheduled,
  onBusyChange,
}: ScheduleDialogProps & { onBusyChange: (busy: boolean) => void }) {
  const { t, i18n } = useTranslation('posts');
  const id = useId();
  const schedule = useSchedulePost();
  const [content, setContent] = useState(defaultContent);
  const [date, setDate] = useState(defaultDate);
  const [time, setTime] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const today = new Date();
  const length = content.trim().length;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!content.trim() || !date || !time) {
      setProblem(t('schedule.fillAllFields'));
      return;
    }
    if (length > MAX_POST_LENGTH) {
      setProblem(t('schedule.tooLong', { max: MAX_POST_LENGTH.toLocaleString(i18n.language) }));
      return;
    }
    setProblem(null);
    onBusyChange(true);
    try {
      const { message, post } = await schedule.mutateAsync({ content: content.trim(), date, time });
      toast.success(translateServerMessage(message, t));
      onScheduled?.(post);
      onOpenChange(false);
    } catch (error) {
      // A refusal carries the server's reason (a past time, a daylight-saving gap...).
      toast.error(error instanceof ScheduleRefused ? translateServerMessage(error.message, t) : t('schedule.error'));
    } finally {
      onBusyChange(false);
    }
  };

  const busy = schedule.isPending;
  const missing = (value: string) => problem !== null && !value.trim();

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4 px-5 py-5 sm:px-6">
      <div>
        <label htmlFor={`${id}-content`} className="mb-1.5 block text-sm font-medium text-slate-700">
          {t('schedule.content')}
        </label>
        <textarea
          id={`${id}-content`}
          name="content"
          dir="auto"
          rows={6}
          value={content}
          disabled={busy}
          placeholder={t('schedule.placeholder')}
          aria-invalid={missing(content) || length > MAX_POST_LENGTH}
          aria-describedby={`${id}-counter`}
          onChange={(event) => setContent(event.target.value)}
          className={`${fieldClass} min-h-36 resize-y leading-relaxed`}
        />
        <LengthCounter id={`${id}-counter`} length={length} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-date`} className="mb-1.5 block text-sm font-medium text-slate-700">
            {t('schedule.date')}
          </label>
          <input
            id={`${id}-date`}
            name="date"
            type="date"
            value={date}
            min={dateInputValue(today)}
            max={dateInputValue(addDays(today, MAX_DAYS_AHEAD))}
            disabled={busy}
            aria-invalid={missing(date)}
            onChange={(event) => setDate(event.target.value)}
            className={fieldClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-time`} className="mb-1.5 block text-sm font-medium text-slate-700">
            {t('schedule.time')}
          </label>
          <input
            id={`${id}-time`}
            name="time"
            type="time"
            value={time}
            disabled={busy}
            aria-invalid={missing(time)}
            onChange={(event) => setTime(event.target.value)}
            className={fieldClass}
          />
        </div>
      </div>
      {problem && (
        <p
          role="alert"
          data-testid="schedule-problem"
          className="rounded-xl bg-red-50 px-4 py-2.5 text-sm font-medium text-red-700"
        >
          {problem}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
        <button type="button" disabled={busy} onClick={() => onOpenChange(false)} className={secondaryButtonClass}>
          {t('schedule.cancel')}
        </button>
        <button type="submit" disabled={busy} className={primaryButtonClass}>
          {busy && <Spinner className="size-4 border-2" />}
          {busy ? t('schedule.submitting') : t('schedule.submit')}
        </button>
      </div>
    </form>
  );
}
