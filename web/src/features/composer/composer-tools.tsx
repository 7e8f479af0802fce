import type { ModifyAction } from '@nashr/contracts';
import { RefreshCw, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Credits, DraftRequest } from '../../lib/api/ai';
import { Spinner } from '../../ui/spinner';
import { chip, PersonalizeButton, StopButton } from './composer-parts';
import { VersionPager } from './version-pager';

const ADJUSTMENTS: { action: ModifyAction; key: string }[] = [
  { action: 'shorter', key: 'adjust.shorter' },
  { action: 'longer', key: 'adjust.longer' },
  { action: 'casual', key: 'adjust.casual' },
  { action: 'formal', key: 'adjust.formal' },
];

interface Pager {
  index: number;
  total: number;
  onGo: (index: number) => void;
}

/** Under an AI draft: the quick adjustments, 'Rewrite', 'Personalize', 'Stop' and the version pager. */
export function DraftTools({
  text,
  busy,
  canAdjust,
  request,
  credits,
  pager,
  onRun,
  onStop,
  onPersonalize,
}: {
  text: string;
  busy: boolean;
  canAdjust: boolean;
  /** The request being streamed, if any: its button shows it is busy. */
  request: DraftRequest | null;
  credits: Credits | undefined;
  pager: Pager;
  onRun: (request: DraftRequest) => void;
  onStop: () => void;
  onPersonalize: () => void;
}) {
  const { t } = useTranslation('composer');
  const activeAction = request?.kind === 'modify' ? request.action : null;
  return (
    <div className="flex flex-col gap-3" data-testid="draft-tools">
      {credits && credits.remaining >= credits.costPerPost && (
        <p className="-mb-1 text-xs text-slate-500" data-testid="adjust-cost">
          {t('common:credits.adjustCost', { count: credits.costPerPost })}
        </p>
      )}
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{t('adjust.label')}</legend>
        {ADJUSTMENTS.map(({ action, key }) => (
          <button
            key={action}
            type="button"
            disabled={!canAdjust}
            aria-busy={activeAction === action}
            onClick={() => onRun({ kind: 'modify', text, action })}
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
          aria-busy={busy && request?.kind === 'rewrite'}
          onClick={() => onRun({ kind: 'rewrite', text })}
          className={chip}
          data-testid="composer-rewrite"
        >
          {busy && request?.kind === 'rewrite' ? (
            <Spinner className="size-3.5 border-2" />
          ) : (
            <RefreshCw aria-hidden="true" className="size-4" />
          )}
          {t('adjust.rewrite')}
        </button>
        <PersonalizeButton onOpen={onPersonalize} disabled={busy} />
        <div className="ms-auto flex items-center gap-2">
          {busy && <StopButton onStop={onStop} />}
          {pager.total > 0 && <VersionPager {...pager} disabled={busy} />}
        </div>
      </div>
    </div>
  );
}

/** Under the user's own text: 'Write with AI' (or 'Stop' while it writes), 'Personalize' and the pager. */
export function ManualTools({
  busy,
  unsendable,
  pager,
  onWrite,
  onStop,
  onPersonalize,
}: {
  busy: boolean;
  unsendable: boolean;
  pager: Pager;
  onWrite: () => void;
  onStop: () => void;
  onPersonalize: () => void;
}) {
  const { t } = useTranslation('composer');
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        onClick={onWrite}
        disabled={busy || unsendable}
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
      {busy ? <StopButton onStop={onStop} /> : <PersonalizeButton onOpen={onPersonalize} disabled={busy} />}
      {!busy && pager.total > 0 && (
        <div className="ms-auto">
          <VersionPager {...pager} />
        </div>
      )}
    </div>
  );
}
