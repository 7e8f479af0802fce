import { LINKEDIN_ERROR_CODES } from '@nashr/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { CircleAlert, Link2, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api/client';
import { errorText } from '../lib/error-text';
import { Spinner } from './spinner';

/**
 * Spec section 2: a red 'Error: ' followed by the error text, here with a way to try again. Compact
 * sits inside a card of the screen (a list that did not load) rather than standing for the screen.
 */
export function LoadError({
  error,
  onRetry,
  retrying,
  compact = false,
}: {
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
  compact?: boolean;
}) {
  // Subscribes to the language, so the text follows a switch while the error is on screen.
  const { t } = useTranslation('dashboard');
  // Not a fault: a member of someone else's workspace uses the app before connecting an account of
  // their own. Trying again cannot help; connecting does.
  if (error instanceof ApiError && error.code === LINKEDIN_ERROR_CODES.notConnected) {
    return <ConnectFirst compact={compact} />;
  }
  const text = errorText(error);
  return (
    <section
      role="alert"
      className={`flex flex-col items-center rounded-3xl border border-red-200 bg-red-50/60 text-center ${compact ? 'my-5 px-4 py-6' : 'px-6 py-12'}`}
      data-testid="load-error"
    >
      <span
        className={`flex items-center justify-center rounded-2xl bg-red-100 text-red-600 ${compact ? 'size-10' : 'size-14'}`}
      >
        <CircleAlert aria-hidden="true" className={compact ? 'size-5' : 'size-7'} />
      </span>
      <p className="mt-4 max-w-lg font-medium text-red-700" data-testid="load-error-text">
        {t('errors.prefix')}
        {text}
      </p>
      <button
        type="button"
        onClick={onRetry}
        disabled={retrying}
        className={`inline-flex items-center gap-2 rounded-xl border border-red-200 bg-white font-semibold text-red-700 shadow-sm transition hover:bg-red-50 disabled:opacity-60 ${compact ? 'mt-4 px-4 py-2 text-sm' : 'mt-6 px-5 py-2.5'}`}
      >
        <RotateCw aria-hidden="true" className={`size-4 ${retrying ? 'animate-spin' : ''}`} />
        {t('common:tryAgain')}
      </button>
    </section>
  );
}

/** A screen of the user's own network account, for a user who has not connected one. */
function ConnectFirst({ compact }: { compact: boolean }) {
  const { t } = useTranslation('common');
  return (
    <section
      className={`flex flex-col items-center rounded-3xl border border-slate-200 bg-white text-center ${compact ? 'my-5 px-4 py-6' : 'px-6 py-12'}`}
      data-testid="connect-first"
    >
      <span
        className={`flex items-center justify-center rounded-2xl bg-brand-50 text-brand-600 ${compact ? 'size-10' : 'size-14'}`}
      >
        <Link2 aria-hidden="true" className={compact ? 'size-5' : 'size-7'} />
      </span>
      <p className="mt-4 max-w-lg text-slate-700">{t('connectFirst.text')}</p>
      {/* A plain link: the connect screen opens afresh, and this panel renders outside a router too. */}
      <a
        href="/connect-linkedIn"
        className={`inline-flex items-center rounded-xl bg-brand-600 font-semibold text-white shadow-sm hover:bg-brand-700 ${compact ? 'mt-4 px-4 py-2 text-sm' : 'mt-6 px-5 py-2.5'}`}
      >
        {t('connectFirst.action')}
      </a>
    </section>
  );
}

type Query<T> = Pick<UseQueryResult<T>, 'data' | 'error' | 'isPending' | 'isFetching' | 'refetch'>;

/**
 * A list inside a card of the screen: a spinner while it loads, the compact LoadError when it
 * failed (Try again loads it again), else what `children` makes of the data.
 */
export function Loaded<T>({ query, children }: { query: Query<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation('common');
  if (query.isPending) {
    return (
      <div className="flex justify-center py-10" data-testid="loading">
        <Spinner className="size-6" label={t('loading')} />
      </div>
    );
  }
  if (query.error || query.data === undefined) {
    return <LoadError compact error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  return children(query.data);
}
