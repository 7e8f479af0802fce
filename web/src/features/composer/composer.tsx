import {
  type AttachedMedia,
  COMPOSER_DEFAULTS,
  type ComposerChoices,
  MAX_FIRST_COMMENT_LENGTH,
  type PostDraft,
  textProblem,
} from '@nashr/contracts';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DraftRequest, useComposerChoices, useCredits, useSaveComposerChoices } from '../../lib/api/ai';
import { useAddedPages, useAddedPagesKnown } from '../../lib/api/linkedin';
import { textProblemText } from '../../lib/text-problem';
import { CharCounter, lengthState, postLength } from '../../ui/char-counter';
import { FieldProblem } from '../../ui/field-problem';
import {
  AuthorHeader,
  FeedPreview,
  FirstCommentField,
  imageFilesOf,
  MediaPicker,
  PostAsField,
  ScheduleDialog,
  useAuthor,
  useComposerMedia,
  useLastPostAs,
} from '../post-editor';
import { ComposerActions } from './composer-actions';
import { PostTextEditor, TopicBar } from './composer-editor';
import { Notice } from './composer-parts';
import { currentText, currentVersion } from './composer-state';
import { DraftTools, ManualTools } from './composer-tools';
import { creditsHint } from './credits-hint';
import { DraftConflictNotice, SaveIndicator } from './draft-extras';
import { PersonalizeDialog } from './personalize-dialog';
import { PublishConfirmDialog } from './publish-confirm-dialog';
import { useQueuePost } from './use-add-to-queue';
import { requestFromTyped, useAiWriter } from './use-ai-writer';
import { useComposerDraft } from './use-composer-draft';
import { emptyExtras, useComposerExtras } from './use-composer-extras';
import { useComposerReview } from './use-composer-review';
import { useDraftAutosave } from './use-draft-autosave';
import { usePostNow } from './use-post-now';

/** A server draft the composer goes on with. */
export interface ComposerDraftStart {
  id: string;
  firstComment: string;
  media?: AttachedMedia[];
  version?: number;
  /** The company page it is written as; null for the profile. */
  identity?: string | null;
}

export interface ComposerProps {
  /** The popup scrolls its middle and keeps the buttons in view; the page grows with the text. */
  variant: 'dialog' | 'page';
  initialText?: string;
  /** A server draft to go on with (the Drafts tab's Open): its text comes as `initialText`. */
  initialDraft?: ComposerDraftStart;
  /** An AI request to run at once; the post box stays empty until its post arrives. */
  initialRequest?: DraftRequest;
  /** After a successful Post or Schedule: the popup closes, the page starts a new post. */
  onFinished?: () => void;
  autoFocus?: boolean;
}

/**
 * The post composer (spec sections 2 and 4): the user's text, AI drafts streamed word by word,
 * quick adjustments, every version of this session behind the 'n of m' pager, then Post (now)
 * or Schedule for later. Leaving it cancels a running generation, which the service refunds.
 */
export function Composer({
  variant,
  initialText = '',
  initialDraft,
  initialRequest,
  onFinished,
  autoFocus,
}: ComposerProps) {
  const { t } = useTranslation('composer');
  const id = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const extras = useComposerExtras(
    initialDraft
      ? {
          firstComment: initialDraft.firstComment,
          draftId: initialDraft.id,
          draftVersion: initialDraft.version ?? null,
          media: initialDraft.media ?? [],
          // A draft goes on as whom it was written as.
          ...(initialDraft.identity !== undefined ? { postAs: initialDraft.identity ?? '' } : {}),
        }
      : undefined,
    initialText !== '' || initialRequest !== undefined,
  );
  const { state, dispatch, forget, restored } = useComposerDraft(
    initialText,
    initialRequest !== undefined,
    extras.restoreKept,
  );
  // The kept text comes back after the first render: the notice shows from then until dismissed.
  const [restoredDismissed, setRestoredDismissed] = useState(false);
  const showRestored = restored && !restoredDismissed;
  const { setExtras } = extras;
  const { onDraft } = extras;
  const setMedia = useCallback(
    (update: (media: AttachedMedia[]) => AttachedMedia[]) => setExtras((e) => ({ ...e, media: update(e.media) })),
    [setExtras],
  );
  const images = useComposerMedia(extras.extras.media, setMedia);
  /** Choices made in the Personalize popup for this session; null: the stored ones apply. */
  const [sessionChoices, setSessionChoices] = useState<ComposerChoices | null>(null);
  const ai = useAiWriter(dispatch, sessionChoices);
  const author = useAuthor();
  const credits = useCredits();
  const storedChoices = useComposerChoices();
  const saveChoices = useSaveComposerChoices();
  const [personalizeOpen, setPersonalizeOpen] = useState(false);
  const [scheduleOpen, setScheduleOpen] = useState(false);
  const [confirmingPost, setConfirmingPost] = useState(false);

  /** An empty composer, with nothing said about the post before (its failed uploads, its errors). */
  const startAfresh = () => {
    dispatch({ type: 'reset' });
    setExtras(emptyExtras);
    images.reset();
    ai.dismissFailure();
    posting.clearError();
  };
  const finish = () => {
    // Posted or scheduled: nothing is left to keep for the next time the composer opens (the
    // server consumed the draft with the post).
    forget();
    extras.forget();
    if (variant === 'page') startAfresh();
    onFinished?.();
  };
  // '' posts as the member; a company page's identity otherwise (kept until the page is left): the
  // one last posted as to start with.
  const lastPostAs = useLastPostAs();
  const chosenPostAs = extras.extras.postAs;
  const setPostAs = (identity: string) => setExtras((e) => ({ ...e, postAs: identity }));
  const postAs = chosenPostAs ?? lastPostAs.last;
  const addedPages = useAddedPages();
  const postAsName = addedPages.find((page) => page.identity === postAs)?.name;
  const sentAs = postAsName ? { identity: postAs } : {};
  // The draft keeps whom it is written as once chosen (a page removed since: the profile); until
  // then, whom the post would go out as.
  const pagesKnown = useAddedPagesKnown();
  const draftIdentity = useMemo(
    () =>
      chosenPostAs === null
        ? { identity: sentAs.identity ?? null, chosen: false }
        : { identity: chosenPostAs !== '' && (!pagesKnown || postAsName) ? chosenPostAs : null, chosen: true },
    [chosenPostAs, sentAs.identity, pagesKnown, postAsName],
  );
  const finishAs = () => {
    lastPostAs.remember(sentAs.identity ?? '');
    finish();
  };
  const posting = usePostNow(finishAs);
  const queueing = useQueuePost(finishAs);

  const { stream } = ai;
  const busy = stream.busy;
  const version = currentVersion(state);
  const text = currentText(state);
  const shownText = busy ? stream.text : text;
  // Said once the words have stopped streaming in: a half-written draft is not yet refused.
  const textRuleProblem = busy ? null : textProblemText(text);
  const inDraft = busy || state.mode === 'draft';
  const { firstComment, draftId, draftVersion, draftSaved, media } = extras.extras;
  const mediaIds = media.map((m) => m.id);
  // 'Keep theirs': the stored text replaces the one in the box (other AI versions stay reachable).
  const mode = state.mode;
  const onLoad = useCallback(
    (stored: PostDraft) => {
      dispatch(
        mode === 'draft' ? { type: 'editVersion', text: stored.content } : { type: 'typeManual', text: stored.content },
      );
      setExtras((e) => ({
        ...e,
        firstComment: stored.firstComment,
        media: stored.media ?? [],
        postAs: stored.identity ?? '',
      }));
    },
    [dispatch, mode, setExtras],
  );
  const autosave = useDraftAutosave({
    content: text,
    firstComment,
    mediaIds,
    identity: draftIdentity,
    draftId,
    draftVersion,
    draftSaved,
    onDraft,
    onLoad,
    paused: busy,
  });
  const saveState = autosave.state;
  const review = useComposerReview({ draftId, draftVersion, saveState });
  const tooLong = lengthState(postLength(text)) === 'tooLong' || firstComment.trim().length > MAX_FIRST_COMMENT_LENGTH;
  // Text the API would refuse (a direction override...) is said so here and never sent.
  const unsendable = tooLong || textProblem(text) !== null;
  const canSend = !busy && !posting.isPending && !images.uploading && text.trim().length > 0 && !unsendable;
  const canAdjust = !busy && text.trim().length > 0 && !unsendable;
  const offline = stream.meta?.offline ?? version?.offline ?? credits.data?.provider === 'offline';
  const appliedChoices = sessionChoices ?? storedChoices.data?.choices ?? COMPOSER_DEFAULTS;
  const pager = {
    index: state.index,
    total: state.versions.length,
    onGo: (index: number) => dispatch({ type: 'goTo', index }),
  };

  // Follow the words as they arrive, like a chat answer being written.
  useEffect(() => {
    const area = textRef.current;
    if (busy && area && stream.text) area.scrollTop = area.scrollHeight;
  }, [busy, stream.text]);

  const runAi = (request: DraftRequest) => {
    posting.clearError();
    void ai.run(request);
  };

  // Once, as the composer opens. A timer rather than a flag: React's development double mount
  // cancels the first run (the stream aborts on unmount), and the cleared timer never starts it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the request handed in at opening runs
  useEffect(() => {
    if (!initialRequest) return;
    const timer = setTimeout(() => runAi(initialRequest), 0);
    return () => clearTimeout(timer);
  }, []);

  const writeWithAi = () => {
    const request = requestFromTyped(state.manualText);
    if (request) return runAi(request);
    ai.askForTopic();
    textRef.current?.focus();
  };

  return (
    <div
      className={`flex min-h-0 flex-col ${variant === 'dialog' ? 'flex-1' : ''}`}
      data-testid="composer"
      data-mode={inDraft ? 'draft' : 'manual'}
      aria-busy={busy}
      onPaste={(event) => {
        // An image pasted anywhere in the composer joins the post; pasted text stays text.
        const files = imageFilesOf(event.clipboardData);
        if (!files.length || busy) return;
        event.preventDefault();
        images.add(files);
      }}
    >
      <div
        className={`flex flex-col gap-4 px-5 py-5 sm:px-6 ${variant === 'dialog' ? 'min-h-0 flex-1 overflow-y-auto' : ''}`}
      >
        <AuthorHeader author={author} offline={offline} />

        {showRestored && (
          <Notice tone="info" onDismiss={() => setRestoredDismissed(true)} testId="composer-restored">
            <p className="font-semibold">{t('draft.restored')}</p>
            <button
              type="button"
              className="mt-1 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
              onClick={() => {
                startAfresh();
                setRestoredDismissed(true);
              }}
              data-testid="composer-start-afresh"
            >
              {t('draft.startAfresh')}
            </button>
          </Notice>
        )}

        {inDraft && state.manualText.trim() && (
          <TopicBar topic={state.manualText} busy={busy} onNewTopic={() => dispatch({ type: 'backToManual' })} />
        )}

        <PostTextEditor
          textRef={textRef}
          id={id}
          text={shownText}
          inDraft={inDraft}
          busy={busy}
          rows={variant === 'page' ? 12 : 8}
          autoFocus={autoFocus}
          problem={textRuleProblem}
          onChange={(value) =>
            dispatch(
              state.mode === 'draft' ? { type: 'editVersion', text: value } : { type: 'typeManual', text: value },
            )
          }
        />
        {autosave.conflict && <DraftConflictNotice onChoose={autosave.resolve} />}
        <div className="flex items-start justify-between gap-3">
          <SaveIndicator state={saveState} failure={autosave.failure} />
          <div className="min-w-0 flex-1">
            <CharCounter text={shownText} id={`${id}-counter`} />
          </div>
        </div>
        <FieldProblem id={`${id}-text-problem`} problem={textRuleProblem} data-testid="text-problem" />

        {inDraft && !(busy && state.mode === 'manual') ? (
          <DraftTools
            text={text}
            busy={busy}
            canAdjust={canAdjust}
            request={stream.request}
            credits={credits.data}
            pager={pager}
            onRun={runAi}
            onStop={stream.cancel}
            onPersonalize={() => setPersonalizeOpen(true)}
          />
        ) : (
          <ManualTools
            busy={busy}
            unsendable={unsendable}
            pager={pager}
            onWrite={writeWithAi}
            onStop={stream.cancel}
            onPersonalize={() => setPersonalizeOpen(true)}
          />
        )}

        <p id={`${id}-hint`} className="text-xs leading-5 text-slate-500" data-testid="composer-hint">
          {creditsHint(t, credits.data, busy ? null : state.mode)}
        </p>

        <PostAsField id={id} value={postAs} onChange={setPostAs} disabled={busy} />
        <FirstCommentField
          id={id}
          value={firstComment}
          onChange={(value) => setExtras((e) => ({ ...e, firstComment: value }))}
          disabled={busy}
        />
        <MediaPicker id={id} media={media} controls={images} disabled={busy} />
        <FeedPreview text={shownText} firstComment={firstComment} media={media} headingLevel={2} />

        {ai.failure && (
          <Notice tone={ai.failure.key === 'composer:ai.needTopic' ? 'info' : 'error'} onDismiss={ai.dismissFailure}>
            <p className="font-semibold">{t(ai.failure.key, ai.failure.params)}</p>
          </Notice>
        )}
        {posting.error !== null && (
          <Notice tone="error" onDismiss={posting.clearError} testId="post-error">
            <p className="font-semibold">{t('post.error')}</p>
            {posting.error && <p className="mt-0.5">{posting.error}</p>}
          </Notice>
        )}
      </div>

      <ComposerActions
        canSend={canSend}
        posting={posting.isPending}
        queueing={queueing.isPending}
        review={review}
        onQueue={() => {
          if (canSend)
            void queueing.queue(text.trim(), { firstComment: firstComment.trim(), draftId, mediaIds, ...sentAs });
        }}
        onSchedule={() => setScheduleOpen(true)}
        onPost={() => setConfirmingPost(true)}
      />

      <PublishConfirmDialog
        open={confirmingPost}
        authorName={postAsName ?? author.name}
        onCancel={() => setConfirmingPost(false)}
        onConfirm={() => {
          setConfirmingPost(false);
          if (canSend) {
            void posting.post(text.trim(), {
              firstComment: firstComment.trim(),
              draftId,
              mediaIds,
              ...sentAs,
            });
          }
        }}
      />
      <PersonalizeDialog
        open={personalizeOpen}
        onOpenChange={setPersonalizeOpen}
        stored={storedChoices.data ?? null}
        loading={storedChoices.isPending}
        applied={appliedChoices}
        onApply={setSessionChoices}
        onSave={(choices) => saveChoices.mutateAsync(choices)}
        saving={saveChoices.isPending}
      />
      <ScheduleDialog
        open={scheduleOpen}
        onOpenChange={setScheduleOpen}
        defaultContent={text.trim()}
        defaultFirstComment={firstComment.trim()}
        media={media}
        draftId={draftId}
        defaultIdentity={sentAs.identity ?? ''}
        onScheduled={finish}
      />
    </div>
  );
}
