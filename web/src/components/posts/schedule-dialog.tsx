import { MAX_POST_LENGTH, type ScheduledPost } from '@nashr/contracts';
import { addDays } from 'date-fns';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { browserTimeZone, ScheduleRefused, useSchedulePost } from '../../api/posts';
import { DialogFrame } from './dialog-frame';
import { FormActions, FormProblem, PostContentField, PostForm, ScheduleFields } from './post-form-fields';
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
    <PostForm onSubmit={onSubmit}>
      <PostContentField
        id={id}
        label={t('schedule.content')}
        value={content}
        onChange={setContent}
        disabled={busy}
        missing={missing(content)}
        rows={6}
        minHeightClass="min-h-36"
        placeholder={t('schedule.placeholder')}
      />
      <ScheduleFields
        id={id}
        disabled={busy}
        date={{
          label: t('schedule.date'),
          value: date,
          onChange: setDate,
          invalid: missing(date),
          min: dateInputValue(today),
          max: dateInputValue(addDays(today, MAX_DAYS_AHEAD)),
        }}
        time={{ label: t('schedule.time'), value: time, onChange: setTime, invalid: missing(time) }}
      />
      <FormProblem message={problem} testId="schedule-problem" />
      <FormActions
        busy={busy}
        onCancel={() => onOpenChange(false)}
        cancelLabel={t('schedule.cancel')}
        submitLabel={t('schedule.submit')}
        submittingLabel={t('schedule.submitting')}
      />
    </PostForm>
  );
}
