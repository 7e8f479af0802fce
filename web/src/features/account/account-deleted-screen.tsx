import { PURCHASABLE_PLAN_IDS } from '@nashr/contracts';
import { Link, useSearch } from '@tanstack/react-router';
import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmailLandingFrame } from '../../ui/email-landing-frame';

/**
 * The page a deleted account lands on, signed out: it says the account and its data are deleted,
 * and names the paid plan that was cancelled with it (`?plan=`), so the deletion is not silent.
 */
export function AccountDeletedPage() {
  const { t } = useTranslation('account');
  const search = useSearch({ strict: false }) as { plan?: unknown };
  const cancelled = PURCHASABLE_PLAN_IDS.find((id) => id === search.plan) ?? null;

  return (
    <EmailLandingFrame
      homeLabel={t('deleted.home')}
      icon={CircleCheck}
      title={t('deleted.title')}
      testId="account-deleted"
    >
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
    </EmailLandingFrame>
  );
}
