import { Link } from '@tanstack/react-router';
import { UsersRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/api/auth';
import { ApiError } from '../../lib/api/client';
import { errorText } from '../../lib/error-text';
import { forgetInvitation, rememberInvitation } from '../../session/pending-invitation';
import { nextStep } from '../../session/rules';
import { EmailLandingFrame } from '../../ui/email-landing-frame';
import { Spinner } from '../../ui/spinner';
import { useAcceptInvitation, useSwitchWorkspace } from './workspaces-api';

/** The token of the link, from the part after `#`: browsers never send it to a server or a log. */
const tokenOfLink = () => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';

/** The server answered the join: joined, or refused (another address, a used or expired link). */
const answered = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/**
 * Where a workspace invitation's e-mail leads. Opening it changes nothing (mail scanners open
 * every link); the button joins. Signed out, it asks to sign in with the invited address and
 * remembers the invitation in this browser, so the sign-in comes back here (session/
 * pending-invitation.ts); joined or refused, it is forgotten. The server refuses another address,
 * a used or expired link, in words.
 */
export function AcceptInvitationPage() {
  const { t } = useTranslation('workspaces');
  const { user, isPending } = useSession();
  const accept = useAcceptInvitation();
  const switchTo = useSwitchWorkspace();
  // Read after the first paint: the server render has no address bar.
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => setToken(tokenOfLink()), []);
  const joined = accept.data?.workspace;
  const join = (token: string) =>
    accept.mutate(token, {
      onSuccess: forgetInvitation,
      onError: (error) => answered(error) && forgetInvitation(),
    });

  return (
    <EmailLandingFrame
      homeLabel={t('accept.home')}
      icon={UsersRound}
      title={t('accept.title')}
      live
      testId="accept-invitation"
    >
      {token === null || isPending ? (
        <div className="mt-6 flex justify-center">
          <Spinner />
        </div>
      ) : token.length === 0 ? (
        <p className="mt-3 text-slate-600">{t('accept.incomplete')}</p>
      ) : joined ? (
        <>
          <p className="mt-3 text-slate-700" data-testid="invitation-accepted">
            {t('accept.joined', { name: joined.name, role: t(`roles.${joined.role}`) })}
          </p>
          {/* Whoever may use the app now works in the workspace joined (nextStep: a member of someone
              else's workspace needs no account of their own); anyone else goes on setting up first. */}
          {nextStep(user) === '/dashboard' ? (
            <Link
              to="/workspaces"
              search={{ id: joined.id }}
              onClick={() => void switchTo(joined)}
              className="mt-6 inline-block w-full rounded-xl bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
              data-testid="invitation-continue"
            >
              {t('accept.continue')}
            </Link>
          ) : (
            <Link
              to={nextStep(user)}
              className="mt-6 inline-block w-full rounded-xl bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
              data-testid="invitation-continue"
            >
              {t('accept.continueSetup')}
            </Link>
          )}
        </>
      ) : !user ? (
        <>
          <p className="mt-3 text-slate-600">{t('accept.signInFirst')}</p>
          <Link
            to="/signup"
            onClick={() => rememberInvitation(token)}
            className="mt-6 inline-block w-full rounded-xl bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
          >
            {t('accept.signIn')}
          </Link>
        </>
      ) : (
        <>
          <p className="mt-3 text-slate-600">{t('accept.explain', { email: user.email })}</p>
          {accept.isError && (
            <p className="mt-3 text-sm text-red-700" role="alert" data-testid="accept-error">
              {errorText(accept.error)}
            </p>
          )}
          <button
            type="button"
            disabled={accept.isPending}
            onClick={() => join(token)}
            className="mt-6 w-full rounded-xl bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
            data-testid="accept-invitation-button"
          >
            {accept.isPending ? t('accept.joining') : t('accept.join')}
          </button>
        </>
      )}
    </EmailLandingFrame>
  );
}
