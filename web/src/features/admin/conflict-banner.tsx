import { RefreshCw, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';

interface ConflictBannerProps {
  reloading: boolean;
  onReload: () => void;
  onKeep: () => void;
}

/** A save was refused because someone else saved first: the admin decides what happens to the draft. */
export function ConflictBanner({ reloading, onReload, onKeep }: ConflictBannerProps) {
  const { t } = useTranslation('admin');
  return (
    <div
      role="alert"
      className="mb-6 flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-start"
      data-testid="conflict-banner"
    >
      <TriangleAlert aria-hidden="true" className="size-5 shrink-0 text-amber-600" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="font-semibold text-amber-900">{t('conflict.title')}</p>
        <p className="text-sm text-amber-900" data-testid="conflict-message">
          {t('conflict.message')}
        </p>
        <p className="text-sm text-amber-800/80">{t('conflict.note')}</p>
        <div className="mt-2 flex flex-wrap gap-2">
          <button
            type="button"
            onClick={onReload}
            disabled={reloading}
            className="inline-flex items-center gap-1.5 rounded-lg bg-amber-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-amber-700 disabled:opacity-60"
            data-testid="conflict-reload"
          >
            <RefreshCw aria-hidden="true" className={`size-4 ${reloading ? 'animate-spin' : ''}`} />
            {t('conflict.reload')}
          </button>
          <button
            type="button"
            onClick={onKeep}
            className="rounded-lg border border-amber-300 bg-white px-3 py-1.5 text-sm font-medium text-amber-900 hover:bg-amber-100"
            data-testid="conflict-keep"
          >
            {t('conflict.keep')}
          </button>
        </div>
      </div>
    </div>
  );
}
