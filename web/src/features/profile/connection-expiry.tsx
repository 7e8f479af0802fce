import { CalendarClock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { OAUTH_START_PATH } from '../../lib/api/linkedin';
import { formatDay } from '../../lib/format';

/** Within this many days of its end, the connection's notice asks to reconnect now. */
const SOON_DAYS = 7;

/** When the network's access ends (the official sign-in's tokens last 60 days), and a way to renew it. */
export function ConnectionExpiry({ expiresAt, now = Date.now() }: { expiresAt: string; now?: number }) {
  const { t, i18n } = useTranslation('profile');
  const soon = Date.parse(expiresAt) - now < SOON_DAYS * 86_400_000;
  const date = formatDay(expiresAt, i18n.language, 'full');
  return (
    <section
      className={`flex flex-wrap items-center gap-3 rounded-2xl px-5 py-4 text-sm ring-1 ${
        soon ? 'bg-amber-50 text-amber-900 ring-amber-200' : 'bg-white text-slate-700 ring-slate-200'
      }`}
      data-testid="connection-expiry"
      data-soon={soon}
    >
      <CalendarClock aria-hidden="true" className="size-5 shrink-0" />
      <p className="min-w-0 flex-1">{t(soon ? 'connectionExpirySoon' : 'connectionExpiry', { date })}</p>
      <a
        href={`${OAUTH_START_PATH}?display=page`}
        className="rounded-xl bg-[#0a66c2] px-4 py-2 font-semibold text-white hover:bg-[#004182]"
      >
        {t('reconnect')}
      </a>
    </section>
  );
}
