import type { UseQueryResult } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Renders a content block once it has loaded: a skeleton in its shape meanwhile, and a short
 * message with a retry button when the content service could not answer.
 */
export function BlockView<T>({
  query,
  skeleton,
  children,
}: {
  query: UseQueryResult<T>;
  skeleton: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('landing');
  if (query.data !== undefined) return children(query.data);
  if (query.isError) {
    return (
      <div
        role="alert"
        className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-slate-50 px-6 py-8 text-center"
      >
        <p className="text-slate-700">{t('state.sectionError')}</p>
        <button
          type="button"
          onClick={() => void query.refetch()}
          className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:border-brand-300 hover:text-brand-700"
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('state.retry')}
        </button>
      </div>
    );
  }
  return (
    <div aria-busy="true" data-testid="block-skeleton">
      <span className="sr-only">{t('state.loadingSection')}</span>
      {skeleton}
    </div>
  );
}
