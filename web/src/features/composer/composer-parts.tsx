import { AlertCircle, SlidersHorizontal, Square, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const buttonBase =
  'inline-flex items-center justify-center gap-1.5 rounded-full px-3.5 py-1.5 text-sm font-medium transition disabled:cursor-not-allowed disabled:opacity-50';

/** The look of the composer's small round buttons (adjustments, rewrite, personalize). */
export const chip = `${buttonBase} border border-slate-200 bg-white text-slate-700 hover:border-brand-300 hover:bg-brand-50 hover:text-brand-800`;

export function PersonalizeButton({ onOpen, disabled }: { onOpen: () => void; disabled: boolean }) {
  const { t } = useTranslation('composer');
  return (
    <button type="button" onClick={onOpen} disabled={disabled} className={chip} data-testid="composer-personalize">
      <SlidersHorizontal aria-hidden="true" className="size-4" />
      {t('adjust.personalize')}
    </button>
  );
}

export function StopButton({ onStop }: { onStop: () => void }) {
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

/** A dismissable message under the text: a failure (read out at once) or a hint. */
export function Notice({
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
