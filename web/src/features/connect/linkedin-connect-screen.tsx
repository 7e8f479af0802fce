import type { LinkedinAccountInfo } from '@nashr/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeftRight, CircleCheck } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionQuery, useSession } from '../../lib/api/auth';
import {
  broadcastConnected,
  LINKEDIN_CONNECTED,
  OAUTH_START_PATH,
  storeAccount,
  useSandboxSignIn,
} from '../../lib/api/linkedin';
import { LanguageToggle } from '../../ui/language-toggle';
import { Logo } from '../../ui/logo';
import { LinkedInMark } from './linkedin-mark';
import { CONNECT_PAGE_PATH } from './popup';
import { SignInFlow } from './sign-in-flow';
import { SignInFooter } from './sign-in-footer';
import { primaryButtonClass } from './styles';

const route = getRouteApi('/linkedln-connect-screen');

/** The window that opened this popup, when it is still there (same origin, so readable). */
function openerWindow(): Window | null {
  try {
    const opener = window.opener as Window | null;
    return opener && !opener.closed ? opener : null;
  } catch {
    return null;
  }
}

/**
 * /linkedln-connect-screen: the credential sign-in popup (spec sections 2 and 4). Opened as a
 * popup it tells its opener, from and to this origin only, and closes; opened in the tab (popup
 * blocked) it returns to the page named by `return`.
 */
export function LinkedInConnectScreen() {
  return (
    <PopupFrame>
      <ConnectScreen />
    </PopupFrame>
  );
}

function PopupFrame({ children }: { children: ReactNode }) {
  const sandbox = useSandboxSignIn();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-100">
      <header className="flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
        <div className="flex items-center gap-2.5">
          <span className="text-[#0a66c2]">
            <LinkedInMark className="size-8" />
          </span>
          <ArrowLeftRight aria-hidden="true" className="size-4 text-slate-400" />
          <Logo className="scale-90" />
        </div>
        <LanguageToggle className="bg-white" />
      </header>
      <main className="flex flex-1 justify-center px-4 py-6 sm:py-10">
        <div className="h-fit w-full max-w-[520px] rounded-2xl bg-white p-6 shadow-lg shadow-slate-900/5 ring-1 ring-slate-200 sm:p-8">
          {children}
        </div>
      </main>
      <SignInFooter sandbox={sandbox} />
    </div>
  );
}

function ConnectScreen() {
  const { t } = useTranslation('connect');
  const { user } = useSession();
  const search = route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [closeFailed, setCloseFailed] = useState(false);

  const onConnected = useCallback(
    (account: LinkedinAccountInfo) => {
      // Spec section 3: the account is kept under `userLinkedln`.
      storeAccount(account);
      const opener = openerWindow();
      if (search.oauth) {
        // This popup came back from the network's own page: the opener may be out of reach.
        opener?.postMessage({ type: LINKEDIN_CONNECTED }, window.location.origin);
        broadcastConnected();
        window.close();
        setCloseFailed(true);
        return;
      }
      if (opener && !search.return) {
        opener.postMessage({ type: LINKEDIN_CONNECTED }, window.location.origin);
        window.close();
        // Some browsers keep a window the user moved into a tab open: say what to do.
        setCloseFailed(true);
        return;
      }
      void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
      void navigate({ to: search.return ?? CONNECT_PAGE_PATH, search: { connected: '1' }, replace: true });
    },
    [navigate, queryClient, search.return, search.oauth],
  );

  // Back from the network's own sign-in page: the same ending as the password sign-in.
  const oauthHandled = useRef(false);
  useEffect(() => {
    if (search.oauth !== 'connected' || !search.account || oauthHandled.current) return;
    oauthHandled.current = true;
    onConnected({
      accountID: search.account,
      id: search.account,
      status: 'connected',
      provider: 'linkedin',
      connectedAt: null,
      disconnectReason: null,
    });
  }, [search.oauth, search.account, onConnected]);

  if (search.oauth && search.oauth !== 'connected') {
    return (
      <div className="text-center" data-testid="oauth-problem" role="alert">
        <h1 className="text-xl font-semibold text-ink">{t(`oauth.${search.oauth}Title`)}</h1>
        <p className="mt-2 text-sm text-slate-600">{t(`oauth.${search.oauth}Text`)}</p>
        {search.oauth !== 'unavailable' && (
          <a href={OAUTH_START_PATH} className={`${primaryButtonClass} mt-6`}>
            {t('oauth.tryAgain')}
          </a>
        )}
        <button
          type="button"
          onClick={() => window.close()}
          className="mt-3 block w-full text-sm text-slate-600 underline"
        >
          {t('screen.close')}
        </button>
      </div>
    );
  }

  if (!user?.email) {
    return (
      <div className="text-center" data-testid="connect-signed-out">
        <h1 className="text-xl font-semibold text-ink">{t('screen.signedOutTitle')}</h1>
        <p className="mt-2 text-sm text-slate-600">{t('screen.signedOutText')}</p>
        <Link to="/signup" className={`${primaryButtonClass} mt-6`}>
          {t('screen.signIn')}
        </Link>
      </div>
    );
  }

  if (closeFailed) {
    return (
      <div className="text-center" data-testid="connect-done">
        <CircleCheck aria-hidden="true" className="mx-auto size-14 text-emerald-600" />
        <h1 className="mt-4 text-xl font-semibold text-ink">{t('screen.doneTitle')}</h1>
        <p className="mt-2 text-sm text-slate-600">{t('screen.doneText')}</p>
        <button type="button" onClick={() => window.close()} className={`${primaryButtonClass} mt-6`}>
          {t('screen.close')}
        </button>
      </div>
    );
  }

  return <SignInFlow onConnected={onConnected} />;
}
