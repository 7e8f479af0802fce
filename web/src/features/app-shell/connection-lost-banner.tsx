import { Link } from '@tanstack/react-router';
import { Unplug } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/api/auth';
import { buttonClass } from '../../ui/button';

/**
 * The network dropped the account's working connection: above every screen of the app, what
 * happened and the way to connect again. The user keeps their drafts, posts and figures meanwhile.
 */
export function ConnectionLostBanner() {
  const { t } = useTranslation('shell');
  const { user } = useSession();
  // `linkedinLost` is false again once the account is connected.
  if (!user?.linkedinLost) return null;
  return (
    <section
      role="alert"
      aria-labelledby="connection-lost-text"
      className="flex flex-wrap items-center gap-3 border-b border-red-200 bg-red-50 px-4 py-2.5 text-sm text-red-900 sm:px-6"
      data-testid="connection-lost-banner"
    >
      <Unplug aria-hidden="true" className="size-4 shrink-0" />
      <p id="connection-lost-text" className="flex-1 font-medium">
        {t('connectionLost.text')}
      </p>
      <Link
        to="/connect-linkedIn"
        className={buttonClass({ variant: 'danger', size: 'sm' })}
        data-testid="connection-lost-reconnect"
      >
        {t('connectionLost.reconnect')}
      </Link>
    </section>
  );
}
