import {
  COMPOSER_DEFAULTS,
  type ComposerChoices,
  type Locale,
  MAX_TOPIC_CHARS,
  type ModifyAction,
} from '@nashr/contracts';
import {
  AlertCircle,
  CalendarClock,
  Lightbulb,
  RefreshCw,
  Send,
  SlidersHorizontal,
  Sparkles,
  Square,
  X,
} from 'lucide-react';
import { type ReactNode, useEffect, useId, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  type DraftRequest,
  useComposerChoices,
  useCredits,
  useDraftStream,
  useSaveComposerChoices,
} from '../../api/ai';
import { usePublishNow } from '../../api/publish';
import { ScheduleDialog } from '../posts/schedule-dialog';
import { translateServerMessage } from '../posts/server-message';
import { Spinner } from '../spinner';
import { type AiFailure, explainAiFailure } from './ai-errors';
import { AuthorHeader } from './author-header';
import { CharCounter, lengthState } from './char-counter';
import { composerReducer, currentText, currentVersion, initialComposerState } from './composer-state';
import { PersonalizeDialog } from './personalize-dialog';
import { useAuthor } from './use-author';
import { VersionPager } from './version-pager';

const ADJUSTMENTS: { action: ModifyAction; key: string }[] = [
  { action: 'shorter', key: 'adjust.shorter' },
  { action: 'longer', key: 'adjust.longer' },
  { action: 'casual', key: 'adjust.casual' },
  { action: 'formal', key: 'adjust.formal' },
];

export interface ComposerProps {
  /** The popup scrolls its middle and keeps the buttons in view; the page grows with the text. */
  variant: 'dialog' | 'page';
  initialText?: string;
  /** After a successful Post or Schedule: the popup closes, the page starts a new post. */
  onFinished?: () => void;
  autoFocus?: boolean;
}

/**
 * The post composer (spec sections 2 and 4): the user's text, AI drafts streamed word by word,
 * quick adjustments, every version of this session behind the 'n of m' pager, then Post (now)
 * or Schedule for later. Leaving it cancels a running generation, which the service refunds.
 */
export function Composer({ variant, initialText = '', onFinished, autoFocus }: ComposerProps) {
  const { t, i18n } = useTranslation('composer');
  const { t: tPosts } = useTranslation('posts');
  const lang: Locale = i18n.language === 'en' ? 'en' : 'ar';
  const id = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [state, dispatch] = useReducer(composerReducer, initialText, initialComposerState);
  const stream = useDraftStream();
  const author = useAuthor();
  const credits = useCredits();
  const storedChoices = useComposerChoices();
  const saveChoices = useSaveComposerChoices();
  const publish = usePublishNow();
  /** Choices made in the Personalize popup for this session; null: the stored ones apply. */
  const [sessionChoices, setSessionChoices] = useState<ComposerChoices | null>(null);
  const [failure, setFailure] = useState<AiFailure | null>(null);
  const [postError, setPostError] = useState<string | null>(null);
  const [personalizeOpen, setPersonalizeOpen] = useState(false);
  const [scheduleOpen, setScheduleOpen] = useState(false);

  const busy = stream.busy;
  const version = currentVersion(state);
  const text = currentText(state);
  const shownText = busy ? stream.text : text;
  const inDraft = busy || state.mode === 'draft';
  const tooLong = lengthState(text.length) === 'tooLong';
  const canSend = !busy && !publish.isPending && text.trim().length > 0 && !tooLong;
  const canAdjust = !busy && text.trim().length > 0 && !tooLong;
  const offline = stream.meta?.offline ?? version?.offline ?? credits.data?.provider === 'offline';
  const appliedChoices = sessionChoices ?? storedChoices.data?.choices ?? COMPOSER_DEFAULTS;

  // Follow the words as they arrive, like a chat answer being written.
  useEffect(() => {
    const area = textRef.current;
    if (busy && area && stream.text) area.scrollTop = area.scrollHeight;
  }, [busy, stream.text]);

  const runAi = async (request: DraftRequest) => {
    setFailure(null);
    setPostError(null);
    try {
      const draft = await stream.run(request, { choices: sessionChoices ?? undefined, lang });
      dispatch({ type: 'addVersion', draft });
    } catch (error) {
      const explained = explainAiFailure(error);
      if (!explained) return;
      setFailure(explained);
      toast.error(t(explained.key), explained.detail ? { description: explained.detail } : undefined);
    }
  };

  const writeWithAi = () => {
    const topic = state.manualText.trim();
    if (!topic) {
      setFailure({ key: 'ai.needTopic' });
      textRef.current?.focus();
      return;
    }
    // More than a topic: the user wrote a post, so AI makes it better instead.
    void runAi(topic.length > MAX_TOPIC_CHARS ? { kind: 'rewrite', text: topic } : { kind: 'generate', topic });
  };

  const finish = () => {
    if (variant === 'page') {
      dispatch({ type: 'reset' });
      setFailure(null);
    }
    onFinished?.();
  };

  const post = async () => {
    if (!canSend) return;
    setPostError(null);
    try {
      const result = await publish.mutateAsync(text.trim());
      toast.success(t(result.status === 'published' ? 'post.success' : 'post.stillPublishing'));
      finish();
    } catch (error) {
      const reason = error instanceof Error && error.message ? translateServerMessage(error.message, tPosts) : '';
      setPostError(reason);
      toast.error(t('post.error'), reason ? { description: reason } : undefined);
    }
  };

  const activeAction = stream.request?.kind === 'modify' ? stream.request.action : null;
  const generatingFromManual = busy && state.mode === 'manual';
  const buttonBase =
    'inline-flex items-center justify-center gap-1.5 rounded-full px-3.5 py-1.5 text-sm font-medium transition disabled:cursor-not-allowed disabled:opacity-50';
  const chip = `${buttonBase} border border-slate-200 bg-white text-slate-700 hover:border-brand-300 hover:bg-brand-50 hover:text-brand-800`;

  const personalizeButton = (
    <button
      type="button"
      onClick={() => setPersonalizeOpen(true)}
      disabled={busy}
      className={chip}
      data-testid="composer-personalize"
    >
      <SlidersHorizontal aria-hidden="true" className="size-4" />
      {t('adjust.personalize')}
    </button>
  );

  return (
    <div
      className={`flex min-h-0 flex-col ${variant === 'dialog' ? 'flex-1' : ''}`}
      data-testid="composer"
      data-mode={inDraft ? 'draft' : 'manual'}
      aria-busy={busy}
    >
      <div
        className={`flex flex-col gap-4 px-5 py-5 sm:px-6 ${variant === 'dialog' ? 'min-h-0 flex-1 overflow-y-auto' : ''}`}
      >
        <AuthorHeader author={author} offline={offline} />

        {inDraft && state.manualText.trim() && (
          <div className="flex items-center gap-2 rounded-xl bg-slate-50 px-3 py-2 text-sm">
            <Lightbulb aria-hidden="true" className="size-4 shrink-0 text-amber-500" />
            <span className="shrink-0 text-slate-500">{t('editor.topic')}</span>
            <span className="min-w-0 flex-1 truncate font-medium text-slate-800" title={state.manualText}>
              {state.manualText}
            </span>
            {!busy && (
              <button
                type="button"
                onClick={() => dispatch({ type: 'backToManual' })}
                className="shrink-0 rounded-lg px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50"
                data-testid="composer-new-topic"
              >
                {t('adjust.newTopic')}
              </button>
            )}
          </div>
        )}

        <div
          className={`rounded-2xl border transition focus-within:border-brand-400 focus-within:ring-2 focus-within:ring-brand-100 ${
            inDraft ? 'border-brand-200 bg-brand-50/30' : 'border-slate-200 bg-white'
          }`}
        >
          {inDraft && (
            <p className="flex items-center gap-1.5 px-4 pt-3 text-xs font-semibold text-brand-700">
              <Sparkles aria-hidden="true" className="size-3.5" />
              {busy ? t('ai.generating') : t('editor.draftLabel')}
            </p>
          )}
          <textarea
            ref={textRef}
            id={`${id}-text`}
            value={shownText}
            readOnly={busy}
            // biome-ignore lint/a11y/noAutofocus: the popup opens to write; focus belongs in its text.
            autoFocus={autoFocus}
            onChange={(event) =>
              dispatch(
                state.mode === 'draft'
                  ? { type: 'editVersion', text: event.target.value }
                  : { type: 'typeManual', text: event.target.value },
              )
            }
            placeholder={busy ? t('editor.streaming') : t('editor.placeholder')}
            aria-label={inDraft ? t('editor.draftLabel') : t('editor.placeholder')}
            aria-describedby={`${id}-counter ${id}-hint`}
            aria-busy={busy}
            rows={variant === 'page' ? 12 : 8}
            className="block max-h-[55dvh] min-h-44 w-full resize-y bg-transparent px-4 py-3 text-[15px] leading-7 text-ink placeholder:text-slate-400 focus:outline-none"
            data-testid="composer-text"
            data-streaming={busy}
          />
        </div>
        <CharCounter count={shownText.length} id={`${id}-counter`} />

        {inDraft && !generatingFromManual ? (
          <div className="flex flex-col gap-3" data-testid="draft-tools">
            <fieldset className="flex flex-wrap gap-2">
              <legend className="sr-only">{t('adjust.label')}</legend>
              {ADJUSTMENTS.map(({ action, key }) => (
                <button
                  key={action}
                  type="button"
                  disabled={!canAdjust}
                  aria-busy={activeAction === action}
                  onClick={() => void runAi({ kind: 'modify', text, action })}
                  className={activeAction === action ? `${chip} border-brand-400 bg-brand-50 text-brand-800` : chip}
                  data-testid={`adjust-${action}`}
                >
                  {activeAction === action && <Spinner className="size-3.5 border-2" />}
                  {t(key)}
                </button>
              ))}
            </fieldset>
            <div className="flex flex-wrap items-center gap-2">
              <button
                type="button"
                disabled={!canAdjust}
                aria-busy={busy && stream.request?.kind === 'rewrite'}
                onClick={() => void runAi({ kind: 'rewrite', text })}
                className={chip}
                data-testid="composer-rewrite"
              >
                {busy && stream.request?.kind === 'rewrite' ? (
                  <Spinner className="size-3.5 border-2" />
                ) : (
                  <RefreshCw aria-hidden="true" className="size-4" />
                )}
                {t('adjust.rewrite')}
              </button>
              {personalizeButton}
              <div className="ms-auto flex items-center gap-2">
                {busy && <StopButton onStop={stream.cancel} />}
                {state.versions.length > 0 && (
                  <VersionPager
                    index={state.index}
                    total={state.versions.length}
                    disabled={busy}
                    onGo={(index) => dispatch({ type: 'goTo', index })}
                  />
                )}
              </div>
            </div>
          </div>
        ) : (
          <div className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              onClick={writeWithAi}
              disabled={busy || tooLong}
              aria-busy={busy}
              className="inline-flex items-center justify-center gap-2 rounded-full bg-gradient-to-r from-brand-600 to-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm transition hover:from-brand-700 hover:to-indigo-700 disabled:cursor-not-allowed disabled:opacity-70"
              data-testid="write-with-ai"
            >
              {busy ? (
                <Spinner className="size-4 border-2 border-white/40 border-t-white" />
              ) : (
                <Sparkles aria-hidden="true" className="size-4" />
              )}
              {busy ? t('ai.generating') : t('ai.write')}
            </button>
            {busy ? <StopButton onStop={stream.cancel} /> : personalizeButton}
            {!busy && state.versions.length > 0 && (
              <div className="ms-auto">
                <VersionPager
                  index={state.index}
                  total={state.versions.length}
                  onGo={(index) => dispatch({ type: 'goTo', index })}
                />
              </div>
            )}
          </div>
        )}

        <p id={`${id}-hint`} className="text-xs leading-5 text-slate-500" data-testid="composer-hint">
          {creditsHint(t, credits.data, busy ? null : state.mode)}
        </p>

        {failure && (
          <Notice tone={failure.key === 'ai.needTopic' ? 'info' : 'error'} onDismiss={() => setFailure(null)}>
            <p className="font-semibold">{t(failure.key)}</p>
            {failure.detail && <p className="mt-0.5">{failure.detail}</p>}
          </Notice>
        )}
        {postError !== null && (
          <Notice tone="error" onDismiss={() => setPostError(null)} testId="post-error">
            <p className="font-semibold">{t('post.error')}</p>
            {postError && <p className="mt-0.5">{postError}</p>}
          </Notice>
        )}
      </div>

      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 bg-white px-5 py-4 sm:flex-row sm:items-center sm:justify-end sm:px-6">
        <button
          type="button"
          onClick={() => setScheduleOpen(true)}
          disabled={!canSend}
          className="inline-flex items-center justify-center gap-2 rounded-xl border border-slate-300 bg-white px-5 py-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50"
          data-testid="composer-schedule"
        >
          <CalendarClock aria-hidden="true" className="size-4" />
          {t('actions.schedule')}
        </button>
        <button
          type="button"
          onClick={() => void post()}
          disabled={!canSend}
          aria-busy={publish.isPending}
          className="inline-flex items-center justify-center gap-2 rounded-xl bg-brand-600 px-6 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
          data-testid="composer-post"
        >
          {publish.isPending ? (
            <Spinner className="size-4 border-2 border-white/40 border-t-white" />
          ) : (
            <Send aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          )}
          {publish.isPending ? t('actions.posting') : t('actions.post')}
        </button>
      </div>

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
        onScheduled={finish}
      />
    </div>
  );
}

function creditsHint(
  t: (key: string, values?: Record<string, unknown>) => string,
  credits: ReturnType<typeof useCredits>['data'],
  /** null while the AI writes: the balance alone is worth reading then. */
  mode: 'manual' | 'draft' | null,
): string {
  const base = mode === null ? '' : t(mode === 'draft' ? 'editor.draftHint' : 'editor.manualHint');
  if (!credits) return base;
  const balance =
    credits.remaining >= credits.costPerPost
      ? t('ai.credits', { remaining: credits.remaining, cost: credits.costPerPost, model: credits.premiumModel })
      : t('ai.standardModel', { model: credits.standardModel });
  return base ? `${base} ${balance}` : balance;
}

function StopButton({ onStop }: { onStop: () => void }) {
  const { t } = useTranslation('composer');
  return (
    <button
      type="button"
      onClick={onStop}
      className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
      data-testid="composer-stop"
    >
      <Square aria-hidden="true" className="size-3.5 fill-current" />
      {t('ai.stop')}
    </button>
  );
}

function Notice({
  tone,
  onDismiss,
  children,
  testId = 'composer-error',
}: {
  tone: 'error' | 'info';
  onDismiss: () => void;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation('composer');
  const colours =
    tone === 'error' ? 'border-red-200 bg-red-50 text-red-800' : 'border-brand-200 bg-brand-50 text-brand-900';
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`flex gap-3 rounded-xl border px-4 py-3 text-sm ${colours}`}
      data-testid={testId}
    >
      <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1 leading-6">{children}</div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={t('errors.dismiss')}
        className="-me-1 -mt-1 self-start rounded-lg p-1 opacity-70 hover:bg-black/5 hover:opacity-100"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
