import type { AttachedMedia } from '@nashr/contracts';
import { MAX_FIRST_COMMENT_LENGTH, MAX_POST_LENGTH, type ScheduledPost } from '@nashr/contracts';
import { useNavigate } from '@tanstack/react-router';
import { addDays } from 'date-fns';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ScheduleRefused, useSchedulePost } from '../../lib/api/posts';
import { errorText } from '../../lib/error-text';
import { dateInputValue, formatClock, formatDay } from '../../lib/format';
import { textProblemText } from '../../lib/text-problem';
import { browserTimeZone, calendarDate } from '../../lib/time-zone';
import { useConfirmedClose } from '../../lib/use-confirmed-close';
import { useKeptForm } from '../../lib/use-kept-form';
import { useOneAtATime } from '../../lib/use-one-at-a-time';
import { DialogFrame } from '../../ui/dialog-frame';
import { DiscardChangesDialog } from '../../ui/discard-changes-dialog';
import { FeedPreview } from './feed-preview';
import { FirstCommentField } from './first-comment-field';
import { useLastPostAs } from './last-post-as';
import { MediaPicker } from './media-picker';
import { PostAsField } from './post-as-field';
import {
  FormActions,
  FormProblem,
  PostContentField,
  PostForm,
  type PostFormValues,
  postFormSchema,
  ScheduleFields,
} from './post-form-fields';
import { usePostImages } from './use-post-images';

export interface ScheduleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Text to start from, e.g. the composer's draft ('Schedule for later'). */
  defaultContent?: string;
  /** First comment to start from (the composer's). */
  defaultFirstComment?: string;
  /** The server draft being scheduled: the server deletes it once the post is scheduled. */
  draftId?: string | null;
  /** Images to start from (the composer's), scheduled with the post in order; more can be added here. */
  media?: AttachedMedia[];
  /** Day to start from (YYYY-MM-DD), e.g. the day picked in the calendar. */
  defaultDate?: string;
  /** Whom to post as to start from (the composer's choice): a company page's identity, '' for the member; the one last used when left out. */
  defaultIdentity?: string;
  onScheduled?: (post: ScheduledPost) => void;
}

/** Most of a year: the posts service accepts posts up to 365 days ahead. */
const MAX_DAYS_AHEAD = 365;

/** 'Schedule New Post' (spec sections 2, 5 and 8): content, date and time, then Cancel or Schedule. */
export function ScheduleDialog(props: ScheduleDialogProps) {
  const { t } = useTranslation('posts');
  const [busy, setBusy] = useState(false);
  const guard = useConfirmedClose(() => props.onOpenChange(false));
  return (
    <>
      <DialogFrame
        open={props.open}
        onOpenChange={(open) => (open ? props.onOpenChange(true) : guard.requestClose())}
        title={t('schedule.title')}
        description={t('schedule.description', { zone: browserTimeZone().replaceAll('_', ' ') })}
        closeLabel={t('schedule.close')}
        testId="schedule-dialog"
        busy={busy}
      >
        {/* Mounted only while open, so every opening starts from the given defaults. */}
        <ScheduleForm {...props} onBusyChange={setBusy} reportDirty={guard.reportDirty} onCancel={guard.requestClose} />
      </DialogFrame>
      <DiscardChangesDialog {...guard.question} />
    </>
  );
}

function ScheduleForm({
  onOpenChange,
  defaultContent = '',
  defaultFirstComment = '',
  draftId,
  media = [],
  defaultDate = '',
  defaultIdentity,
  onScheduled,
  onBusyChange,
  reportDirty,
  onCancel,
}: ScheduleDialogProps & {
  onBusyChange: (busy: boolean) => void;
  reportDirty: (dirty: boolean) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('posts');
  const id = useId();
  const schedule = useSchedulePost();
  const navigate = useNavigate();
  // A new post typed here is kept as it is typed; one from the composer or a draft is kept there.
  const kept = useKeptForm(!defaultContent && !draftId ? 'schedule' : null, postFormSchema, {
    content: defaultContent,
    firstComment: defaultFirstComment,
    date: defaultDate,
    time: '',
  });
  const { content, firstComment, date, time } = kept.values;
  const set = (field: keyof PostFormValues) => (value: string) => kept.setValues((v) => ({ ...v, [field]: value }));
  const [setContent, setFirstComment, setDate, setTime] = [
    set('content'),
    set('firstComment'),
    set('date'),
    set('time'),
  ];
  const images = usePostImages(media);
  const [problem, setProblem] = useState<string | null>(null);
  // '' is the member; a company page's identity otherwise: the one given, else the one last used.
  const lastPostAs = useLastPostAs();
  const [chosenPostAs, setPostAs] = useState(defaultIdentity ?? null);
  const postAs = chosenPostAs ?? lastPostAs.last;
  // One scheduling per opening of the dialog, however often Schedule is pressed or retried.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const today = calendarDate();
  const dirty =
    content.trim() !== defaultContent.trim() ||
    firstComment.trim() !== defaultFirstComment.trim() ||
    date !== defaultDate ||
    time !== '' ||
    images.changed;
  reportDirty(dirty);
  const length = content.trim().length;

  const oneAtATime = useOneAtATime();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void oneAtATime(submit);
  };

  const submit = async () => {
    // Schedule waits for the images still uploading (its button is disabled meanwhile).
    if (images.uploading) return;
    if (!content.trim() || !date || !time) {
      setProblem(t('schedule.fillAllFields'));
      return;
    }
    if (firstComment.trim().length > MAX_FIRST_COMMENT_LENGTH) {
      setProblem(
        t('errors:post.first_comment_too_long', {
          limit: MAX_FIRST_COMMENT_LENGTH,
          length: firstComment.trim().length,
        }),
      );
      return;
    }
    if (length > MAX_POST_LENGTH) {
      setProblem(t('schedule.tooLong', { count: MAX_POST_LENGTH }));
      return;
    }
    const unsafe = textProblemText(content);
    if (unsafe) {
      setProblem(unsafe);
      return;
    }
    setProblem(null);
    onBusyChange(true);
    try {
      const { post } = await schedule.mutateAsync({
        content: content.trim(),
        date,
        time,
        idempotencyKey,
        firstComment: firstComment.trim(),
        draftId,
        mediaIds: images.ids,
        ...(postAs ? { identity: postAs } : {}),
      });
      toast.success(t('schedule.success'), {
        description: t('schedule.goesOut', {
          date: formatDay(post.scheduledAt, i18n.language, 'full'),
          time: formatClock(post.scheduledAt, i18n.language),
          zone: browserTimeZone().replaceAll('_', ' '),
        }),
        action: { label: t('schedule.view'), onClick: () => void navigate({ to: '/posts' }) },
      });
      kept.done();
      lastPostAs.remember(postAs);
      onScheduled?.(post);
      onOpenChange(false);
    } catch (error) {
      // A refusal carries the server's reason (a past time, a daylight-saving gap...) as its code;
      // any other failure is the spec's words, with what went wrong (offline, timed out) beneath.
      if (error instanceof ScheduleRefused) toast.error(errorText(error));
      else toast.error(t('schedule.error'), { description: errorText(error) });
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
      <PostAsField id={id} value={postAs} onChange={setPostAs} disabled={busy} />
      <FirstCommentField id={id} value={firstComment} onChange={setFirstComment} disabled={busy} />
      <MediaPicker id={id} media={images.media} controls={images.controls} disabled={busy} />
      <FeedPreview text={content} firstComment={firstComment} media={images.media} />
      <FormProblem message={problem} testId="schedule-problem" />
      <FormActions
        busy={busy}
        waiting={images.uploading}
        onCancel={onCancel}
        cancelLabel={t('schedule.cancel')}
        submitLabel={t('schedule.submit')}
        submittingLabel={t('schedule.submitting')}
      />
    </PostForm>
  );
}
