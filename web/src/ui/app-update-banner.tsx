import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { applyUpdate, useUpdateWaiting } from '../lib/service-worker';

/**
 * "A new version is ready": shown while a newly deployed version of the app waits (see
 * lib/service-worker.ts). Nothing reloads under the reader's hands: they choose when.
 */
export function AppUpdateBanner() {
  const { t } = useTranslation();
  const waiting = useUpdateWaiting();
  if (!waiting) return null;
  return (
    <div
      role="status"
      data-testid="app-update"
      className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-md items-center gap-3 rounded-2xl bg-ink px-4 py-3 text-sm text-white shadow-lg"
    >
      <RefreshCw aria-hidden="true" className="size-4 shrink-0" />
      <span className="flex-1">{t('appUpdate.ready')}</span>
      <button
        type="button"
        onClick={applyUpdate}
        className="rounded-lg bg-white px-3 py-1.5 font-semibold text-ink hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        {t('appUpdate.reload')}
      </button>
    </div>
  );
}
