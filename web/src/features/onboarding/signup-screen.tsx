import { EMAIL_MESSAGES, emailSchema } from '@nashr/contracts';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { ArrowRight, Mail } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import type { Language } from '../../i18n';
import { startGoogleSignIn, useMagicLogin, useSession } from '../../lib/api/auth';
import { ApiError } from '../../lib/api/client';
import { useSchemaForm } from '../../lib/use-schema-form';
import { nextStep } from '../../session/rules';
import { storedEmail, storeEmail } from '../../session/stored-email';
import { FieldProblem, fieldProblemProps } from '../../ui/field-problem';
import { BusyOverlay, FlowHeader } from './page-frame';
import { SignupPanel } from './signup-panel';

const signupFormSchema = z.object({ email: emailSchema });
const route = getRouteApi('/signup');

export function SignupPage() {
  const { t } = useTranslation('auth');
  return (
    <div className="relative min-h-dvh bg-white lg:grid lg:grid-cols-2">
      <FlowHeader className="px-5 py-5 sm:px-8 lg:absolute lg:inset-x-0 lg:top-0 lg:z-10 lg:px-10 lg:py-6" />
      <main className="flex items-center justify-center px-5 pb-12 pt-4 sm:px-8 lg:min-h-dvh lg:py-24">
        <div className="w-full max-w-md">
          <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{t('signup.title')}</h1>
          <p className="mt-3 text-slate-600">{t('signup.subtitle')}</p>
          <SignedInNotice />
          <EmailForm />
        </div>
      </main>
      <SignupPanel />
    </div>
  );
}

/** Someone already signed in may continue where they stopped instead of asking for a new link. */
function SignedInNotice() {
  const { t } = useTranslation('auth');
  const { user } = useSession();
  if (!user?.email) return null;
  return (
    <div className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-brand-100 bg-brand-50 px-4 py-3 text-sm">
      <p className="min-w-0 text-slate-700 wrap-anywhere">
        {t('signup.signedInAs')} <bdi className="font-semibold">{user.email}</bdi>
      </p>
      <Link to={nextStep(user)} className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline">
        {t('signup.continueSignedIn')}
        <ArrowRight aria-hidden="true" className="size-4 rtl:rotate-180" />
      </Link>
    </div>
  );
}

function EmailForm() {
  const { t, i18n } = useTranslation('auth');
  const navigate = useNavigate();
  const search = route.useSearch();
  const magicLogin = useMagicLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(signupFormSchema, {
    // Spec section 5: once edited, the address is checked again on every change.
    mode: 'onChange',
    defaultValues: { email: storedEmail() ?? '' },
  });

  useEffect(() => {
    if (search.error !== 'google') return;
    // A fixed id keeps a double-run effect (StrictMode) from showing the toast twice.
    toast.error(t('signup.googleFailed'), { id: 'google-sign-in-failed' });
    void navigate({ to: '/signup', search: {}, replace: true });
  }, [search.error, navigate, t]);

  const onSubmit = handleSubmit(async ({ email }) => {
    const destination = email.trim().toLowerCase();
    // Spec section 4: the address is kept and the visitor goes on to /verify even when sending fails.
    storeEmail(destination);
    try {
      await magicLogin.mutateAsync({ destination, lang: i18n.language as Language });
    } catch (error) {
      const tooMany = error instanceof ApiError && error.status === 429;
      toast.error(tooMany ? t('signup.tooManyRequests') : t('common:somethingWentWrong'));
    }
    await navigate({ to: '/verify' });
  });

  const emailError = errors.email?.message;
  const errorText =
    emailError === undefined
      ? null
      : emailError === EMAIL_MESSAGES.required
        ? t('signup.errors.required')
        : t('signup.errors.invalid');

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="mt-8 space-y-4" aria-busy={magicLogin.isPending}>
        <div>
          <label htmlFor="signup-email" className="mb-1.5 block text-sm font-medium text-slate-800">
            {t('signup.emailLabel')}
          </label>
          <div className="relative">
            <Mail
              aria-hidden="true"
              className="pointer-events-none absolute start-3.5 top-1/2 size-5 -translate-y-1/2 text-slate-400"
            />
            <input
              id="signup-email"
              type="email"
              inputMode="email"
              autoComplete="email"
              dir="ltr"
              placeholder={t('signup.emailPlaceholder')}
              {...fieldProblemProps('signup-email-error', errorText)}
              className={`w-full rounded-xl border bg-white py-3 ps-11 pe-4 text-start text-base shadow-sm outline-none transition placeholder:text-slate-400 focus:ring-4 ${
                errorText
                  ? 'border-red-400 focus:border-red-500 focus:ring-red-100'
                  : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100'
              }`}
              {...register('email')}
            />
          </div>
          <FieldProblem id="signup-email-error" problem={errorText} data-testid="email-error" />
        </div>
        <button
          type="submit"
          className="flex w-full items-center justify-center gap-2 rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm transition hover:bg-brand-700 focus-visible:outline-offset-4 disabled:opacity-60"
          disabled={magicLogin.isPending}
        >
          {t('signup.continue')}
          <ArrowRight aria-hidden="true" className="size-4 rtl:rotate-180" />
        </button>
      </form>

      <div className="my-6 flex items-center gap-3 text-sm text-slate-500">
        <span className="h-px flex-1 bg-slate-200" />
        {t('signup.or')}
        <span className="h-px flex-1 bg-slate-200" />
      </div>

      <button
        type="button"
        onClick={startGoogleSignIn}
        className="flex w-full items-center justify-center gap-3 rounded-xl border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-800 shadow-sm transition hover:border-slate-400 hover:bg-slate-50"
      >
        <GoogleMark />
        {t('signup.google')}
      </button>

      <p className="mt-8 text-center text-sm leading-6 text-slate-500">
        {/* The spec keeps both documents as placeholders without a target. */}
        <Trans
          t={t}
          i18nKey="signup.legal"
          components={{
            terms: <LegalLink href="#terms" />,
            privacy: <LegalLink href="#privacy" />,
          }}
        />
      </p>

      {magicLogin.isPending && <BusyOverlay label={t('signup.sending')} />}
    </>
  );
}

/** Trans puts the translated link text in as children. */
function LegalLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <a href={href} className="font-medium text-slate-700 underline underline-offset-2 hover:text-brand-700">
      {children}
    </a>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="size-5">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}
