import { MAX_POST_LENGTH } from '@nashr/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type PostView, useUpdatePost } from '../../api/posts';
import { Spinner } from '../spinner';
import { DialogFrame, fieldClass, primaryButtonClass, secondaryButtonClass } from './dialog-frame';
import { LengthCounter } from './length-counter';
import { dateInputValue, timeInputValue } from './post-time';
import { errorText, translateServerMessage } from './server-message';

/**
 * 'Edit Post' (spec section 2), wired for real: new text, and a new date and time to reschedule
 * (the delayed job moves with it on the server).
 */
export function EditPostDialog({ post, onClose }: { post: PostView | null; onClose: () => void }) {
  const { t } = useTranslation('posts');
  const [busy, setBusy] = useState(false);
  return (
    <DialogFrame
      open={post !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('edit.title')}
      description={t('edit.description')}
      closeLabel={t('edit.close')}
      testId="edit-post-dialog"
      busy={busy}
    >
      {post && <EditForm key={`${post.id}:${post.version}`} post={post} onClose={onClose} onBusyChange={setBusy} />}
    </DialogFrame>
  );
}

function EditForm({
  post,
  onClose,
  onBusyChange,
}: {
  post: PostView;
  onClose: () => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const { t, i18n } = useTranslation('posts');
  const id = useId();
  const update = useUpdatePost();
  const initialDate = dateInputValue(post.scheduledAt);
  const initialTime = timeInputValue(post.scheduledAt);
  const [content, setContent] = useState(post.content);
  const [date, setDate] = useState(initialDate);
  const [time, setTime] = useState(initialTime);
  const [problem, setProblem] = useState<string | null>(null);
  const length = content.trim().length;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const text = content.trim();
    const contentChanged = text !== post.content;
    const timeChanged = date !== initialDate || time !== initialTime;
    if (!text) return setProblem(t('edit.contentRequired'));
    if (length > MAX_POST_LENGTH) {
      return setProblem(t('schedule.tooLong', { max: MAX_POST_LENGTH.toLocaleString(i18n.language) }));
    }
    if (!date || !time) return setProblem(t('edit.dateAndTime'));
    if (!contentChanged && !timeChanged) return setProblem(t('edit.unchanged'));
    setProblem(null);
    onBusyChange(true);
    try {
      const { message } = await update.mutateAsync({
        post,
        content: contentChanged ? text : undefined,
        // Sent only when moved: an unchanged time in the past (a failed post) would be refused.
        ...(timeChanged ? { date, time } : {}),
      });
      toast.success(translateServerMessage(message ?? '', t) || t('server.updated'));
      onClose();
    } catch (error) {
      toast.error(errorText(error, t, 'edit.failed'));
    } finally {
      onBusyChange(false);
    }
  };

  const busy = update.isPending;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4 px-5 py-5 sm:px-6">
      <div>
        <label htmlFor={`${id}-content`} className="mb-1.5 block text-sm font-medium text-slate-700">
          {t('edit.content')}
        </label>
        <textarea
          id={`${id}-content`}
          name="content"
          dir="auto"
          rows={7}
          value={content}
          disabled={busy}
          aria-invalid={length === 0 || length > MAX_POST_LENGTH}
          aria-describedby={`${id}-counter`}
          onChange={(event) => setContent(event.target.value)}
          className={`${fieldClass} min-h-40 resize-y leading-relaxed`}
        />
        <LengthCounter id={`${id}-counter`} length={length} />
      </div>
      <fieldset className="rounded-xl border border-slate-200 p-4">
        <legend className="px-1 text-sm font-medium text-slate-700">{t('edit.when')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-date`} className="mb-1 block text-xs font-medium text-slate-500">
              {t('edit.date')}
            </label>
            <input
              id={`${id}-date`}
              name="date"
              type="date"
              value={date}
              disabled={busy}
              onChange={(event) => setDate(event.target.value)}
              className={fieldClass}
            />
          </div>
          <div>
            <label htmlFor={`${id}-time`} className="mb-1 block text-xs font-medium text-slate-500">
              {t('edit.time')}
            </label>
            <input
              id={`${id}-time`}
              name="time"
              type="time"
              value={time}
              disabled={busy}
              onChange={(event) => setTime(event.target.value)}
              className={fieldClass}
            />
          </div>
        </div>
        {post.status === 'failed' && <p className="mt-2 text-xs text-slate-500">{t('edit.failedNote')}</p>}
      </fieldset>
      {problem && (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-2.5 text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
        <button type="button" disabled={busy} onClick={onClose} className={secondaryButtonClass}>
          {t('edit.cancel')}
        </button>
        <button type="submit" disabled={busy} className={primaryButtonClass}>
          {busy && <Spinner className="size-4 border-2" />}
          {busy ? t('edit.submitting') : t('edit.submit')}
        </button>
      </div>
    </form>
  );
}
