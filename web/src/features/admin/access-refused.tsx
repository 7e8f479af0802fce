import { Link } from '@tanstack/react-router';
import { Lock, ShieldX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LanguageToggle } from '../../ui/language-toggle';
import { Logo } from '../../ui/logo';

/**
 * What anyone but an admin sees at /admin/dashboard: never the editors, always a way on
 * (sign in for visitors, home for signed-in users without the admin role).
 */
export function AccessRefused({ email }: { email: string | null }) {
  const { t } = useTranslation('admin');
  const signedIn = email !== null;
  const Icon = signedIn ? ShieldX : Lock;
  return (
    <main
      className="relative flex min-h-dvh flex-col items-center justify-center gap-6 bg-slate-50 px-6 py-12 text-center"
      data-testid={signedIn ? 'admin-forbidden' : 'admin-sign-in-required'}
    >
      <div className="absolute end-4 top-4">
        <LanguageToggle />
      </div>
      <Logo />
      <span
        className={`grid size-16 place-items-center rounded-2xl ${signedIn ? 'bg-red-50 text-red-600' : 'bg-brand-50 text-brand-600'}`}
      >
        <Icon aria-hidden="true" className="size-8" />
      </span>
      <div className="flex max-w-lg flex-col gap-2">
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">
          {signedIn ? t('access.deniedTitle') : t('access.signInTitle')}
        </h1>
        <p className="text-slate-600">{signedIn ? t('access.deniedMessage', { email }) : t('access.signInMessage')}</p>
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        {!signedIn && (
          <Link to="/signup" className="rounded-lg bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700">
            {t('access.signIn')}
          </Link>
        )}
        <Link
          to="/"
          className={
            signedIn
              ? 'rounded-lg bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700'
              : 'rounded-lg border border-slate-300 px-5 py-2.5 font-medium text-slate-700 hover:bg-slate-50'
          }
        >
          {t('access.goHome')}
        </Link>
      </div>
    </main>
  );
}
