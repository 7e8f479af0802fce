import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { ArrowRight, CircleCheck, ExternalLink, FlaskConical, LogOut, Unplug } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useLogout } from '../../lib/api/auth';
import { OAUTH_START_PATH, useConnectMethods, useSandboxSignIn } from '../../lib/api/linkedin';
import { nextStep } from '../../session/rules';
import { AdminAreaLink } from '../admin';
import { CenteredFrame } from '../onboarding';
import { AccessNotice } from './access-notice';
import { ButtonSpinner } from './button-spinner';
import { LinkedInMark } from './linkedin-mark';
import { CONNECT_PAGE_PATH } from './popup';
import { useConnectionStatus } from './use-connection-status';

const route = getRouteApi('/connect-linkedIn');

/**
 * /connect-linkedIn (spec sections 2 and 4): opens the credential popup, shows Not connected /
 * Connected, and lets the user continue once connected. The route's session rule sends visitors
 * without an e-mail to /signup and full users to /dashboard.
 */
export function ConnectLinkedInPage() {
  return (
    <CenteredFrame>
      <ConnectLinkedIn />
    </CenteredFrame>
  );
}

function ConnectLinkedIn() {
  const { t } = useTranslation('connect');
  const navigate = useNavigate();
  const search = route.useSearch();
  const logout = useLogout();
  const status = useConnectionStatus({ returned: search.connected === '1' });
  const { user, connected, confirmed, gaveUp, retryConfirm } = status;
  const [continuing, setContinuing] = useState(false);

  // The flag of a return from the in-tab sign-in is read once; a reload should not repeat it.
  useEffect(() => {
    if (search.connected) void navigate({ to: CONNECT_PAGE_PATH, search: {}, replace: true });
  }, [search.connected, navigate]);

  // Continue pressed before the server confirmed: go on as soon as it does.
  useEffect(() => {
    if (!continuing) return;
    if (confirmed) void navigate({ to: nextStep(user) });
    else if (gaveUp) {
      setContinuing(false);
      toast.error(t('page.notConfirmed'));
    }
  }, [continuing, confirmed, gaveUp, user, navigate, t]);

  const methods = useConnectMethods();
  // On the sandbox nothing reaches LinkedIn: the page says it is a practice connection instead of
  // promising a LinkedIn sign-in (and promises neither until the service has said which it is).
  // Where LinkedIn's own sign-in is offered beside it, only the password button is practice.
  const sandbox = useSandboxSignIn();
  const offersOauth = methods.data?.includes('oauth') ?? false;
  // Until the service says, the password sign-in stays offered as it always was.
  const offersCredentials = methods.data ? methods.data.includes('credentials') : !methods.isPending;
  const practiceOnly = sandbox === true && !offersOauth;
  // The network dropped a connection that worked, and it is not connected again yet.
  const lost = Boolean(user?.linkedinLost) && !connected;

  // Back in this tab from the network's page (the popup was blocked) with a problem: say it once.
  useEffect(() => {
    if (!search.oauth || search.oauth === 'connected') return;
    toast.error(t(`oauth.${search.oauth}Text`));
    void navigate({ to: CONNECT_PAGE_PATH, search: {}, replace: true });
  }, [search.oauth, navigate, t]);

  const onContinueWithLinkedIn = () => {
    // Where the browser blocks popups, the network's page opens in this tab and comes back here.
    if (!status.openPopup(OAUTH_START_PATH)) window.location.assign(`${OAUTH_START_PATH}?display=page`);
  };

  const onConnect = () => {
    // Where the browser blocks popups, the same screen opens in this tab and comes back here.
    if (!status.openPopup()) void navigate({ to: '/linkedln-connect-screen', search: { return: CONNECT_PAGE_PATH } });
  };

  const onContinue = () => {
    if (confirmed) {
      void navigate({ to: nextStep(user) });
      return;
    }
    if (gaveUp) retryConfirm();
    setContinuing(true);
  };

  return (
    <div data-testid="connect-linkedin">
      <AdminAreaLink variant="banner" />
      <div className="mb-6 flex items-center gap-3" aria-hidden="true">
        <span className="flex size-12 items-center justify-center rounded-2xl bg-[#0a66c2] text-white shadow-sm">
          <LinkedInMark className="size-6" />
        </span>
        <span className="h-px w-8 border-t-2 border-dashed border-slate-300" />
        <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-xl font-bold text-brand-700">
          {t('page.productInitial')}
        </span>
      </div>
      <h1 className="text-2xl font-bold text-ink">{lost ? t('page.reconnectTitle') : t('page.title')}</h1>
      <p className={`mt-2 text-slate-600 ${sandbox === undefined ? 'invisible' : ''}`} data-testid="connect-subtitle">
        {practiceOnly ? t('page.sandboxSubtitle') : t('page.subtitle')}
      </p>
      {lost && (
        <div
          className="mt-4 flex items-start gap-2.5 rounded-2xl bg-red-50 px-4 py-3 text-red-900 ring-1 ring-red-200"
          role="alert"
          data-testid="connection-lost"
        >
          <Unplug aria-hidden="true" className="mt-1 size-4 shrink-0" />
          <div>
            <p className="text-sm font-semibold">{t('page.lostTitle')}</p>
            <p className="mt-1 text-sm leading-6">{t('page.lostText')}</p>
          </div>
        </div>
      )}
      {practiceOnly && (
        <p
          className="mt-4 flex items-start gap-2.5 rounded-2xl bg-amber-50 px-4 py-3 text-sm font-medium leading-6 text-amber-900 ring-1 ring-amber-200"
          data-testid="sandbox-notice"
        >
          <FlaskConical aria-hidden="true" className="mt-1 size-4 shrink-0" />
          {t('page.sandboxNotice')}
        </p>
      )}

      {connected ? (
        <div
          className="mt-6 flex items-center gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 px-4 py-4 text-emerald-900"
          data-testid="connected-banner"
          data-confirmed={confirmed}
        >
          <CircleCheck aria-hidden="true" className="size-6 shrink-0 text-emerald-600" />
          <p className="text-sm font-medium">{confirmed ? t('page.connectedText') : t('page.finishing')}</p>
        </div>
      ) : (
        <>
          {offersOauth && (
            <>
              <button
                type="button"
                onClick={onContinueWithLinkedIn}
                className="mt-6 flex w-full items-center justify-center gap-3 rounded-2xl bg-[#0a66c2] px-5 py-4 text-lg font-semibold text-white shadow-md shadow-[#0a66c2]/20 transition hover:bg-[#004182] focus-visible:outline-offset-4"
                data-testid="oauth-button"
              >
                <LinkedInMark />
                {t('page.oauthButton')}
                <span className="rounded-full bg-white/20 px-2 py-0.5 text-xs font-medium">
                  {t('page.recommended')}
                </span>
              </button>
              <p className="mt-2 text-center text-xs text-slate-500">{t('page.oauthHint')}</p>
            </>
          )}
          {offersCredentials && (
            <>
              <button
                type="button"
                onClick={onConnect}
                className={
                  offersOauth
                    ? 'mt-4 flex w-full items-center justify-center gap-3 rounded-2xl border border-slate-300 bg-white px-5 py-3 text-sm font-semibold text-ink transition hover:bg-slate-50 focus-visible:outline-offset-4'
                    : 'mt-6 flex w-full items-center justify-center gap-3 rounded-2xl bg-[#0a66c2] px-5 py-4 text-lg font-semibold text-white shadow-md shadow-[#0a66c2]/20 transition hover:bg-[#004182] focus-visible:outline-offset-4'
                }
                data-testid="connect-button"
              >
                {!offersOauth && <LinkedInMark />}
                {status.popupOpen ? t('page.showWindow') : offersOauth ? t('page.passwordButton') : t('page.button')}
                {status.popupOpen && <ExternalLink aria-hidden="true" className="size-4" />}
              </button>
              <p className="mt-2 text-center text-xs text-slate-500" aria-live="polite">
                {status.popupOpen
                  ? t(sandbox ? 'page.sandboxWindowOpen' : 'page.windowOpen')
                  : t(sandbox ? 'page.sandboxButtonHint' : 'page.buttonHint')}
              </p>
            </>
          )}
        </>
      )}

      <p className="mt-6 flex items-center justify-center gap-2 text-sm font-medium" aria-live="polite">
        <span aria-hidden="true" className={`size-2.5 rounded-full ${connected ? 'bg-emerald-500' : 'bg-slate-300'}`} />
        <span data-testid="connection-status" className={connected ? 'text-emerald-700' : 'text-slate-600'}>
          {connected ? t('page.connected') : t('page.notConnected')}
        </span>
      </p>

      <div className="mt-6">
        <AccessNotice />
      </div>

      <button
        type="button"
        disabled={!connected || continuing}
        onClick={onContinue}
        className="mt-6 flex w-full items-center justify-center gap-2 rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm transition hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-200 disabled:text-slate-500 disabled:shadow-none"
        data-testid="connect-continue"
      >
        {continuing && <ButtonSpinner tone="dark" />}
        {t('page.continue')}
        <ArrowRight aria-hidden="true" className="size-4 rtl:rotate-180" />
      </button>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-5 text-sm">
        {!user?.personalization ? (
          <Link to="/personalize" className="font-semibold text-brand-700 hover:underline">
            {t('page.personalizeMeanwhile')}
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
          {t('page.logout')}
        </button>
      </div>
    </div>
  );
}
