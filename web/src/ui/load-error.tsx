import { CircleAlert, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/error-text';

/** Spec section 2: a red 'Error: ' followed by the error text, here with a way to try again. */
export function LoadError({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying?: boolean }) {
  // Subscribes to the language, so the text follows a switch while the error is on screen.
  const { t } = useTranslation('dashboard');
  const text = errorText(error);
  return (
    <section
      role="alert"
      className="flex flex-col items-center rounded-3xl border border-red-200 bg-red-50/60 px-6 py-12 text-center"
      data-testid="load-error"
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-red-100 text-red-600">
        <CircleAlert aria-hidden="true" className="size-7" />
      </span>
      <p className="mt-4 max-w-lg font-medium text-red-700" data-testid="load-error-text">
        {t('errors.prefix')}
        {text}
      </p>
      <button
        type="button"
        onClick={onRetry}
        disabled={retrying}
        className="mt-6 inline-flex items-center gap-2 rounded-xl border border-red-200 bg-white px-5 py-2.5 font-semibold text-red-700 shadow-sm transition hover:bg-red-50 disabled:opacity-60"
      >
        <RotateCw aria-hidden="true" className={`size-4 ${retrying ? 'animate-spin' : ''}`} />
        {t('common:tryAgain')}
      </button>
    </section>
  );
}
