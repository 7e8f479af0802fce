import { MAX_POST_LENGTH } from '@nashr/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type PostView, useUpdatePost } from '../../api/posts';
import { DialogFrame } from './dialog-frame';
import { FormActions, FormProblem, PostContentField, PostForm, ScheduleFields } from './post-form-fields';
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
    <PostForm onSubmit={onSubmit}>
      <PostContentField
        id={id}
        label={t('edit.content')}
        value={content}
        onChange={setContent}
        disabled={busy}
        missing={length === 0}
        rows={7}
        minHeightClass="min-h-40"
      />
      <fieldset className="rounded-xl border border-slate-200 p-4">
        <legend className="px-1 text-sm font-medium text-slate-700">{t('edit.when')}</legend>
        <ScheduleFields
          id={id}
          grouped
          disabled={busy}
          date={{ label: t('edit.date'), value: date, onChange: setDate }}
          time={{ label: t('edit.time'), value: time, onChange: setTime }}
        />
        {post.status === 'failed' && <p className="mt-2 text-xs text-slate-500">{t('edit.failedNote')}</p>}
      </fieldset>
      <FormProblem message={problem} />
      <FormActions
        busy={busy}
        onCancel={onClose}
        cancelLabel={t('edit.cancel')}
        submitLabel={t('edit.submit')}
        submittingLabel={t('edit.submitting')}
      />
    </PostForm>
  );
}
