import { MAX_FIRST_COMMENT_LENGTH, MAX_POST_LENGTH } from '@nashr/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type PostView, useUpdatePost } from '../../lib/api/posts';
import { errorText } from '../../lib/error-text';
import { dateInputValue, timeInputValue } from '../../lib/format';
import { textProblemText } from '../../lib/text-problem';
import { useConfirmedClose } from '../../lib/use-confirmed-close';
import { useKeptForm } from '../../lib/use-kept-form';
import { useOneAtATime } from '../../lib/use-one-at-a-time';
import { DialogFrame } from '../../ui/dialog-frame';
import { DiscardChangesDialog } from '../../ui/discard-changes-dialog';
import {
  FeedPreview,
  FirstCommentField,
  FormActions,
  FormProblem,
  MediaPicker,
  PostContentField,
  PostForm,
  type PostFormValues,
  postFormSchema,
  ScheduleFields,
  usePostImages,
} from '../post-editor';

/**
 * 'Edit Post' (spec section 2), wired for real: new text, and a new date and time to reschedule
 * (the delayed job moves with it on the server).
 */
export function EditPostDialog({ post, onClose }: { post: PostView | null; onClose: () => void }) {
  const { t } = useTranslation('posts');
  const [busy, setBusy] = useState(false);
  const guard = useConfirmedClose(onClose);
  return (
    <>
      <DialogFrame
        open={post !== null}
        onOpenChange={(open) => !open && guard.requestClose()}
        title={t('edit.title')}
        description={t('edit.description')}
        closeLabel={t('edit.close')}
        testId="edit-post-dialog"
        busy={busy}
      >
        {post && (
          <EditForm
            key={`${post.id}:${post.version}`}
            post={post}
            onClose={onClose}
            onCancel={guard.requestClose}
            onBusyChange={setBusy}
            reportDirty={guard.reportDirty}
          />
        )}
      </DialogFrame>
      <DiscardChangesDialog {...guard.question} />
    </>
  );
}

function EditForm({
  post,
  onClose,
  onCancel,
  onBusyChange,
  reportDirty,
}: {
  post: PostView;
  onClose: () => void;
  onCancel: () => void;
  onBusyChange: (busy: boolean) => void;
  reportDirty: (dirty: boolean) => void;
}) {
  const { t } = useTranslation('posts');
  const id = useId();
  const update = useUpdatePost();
  const initialDate = dateInputValue(post.scheduledAt);
  const initialTime = timeInputValue(post.scheduledAt);
  const initialComment = post.firstComment ?? '';
  // Kept in the browser per post version: a newer version on the server makes the kept edit moot.
  const kept = useKeptForm(`edit:${post.id}:${post.version}`, postFormSchema, {
    content: post.content,
    firstComment: initialComment,
    date: initialDate,
    time: initialTime,
  });
  const { content, firstComment, date, time } = kept.values;
  const set = (field: keyof PostFormValues) => (value: string) => kept.setValues((v) => ({ ...v, [field]: value }));
  const [setContent, setFirstComment, setDate, setTime] = [
    set('content'),
    set('firstComment'),
    set('date'),
    set('time'),
  ];
  const [problem, setProblem] = useState<string | null>(null);
  const images = usePostImages(post.media ?? []);
  const mediaChanged = images.changed;
  const length = content.trim().length;
  const commentChanged = firstComment.trim() !== initialComment;
  const dirty =
    content.trim() !== post.content || commentChanged || mediaChanged || date !== initialDate || time !== initialTime;
  reportDirty(dirty);

  const oneAtATime = useOneAtATime();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void oneAtATime(submit);
  };

  const submit = async () => {
    const text = content.trim();
    const contentChanged = text !== post.content;
    const timeChanged = date !== initialDate || time !== initialTime;
    if (!text) return setProblem(t('edit.contentRequired'));
    if (length > MAX_POST_LENGTH) {
      return setProblem(t('schedule.tooLong', { count: MAX_POST_LENGTH }));
    }
    if (!date || !time) return setProblem(t('edit.dateAndTime'));
    const unsafe = textProblemText(text);
    if (unsafe) return setProblem(unsafe);
    if (firstComment.trim().length > MAX_FIRST_COMMENT_LENGTH) {
      return setProblem(
        t('errors:post.first_comment_too_long', {
          limit: MAX_FIRST_COMMENT_LENGTH,
          length: firstComment.trim().length,
        }),
      );
    }
    if (images.uploading) return;
    if (!contentChanged && !timeChanged && !commentChanged && !mediaChanged) return setProblem(t('edit.unchanged'));
    setProblem(null);
    onBusyChange(true);
    try {
      const { rescheduled } = await update.mutateAsync({
        post,
        content: contentChanged ? text : undefined,
        firstComment: commentChanged ? firstComment.trim() : undefined,
        mediaIds: mediaChanged ? images.ids : undefined,
        // Sent only when moved: an unchanged time in the past (a failed post) would be refused.
        ...(timeChanged ? { date, time } : {}),
      });
      kept.done();
      toast.success(t(rescheduled ? 'server.rescheduled' : 'server.updated'));
      onClose();
    } catch (error) {
      toast.error(errorText(error));
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
      <FirstCommentField id={id} value={firstComment} onChange={setFirstComment} disabled={busy} />
      <MediaPicker id={id} media={images.media} controls={images.controls} disabled={busy} />
      <FeedPreview text={content} firstComment={firstComment} media={images.media} />
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
        waiting={images.uploading}
        onCancel={onCancel}
        cancelLabel={t('edit.cancel')}
        submitLabel={t('edit.submit')}
        submittingLabel={t('edit.submitting')}
      />
    </PostForm>
  );
}
