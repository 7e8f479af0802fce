import { PURCHASABLE_PLAN_IDS } from '@nashr/contracts';
import { Link, useSearch } from '@tanstack/react-router';
import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LanguageToggle } from '../../ui/language-toggle';
import { Logo } from '../../ui/logo';

/**
 * The page a deleted account lands on, signed out: it says the account and its data are deleted,
 * and names the paid plan that was cancelled with it (`?plan=`), so the deletion is not silent.
 */
export function AccountDeletedPage() {
  const { t } = useTranslation('account');
  const search = useSearch({ strict: false }) as { plan?: unknown };
  const cancelled = PURCHASABLE_PLAN_IDS.find((id) => id === search.plan) ?? null;

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-slate-50 px-6 py-12 text-center">
      <div className="flex w-full max-w-md items-center justify-between">
        <Link to="/" aria-label={t('deleted.home')}>
          <Logo />
        </Link>
        <LanguageToggle />
      </div>
      <section
        className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm"
        data-testid="account-deleted"
      >
        <CircleCheck aria-hidden="true" className="mx-auto size-10 text-brand-600" />
        <h1 className="mt-4 text-xl font-semibold text-ink">{t('deleted.title')}</h1>
        <p className="mt-3 text-slate-600">{t('deleted.text')}</p>
        {cancelled && (
          <p className="mt-3 font-medium text-slate-700" data-testid="account-deleted-plan">
            {t('deleted.plan', { plan: t(`billing:plans.${cancelled}`) })}
          </p>
        )}
        <Link
          to="/"
          className="mt-6 inline-flex w-full justify-center rounded-xl bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          {t('deleted.home')}
        </Link>
      </section>
    </main>
  );
}
