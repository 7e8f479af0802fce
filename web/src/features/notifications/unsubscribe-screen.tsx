import { type NotificationKind, notificationKindSchema } from '@nashr/contracts';
import { Link, useSearch } from '@tanstack/react-router';
import { MailX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/error-text';
import { LanguageToggle } from '../../ui/language-toggle';
import { Logo } from '../../ui/logo';
import { useUnsubscribe } from './notifications-api';

/**
 * Where an e-mail's unsubscribe link leads. Opening the page changes nothing (mail scanners open
 * every link); the button does. Mail clients' own one-click button posts to the API directly.
 */
export function UnsubscribePage() {
  const { t } = useTranslation('notifications');
  const search = useSearch({ strict: false }) as { token?: unknown; kind?: unknown };
  const kind = notificationKindSchema.safeParse(search.kind);
  const token = typeof search.token === 'string' ? search.token : '';
  const unsubscribe = useUnsubscribe();
  const valid = kind.success && token.length >= 20;

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-slate-50 px-6 py-12 text-center">
      <div className="flex w-full max-w-md items-center justify-between">
        <Link to="/" aria-label={t('unsubscribe.home')}>
          <Logo />
        </Link>
        <LanguageToggle />
      </div>
      <section
        className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm"
        aria-live="polite"
      >
        <MailX aria-hidden="true" className="mx-auto size-10 text-brand-600" />
        <h1 className="mt-4 text-xl font-semibold text-ink">{t('unsubscribe.title')}</h1>
        {!valid ? (
          <p className="mt-3 text-slate-600">{t('unsubscribe.invalid')}</p>
        ) : unsubscribe.isSuccess ? (
          <p className="mt-3 text-slate-700" data-testid="unsubscribed">
            {t('unsubscribe.done')}
          </p>
        ) : (
          <>
            <p className="mt-3 text-slate-600">
              {t('unsubscribe.explain', { kind: t(`kinds.${kind.data as NotificationKind}.label`) })}
            </p>
            {unsubscribe.isError && (
              <p className="mt-3 text-sm text-red-700" role="alert">
                {t('unsubscribe.failed')} {errorText(unsubscribe.error)}
              </p>
            )}
            <button
              type="button"
              disabled={unsubscribe.isPending}
              onClick={() => kind.success && unsubscribe.mutate({ token, kind: kind.data })}
              className="mt-6 w-full rounded-xl bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
              data-testid="confirm-unsubscribe"
            >
              {unsubscribe.isPending ? t('unsubscribe.working') : t('unsubscribe.confirm')}
            </button>
          </>
        )}
      </section>
    </main>
  );
}
