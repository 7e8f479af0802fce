import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * 'n of m' over every version of this composer session. The arrows follow the reading
 * direction (in Arabic, Right goes back); Home and End jump to the first and the latest.
 */
export function VersionPager({
  index,
  total,
  onGo,
  disabled,
}: {
  index: number;
  total: number;
  onGo: (index: number) => void;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation('composer');
  const rtl = i18n.dir() === 'rtl';
  const canPrevious = !disabled && index > 0;
  const canNext = !disabled && index < total - 1;
  const go = (target: number) => {
    if (!disabled && target >= 0 && target < total && target !== index) onGo(target);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const back = rtl ? 'ArrowRight' : 'ArrowLeft';
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const targets: Record<string, number> = { [back]: index - 1, [forward]: index + 1, Home: 0, End: total - 1 };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    go(target);
  };

  const button =
    'flex size-8 items-center justify-center rounded-lg text-slate-600 transition hover:bg-slate-100 hover:text-ink aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent';
  return (
    <fieldset
      onKeyDown={onKeyDown}
      className="inline-flex items-center gap-1 rounded-xl border border-slate-200 bg-white p-0.5"
      data-testid="version-pager"
    >
      <legend className="sr-only">{t('pager.label')}</legend>
      {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus. */}
      <button
        type="button"
        aria-label={t('pager.previous')}
        title={t('pager.previous')}
        aria-disabled={!canPrevious}
        onClick={() => go(index - 1)}
        className={button}
        data-testid="version-previous"
      >
        <ChevronLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      </button>
      <span
        className="min-w-14 px-1 text-center text-sm font-medium tabular-nums text-slate-700"
        aria-live="polite"
        data-testid="version-position"
      >
        {t('pager.position', { current: index + 1, total })}
      </span>
      <button
        type="button"
        aria-label={t('pager.next')}
        title={t('pager.next')}
        aria-disabled={!canNext}
        onClick={() => go(index + 1)}
        className={button}
        data-testid="version-next"
      >
        <ChevronRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      </button>
    </fieldset>
  );
}
