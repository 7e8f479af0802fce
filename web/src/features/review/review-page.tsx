import {
  type ActivityEntry,
  addReviewCommentRequestSchema,
  isDocumentType,
  MAX_REVIEW_COMMENT_LENGTH,
  type PostDraft,
  REVIEW_ERROR_CODES,
  REVIEW_SUBMIT_ROLE,
  REVIEWER_ROLE,
  type ReviewComment,
  roleAtLeast,
  type WorkspaceMember,
} from '@nashr/contracts';
import { Link, useParams, useSearch } from '@tanstack/react-router';
import { ArrowRight, Check, FilePenLine, MessageSquareReply, Undo2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api/client';
import { mediaUrl } from '../../lib/api/media';
import {
  type DraftReview,
  useAddReviewComment,
  useApproveDraft,
  useDraftReview,
  useRequestChanges,
} from '../../lib/api/review';
import { codeText, errorText } from '../../lib/error-text';
import { formatDateTime, formatNumber } from '../../lib/format';
import { queriesTogether } from '../../lib/queries-together';
import { refuseTrimmedText, useSchemaForm } from '../../lib/use-schema-form';
import { DialogFrame, fieldClass, primaryButtonClass, secondaryButtonClass } from '../../ui/dialog-frame';
import { FieldProblem, fieldProblemProps } from '../../ui/field-problem';
import { LoadError } from '../../ui/load-error';
import { Spinner } from '../../ui/spinner';
import { useComposer } from '../composer';
import { useMembersHere, useRoleHere, useWorkInLinked } from '../workspaces';
import { ActivityEntries, useWhoIs, type WhoIs } from './activity-list';
import { MentionBox, mentionsIn } from './mention-box';
import { CommentCount, ReviewStateBadge } from './review-state-badge';
import { SendForReviewButton, sendsForReview } from './send-for-review';

const card = 'rounded-3xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5';
const smallButton =
  'inline-flex items-center justify-center gap-1.5 rounded-xl px-3 py-2 text-sm font-semibold transition disabled:cursor-not-allowed disabled:opacity-50';

/** The refusal of a step taken on a version someone saved over since, or in a state it no longer is. */
const isOutdated = (error: unknown) =>
  error instanceof ApiError &&
  (error.code === REVIEW_ERROR_CODES.staleVersion || error.code === REVIEW_ERROR_CODES.wrongState);

function DraftContent({ draft }: { draft: PostDraft }) {
  const { t, i18n } = useTranslation('review');
  const images = (draft.media ?? []).filter((m) => !isDocumentType(m.contentType));
  return (
    <section className={card} aria-labelledby="review-draft-heading" data-testid="review-draft">
      <h2 id="review-draft-heading" className="text-lg font-semibold text-ink">
        {t('page.draftHeading')}
      </h2>
      <p
        dir="auto"
        className="mt-3 whitespace-pre-wrap break-words text-start leading-7 text-ink"
        data-testid="review-draft-text"
      >
        {draft.content.trim() || t('page.noText')}
      </p>
      {draft.firstComment.trim() && (
        <div className="mt-4 rounded-2xl bg-slate-50 p-3">
          <h3 className="text-sm font-semibold text-slate-700">{t('page.firstComment')}</h3>
          <p dir="auto" className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-700">
            {draft.firstComment}
          </p>
        </div>
      )}
      {images.length > 0 && (
        <ul className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3" data-testid="review-images">
          {images.map((image, index) => (
            <li key={image.id}>
              <img
                src={mediaUrl(image.id)}
                alt={t('page.imageAlt', { n: formatNumber(index + 1, i18n.language) })}
                className="w-full rounded-xl bg-slate-100 object-cover"
                style={{ aspectRatio: `${image.width} / ${image.height}` }}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ActivityList({ activity, whoIs }: { activity: ActivityEntry[]; whoIs: WhoIs }) {
  const { t } = useTranslation('review');
  return (
    <section className={card} aria-labelledby="review-activity-heading" data-testid="review-activity">
      <h2 id="review-activity-heading" className="text-lg font-semibold text-ink">
        {t('activity.heading')}
      </h2>
      <ActivityEntries activity={activity} whoIs={whoIs} />
    </section>
  );
}

/**
 * A comment as the catalogue's schema takes it, with the rules the service applies once it trims
 * it: not empty, and at most MAX_REVIEW_COMMENT_LENGTH long. Each refusal carries the service's
 * answer code, so the form says it in the service's words; a submit hands on the trimmed text.
 */
const commentFormSchema = addReviewCommentRequestSchema.pick({ body: true }).transform(({ body }, ctx) => ({
  body: refuseTrimmedText(body, ctx, 'body', MAX_REVIEW_COMMENT_LENGTH, {
    empty: REVIEW_ERROR_CODES.commentEmpty,
    tooLong: REVIEW_ERROR_CODES.commentTooLong,
  }),
}));

/** A comment box with @mentions, sent once per comment however often it is retried. */
function CommentForm({
  draftId,
  members,
  parent,
  onDone,
  onCancel,
  announce,
}: {
  draftId: string;
  members: readonly WorkspaceMember[];
  /** The comment replied to, and who wrote it. */
  parent?: { id: string; who: string };
  onDone?: () => void;
  onCancel?: () => void;
  announce: (words: string) => void;
}) {
  const { t, i18n } = useTranslation('review');
  const id = useId();
  const add = useAddReviewComment(draftId);
  const form = useSchemaForm(commentFormSchema, { defaultValues: { body: '' } });
  const { field: body, fieldState } = useController({ control: form.control, name: 'body' });
  /** What the server said of the last comment sent. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const key = useRef<{ body: string; key: string } | null>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  // A reply box opens to be written in.
  useEffect(() => {
    if (parent) textRef.current?.focus();
  }, [parent]);

  const send = async ({ body: text }: { body: string }) => {
    if (add.isPending) return;
    setRefusal(null);
    if (key.current?.body !== text) key.current = { body: text, key: crypto.randomUUID() };
    const mentions = mentionsIn(text, members);
    try {
      await add.mutateAsync({
        body: text,
        key: key.current.key,
        ...(parent ? { parentId: parent.id } : {}),
        ...(mentions.length ? { mentions } : {}),
      });
      form.reset({ body: '' });
      key.current = null;
      announce(t('comments.sent'));
      onDone?.();
      if (!parent) textRef.current?.focus();
    } catch (error) {
      setRefusal(errorText(error));
      textRef.current?.focus();
    }
  };
  const submit = form.handleSubmit(send, () => textRef.current?.focus());
  // The service's rules in its own words: a comment is not empty, and at most its length once trimmed.
  const problem =
    (fieldState.error &&
      codeText(i18n, fieldState.error.message, {
        limit: MAX_REVIEW_COMMENT_LENGTH,
        length: body.value.trim().length,
      })) ??
    refusal;

  const hintId = `${id}-hint`;
  const problemId = `${id}-problem`;
  return (
    <form onSubmit={submit} noValidate className="mt-3" data-testid={parent ? 'reply-form' : 'comment-form'}>
      <MentionBox
        id={`${id}-text`}
        label={parent ? t('comments.replyLabel', { who: parent.who }) : t('comments.label')}
        value={body.value}
        onChange={body.onChange}
        members={members}
        textRef={textRef}
        {...fieldProblemProps(problemId, problem, hintId)}
      />
      <p id={hintId} className="mt-1 text-xs text-slate-500">
        {t('comments.hint')}
      </p>
      <FieldProblem id={problemId} problem={problem} data-testid="comment-problem" />
      <div className="mt-2 flex flex-wrap justify-end gap-2">
        {onCancel && (
          <button type="button" onClick={onCancel} className={`${smallButton} text-slate-700 hover:bg-slate-50`}>
            {t('comments.cancel')}
          </button>
        )}
        <button
          type="submit"
          disabled={add.isPending}
          aria-busy={add.isPending}
          className={`${smallButton} bg-brand-600 text-white hover:bg-brand-700`}
          data-testid="comment-send"
        >
          {add.isPending && <Spinner className="size-4 border-2" />}
          {add.isPending ? t('comments.sending') : t('comments.send')}
        </button>
      </div>
    </form>
  );
}

function CommentItem({
  comment,
  whoIs,
  children,
}: {
  comment: ReviewComment;
  whoIs: (id: string | null) => string;
  children?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation('review');
  return (
    <article
      className={`rounded-2xl p-3 ${comment.kind === 'changes_requested' ? 'border border-red-200 bg-red-50/60' : 'bg-slate-50'}`}
      aria-labelledby={`comment-${comment.id}-by`}
      data-testid="review-comment"
      data-kind={comment.kind}
    >
      <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-500">
        <span id={`comment-${comment.id}-by`} className="font-semibold text-slate-800">
          <bdi>{whoIs(comment.authorId)}</bdi>
        </span>
        <time dateTime={comment.createdAt}>{formatDateTime(comment.createdAt, i18n.language)}</time>
        <span>{t('comments.onVersion', { version: comment.version })}</span>
        {comment.kind === 'changes_requested' && (
          <span className="rounded-full bg-red-100 px-2 py-0.5 font-semibold text-red-800">
            {t('comments.changesRequested')}
          </span>
        )}
      </p>
      <p dir="auto" className="mt-1 whitespace-pre-wrap break-words text-sm text-ink" data-testid="review-comment-body">
        {comment.body}
      </p>
      {children}
    </article>
  );
}

function CommentThreads({
  review,
  members,
  whoIs,
  mayComment,
  announce,
}: {
  review: DraftReview;
  members: readonly WorkspaceMember[];
  whoIs: (id: string | null) => string;
  mayComment: boolean;
  announce: (words: string) => void;
}) {
  const { t } = useTranslation('review');
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  const replyButtons = useRef(new Map<string, HTMLButtonElement>());
  const firsts = review.comments.filter((comment) => comment.parentId === null);
  const repliesTo = (id: string) => review.comments.filter((comment) => comment.parentId === id);
  const closeReply = (id: string) => {
    setReplyingTo(null);
    replyButtons.current.get(id)?.focus();
  };
  return (
    <section className={card} aria-labelledby="review-comments-heading" data-testid="review-comments">
      <div className="flex flex-wrap items-baseline gap-2">
        <h2 id="review-comments-heading" className="text-lg font-semibold text-ink">
          {t('comments.heading')}
        </h2>
        {review.comments.length > 0 && <CommentCount count={review.comments.length} />}
      </div>
      {firsts.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{t('comments.empty')}</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {firsts.map((comment) => {
            const replies = repliesTo(comment.id);
            const who = whoIs(comment.authorId);
            return (
              <li key={comment.id}>
                <CommentItem comment={comment} whoIs={whoIs}>
                  {mayComment && (
                    <button
                      type="button"
                      ref={(button) => {
                        if (button) replyButtons.current.set(comment.id, button);
                      }}
                      // Kept while the reply is written, so the focus has somewhere to come back to.
                      aria-expanded={replyingTo === comment.id}
                      onClick={() => setReplyingTo(replyingTo === comment.id ? null : comment.id)}
                      aria-label={t('comments.replyTo', { who })}
                      className={`${smallButton} mt-2 px-2 py-1 text-brand-700 hover:bg-brand-50`}
                      data-testid="comment-reply"
                    >
                      <MessageSquareReply aria-hidden="true" className="size-4 rtl:-scale-x-100" />
                      {t('comments.reply')}
                    </button>
                  )}
                </CommentItem>
                {(replies.length > 0 || replyingTo === comment.id) && (
                  <div className="ms-4 mt-2 border-s-2 border-slate-100 ps-3 sm:ms-8">
                    {replies.length > 0 && (
                      <ol className="space-y-2" aria-label={t('comments.replies')} data-testid="review-replies">
                        {replies.map((reply) => (
                          <li key={reply.id}>
                            <CommentItem comment={reply} whoIs={whoIs} />
                          </li>
                        ))}
                      </ol>
                    )}
                    {replyingTo === comment.id && (
                      <CommentForm
                        draftId={review.draft.id}
                        members={members}
                        parent={{ id: comment.id, who }}
                        onDone={() => closeReply(comment.id)}
                        onCancel={() => closeReply(comment.id)}
                        announce={announce}
                      />
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {mayComment && <CommentForm draftId={review.draft.id} members={members} announce={announce} />}
    </section>
  );
}

function RequestChangesDialog({
  draft,
  onClose,
  onDone,
  onOutdated,
}: {
  draft: PostDraft;
  onClose: () => void;
  onDone: () => void;
  onOutdated: (error: unknown) => void;
}) {
  const { t } = useTranslation('review');
  const id = useId();
  const request = useRequestChanges();
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    if (!comment.trim()) {
      setProblem(t('errors:review.comment_empty'));
      field.current?.focus();
      return;
    }
    try {
      await request.mutateAsync({ id: draft.id, version: draft.version, comment: comment.trim() });
      onDone();
    } catch (error) {
      if (isOutdated(error)) return onOutdated(error);
      setProblem(errorText(error));
      field.current?.focus();
    }
  };
  return (
    <DialogFrame
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('decide.requestTitle')}
      description={t('decide.requestDescription')}
      closeLabel={t('decide.requestClose')}
      busy={request.isPending}
      initialFocus={field}
      testId="request-changes-dialog"
    >
      <form onSubmit={submit} noValidate className="px-5 py-4 sm:px-6">
        <label htmlFor={`${id}-comment`} className="block text-sm font-medium text-slate-700">
          {t('decide.requestLabel')}
        </label>
        <textarea
          ref={field}
          id={`${id}-comment`}
          dir="auto"
          rows={4}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          {...fieldProblemProps(`${id}-problem`, problem)}
          className={`${fieldClass} mt-1 resize-y`}
          data-testid="request-changes-comment"
        />
        <FieldProblem id={`${id}-problem`} problem={problem} data-testid="request-changes-problem" />
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} disabled={request.isPending} className={secondaryButtonClass}>
            {t('decide.requestCancel')}
          </button>
          <button
            type="submit"
            disabled={request.isPending}
            className={primaryButtonClass}
            data-testid="request-changes-send"
          >
            {request.isPending && <Spinner className="size-4 border-2" />}
            {request.isPending ? t('decide.requestSending') : t('decide.requestSend')}
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}

/** Approve, or request changes: for the owner and admins, while the draft is in review. */
function Decision({
  review,
  newer,
  onReload,
  announce,
  focusState,
}: {
  review: DraftReview;
  /** A newer version was read in the background: this one is no longer the one to decide on. */
  newer: boolean;
  onReload: () => Promise<unknown>;
  announce: (words: string) => void;
  focusState: () => void;
}) {
  const { t } = useTranslation('review');
  const approve = useApproveDraft();
  const [requesting, setRequesting] = useState(false);
  const [outdated, setOutdated] = useState<unknown>(null);
  const [reloading, setReloading] = useState(false);
  const draft = review.draft;
  const waiting = draft.reviewState === 'in_review';
  // An approval may be taken back (changes requested) until the draft is scheduled.
  const approved = draft.reviewState === 'approved';

  const onApprove = async () => {
    setOutdated(null);
    try {
      await approve.mutateAsync({ id: draft.id, version: draft.version });
      announce(t('decide.approved'));
      focusState();
    } catch (error) {
      if (isOutdated(error)) setOutdated(error);
      else announce(errorText(error));
    }
  };
  const reload = async () => {
    setReloading(true);
    try {
      await onReload();
      setOutdated(null);
      announce(t('decide.reloaded'));
      focusState();
    } finally {
      setReloading(false);
    }
  };

  return (
    <section className={card} aria-labelledby="review-decide-heading" data-testid="review-decision">
      <h2 id="review-decide-heading" className="text-lg font-semibold text-ink">
        {t('decide.heading')}
      </h2>
      {outdated !== null && (
        <div
          role="alert"
          className="mt-3 rounded-2xl border border-amber-200 bg-amber-50 p-3"
          data-testid="review-stale"
        >
          <p className="text-sm font-medium text-amber-900">{errorText(outdated)}</p>
          <button
            type="button"
            onClick={() => void reload()}
            disabled={reloading}
            className={`${smallButton} mt-2 border border-amber-300 bg-white text-amber-900 hover:bg-amber-100`}
            data-testid="review-reload"
          >
            {reloading && <Spinner className="size-4 border-2" />}
            {t('decide.reload')}
          </button>
        </div>
      )}
      {waiting || approved ? (
        <>
          <p className="mt-1 text-sm text-slate-600">{t(waiting ? 'decide.explain' : 'decide.explainApproved')}</p>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row">
            {waiting && (
              <button
                type="button"
                onClick={() => void onApprove()}
                disabled={approve.isPending || outdated !== null || newer}
                aria-busy={approve.isPending}
                className={`${smallButton} bg-emerald-700 py-2.5 text-white hover:bg-emerald-800`}
                data-testid="review-approve"
              >
                {approve.isPending ? (
                  <Spinner className="size-4 border-2" />
                ) : (
                  <Check aria-hidden="true" className="size-4" />
                )}
                {approve.isPending ? t('decide.approving') : t('decide.approve')}
              </button>
            )}
            <button
              type="button"
              onClick={() => setRequesting(true)}
              disabled={approve.isPending || outdated !== null || newer}
              className={`${smallButton} border border-slate-300 bg-white py-2.5 text-slate-800 hover:bg-slate-50`}
              data-testid="review-request-changes"
            >
              <Undo2 aria-hidden="true" className="size-4 rtl:-scale-x-100" />
              {t('decide.requestChanges')}
            </button>
          </div>
        </>
      ) : (
        <p className="mt-1 text-sm text-slate-600">{t('decide.notWaiting')}</p>
      )}
      {requesting && (
        <RequestChangesDialog
          draft={draft}
          onClose={() => setRequesting(false)}
          onDone={() => {
            setRequesting(false);
            announce(t('decide.requested'));
            // After the dialog has let the focus go (it would otherwise return it to its opener).
            setTimeout(focusState, 0);
          }}
          onOutdated={(error) => {
            setRequesting(false);
            setOutdated(error);
          }}
        />
      )}
    </section>
  );
}

function ReviewLoaded({
  review: latest,
  onReload,
}: {
  review: DraftReview;
  onReload: () => Promise<DraftReview | undefined>;
}) {
  const { t, i18n } = useTranslation('review');
  // The draft as the reader opened it, or last asked to see it. A newer version read in the
  // background (someone saved meanwhile) is offered, never swapped in under their eyes: a decision
  // is about the words read. Its state, comments and history follow the latest read.
  const [pinned, setPinned] = useState(latest.draft);
  const newer = latest.draft.version !== pinned.version;
  const review = newer ? { ...latest, draft: pinned } : latest;
  const reload = async () => {
    const next = await onReload();
    if (next) setPinned(next.draft);
  };
  const role = useRoleHere();
  const members = useMembersHere().data?.members ?? [];
  const whoIs = useWhoIs(members);
  const composer = useComposer();
  const [announcement, setAnnouncement] = useState('');
  const stateHeading = useRef<HTMLHeadingElement>(null);
  const draft = review.draft;
  const showNewer = () => {
    setPinned(latest.draft);
    announce(t('decide.reloaded'));
    stateHeading.current?.focus();
  };
  const reviewer = role !== null && roleAtLeast(role, REVIEWER_ROLE);
  const contributes = role !== null && roleAtLeast(role, REVIEW_SUBMIT_ROLE);
  // The same words twice are still said twice: the region is emptied first.
  const announce = (words: string) => {
    setAnnouncement('');
    requestAnimationFrame(() => setAnnouncement(words));
  };
  const openInComposer = () =>
    composer.open({
      text: draft.content,
      draft: { id: draft.id, firstComment: draft.firstComment, media: draft.media ?? [], version: draft.version },
    });

  return (
    <div className="mt-5 flex flex-col gap-4">
      <p role="status" className="sr-only" data-testid="review-announcement">
        {announcement}
      </p>
      <section className={card} aria-labelledby="review-state-heading" data-testid="review-summary">
        <div className="flex flex-wrap items-center gap-2">
          <h2
            id="review-state-heading"
            ref={stateHeading}
            tabIndex={-1}
            className="text-base font-semibold text-ink outline-none"
          >
            <ReviewStateBadge state={draft.reviewState} />
          </h2>
          <span className="text-xs text-slate-500" data-testid="review-version">
            {t('page.version', { version: draft.version })}
          </span>
          <CommentCount count={review.comments.length} />
        </div>
        <p className="mt-2 text-sm text-slate-700" data-testid="review-submitted">
          {draft.submittedBy && draft.submittedAt
            ? t('page.submitted', {
                who: whoIs(draft.submittedBy),
                when: formatDateTime(draft.submittedAt, i18n.language),
              })
            : t('page.notSubmitted')}
        </p>
        {draft.reviewedBy && draft.reviewedAt && (
          <p className="mt-1 text-sm text-slate-700">
            {t('page.reviewed', {
              who: whoIs(draft.reviewedBy),
              when: formatDateTime(draft.reviewedAt, i18n.language),
            })}
          </p>
        )}
        <div className="mt-3 flex flex-wrap gap-2">
          {contributes && (
            <button
              type="button"
              onClick={openInComposer}
              className={`${smallButton} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
              data-testid="review-edit"
            >
              <FilePenLine aria-hidden="true" className="size-4" />
              {t('page.edit')}
            </button>
          )}
          {contributes && sendsForReview(draft) && (
            <SendForReviewButton
              draftId={draft.id}
              version={draft.version}
              disabled={!draft.content.trim()}
              className={`${smallButton} bg-brand-600 text-white hover:bg-brand-700`}
              onSent={() => stateHeading.current?.focus()}
            />
          )}
        </div>
      </section>
      {newer && (
        <div className="rounded-2xl border border-amber-200 bg-amber-50 p-3" data-testid="review-newer">
          <p className="text-sm font-medium text-amber-900">{t('page.newer', { version: latest.draft.version })}</p>
          <button
            type="button"
            onClick={showNewer}
            className={`${smallButton} mt-2 border border-amber-300 bg-white text-amber-900 hover:bg-amber-100`}
            data-testid="review-show-newer"
          >
            {t('decide.reload')}
          </button>
        </div>
      )}
      {reviewer && (
        <Decision
          review={review}
          newer={newer}
          onReload={reload}
          announce={announce}
          focusState={() => stateHeading.current?.focus()}
        />
      )}
      <DraftContent draft={draft} />
      <CommentThreads review={review} members={members} whoIs={whoIs} mayComment={contributes} announce={announce} />
      <ActivityList activity={review.activity} whoIs={whoIs} />
    </div>
  );
}

/**
 * /review/$draftId?workspace=: one draft's review, linked from the e-mails. The link's workspace
 * becomes the tab's first when the account belongs to it; then the draft read-only, where it stands
 * and who sent it, the owner's and admins' decision, the comments with replies and @mentions, and
 * what happened to it.
 */
export function ReviewPage() {
  const { t } = useTranslation('review');
  const { draftId } = useParams({ strict: false }) as { draftId: string };
  const { workspace } = useSearch({ strict: false }) as { workspace?: string };
  const ready = useWorkInLinked(workspace);
  const review = useDraftReview(draftId, ready);
  // The thread and the history name people by the workspace's members: read them first, or an
  // author would be called a former member meanwhile.
  const both = queriesTogether(review, useMembersHere());

  return (
    <div className="mx-auto max-w-3xl" data-testid="screen-review">
      <Link
        to="/posts"
        search={{ tab: 'drafts' }}
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ArrowRight aria-hidden="true" className="size-4 ltr:rotate-180" />
        {t('page.back')}
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-ink sm:text-3xl">{t('page.title')}</h1>
      {!ready || both.isPending ? (
        <div className="flex items-center justify-center gap-3 py-16 text-slate-600" data-testid="review-loading">
          <Spinner className="size-6" />
          <p>{ready ? t('page.loading') : t('page.switching')}</p>
        </div>
      ) : both.error || !review.data ? (
        <div className="mt-5">
          <p className="sr-only">{t('page.loadFailed')}</p>
          <LoadError error={both.error} onRetry={both.retry} retrying={both.retrying} />
        </div>
      ) : (
        // One draft's page: another draft (a notification's link followed from here) starts afresh,
        // never with the version this one pinned.
        <ReviewLoaded
          key={review.data.draft.id}
          review={review.data}
          onReload={async () => (await review.refetch()).data}
        />
      )}
    </div>
  );
}
