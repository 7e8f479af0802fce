import { type NotificationKind, notificationKindSchema } from '@nashr/contracts';
import { useSearch } from '@tanstack/react-router';
import { MailX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/error-text';
import { EmailLandingFrame } from '../../ui/email-landing-frame';
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
    <EmailLandingFrame homeLabel={t('unsubscribe.home')} icon={MailX} title={t('unsubscribe.title')} live>
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
    </EmailLandingFrame>
  );
}
