import { CloudOff, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useRetryContent } from '../../lib/api/content';
import { containerClass } from './ui';

/** Shown instead of the page's sections when the content service cannot be reached at all. */
export function ContentUnavailable() {
  const { t } = useTranslation('landing');
  const retry = useRetryContent();
  return (
    <section role="alert" data-testid="content-unavailable" className={`${containerClass} py-24 sm:py-32`}>
      <div className="mx-auto flex max-w-lg flex-col items-center text-center">
        <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
          <CloudOff aria-hidden="true" className="size-8" />
        </span>
        <h1 className="mt-6 text-2xl font-bold text-ink sm:text-3xl">{t('state.pageErrorTitle')}</h1>
        <p className="mt-3 text-pretty leading-relaxed text-slate-600">{t('state.pageErrorText')}</p>
        <button
          type="button"
          onClick={() => void retry()}
          className="mt-8 inline-flex items-center gap-2 rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700"
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('state.retry')}
        </button>
      </div>
    </section>
  );
}
