import { Lightbulb, Sparkles } from 'lucide-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldProblemProps } from '../../ui/field-problem';

/** Above an AI draft: the topic it was written from, and 'New topic' to go back to it. */
export function TopicBar({ topic, busy, onNewTopic }: { topic: string; busy: boolean; onNewTopic: () => void }) {
  const { t } = useTranslation('composer');
  return (
    <div className="flex items-center gap-2 rounded-xl bg-slate-50 px-3 py-2 text-sm">
      <Lightbulb aria-hidden="true" className="size-4 shrink-0 text-amber-500" />
      <span className="shrink-0 text-slate-500">{t('editor.topic')}</span>
      <span className="min-w-0 flex-1 truncate font-medium text-slate-800" title={topic}>
        {topic}
      </span>
      {!busy && (
        <button
          type="button"
          onClick={onNewTopic}
          className="shrink-0 rounded-lg px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          data-testid="composer-new-topic"
        >
          {t('adjust.newTopic')}
        </button>
      )}
    </div>
  );
}

/**
 * The post's text: the user's own, or the current AI version (tinted, and read-only while the
 * words stream in).
 */
export function PostTextEditor({
  textRef,
  id,
  text,
  inDraft,
  busy,
  rows,
  autoFocus,
  problem,
  onChange,
}: {
  textRef: Ref<HTMLTextAreaElement>;
  /** Prefix of the ids the text area names for its counter and hint. */
  id: string;
  text: string;
  inDraft: boolean;
  busy: boolean;
  rows: number;
  autoFocus?: boolean;
  /** What the text rule says of the text (its line is `${id}-text-problem`), or nothing. */
  problem: string | null;
  onChange: (text: string) => void;
}) {
  const { t } = useTranslation('composer');
  return (
    <div
      className={`rounded-2xl border transition focus-within:border-brand-400 focus-within:ring-2 focus-within:ring-brand-100 ${
        inDraft ? 'border-brand-200 bg-brand-50/30' : 'border-slate-200 bg-white'
      }`}
    >
      {/*
        A live region that is always there (one added with its text is often not read out):
        screen readers hear 'Generating...' when the AI starts and 'AI draft' once the words are
        in, instead of every word as it streams into the text area.
      */}
      <div role="status" data-testid="draft-status">
        {inDraft && (
          <p className="flex items-center gap-1.5 px-4 pt-3 text-xs font-semibold text-brand-700">
            <Sparkles aria-hidden="true" className="size-3.5" />
            {busy ? t('ai.generating') : t('editor.draftLabel')}
          </p>
        )}
      </div>
      <textarea
        ref={textRef}
        id={`${id}-text`}
        value={text}
        readOnly={busy}
        // biome-ignore lint/a11y/noAutofocus: the popup opens to write; focus belongs in its text.
        autoFocus={autoFocus}
        onChange={(event) => onChange(event.target.value)}
        placeholder={busy ? t('editor.streaming') : t('editor.placeholder')}
        aria-label={inDraft ? t('editor.draftLabel') : t('editor.placeholder')}
        {...fieldProblemProps(`${id}-text-problem`, problem, `${id}-counter`, `${id}-hint`)}
        aria-busy={busy}
        rows={rows}
        dir="auto"
        className="user-text block max-h-[55dvh] min-h-44 w-full resize-y bg-transparent px-4 py-3 text-[15px] leading-7 text-ink placeholder:text-slate-400 focus:outline-none"
        data-testid="composer-text"
        data-streaming={busy}
      />
    </div>
  );
}
