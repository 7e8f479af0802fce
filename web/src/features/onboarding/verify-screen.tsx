import { VERIFY_STATUSES, type VerifyStatus } from '@nashr/contracts';
import { getRouteApi, useNavigate, useRouterState } from '@tanstack/react-router';
import { ArrowRight, CircleAlert, CircleCheck, ExternalLink, MailOpen } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Language } from '../../i18n';
import { useAuthClientConfig, useMagicLogin, useSession, useSpendSignInLink } from '../../lib/api/auth';
import { ApiError } from '../../lib/api/client';
import { errorText } from '../../lib/error-text';
import { afterSignIn } from '../../session/pending-invitation';
import { useContinueWhenSignedIn } from '../../session/signed-in-elsewhere';
import { clearStoredEmail, storedEmail } from '../../session/stored-email';
import { Spinner } from '../../ui/spinner';
import { BusyOverlay, CenteredFrame } from './page-frame';
import { webmailFor } from './webmail';

/** How long a sign-in link works (the auth service's MAGIC_LINK_TTL_SECONDS default). */
const SIGN_IN_LINK_MINUTES = 15;

const route = getRouteApi('/verify');

/**
 * A development stack names its local mail catcher, either at run time (the auth service's
 * client config) or at build time (VITE_INBOX_URL); every sign-in mail lands there.
 */
function useDevelopmentInboxUrl(): string | null {
  const { data } = useAuthClientConfig();
  return data?.mailInboxUrl ?? (import.meta.env.VITE_INBOX_URL || null);
}

function statusOf(value: string | undefined): VerifyStatus | undefined {
  return VERIFY_STATUSES.find((status) => status === value);
}

/**
 * The token of the sign-in link that opened this page. The server puts it in the fragment, which
 * never reaches a server, a log or a Referer.
 */
function useLinkFragment(): { token: string | null; email: string | null } {
  const hash = useRouterState({ select: (state) => state.location.hash });
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  return { token: fragment.get('token') || null, email: fragment.get('email') || null };
}

export function VerifyPage() {
  const { status } = route.useSearch();
  const { token, email } = useLinkFragment();
  const known = statusOf(status);
  if (token && !known) {
    return (
      <CenteredFrame>
        <SpendLink token={token} email={email} />
      </CenteredFrame>
    );
  }
  return (
    <CenteredFrame>
      {known === 'verified' ? <Verified /> : known ? <LinkProblem status={known} /> : <CheckEmail />}
    </CenteredFrame>
  );
}

const primaryButton =
  'flex w-full items-center justify-center gap-2 rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm transition hover:bg-brand-700 disabled:opacity-60';
const secondaryButton =
  'flex w-full items-center justify-center gap-2 rounded-xl border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-800 transition hover:border-slate-400 hover:bg-slate-50';

function StatusIcon({ kind }: { kind: 'mail' | 'ok' | 'problem' }) {
  const styles = {
    mail: 'bg-brand-50 text-brand-600',
    ok: 'bg-emerald-50 text-emerald-600',
    problem: 'bg-amber-50 text-amber-600',
  }[kind];
  const Icon = { mail: MailOpen, ok: CircleCheck, problem: CircleAlert }[kind];
  return (
    <span className={`mx-auto flex size-16 items-center justify-center rounded-2xl ${styles}`}>
      <Icon aria-hidden="true" className="size-8" />
    </span>
  );
}

/**
 * Opening the link signs nobody in (mail scanners open links too), and neither does this page by
 * itself: some scanners run the page's script. It names the address and spends the token with a
 * POST only when the person clicks, then shows the outcome at `/verify?status=...`.
 */
function SpendLink({ token, email }: { token: string; email: string | null }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const spend = useSpendSignInLink();
  const [failure, setFailure] = useState<unknown>(null);
  const [spending, setSpending] = useState(false);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const onContinue = () => {
    setFailure(null);
    setSpending(true);
    spend(token).then(
      // Replace: the token leaves the history, and Back does not spend it again.
      (status) => mounted.current && void navigate({ to: '/verify', search: { status }, replace: true }),
      (error: unknown) => {
        if (!mounted.current) return;
        setSpending(false);
        setFailure(error);
      },
    );
  };

  if (!spending && !failure) {
    return (
      <div className="text-center" data-testid="verify-continue">
        <StatusIcon kind="mail" />
        <h1 className="mt-6 text-2xl font-bold text-ink">{t('verify.continueTitle')}</h1>
        <button type="button" onClick={onContinue} className={`${primaryButton} mt-8`}>
          {email ? (
            // A long address breaks anywhere rather than run out of the button on a phone.
            <span className="min-w-0 wrap-anywhere">
              {t('verify.continueAs')} <bdi>{email}</bdi>
            </span>
          ) : (
            t('verify.continue')
          )}
          <ArrowRight aria-hidden="true" className="size-4 rtl:rotate-180" />
        </button>
      </div>
    );
  }

  if (failure) {
    return (
      <div className="text-center" data-testid="verify-failed">
        <StatusIcon kind="problem" />
        <p className="mt-6 text-slate-600" role="alert">
          {errorText(failure)}
        </p>
        <button type="button" onClick={onContinue} className={`${primaryButton} mt-8`}>
          {t('common:tryAgain')}
        </button>
      </div>
    );
  }
  return (
    <div className="text-center" data-testid="verify-signing-in">
      <Spinner className="mx-auto size-8" label={t('verify.signingIn')} />
      <p className="mt-6 text-slate-600">{t('verify.signingIn')}</p>
    </div>
  );
}

/**
 * The link signed this browser in: the page goes on by itself to the first step the account
 * still lacks (spec section 4), or back to the invitation the sign-in started from, the way the
 * waiting tab does; no extra click.
 */
function Verified() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { refetch } = useSession();

  useEffect(() => {
    let current = true;
    void refetch().then(
      (result) => current && void navigate({ ...afterSignIn(result.isError ? null : result.data), replace: true }),
    );
    return () => {
      current = false;
    };
  }, [refetch, navigate]);

  return (
    <div className="text-center" data-testid="verify-verified">
      <StatusIcon kind="ok" />
      <h1 className="mt-6 text-2xl font-bold text-ink">{t('verify.verifiedTitle')}</h1>
      <p className="mt-2 text-slate-600">{t('verify.verifiedText')}</p>
      <Spinner className="mx-auto mt-8 size-6" label={t('common:loading')} />
    </div>
  );
}

function TryAnotherEmail() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return (
    <button
      type="button"
      onClick={() => {
        clearStoredEmail();
        void navigate({ to: '/signup' });
      }}
      className="font-semibold text-brand-700 underline-offset-4 hover:underline"
    >
      {t('verify.tryAnother')}
    </button>
  );
}

/** Asks for another link to the stored address; the page then waits for the new mail. */
function useResend() {
  const { t, i18n } = useTranslation('auth');
  const navigate = useNavigate();
  const magicLogin = useMagicLogin();
  const email = storedEmail();
  const resend = async () => {
    if (!email) return;
    try {
      await magicLogin.mutateAsync({ destination: email, lang: i18n.language as Language });
      toast.success(t('verify.resent'));
      await navigate({ to: '/verify', search: {} });
    } catch (error) {
      const tooMany = error instanceof ApiError && error.status === 429;
      toast.error(tooMany ? t('signup.tooManyRequests') : t('common:somethingWentWrong'));
    }
  };
  return { email, resend, sending: magicLogin.isPending };
}

function CheckEmail() {
  const { t } = useTranslation('auth');
  const { email, resend, sending } = useResend();
  const developmentInbox = useDevelopmentInboxUrl();
  const webmail = webmailFor(email);
  useContinueWhenSignedIn(email);
  return (
    <div className="text-center" data-testid="verify-check-email">
      <StatusIcon kind="mail" />
      <h1 className="mt-6 text-2xl font-bold text-ink">{t('verify.checkTitle')}</h1>
      <p className="mt-2 text-slate-600">{t('verify.checkText')}</p>
      {email && (
        <p className="mt-3 text-sm text-slate-500">
          {t('verify.sentTo')} <bdi className="font-semibold text-slate-800">{email}</bdi>
        </p>
      )}
      {(developmentInbox || webmail) && (
        <a
          href={developmentInbox ?? webmail?.url}
          target="_blank"
          rel="noopener noreferrer"
          className={`${primaryButton} mt-8`}
        >
          {developmentInbox ? t('verify.openDevelopmentInbox') : t('verify.openWebmail', { name: webmail?.name })}
          <ExternalLink aria-hidden="true" className="size-4" />
        </a>
      )}
      <p className="mt-6 text-sm text-slate-500" data-testid="verify-waiting">
        {t('verify.waiting')}
      </p>
      <div className="mt-6 flex flex-col items-center gap-3 text-sm">
        <TryAnotherEmail />
        {email && (
          <p className="text-slate-500">
            {t('verify.noMail')}{' '}
            <button
              type="button"
              onClick={resend}
              disabled={sending}
              className="font-semibold text-slate-700 underline underline-offset-4 hover:text-brand-700"
            >
              {t('verify.resend')}
            </button>
          </p>
        )}
      </div>
      {sending && <BusyOverlay label={t('signup.sending')} />}
    </div>
  );
}

/** expired, used or invalid: what happened, and a way to a new link. */
function LinkProblem({ status }: { status: Exclude<VerifyStatus, 'verified'> }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { user } = useSession();
  const { email, resend, sending } = useResend();
  return (
    <div className="text-center" data-testid={`verify-${status}`}>
      <StatusIcon kind="problem" />
      <h1 className="mt-6 text-2xl font-bold text-ink">{t(`verify.problems.${status}.title`)}</h1>
      <p className="mt-2 text-slate-600">{t(`verify.problems.${status}.text`, { count: SIGN_IN_LINK_MINUTES })}</p>
      <div className="mt-8 space-y-3">
        {user?.email && (
          // A link clicked twice: the first click may already have signed this browser in.
          <button type="button" onClick={() => void navigate(afterSignIn(user))} className={primaryButton}>
            {t('verify.alreadySignedIn')}
            <ArrowRight aria-hidden="true" className="size-4 rtl:rotate-180" />
          </button>
        )}
        {email ? (
          <button
            type="button"
            onClick={resend}
            disabled={sending}
            className={user?.email ? secondaryButton : primaryButton}
          >
            <span className="min-w-0 wrap-anywhere">
              {t('verify.sendNewLinkTo')} <bdi>{email}</bdi>
            </span>
          </button>
        ) : (
          <button
            type="button"
            onClick={() => void navigate({ to: '/signup' })}
            className={user?.email ? secondaryButton : primaryButton}
          >
            {t('verify.requestNewLink')}
          </button>
        )}
      </div>
      {email && (
        <div className="mt-6 text-sm">
          <TryAnotherEmail />
        </div>
      )}
      {sending && <BusyOverlay label={t('signup.sending')} />}
    </div>
  );
}
