import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowRight, Construction, Eye, LogOut, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLogout, useSession } from '../api/auth';
import { CenteredFrame } from '../components/onboarding/page-frame';
import { nextStep } from '../session/rules';
import { SessionGate } from '../session/session-gate';

/** What the connection reads (spec section 1). */
const ACCESS_ITEMS = ['profile', 'profileInfo', 'picture', 'banner', 'connections', 'posts'] as const;

/**
 * /connect-linkedIn. The connect popup and its checkpoints arrive with a later issue; until then
 * the screen says so plainly and keeps the spec's status line, Continue rule and redirects.
 */
export function ConnectLinkedInPage() {
  return (
    <SessionGate rule="onboarding">
      <CenteredFrame>
        <ConnectLinkedIn />
      </CenteredFrame>
    </SessionGate>
  );
}

function ConnectLinkedIn() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { user } = useSession();
  const logout = useLogout();
  const connected = Boolean(user?.linkedinConnected);

  return (
    <div data-testid="connect-linkedin">
      <div
        role="note"
        className="mb-6 flex gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      >
        <Construction aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <p>
          <strong className="font-semibold">{t('connect.placeholderTitle')}</strong> {t('connect.placeholderText')}
        </p>
      </div>

      <h1 className="text-2xl font-bold text-ink">{t('connect.title')}</h1>
      <p className="mt-2 text-slate-600">{t('connect.subtitle')}</p>

      <button
        type="button"
        disabled
        aria-describedby="connect-soon"
        className="mt-6 flex w-full items-center justify-center gap-3 rounded-2xl bg-[#0a66c2] px-5 py-4 text-lg font-semibold text-white opacity-60"
      >
        <LinkedInMark />
        {t('connect.button')}
      </button>
      <p id="connect-soon" className="mt-2 text-center text-xs text-slate-500">
        {t('connect.comingSoon')}
      </p>

      <p className="mt-6 flex items-center justify-center gap-2 text-sm font-medium" data-testid="connection-status">
        <span aria-hidden="true" className={`size-2.5 rounded-full ${connected ? 'bg-emerald-500' : 'bg-slate-300'}`} />
        <span className={connected ? 'text-emerald-700' : 'text-slate-600'}>
          {connected ? t('connect.connected') : t('connect.notConnected')}
        </span>
      </p>

      <div className="mt-6 space-y-3 rounded-2xl bg-slate-50 p-5 text-sm">
        <p className="flex gap-2 font-medium text-slate-800">
          <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-emerald-600" />
          {t('connect.promise')}
        </p>
        <div className="flex gap-2 text-slate-600">
          <Eye aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
          <div>
            <p>{t('connect.accessIntro')}</p>
            <ul className="mt-2 grid list-disc gap-x-6 gap-y-0.5 ps-5 sm:grid-cols-2">
              {ACCESS_ITEMS.map((item) => (
                <li key={item}>{t(`connect.access.${item}`)}</li>
              ))}
            </ul>
          </div>
        </div>
      </div>

      <button
        type="button"
        disabled={!connected}
        onClick={() => void navigate({ to: nextStep(user) })}
        className="mt-6 flex w-full items-center justify-center gap-2 rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm transition hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-200 disabled:text-slate-500 disabled:shadow-none"
      >
        {t('connect.continue')}
        <ArrowRight aria-hidden="true" className="size-4 rtl:rotate-180" />
      </button>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-5 text-sm">
        {!user?.personalization ? (
          <Link to="/personalize" className="font-semibold text-brand-700 hover:underline">
            {t('connect.personalizeMeanwhile')}
          </Link>
        ) : (
          <span />
        )}
        <button
          type="button"
          onClick={() => logout.mutate(undefined, { onSettled: () => void navigate({ to: '/signup' }) })}
          className="inline-flex items-center gap-1.5 font-medium text-slate-600 hover:text-slate-900"
        >
          <LogOut aria-hidden="true" className="size-4 rtl:rotate-180" />
          {t('connect.logout')}
        </button>
      </div>
    </div>
  );
}

function LinkedInMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 fill-current">
      <path d="M20.45 20.45h-3.56v-5.57c0-1.33-.02-3.04-1.85-3.04-1.85 0-2.14 1.45-2.14 2.94v5.67H9.34V9h3.41v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28zM5.34 7.43a2.06 2.06 0 1 1 0-4.13 2.06 2.06 0 0 1 0 4.13zM7.12 20.45H3.56V9h3.56v11.45zM22.22 0H1.77C.79 0 0 .77 0 1.73v20.54C0 23.23.79 24 1.77 24h20.45c.98 0 1.78-.77 1.78-1.73V1.73C24 .77 23.2 0 22.22 0z" />
    </svg>
  );
}
