import { CLIENT_ERROR_CODES, COMMON_ERROR_CODES } from '@nashr/contracts';
import { AlertTriangle, Check, CloudOff, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api/client';
import { errorText } from '../../lib/error-text';
import type { ConflictChoice, SaveState } from './use-draft-autosave';

/** Failures that pass by themselves: the copy on this device is saved once the server answers again. */
const PASSING: readonly string[] = [
  CLIENT_ERROR_CODES.offline,
  COMMON_ERROR_CODES.timeout,
  COMMON_ERROR_CODES.unavailable,
  COMMON_ERROR_CODES.internal,
];

/** Why a draft is not saved, in words: kept on this device until the connection is back, or the refusal's own reason. */
export function unsavedReason(failure: unknown, t: (key: string) => string): string {
  if (!(failure instanceof ApiError) || failure.status === 0 || PASSING.includes(failure.code)) {
    return t('draft.unsavedHint');
  }
  return errorText(failure);
}

/** "Saving…", "Saved" or "Not saved" and why: where the server copy of the draft stands. */
export function SaveIndicator({ state, failure }: { state: SaveState; failure?: unknown }) {
  const { t } = useTranslation('composer');
  if (state === 'idle') return null;
  const icon =
    state === 'saving' ? (
      <Loader2 aria-hidden="true" className="size-3.5 animate-spin" />
    ) : state === 'saved' ? (
      <Check aria-hidden="true" className="size-3.5" />
    ) : state === 'conflict' ? (
      <AlertTriangle aria-hidden="true" className="size-3.5" />
    ) : (
      <CloudOff aria-hidden="true" className="size-3.5" />
    );
  return (
    <div role="status" className="min-w-0 max-w-xs text-xs">
      <p
        className={`inline-flex items-center gap-1 font-medium ${state === 'unsaved' || state === 'conflict' ? 'text-amber-700' : 'text-slate-500'}`}
        data-testid="draft-save-state"
        data-state={state}
      >
        {icon}
        {t(`draft.${state}`)}
      </p>
      {state === 'unsaved' && (
        <p className="mt-0.5 text-slate-600" data-testid="draft-save-reason">
          {unsavedReason(failure, t)}
        </p>
      )}
    </div>
  );
}

const CONFLICT_CHOICES: ConflictChoice[] = ['mine', 'theirs', 'both'];

/**
 * The draft was saved in another tab or on another device since this composer last saw it:
 * saving has stopped until one text is kept (or both, as two drafts). Read out at once; its
 * buttons follow the text box in the tab order, so typing is never interrupted by a focus jump.
 */
export function DraftConflictNotice({ onChoose }: { onChoose: (choice: ConflictChoice) => void }) {
  const { t } = useTranslation('composer');
  return (
    <div
      role="alert"
      aria-labelledby="draft-conflict-title"
      className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      data-testid="draft-conflict"
    >
      <p id="draft-conflict-title" className="flex items-center gap-2 font-semibold">
        <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
        {t('draft.conflictTitle')}
      </p>
      <p className="mt-1 ps-6 leading-6">{t('draft.conflictBody')}</p>
      <div className="mt-3 flex flex-wrap gap-2 ps-6">
        {CONFLICT_CHOICES.map((choice) => (
          <button
            key={choice}
            type="button"
            onClick={() => onChoose(choice)}
            className="rounded-full border border-amber-400 bg-white px-3.5 py-1.5 text-sm font-medium text-amber-900 hover:bg-amber-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-500"
            data-testid={`draft-conflict-${choice}`}
          >
            {t(`draft.keep.${choice}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
