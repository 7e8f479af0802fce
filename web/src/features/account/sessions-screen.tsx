import type { ActiveSession } from '@nashr/contracts';
import { useNavigate } from '@tanstack/react-router';
import { Globe, Laptop, type LucideIcon, MonitorSmartphone, Smartphone, Tablet } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { sayOutcome } from '../../lib/say-outcome';
import { useConfirmedRemoval } from '../../lib/use-confirmed-removal';
import { DangerOutlineButton } from '../../ui/danger-outline-button';
import { Loaded } from '../../ui/load-error';
import { Spinner } from '../../ui/spinner';
import { useActiveSessions, useEndSession, useSignOutEverywhere } from './sessions-api';

/** How long a session lasts, as the auth service keeps it (SESSION_IDLE_SECONDS and SESSION_MAX_AGE_SECONDS in @nashr/platform). */
const SESSION_IDLE_DAYS = 7;
const SESSION_MAX_DAYS = 30;

const DEVICE_ICONS: Record<ActiveSession['device']['type'], LucideIcon> = {
  desktop: Laptop,
  mobile: Smartphone,
  tablet: Tablet,
  other: MonitorSmartphone,
};

/** 'Chrome on Windows', or as much of it as the browser said; each name isolated from the sentence's direction. */
function DeviceName({ device }: { device: ActiveSession['device'] }) {
  const { t } = useTranslation('profile');
  if (device.browser && device.os) {
    return (
      <Trans
        t={t}
        i18nKey="sessions.browserOn"
        values={{ browser: device.browser, os: device.os }}
        components={{ browser: <bdi />, os: <bdi /> }}
      />
    );
  }
  const known = device.browser ?? device.os;
  return known ? <bdi>{known}</bdi> : t('sessions.unknownDevice');
}

function SessionRow({ session }: { session: ActiveSession }) {
  const { t, i18n } = useTranslation('profile');
  const navigate = useNavigate();
  const end = useEndSession();
  const Icon = DEVICE_ICONS[session.device.type];

  // Ended at once, without a question; this browser's own session leaves for the sign-in page.
  const removal = useConfirmedRemoval(end.mutateAsync, (ended: ActiveSession) =>
    ended.current ? navigate({ to: '/signup' }) : t('sessions.ended'),
  );

  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:gap-4" data-testid="session-row">
      <div className="flex min-w-0 flex-1 items-start gap-4">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
            <span>
              <DeviceName device={session.device} />
            </span>
            {session.current && (
              <span className="whitespace-nowrap rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700">
                {t('sessions.thisDevice')}
              </span>
            )}
          </p>
          <p className="mt-1 flex items-center gap-1 text-sm text-slate-600">
            <Globe aria-hidden="true" className="size-3.5 shrink-0" />
            {session.place ? (
              <span>
                {t('sessions.network')} <bdi dir="ltr">{session.place}</bdi>
              </span>
            ) : (
              t('sessions.unknownPlace')
            )}
          </p>
          <p className="mt-1 text-sm text-slate-500">
            <Trans
              t={t}
              i18nKey="sessions.lastUsed"
              values={{ date: formatDateTime(session.lastUsedAt, i18n.language) }}
              components={{ time: <time dateTime={session.lastUsedAt} /> }}
            />
          </p>
          <p className="text-sm text-slate-500">
            <Trans
              t={t}
              i18nKey="sessions.signedIn"
              values={{ date: formatDateTime(session.signedInAt, i18n.language) }}
              components={{ time: <time dateTime={session.signedInAt} /> }}
            />
          </p>
        </div>
      </div>
      <DangerOutlineButton onClick={() => removal.run(session)} disabled={end.isPending}>
        {session.current ? t('sessions.signOutHere') : t('sessions.end')}
      </DangerOutlineButton>
    </li>
  );
}

/** Ends every session but this browser's, which the words beside the button say stays signed in. */
function SignOutEverywhere({ others }: { others: number }) {
  const { t } = useTranslation('profile');
  const signOut = useSignOutEverywhere();
  const onClick = () =>
    sayOutcome(
      () => signOut.mutateAsync(),
      (answer) => t('sessions.everywhere.done', { count: answer.data.ended }),
    );
  return (
    <div
      data-testid="sign-out-everywhere"
      className="mt-4 flex flex-col gap-3 rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center"
    >
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold text-ink">{t('sessions.everywhere.title')}</h2>
        <p className="mt-1 text-sm text-slate-600">{t('sessions.everywhere.text')}</p>
      </div>
      <button
        type="button"
        onClick={onClick}
        disabled={signOut.isPending || others === 0}
        className="inline-flex items-center justify-center gap-2 self-stretch rounded-xl border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-700 transition hover:bg-red-50 disabled:opacity-60 sm:self-auto"
      >
        {signOut.isPending && <Spinner className="size-4 border-2" label={t('sessions.everywhere.pending')} />}
        {t('sessions.everywhere.button')}
      </button>
    </div>
  );
}

/** Where the user is signed in, and a way to end any of those sessions (reached from /profile). */
export function SessionsPage() {
  const { t } = useTranslation('profile');
  const sessions = useActiveSessions();
  return (
    <div data-testid="screen-sessions" className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{t('sessions.title')}</h1>
      <p className="mt-2 text-slate-600">{t('sessions.intro')}</p>
      <section className="mt-6 rounded-3xl border border-slate-200 bg-white px-5 shadow-sm">
        <Loaded query={sessions}>
          {(list) => (
            <ul className="divide-y divide-slate-100">
              {list.map((session) => (
                <SessionRow key={session.id} session={session} />
              ))}
            </ul>
          )}
        </Loaded>
      </section>
      {sessions.data && <SignOutEverywhere others={sessions.data.filter((s) => !s.current).length} />}
      <p className="mt-4 text-sm text-slate-500">
        {t('sessions.lifetime', {
          idle: t('sessions.days', { count: SESSION_IDLE_DAYS }),
          max: t('sessions.days', { count: SESSION_MAX_DAYS }),
        })}
      </p>
    </div>
  );
}
