import { VERIFY_STATUSES, type VerifyStatus } from '@nashr/contracts';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { ArrowRight, CircleAlert, CircleCheck, ExternalLink, MailOpen } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useAuthClientConfig, useMagicLogin, useSession } from '../api/auth';
import { ApiError } from '../api/client';
import { BusyOverlay, CenteredFrame } from '../components/onboarding/page-frame';
import { Spinner } from '../components/spinner';
import type { Language } from '../i18n';
import { nextStep } from '../session/rules';
import { SessionGate } from '../session/session-gate';
import { clearStoredEmail, storedEmail } from '../session/stored-email';

const route = getRouteApi('/verify');

/**
 * Web mail that 'Open Gmail' opens. A development stack names its local mail catcher, either at
 * run time (the auth service's client config) or at build time (VITE_INBOX_URL).
 */
const DEFAULT_INBOX_URL: string = import.meta.env.VITE_INBOX_URL || 'https://mail.google.com';

function useInboxUrl(): string {
  const { data } = useAuthClientConfig();
  return data?.mailInboxUrl ?? DEFAULT_INBOX_URL;
}

function statusOf(value: string | undefined): VerifyStatus | undefined {
  return VERIFY_STATUSES.find((status) => status === value);
}

export function VerifyPage() {
  const { status } = route.useSearch();
  const known = statusOf(status);
  return (
    <SessionGate>
      <CenteredFrame>
        {known === 'verified' ? <Verified /> : known ? <LinkProblem status={known} /> : <CheckEmail />}
      </CenteredFrame>
    </SessionGate>
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

function Verified() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { refetch } = useSession();
  const [routing, setRouting] = useState(false);

  // Spec section 4: Continue leads to the first step the account still lacks.
  const onContinue = async () => {
    setRouting(true);
    const result = await refetch();
    await navigate({ to: nextStep(result.isError ? null : result.data) });
  };

  return (
    <div className="text-center" data-testid="verify-verified">
      <StatusIcon kind="ok" />
      <h1 className="mt-6 text-2xl font-bold text-ink">{t('verify.verifiedTitle')}</h1>
      <p className="mt-2 text-slate-600">{t('verify.verifiedText')}</p>
      <button type="button" onClick={onContinue} disabled={routing} className={`${primaryButton} mt-8`}>
        {routing ? <Spinner className="size-5" label={t('common:loading')} /> : null}
        {t('verify.continue')}
        <ArrowRight aria-hidden="true" className="size-4 rtl:rotate-180" />
      </button>
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
  const inboxUrl = useInboxUrl();
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
      <a href={inboxUrl} target="_blank" rel="noopener noreferrer" className={`${primaryButton} mt-8`}>
        {t('verify.openGmail')}
        <ExternalLink aria-hidden="true" className="size-4" />
      </a>
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
      <p className="mt-2 text-slate-600">{t(`verify.problems.${status}.text`)}</p>
      <div className="mt-8 space-y-3">
        {user?.email && (
          // A link clicked twice: the first click may already have signed this browser in.
          <button type="button" onClick={() => void navigate({ to: nextStep(user) })} className={primaryButton}>
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
            {t('verify.sendNewLinkTo')} <bdi>{email}</bdi>
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
